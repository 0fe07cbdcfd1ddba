"""What the Makefile runs, where an e2e test does not start it: `make dev` is the dev server
tests/e2e/test_dev_loop.py drives (a plain `reflex run` on free ports) after its set-up;
`make test` hands the e2e modules to its workers longest first."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from agency_site.settings import PROJECT_ROOT


def make_plan(*arguments: str) -> str:
    """The commands `make ...` would run (`make -n` prints them and runs none)."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    env = {key: value for key, value in os.environ.items() if not key.startswith("MAKE")}
    result = subprocess.run(
        [make, "-n", *arguments], cwd=PROJECT_ROOT, env=env, capture_output=True, text=True, check=True
    )
    return result.stdout


def test_make_dev_runs_reflex_on_the_ports_it_is_given():
    plan = make_plan("dev", "PORT=3107", "BACKEND_PORT=8107")
    run = next(line for line in plan.splitlines() if "reflex run" in line)
    assert "--env dev --frontend-port 3107 --backend-port 8107" in run
    assert "http://localhost:3107,http://127.0.0.1:3107" in plan


def test_the_e2e_modules_named_longest_first_exist_and_keep_their_order():
    """A module renamed or gone from LONGEST_FIRST would quietly go back to the end."""
    from tests.e2e.conftest import LONGEST_FIRST

    assert [name for name in LONGEST_FIRST if not (PROJECT_ROOT / "tests/e2e" / name).is_file()] == []
    assert "--dist loadfile --no-loadscope-reorder" in make_plan("test", "TEST_WORKERS=2")


def test_the_build_make_test_keeps_before_the_e2e_run_is_the_one_the_run_serves():
    """`make test` builds the app beside the unit tests (tests/e2e/support/prebuild.py, a
    plain process) and the e2e session serves it if its fingerprint matches. The test
    processes set Reflex's runtime settings of their own (tests/conftest.py: empty database
    URLs, a states folder each), which change nothing in the build: they must not change
    the fingerprint, or every e2e session builds the app again."""
    from tests.e2e.support.served_build import build_fingerprint
    from tests.support.server import project_env

    plain = {
        key: value
        for key, value in project_env().items()
        if key not in ("REFLEX_DB_URL", "REFLEX_ASYNC_DB_URL", "REFLEX_REDIS_URL", "REFLEX_STATES_WORKDIR")
    }
    assert build_fingerprint(project_env()) == build_fingerprint(plain)
    # What the build does read still counts.
    assert build_fingerprint(plain | {"REFLEX_ENV_MODE": "dev"}) != build_fingerprint(plain)
