"""Deadlines everywhere: a database that hangs, not only one that is
down, is answered within the save deadline; every wait of the engine has a bound."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from dataclasses import replace

import pytest
import sqlalchemy as sa

from agency_site.leads import Failure, Inbox, Outcome, receive
from agency_site.leads.database import create_engine
from agency_site.settings import settings_from_env
from tests.support.hung_database import HungDatabase
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import valid_form

KEY = "0123456789abcdef0123456789abcdef"


# Far longer than the deadline: only so that a test of code without one fails, not hangs.
GIVE_UP_S = 30


@pytest.fixture(params=["silent", "after_login"])
def hung_database(request: pytest.FixtureRequest) -> Iterator[HungDatabase]:
    current = HungDatabase(request.param)
    yield current
    current.close()


@pytest.mark.parametrize("key", [None, KEY], ids=["no key", "with key"])
def test_a_hung_database_is_answered_within_the_deadline(hung_database, caplog, key):
    # The driver would wait 30 s to connect (silent) or for ever for an answer to its
    # query (after_login); the visitor is answered at the save deadline.
    settings = replace(TEST_SETTINGS, rate_limit=1, save_deadline_s=0.5, db_connect_timeout_s=30)
    engine = create_engine(hung_database.url, settings=settings)
    inbox = Inbox.create(engine, settings)

    async def scenario():
        try:
            outcome = await asyncio.wait_for(
                receive(valid_form(), client="c", inbox=inbox, submission_key=key), GIVE_UP_S
            )
            # Still hanging: the answer came from the deadline, not from the database.
            connections = hung_database.accepted()
        finally:
            hung_database.close()  # the worker thread's connection fails now
        return outcome, connections

    with caplog.at_level(logging.ERROR, logger="agency_site.leads.service"):
        outcome, connections = asyncio.run(scenario())
    assert outcome == Outcome(failure=Failure.NOT_STORED)
    assert connections >= 1
    assert "not stored within 0.5 s" in caplog.text
    # A message that was not stored does not count against the visitor's limit.
    assert asyncio.run(inbox.limiter.acquire("c"))
    engine.dispose()


def test_postgresql_connections_have_a_statement_timeout_and_keepalives(postgres_database):
    settings = replace(TEST_SETTINGS, db_statement_timeout_s=1.5)
    engine = create_engine(postgres_database, settings=settings)
    with engine.connect() as connection:
        assert connection.execute(sa.text("show statement_timeout")).scalar() == "1500ms"
        info = connection.connection.dbapi_connection.info
        assert info.get_parameters()["keepalives"] == "1"
        assert int(info.get_parameters()["keepalives_idle"]) > 0
        with pytest.raises(sa.exc.OperationalError, match="statement timeout"):
            connection.execute(sa.text("select pg_sleep(5)"))
    assert engine.pool.timeout() == TEST_SETTINGS.db_pool_timeout_s
    engine.dispose()


def test_sqlite_waits_for_a_lock_only_as_long_as_the_busy_timeout(tmp_path):
    engine = create_engine(
        f"sqlite:///{tmp_path / 'busy.db'}", settings=replace(TEST_SETTINGS, db_busy_timeout_s=1.25)
    )
    with engine.connect() as connection:
        assert connection.execute(sa.text("pragma busy_timeout")).scalar() == 1250
    engine.dispose()


def test_the_deadlines_are_settings_with_sane_defaults():
    defaults = settings_from_env({}).leads
    assert 1 <= defaults.save_deadline_s <= 10
    assert defaults.db_connect_timeout_s < defaults.save_deadline_s
    assert defaults.db_pool_timeout_s < defaults.save_deadline_s
    changed = settings_from_env(
        {
            "CONTACT_SAVE_DEADLINE_S": "2.5",
            "DATABASE_CONNECT_TIMEOUT_S": "7",
            "DATABASE_STATEMENT_TIMEOUT_S": "3",
            "DATABASE_POOL_TIMEOUT_S": "1",
            "DATABASE_BUSY_TIMEOUT_S": "2",
        }
    ).leads
    assert (
        changed.save_deadline_s,
        changed.db_connect_timeout_s,
        changed.db_statement_timeout_s,
        changed.db_pool_timeout_s,
        changed.db_busy_timeout_s,
    ) == (2.5, 7, 3, 1, 2)
