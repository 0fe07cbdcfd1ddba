"""Guards of every test run: tests use only databases they create.

`.env` may point DATABASE_URL (or Reflex's own REFLEX_DB_URL, REFLEX_ASYNC_DB_URL and
REFLEX_REDIS_URL) at a real database, even the production one. Settings read `.env` without overriding what is already set, so both are set
here, before anything reads the settings: code that still reaches for the configured
database fails loudly on a path that cannot exist instead of writing to it. Tests pass their
own databases explicitly (tests/unit/leads/conftest.py, tests/e2e/support/contact_backend.py), and
the e2e server inherits this environment with the test database put in.
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import tempfile
import threading

import pytest

UNUSABLE_DATABASE_URL = "sqlite:////nonexistent/tests-use-only-databases-they-create.db"

os.environ["DATABASE_URL"] = UNUSABLE_DATABASE_URL
# Empty, not unset: Reflex then keeps rxconfig's database (the one above) and uses no Redis,
# and `.env` cannot fill them in.
for name in ("REFLEX_DB_URL", "REFLEX_ASYNC_DB_URL", "REFLEX_REDIS_URL"):
    os.environ[name] = ""

# Reflex keeps visitors' states in files (REFLEX_STATES_WORKDIR, `.states/` by default), and
# every app it makes deletes the files over an hour old. Two unit-test workers importing
# the app at once raced on the same old file of an earlier run (FileNotFoundError while
# collecting, then every test of that worker missing). Each test process, and the servers
# it starts, keeps states in a folder of its own, removed at its exit.
_STATES = tempfile.mkdtemp(prefix="agency-test-states-")
os.environ["REFLEX_STATES_WORKDIR"] = _STATES
atexit.register(shutil.rmtree, _STATES, ignore_errors=True)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def pytest_configure(config: pytest.Config) -> None:
    """SIGTERM (a CI timeout, `kill`, make passing it on) ends the run as Ctrl-C does: pytest
    then runs every fixture's finalizer, which stops the servers, drops the test databases
    and removes the temporary folders. Python's default would exit at once, leaving them
    (tests/support/process_guard.py stops the servers even then)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _interrupt)
