"""A redis-server of a test's own, without persistence, stopped and started by PID: the
stack tests restart it under a running stack."""

from __future__ import annotations

import socket
from pathlib import Path

from deploy.stack import REDIS_CONF
from tests.support.server import ServerProcess, free_port


class RedisServer:
    """A redis-server of this test module, without persistence, stopped and started by PID."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.server = ServerProcess(
            [
                "redis-server",
                # The production limits: maxmemory and its eviction policy.
                REDIS_CONF,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            log=folder / "redis.log",
            ready=self._answers,
            start_timeout_s=20,
            poll_s=0.1,
        )

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def pid(self) -> int:
        return self.server.pid

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def start(self) -> None:
        self.server.start()

    def stop(self) -> None:
        self.server.stop()
