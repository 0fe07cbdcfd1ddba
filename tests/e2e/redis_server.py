"""A redis-server of a test's own, without persistence, stopped and started by PID: the
stack tests restart it under a running stack."""

from __future__ import annotations

import socket
import subprocess
from pathlib import Path

from deploy.stack import REDIS_CONF

from .polling import free_port, wait_for
from .process_guard import GUARD


class RedisServer:
    """A redis-server of this test module, without persistence, stopped and started by PID."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        log = (self.folder / "redis.log").open("a")
        self.process = subprocess.Popen(
            [
                "redis-server",
                # The production limits: maxmemory and its eviction policy (issue 24).
                str(REDIS_CONF),
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        GUARD.watch(self.process.pid)

        def answers() -> bool:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                    sock.sendall(b"PING\r\n")
                    return sock.recv(16).startswith(b"+PONG")
            except OSError:
                return False

        wait_for(answers, 20, "redis-server answering")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=20)
            GUARD.forget(self.process.pid)
            self.process = None
