"""One way to run a server for a test or a benchmark: in the background, waited for until
it answers, stopped by its process id.

Each server leads a process group of its own (`start_new_session`), so stopping the group
also stops what the server started (Reflex's Granian workers, nginx's workers), and a
signal to the test run's own group (Ctrl-C in a terminal) does not reach it. The watchdog
(process_guard.py) stops the group if the process that started it ends first, whichever
way it ends. `stop()` sends TERM to the group, then KILL to what is left after a grace
period; nothing is ever stopped by its name.
"""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import httpx

from deploy.stack import stop_group, tool_env

from .process_guard import GUARD

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = ROOT / ".venv" / "bin"

# What a server is waited for: URLs that must answer 200, or a check of one's own.
Readiness = Sequence[str] | Callable[[], bool]


class ServerError(RuntimeError):
    """A server exited or did not answer in time; the message ends with its log."""


def free_port() -> int:
    """A TCP port on the loopback address that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def project_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """Our environment with the project's tools first on PATH (as the Makefile sets it),
    Reflex told to use that bun, and `extra` on top."""
    return tool_env() | dict(extra or {})


class ServerProcess:
    """`command` run in the background in a process group of its own, its output in `log`.

    `start()` returns once `ready` holds (every URL answers 200, or the check returns
    True) and fails, with the end of the log, if the server exits or does not answer
    within `start_timeout_s`. `stop()` ends the group; `start()` again runs a new process,
    as a deploy restarts a server.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        log: Path,
        ready: Readiness,
        env: Mapping[str, str] | None = None,
        cwd: Path = ROOT,
        start_timeout_s: float = 60.0,
        poll_s: float = 0.2,
    ) -> None:
        self.command = [str(part) for part in command]
        self.log = log
        self.ready = ready
        self.env = dict(env) if env is not None else None
        self.cwd = cwd
        self.start_timeout_s = start_timeout_s
        self.poll_s = poll_s
        self.process: subprocess.Popen | None = None

    @property
    def name(self) -> str:
        return Path(self.command[0]).name

    @property
    def pid(self) -> int:
        """The server's process id, which is also its process group's."""
        if self.process is None:
            raise ServerError(f"{self.name} is not running")
        return self.process.pid

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def log_tail(self, chars: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""

    def start(self) -> ServerProcess:
        """Start the server and wait until it answers."""
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                self.command,
                cwd=self.cwd,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        GUARD.watch(self.process.pid)
        try:
            self._wait_until_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_until_ready(self) -> None:
        assert self.process is not None
        deadline = time.monotonic() + self.start_timeout_s
        # One client for every try: each new one loads the CA bundle again (0.1 s of CPU).
        with httpx.Client(timeout=2, verify=False) as client:
            while True:
                if self.process.poll() is not None:
                    raise ServerError(
                        f"{self.name} exited with {self.process.returncode}:\n{self.log_tail()}"
                    )
                if self._answers(client):
                    return
                if time.monotonic() > deadline:
                    raise ServerError(
                        f"{self.name} did not answer within {self.start_timeout_s:.0f} s:\n{self.log_tail()}"
                    )
                time.sleep(self.poll_s)

    def _answers(self, client: httpx.Client) -> bool:
        if callable(self.ready):
            return self.ready()
        try:
            return all(client.get(url).status_code == 200 for url in self.ready)
        except httpx.HTTPError:
            return False

    def stop(self, grace_s: float = 20.0) -> None:
        """Stop the server's whole process group: TERM, then KILL after `grace_s`."""
        if self.process is None:
            return
        process, self.process = self.process, None
        stop_group(process.pid, grace_s, process)
        process.wait()  # reaped: no zombie left
        GUARD.forget(process.pid)

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def production_server(
    port: int, log: Path, env: Mapping[str, str] | None = None, start_timeout_s: float = 600.0
) -> ServerProcess:
    """`reflex run --env prod --single-port` on `port`: builds the app, then serves pages
    and backend on that one port (`make run`). Ready once its home page answers."""
    # The websocket accepts pages of the site's own origin only (rxconfig.py): this port's.
    origins = f"http://localhost:{port},http://127.0.0.1:{port}"
    command = [VENV_BIN / "reflex", "run", "--env", "prod", "--single-port"]
    command += ["--frontend-port", str(port), "--backend-port", str(port), "--loglevel", "info"]
    return ServerProcess(
        command,
        log=log,
        ready=[f"http://localhost:{port}/"],
        env=project_env({"ALLOWED_ORIGINS": origins, **(env or {})}),
        start_timeout_s=start_timeout_s,
        poll_s=0.5,
    )
