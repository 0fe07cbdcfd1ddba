"""The production build the e2e tests drive, and servers of it that need no compile.

Building the app (`reflex run --env prod` compiles every page and runs Vite) is the most
expensive step of the whole suite, and most runs test the same sources as the run before.
So a session's build is kept in `.web/e2e-build/` with the fingerprint of everything it
was built from (`build_fingerprint`); the next session whose sources have the same
fingerprint serves a copy of it instead of building again. Any change to the package,
the content, the assets, the pinned packages or the settings the build reads gives a new
fingerprint, and the session builds as before.

`BuiltServer` serves a build the way `reflex run --env prod --single-port` does (Granian,
`agency_site.agency_site:app`, the compiled frontend mounted, no compile) on a port of its
own; the restart tests (issue 12) stop and start one like a deploy restarts the server.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import httpx
from reflex_base.environment import environment

from .polling import free_port
from .process_guard import GUARD

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 60
CACHE = ROOT / ".web" / "e2e-build"

# What the build is made from. Folders are read whole (but for what the build itself
# writes into them), files as they are.
BUILD_INPUTS = (
    "agency_site",
    "content",
    "assets",
    "rxconfig.py",
    "reflex.lock",
    "requirements.txt",
    "constraints.txt",
    ".env",
)
_NOT_INPUTS = {"__pycache__", "external"}  # bytecode; assets/external is Reflex's links
# Settings that only the running server reads (agency_site/settings.py): they differ from
# session to session (temporary databases, webhook ports) and change nothing in the build.
_RUNTIME_ONLY = re.compile(
    r"^(DATABASE_\w+|ALLOWED_ORIGINS|TRUSTED_PROXY_HOPS|STATE_EXPIRY_S|REFLEX_REDIS_URL|CONTACT_\w+|SMTP_\w+|METRICS_ALLOW)$"
)


def server_env() -> dict[str, str]:
    """The environment a server of the app gets: ours, with the project's tools first."""
    env = dict(os.environ)
    tools_bin = ROOT / ".tools" / "node_modules" / ".bin"
    venv_bin = ROOT / ".venv" / "bin"
    env["PATH"] = os.pathsep.join([str(tools_bin), str(venv_bin), env.get("PATH", "")])
    env["REFLEX_USE_SYSTEM_BUN"] = "1"
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


def _input_files() -> list[Path]:
    files = []
    for name in BUILD_INPUTS:
        path = ROOT / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files.extend(
                found
                for found in path.rglob("*")
                if found.is_file() and not _NOT_INPUTS.intersection(found.relative_to(path).parts)
            )
    return sorted(files)


def _build_settings(env: dict[str, str]) -> list[str]:
    """The environment variables the build may read: the app's settings and Reflex's."""
    names = set(re.findall(r'"([A-Z][A-Z0-9_]{3,})"', (ROOT / "agency_site" / "settings.py").read_text()))
    return sorted(
        f"{name}={value}"
        for name, value in env.items()
        if (name in names or name.startswith("REFLEX_")) and not _RUNTIME_ONLY.match(name)
    )


def build_fingerprint(env: dict[str, str]) -> str:
    """A hash of everything the production build is made from (see the module docstring)."""
    digest = hashlib.sha256()
    digest.update(f"reflex {importlib.metadata.version('reflex')}\n".encode())
    for line in _build_settings(env):
        digest.update(f"{line}\n".encode())
    for path in _input_files():
        digest.update(f"{path.relative_to(ROOT)}\n".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def copy_build(source: Path, destination: Path, port: int | None = None) -> Path:
    """The build of the web folder `source` (client files, manifests, the pages' script
    hashes, the nginx policy include) in `destination`; with `port`, addressing that port."""
    (destination / "build").mkdir(parents=True)
    shutil.copytree(source / "build" / "client", destination / "build" / "client")
    for manifest in source.glob("*.json"):
        shutil.copy2(manifest, destination / manifest.name)
    # The pages' inline-script hashes, which the server's Content-Security-Policy names
    # (agency_site/nginx/csp_files.py); without them the browser refuses the inline scripts.
    for build_file in (source / "build").glob("*.json"):
        shutil.copy2(build_file, destination / "build" / build_file.name)
    if (source / "build" / "nginx").is_dir():
        shutil.copytree(source / "build" / "nginx", destination / "build" / "nginx")
    if port is not None:
        # The build names its backend's address (env.json, compiled into the reflex-env chunk).
        backend = re.compile(r"//localhost:\d+/")
        for chunk in (destination / "build" / "client" / "assets").glob("reflex-env-*.js"):
            chunk.write_text(backend.sub(f"//localhost:{port}/", chunk.read_text()))
            for sidecar in chunk.parent.glob(chunk.name + ".*"):
                sidecar.unlink()  # compressed copies of the old address
    return destination


def cached_build(fingerprint: str) -> Path | None:
    """The kept build made from sources with `fingerprint`, if there is one."""
    stamp = CACHE / "fingerprint"
    if stamp.is_file() and stamp.read_text() == fingerprint and (CACHE / "web" / "build" / "client").is_dir():
        return CACHE / "web"
    return None


def keep_build(fingerprint: str, source: Path = ROOT / ".web") -> None:
    """Keep the build just made in `source` for the next session with the same sources."""
    shutil.rmtree(CACHE, ignore_errors=True)
    copy_build(source, CACHE / "web")
    # Written last: a session cut off while copying leaves no stamp, so nothing half-kept is used.
    (CACHE / "fingerprint").write_text(fingerprint)


class BuiltServer:
    """A copy of a build on its own port; `stop()` and `start()` it like a deploy restarts
    the server."""

    def __init__(self, folder: Path, env: dict[str, str], source: Path = ROOT / ".web") -> None:
        self.port = free_port()
        self.url = f"http://localhost:{self.port}"
        self.web = copy_build(source, folder / "web", self.port)
        self.log = folder / "server.log"
        # What `reflex run --env prod --single-port` tells its server process (two of them
        # are Reflex's internal variables, hence the names from Reflex itself).
        self.env = (
            server_env()
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
        GUARD.watch(self.process.pid)
        deadline = time.monotonic() + START_TIMEOUT_S
        with httpx.Client(timeout=2) as client:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(
                        f"server exited with {self.process.returncode}:\n{self.log.read_text()[-3000:]}"
                    )
                try:
                    if client.get(self.url + "/ping").status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"server not ready after {START_TIMEOUT_S}s:\n{self.log.read_text()[-3000:]}")

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

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
        GUARD.forget(self.process.pid)
        self.process = None
