"""Fixtures of the leads tests: a migrated database (SQLite and PostgreSQL), a webhook receiver."""

from __future__ import annotations

import json
import os
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import sqlalchemy as sa

from agency_site.leads import Inbox
from agency_site.leads.database import create_engine, migrate
from agency_site.settings import LeadSettings

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


@dataclass
class Receiver:
    """A local webhook: answers 503 to the first `failures` requests, then 200."""

    url: str = ""
    failures: int = 0
    requests: list[dict] = field(default_factory=list)
    accepted: list[dict] = field(default_factory=list)
    arrived: threading.Event = field(default_factory=threading.Event)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    state = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            state.requests.append(body)
            failing = len(state.requests) <= state.failures
            if not failing:
                state.accepted.append(body)
                state.arrived.set()
            self.send_response(503 if failing else 200)
            self.end_headers()

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    yield state
    server.shutdown()
    server.server_close()
