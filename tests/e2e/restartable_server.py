"""A second server of the session's build that a test may stop and start again (issue 12).

The session's server is shared by every test (and both pytest-xdist workers), so a test
that restarts "the server" gets its own: the same production build, copied, served with the
same backend (`agency_site.agency_site:app`, as `reflex run --env prod --single-port` runs it:
Granian, the compiled frontend mounted, no compile) on a port of its own, with the session's
contact database. The build names its backend's address (env.json, compiled into the
`reflex-env` chunk), so the copy's is rewritten to the new port.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import httpx
from reflex_base.environment import environment

from .conftest import ROOT, _server_env
from .polling import free_port

START_TIMEOUT_S = 60


def copy_build(folder: Path, port: int) -> Path:
    """The session's `.web` build (client files and manifests) in `folder`, addressing `port`."""
    source = ROOT / ".web"
    web = folder / "web"
    (web / "build").mkdir(parents=True)
    shutil.copytree(source / "build" / "client", web / "build" / "client")
    for manifest in source.glob("*.json"):
        shutil.copy2(manifest, web / manifest.name)
    # The pages' inline-script hashes, which the server's Content-Security-Policy names
    # (agency_site/security.py); without them the browser refuses the inline scripts.
    for build_file in (source / "build").glob("*.json"):
        shutil.copy2(build_file, web / "build" / build_file.name)
    backend = re.compile(r"//localhost:\d+/")
    for chunk in (web / "build" / "client" / "assets").glob("reflex-env-*.js"):
        chunk.write_text(backend.sub(f"//localhost:{port}/", chunk.read_text()))
        for sidecar in chunk.parent.glob(chunk.name + ".*"):
            sidecar.unlink()  # compressed copies of the old address
    return web


class RestartableServer:
    """The build on its own port; `stop()` and `start()` it like a deploy restarts the server."""

    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.port = free_port()
        self.url = f"http://localhost:{self.port}"
        self.web = copy_build(folder, self.port)
        self.log = folder / "restartable.log"
        # What `reflex run --env prod --single-port` tells its server process (two of them
        # are Reflex's internal variables, hence the names from Reflex itself).
        self.env = (
            _server_env()
            | env
            | {
                # The websocket accepts pages of the site's own origin only: this port's.
                "ALLOWED_ORIGINS": self.url,
                environment.REFLEX_ENV_MODE.name: "prod",
                environment.REFLEX_SKIP_COMPILE.name: "true",
                environment.REFLEX_MOUNT_FRONTEND_COMPILED_APP.name: "true",
                environment.REFLEX_WEB_WORKDIR.name: str(self.web),
                environment.REFLEX_STATES_WORKDIR.name: str(folder / "states"),
            }
        )
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        granian = ROOT / ".venv" / "bin" / "granian"
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                [
                    str(granian),
                    "--interface",
                    "asgi",
                    "--factory",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "agency_site.agency_site:app",
                ],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"server exited with {self.process.returncode}:\n{self.log.read_text()[-3000:]}"
                )
            try:
                if httpx.get(self.url + "/ping", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"server not ready after {START_TIMEOUT_S}s:\n{self.log.read_text()[-3000:]}")

    def stop(self) -> None:
        """Stop the server's whole process group, by its id, as a deploy does."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process = None
