"""A test run that is killed leaves no server behind.

Runs tests/e2e/support/killed_run_servers.py in a pytest of its own, waits until its servers are
up, kills that pytest (SIGTERM as `kill` or a CI timeout sends it, and SIGKILL), and reads
/proc: no process of the servers' process groups may be left, nor the watchdog
(tests/support/process_guard.py). Before, SIGTERM ended pytest at once and left them running.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.processes import is_running, processes_in_groups
from tests.support.server import ROOT

from .support.polling import wait_for

PROBE = Path(__file__).parent / "support" / "killed_run_servers.py"


@pytest.mark.parametrize("kill_with", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_killed_run_leaves_no_server_behind(tmp_path: Path, kill_with: signal.Signals) -> None:
    if not shutil.which("redis-server"):
        pytest.skip("needs redis-server")
    report = tmp_path / "report.json"
    env = {name: value for name, value in os.environ.items() if not name.startswith("PYTEST_")}
    env["KILLED_RUN_REPORT"] = str(report)
    run = subprocess.Popen(
        [sys.executable, "-m", "pytest", str(PROBE), "-q", "-p", "no:xdist", "-p", "no:cacheprovider"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        wait_for(lambda: report.exists() or run.poll() is not None, 60, "the probe's servers up")
        assert run.poll() is None, f"the probe run ended by itself with {run.returncode}"
        started = json.loads(report.read_text())
        groups = set(started["groups"])
        # redis, the server and the worker it starts
        wait_for(lambda: len(processes_in_groups(groups)) >= 3, 30, "the server's worker started")
        os.kill(run.pid, kill_with)
        run.wait(timeout=60)
        wait_for(
            lambda: not processes_in_groups(groups) and not is_running(started["watchdog"]),
            30,
            "the servers and the watchdog gone",
        )
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    # SIGTERM ends the run as Ctrl-C does: the fixtures' finalizers ran. SIGKILL runs no
    # code in pytest at all: the watchdog stopped the servers.
    assert (tmp_path / "finalized").exists() == (kill_with == signal.SIGTERM)
