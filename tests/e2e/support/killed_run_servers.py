"""Not collected by itself: test_killed_run.py runs it in a pytest of its own, then kills
that pytest. Its fixtures start servers the way the e2e fixtures do (a redis-server, and a
server whose worker process is a child of its own, as Granian's workers are), report their
process groups in KILLED_RUN_REPORT, and the test waits there until it is killed."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.process_guard import GUARD
from tests.support.server import ServerProcess

from .redis_server import RedisServer

REPORT = Path(os.environ.get("KILLED_RUN_REPORT", "/nonexistent/killed-run"))
# A server that starts a worker and waits, like `reflex run` starting Granian's workers.
SERVER_WITH_A_WORKER = (
    "import subprocess, sys, time; "
    "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(3600)']); "
    "time.sleep(3600)"
)


@pytest.fixture(scope="module")
def redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def server_with_a_worker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    log = tmp_path_factory.mktemp("server") / "server.log"
    server = ServerProcess([sys.executable, "-c", SERVER_WITH_A_WORKER], log=log, ready=lambda: True)
    server.start()
    yield server
    server.stop()  # the group: the worker too
    # Written only by a finalizer: the test learns whether pytest tore down.
    (REPORT.parent / "finalized").write_text("yes")


def test_waits_until_killed(redis: RedisServer, server_with_a_worker: ServerProcess) -> None:
    assert GUARD.watchdog is not None
    report = {
        "groups": [redis.pid, server_with_a_worker.pid],
        "watchdog": GUARD.watchdog.pid,
    }
    partial = REPORT.with_suffix(".partial")
    partial.write_text(json.dumps(report))
    partial.rename(REPORT)
    while True:
        time.sleep(1)
