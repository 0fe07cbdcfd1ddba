"""Build the production app the e2e tests drive, and keep it (served_build.py), before the
e2e session starts: `make test` builds it while the unit tests run, and the session then
serves the kept build instead of building. Nothing is built when the kept build is current.

    python -m tests.e2e.support.prebuild
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from agency_site.leads.database import create_engine, migrate
from tests.support.server import free_port, production_server, project_env

from .served_build import build_fingerprint, cached_build, keep_build

# What the first build of a fresh clone may take on a busy machine: a deadline, not a goal.
BUILD_TIMEOUT_S = 900


def main() -> int:
    fingerprint = build_fingerprint(project_env())
    if cached_build(fingerprint) is not None:
        print("e2e build: the kept build is current")
        return 0
    folder = Path(tempfile.mkdtemp(prefix="agency-e2e-build-"))
    # The server that builds also starts the backend: a database of its own, never the project's.
    database_url = f"sqlite:///{folder / 'build.db'}"
    engine = create_engine(database_url)
    try:
        migrate(engine)
    finally:
        engine.dispose()
    server = production_server(
        free_port(), folder / "reflex.log", {"DATABASE_URL": database_url}, start_timeout_s=BUILD_TIMEOUT_S
    )
    try:
        server.start()
        keep_build(fingerprint)
    except BaseException:
        log = folder / "reflex.log"
        print(log.read_text(errors="replace")[-4000:] if log.exists() else "", file=sys.stderr)
        raise
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    print("e2e build: built and kept")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
