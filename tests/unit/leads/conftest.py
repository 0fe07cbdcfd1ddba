"""Fixtures of the leads tests: a migrated database (SQLite and PostgreSQL), a webhook receiver.

Every database here is one the tests create: a SQLite file under the test's tmp_path, or a
PostgreSQL database made for the run (never DATABASE_URL's; see tests/conftest.py).
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

import pytest
import sqlalchemy as sa

from agency_site.leads import Inbox
from agency_site.leads.database import create_engine, migrate
from agency_site.settings import LeadSettings, sqlalchemy_url
from tests.support.webhook_receiver import WebhookReceiver

# A PostgreSQL server to create test databases on (through its database `test`); the tests
# never write to that database itself, only to one they create and drop again.
POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
# Quick settings for tests: no webhook, a generous limit, no waiting between attempts.
# The deadlines generous: six test runs may share two cores, and a test of the deadlines
# sets its own (test_leads_deadlines.py).
TEST_SETTINGS = LeadSettings(
    rate_limit=1000,
    webhook_backoff_s=0.01,
    webhook_timeout_s=2,
    save_deadline_s=60,
    db_statement_timeout_s=120,
    db_pool_timeout_s=30,
    db_busy_timeout_s=30,
)


@lru_cache(maxsize=1)
def _postgres_problem() -> str | None:
    """Why PostgreSQL cannot be used, asked once per test run; None when it can."""
    engine = create_engine(POSTGRES_URL, settings=TEST_SETTINGS)
    try:
        with engine.connect() as connection:
            connection.execute(sa.text("select 1"))
    except sa.exc.OperationalError as error:
        return str(error.orig).strip()
    finally:
        engine.dispose()
    return None


def _postgres_or_skip() -> None:
    if problem := _postgres_problem():
        pytest.skip(f"PostgreSQL unreachable at {POSTGRES_URL} ({problem}); this case ran on SQLite only")


@pytest.fixture(scope="session")
def postgres_database() -> Iterator[str]:
    """The URL of a PostgreSQL database created for this test run, dropped at its end."""
    _postgres_or_skip()
    name = f"leads_test_{uuid.uuid4().hex[:12]}"
    server = create_engine(POSTGRES_URL, settings=TEST_SETTINGS).execution_options(
        isolation_level="AUTOCOMMIT"
    )
    with server.connect() as connection:
        connection.execute(sa.text(f'create database "{name}"'))
        # A commit need not wait for its write to reach the disk: a database dropped at the
        # end of the run loses nothing by it, and each test's migrations and writes commit
        # without waiting for a flush.
        connection.execute(sa.text(f'alter database "{name}" set synchronous_commit = off'))
    try:
        yield (
            sa.make_url(sqlalchemy_url(POSTGRES_URL)).set(database=name).render_as_string(hide_password=False)
        )
    finally:
        with server.connect() as connection:
            connection.execute(sa.text(f'drop database if exists "{name}" with (force)'))
        server.dispose()


@pytest.fixture(scope="session")
def migrated_sqlite_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file brought to alembic's head once per test process: each test copies it
    instead of running every migration again (a third of a second a test, most of it the
    migrations' commits)."""
    path = tmp_path_factory.mktemp("migrated") / "leads.db"
    template = create_engine(f"sqlite:///{path}", settings=TEST_SETTINGS)
    try:
        migrate(template)
        with template.connect() as connection:
            # Everything into the file itself, so that the file alone is the database.
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        template.dispose()
    return path


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path) -> Iterator[sa.Engine]:
    """A freshly migrated database: a SQLite file, or a schema of this test's own in the
    run's PostgreSQL database."""
    if request.param == "sqlite":
        database = tmp_path / "leads.db"
        shutil.copyfile(request.getfixturevalue("migrated_sqlite_file"), database)
        current = create_engine(f"sqlite:///{database}", settings=TEST_SETTINGS)
        yield current
        current.dispose()
        return
    database_url = request.getfixturevalue("postgres_database")
    schema = f"test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(database_url, settings=TEST_SETTINGS)
    with admin.begin() as connection:
        connection.execute(sa.text(f'create schema "{schema}"'))
    current = create_engine(database_url, search_path=schema, settings=TEST_SETTINGS)
    try:
        migrate(current)
        yield current
    finally:
        current.dispose()
        with admin.begin() as connection:
            connection.execute(sa.text(f'drop schema "{schema}" cascade'))
        admin.dispose()


@pytest.fixture
def inbox(engine: sa.Engine) -> Inbox:
    """An inbox on the test database without a webhook."""
    return Inbox.create(engine, TEST_SETTINGS)


@pytest.fixture
def receiver() -> Iterator[WebhookReceiver]:
    """A local webhook receiver; set `failures` to have it refuse the first requests."""
    current = WebhookReceiver()
    yield current
    current.stop()
