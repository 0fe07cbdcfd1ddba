"""Tests never touch the configured database: `make test` does not migrate
DATABASE_URL's database, and during a test run that database cannot even be opened."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess

import pytest
import sqlalchemy as sa

from agency_site.leads import Failure, Inbox, Outcome, receive
from agency_site.leads.database import default_engine
from agency_site.settings import PROJECT_ROOT, LeadSettings, get_settings
from tests.conftest import UNUSABLE_DATABASE_URL
from tests.unit.leads.support import valid_form

MIGRATE = "agency_site.leads migrate"


def make_plan(target: str) -> str:
    """The commands `make <target>` would run (`make -n` prints them and runs none)."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    env = {key: value for key, value in os.environ.items() if not key.startswith("MAKE")}
    result = subprocess.run(
        [make, "-n", target], cwd=PROJECT_ROOT, env=env, capture_output=True, text=True, check=True
    )
    return result.stdout


@pytest.mark.parametrize("target", ["test", "test-unit", "test-e2e"])
def test_no_test_target_migrates_the_configured_database(target):
    plan = make_plan(target)
    assert "pytest" in plan
    assert MIGRATE not in plan


@pytest.mark.parametrize("target", ["run", "dev", "migrate"])
def test_serving_still_migrates_it(target):
    assert MIGRATE in make_plan(target)


def test_make_test_lints_first():
    plan = make_plan("test")
    assert plan.index("ruff check") < plan.index("ruff format --check") < plan.index("pytest")


def test_the_configured_database_is_out_of_reach_during_tests():
    assert get_settings().database_url == UNUSABLE_DATABASE_URL
    with pytest.raises(sa.exc.OperationalError):
        with default_engine().connect():
            pass
    # The server's own inbox would refuse, not write somewhere unexpected.
    inbox = Inbox.create(default_engine(), LeadSettings())
    assert asyncio.run(receive(valid_form(), client="c", inbox=inbox)) == Outcome(failure=Failure.NOT_STORED)
