"""A copy of the project served by a plain `reflex run` (dev mode, hot reload), started as a
developer starts it: from the activated virtual environment, with no variable set.

The copy holds the project's files (tracked and new ones, as `git ls-files` lists them),
links `.venv` and `.tools`, and takes what `make run` left in `.web` (the installed
frontend packages, hard-linked, so nothing of 100 MB is copied); its own `.web` is
compiled by the dev server, so the project's build is never touched.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import httpx

from tests.project_copy import copy_project

from .polling import free_port, wait_for
from .process_guard import GUARD

__all__ = ["DevServer", "clean_environment", "copy_project"]

# What a dev server's first compile and Vite's start may take on a busy 2-core machine;
# a failure deadline, not a speed requirement.
START_TIMEOUT_S = 300


def clean_environment(project: Path) -> dict[str, str]:
    """What an activated virtual environment has in a fresh login: HOME and PATH, nothing
    else (no REFLEX_USE_SYSTEM_BUN, no tool folders, the system's Node 20 on PATH)."""
    return {
        "HOME": os.environ["HOME"],
        "PATH": os.pathsep.join([str(project / ".venv" / "bin"), "/usr/local/bin", "/usr/bin", "/bin"]),
    }


class DevServer:
    """`reflex run --frontend-port F --backend-port B` in `project`, with `environment`."""

    def __init__(self, project: Path, environment: dict[str, str], args: list[str] | None = None) -> None:
        self.project = project
        self.frontend_port = free_port()
        self.backend_port = free_port()
        self.url = f"http://localhost:{self.frontend_port}"
        self.environment = environment
        self.command = args or [
            "reflex",
            "run",
            "--frontend-port",
            str(self.frontend_port),
            "--backend-port",
            str(self.backend_port),
        ]
        self.log_path = project / "dev-server.log"
        self.process: subprocess.Popen | None = None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def start(self) -> DevServer:
        with self.log_path.open("w") as log:
            self.process = subprocess.Popen(
                self.command,
                cwd=self.project,
                env=self.environment,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        # Stopped with the test run even if that is killed (process_guard.py).
        GUARD.watch(self.process.pid)
        wait_for(self._serving, START_TIMEOUT_S, f"the dev server at {self.url}")
        return self

    def _serving(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            raise AssertionError(f"reflex run exited with {self.process.returncode}:\n{self.log()[-4000:]}")
        try:
            frontend = httpx.get(self.url + "/", timeout=5)
            backend = httpx.get(f"http://localhost:{self.backend_port}/ping", timeout=5)
        except httpx.HTTPError:
            return False
        return frontend.status_code == 200 and backend.status_code == 200

    def stop(self) -> None:
        """Stop reflex run and everything it started (its process group), by its id."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        except ProcessLookupError:
            pass
        GUARD.forget(self.process.pid)
        self.process = None
