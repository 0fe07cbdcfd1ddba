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
own; the restart tests stop and start one like a deploy restarts the server.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.metadata
import re
import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path

import brotli
from reflex_base.environment import environment

from agency_site.settings import settings_from_env
from tests.support.server import ROOT, VENV_BIN, ServerProcess, free_port, project_env

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
_RUNTIME_ONLY_PREFIXES = ("DATABASE_", "CONTACT_", "SMTP_", "DESK_")
# Reflex's own runtime settings are among them: the test processes set the databases empty
# and keep states in a temporary folder each (tests/conftest.py), which `make test`'s
# prebuild does not, so counting them made every e2e session build again.
_RUNTIME_ONLY = {
    "ALLOWED_ORIGINS",
    "TRUSTED_PROXY_HOPS",
    "STATE_EXPIRY_S",
    "REFLEX_REDIS_URL",
    "REFLEX_DB_URL",
    "REFLEX_ASYNC_DB_URL",
    "REFLEX_STATES_WORKDIR",
    "METRICS_ALLOW",
}


class _ReadNames(Mapping[str, str]):
    """An environment that notes every name it is asked for."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self._env = env
        self.read: set[str] = set()

    def __getitem__(self, name: str) -> str:
        self.read.add(name)
        return self._env[name]

    def __contains__(self, name: object) -> bool:
        if isinstance(name, str):
            self.read.add(name)
        return name in self._env

    def __iter__(self) -> Iterator[str]:
        return iter(self._env)

    def __len__(self) -> int:
        return len(self._env)


def setting_names(env: Mapping[str, str]) -> set[str]:
    """The environment variables the app's settings read (agency_site/settings.py), as
    reading them from `env` shows."""
    reads = _ReadNames(env)
    try:
        settings_from_env(reads)
    except ValueError:  # a wrong value: every name has been read all the same
        pass
    return reads.read


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


def _build_settings(env: Mapping[str, str]) -> list[str]:
    """The environment variables the build may read: the app's settings and Reflex's."""
    names = setting_names(env)
    return sorted(
        f"{name}={value}"
        for name, value in env.items()
        if (name in names or name.startswith("REFLEX_"))
        and name not in _RUNTIME_ONLY
        and not name.startswith(_RUNTIME_ONLY_PREFIXES)
    )


def build_fingerprint(env: Mapping[str, str]) -> str:
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
            compress_again(chunk)
    return destination


def compress_again(file: Path) -> None:
    """Write `file`'s compressed copies again, as the build writes them (Reflex's
    compress-static: gzip level 9, brotli at its highest quality): the copies of the old
    text must not be served, and what a page weighs (test_script_weight) counts them."""
    data = file.read_bytes()
    for sidecar in file.parent.glob(file.name + ".*"):
        if sidecar.suffix == ".gz":
            sidecar.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
        elif sidecar.suffix == ".br":
            sidecar.write_bytes(brotli.compress(data, quality=11))
        else:
            sidecar.unlink()  # a kind we cannot write: better served plain than stale


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
        # What `reflex run --env prod --single-port` tells its server process (two of them
        # are Reflex's internal variables, hence the names from Reflex itself).
        self.env = project_env(
            env
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
        self.server = ServerProcess(
            [VENV_BIN / "granian", "--interface", "asgi", "--factory"]
            + ["--host", "127.0.0.1", "--port", str(self.port), "agency_site.agency_site:app"],
            log=folder / "server.log",
            ready=[self.url + "/ping"],
            env=self.env,
            start_timeout_s=START_TIMEOUT_S,
        )

    def start(self) -> None:
        self.server.start()

    @property
    def running(self) -> bool:
        return self.server.running

    def stop(self) -> None:
        """Stop the server's whole process group, by its id, as a deploy does."""
        self.server.stop()

    def __enter__(self) -> BuiltServer:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
