"""`make stack-down` (Stack.stop) signals only processes it can prove it started: a pid file
left from before a reboot, or naming a pid someone else has by now, stops nothing."""

from __future__ import annotations

import concurrent.futures
import json
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from deploy.stack import Stack, process_identity, record_process


@pytest.fixture
def bystander() -> Iterator[subprocess.Popen]:
    """A process of someone else's, leading its own process group."""
    process = subprocess.Popen(["sleep", "300"], start_new_session=True)
    yield process
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def a_stack(folder: Path) -> Stack:
    (folder / "pids").mkdir(parents=True)
    return Stack(folder=folder, database_url="sqlite://", redis_url="redis://127.0.0.1:6379/13")


def test_pid_files_that_prove_nothing_stop_nothing(tmp_path, bystander):
    stack = a_stack(tmp_path)
    pids = tmp_path / "pids"
    identity = process_identity(bystander.pid)
    assert identity is not None
    boot, started = identity.split(":")
    # The old format, a bare number (as a stale file after a reboot still holds it) ...
    (pids / "backend-8101.pid").write_text(str(bystander.pid))
    # ... one recorded in another boot ...
    (pids / "backend-8102.pid").write_text(
        json.dumps({"pid": bystander.pid, "identity": f"other-boot:{started}"})
    )
    # ... and one whose pid now belongs to a process started at another moment.
    (pids / "nginx.pid").write_text(
        json.dumps({"pid": bystander.pid, "identity": f"{boot}:{int(started) - 1}"})
    )
    assert stack.backend_groups() == {}
    stack.stop()
    assert bystander.poll() is None  # still running
    assert list(pids.iterdir()) == []


def test_what_it_started_is_stopped(tmp_path):
    stack = a_stack(tmp_path)
    ours = subprocess.Popen(["sleep", "300"], start_new_session=True)
    # Reaped as soon as it ends, as `make stack`'s processes are (they are no child of
    # `make stack-down`): a zombie would still answer to its group.
    ended = concurrent.futures.ThreadPoolExecutor(max_workers=1).submit(ours.wait)
    try:
        record_process(tmp_path / "pids" / "backend-8101.pid", ours.pid)
        assert stack.backend_groups() == {8101: ours.pid}
        stack.stop()
        assert ended.result(timeout=30) == -signal.SIGTERM
    finally:
        if ours.poll() is None:
            ours.kill()
            ours.wait()
