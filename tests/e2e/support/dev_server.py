"""A copy of the project served by a plain `reflex run` (dev mode, hot reload), started as a
developer starts it: from the activated virtual environment, with no variable set.

The copy holds the project's files (tracked and new ones, as `git ls-files` lists them),
links `.venv` and `.tools`, and takes what `make run` left in `.web` (the installed
frontend packages, hard-linked, so nothing of 100 MB is copied); its own `.web` is
compiled by the dev server, so the project's build is never touched.
"""

from __future__ import annotations

import os
from pathlib import Path

import httpx

from tests.support.project_copy import copy_project
from tests.support.server import ServerProcess, free_port

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
    """`reflex run --frontend-port F --backend-port B` in `project`, with `environment`;
    F and B are free ports, neither make dev's defaults."""

    def __init__(self, project: Path, environment: dict[str, str]) -> None:
        self.project = project
        self.frontend_port = free_port()
        self.backend_port = free_port()
        self.url = f"http://localhost:{self.frontend_port}"
        self.environment = environment
        self.command = ["reflex", "run", "--frontend-port", str(self.frontend_port)]
        self.command += ["--backend-port", str(self.backend_port)]
        self.log_path = project / "dev-server.log"
        self.server = ServerProcess(
            self.command,
            log=self.log_path,
            ready=self._serving,
            env=environment,
            cwd=project,
            start_timeout_s=START_TIMEOUT_S,
        )

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def start(self) -> DevServer:
        """Start the server and wait until its page and its backend both answer."""
        self.server.start()
        return self

    def _serving(self) -> bool:
        try:
            frontend = httpx.get(self.url + "/", timeout=5)
            backend = httpx.get(f"http://localhost:{self.backend_port}/ping", timeout=5)
        except httpx.HTTPError:
            return False
        return frontend.status_code == 200 and backend.status_code == 200

    def stop(self) -> None:
        """Stop the server and everything it started (its process group), by its id."""
        self.server.stop(grace_s=30)
