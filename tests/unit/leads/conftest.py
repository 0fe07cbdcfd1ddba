"""Fixtures of the leads tests: a migrated database (SQLite and PostgreSQL), a webhook receiver."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from functools import lru_cache

import pytest
import sqlalchemy as sa

from agency_site.leads import Inbox
from agency_site.leads.database import create_engine, migrate
from agency_site.settings import LeadSettings
from tests.webhook_receiver import WebhookReceiver

POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
# Quick settings for tests: no webhook, a generous limit, no waiting between attempts.
TEST_SETTINGS = LeadSettings(rate_limit=1000, webhook_backoff_s=0.01, webhook_timeout_s=2)


@lru_cache(maxsize=1)
def _postgres_problem() -> str | None:
    """Why PostgreSQL cannot be used, asked once per test run; None when it can."""
    engine = create_engine(POSTGRES_URL)
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


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path) -> Iterator[sa.Engine]:
    """A freshly migrated database: a SQLite file, or a PostgreSQL schema of this test's own."""
    if request.param == "sqlite":
        current = create_engine(f"sqlite:///{tmp_path / 'leads.db'}")
        migrate(current)
        yield current
        current.dispose()
        return
    _postgres_or_skip()
    schema = f"leads_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(POSTGRES_URL)
    with admin.begin() as connection:
        connection.execute(sa.text(f'create schema "{schema}"'))
    current = create_engine(POSTGRES_URL, search_path=schema)
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
