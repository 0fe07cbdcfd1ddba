"""Engines and migrations for the leads table, on SQLite (default) or PostgreSQL."""

from __future__ import annotations

import contextlib
import threading
from functools import lru_cache
from weakref import WeakKeyDictionary

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.pool import NullPool

from agency_site.settings import PROJECT_ROOT, LeadSettings, get_settings, sqlalchemy_url

ALEMBIC_INI = PROJECT_ROOT / "alembic.ini"
# TCP keepalives: a PostgreSQL server that vanished (a crash, a network partition) is noticed
# on an idle pooled connection within idle + interval * count = 40 s instead of the
# kernel's two hours; and data it never acknowledges fails the connection after 15 s.
KEEPALIVES = {
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 10,
    "keepalives_count": 3,
    "tcp_user_timeout": 15_000,
}


def _enable_wal(dbapi_connection, _record) -> None:
    # Readers (the CLI, the retry task) never block the form's writes; durability unchanged.
    dbapi_connection.execute("PRAGMA journal_mode=WAL")


# A failed statement's error names its SQL but not its values: an INSERT's values are a
# visitor's message, and the error is logged (leads/service.py).
HIDE_PARAMETERS = True


def create_engine(
    url: str, *, search_path: str | None = None, settings: LeadSettings | None = None
) -> sa.Engine:
    """A new engine for `url`; `search_path` pins a PostgreSQL schema (tests use their own).

    Every wait has a bound (`settings`' db_* deadlines, the CONTACT_*/DATABASE_* settings
    by default): connecting, waiting for a pooled connection, a statement, SQLite's lock.
    """
    settings = settings or get_settings().leads
    url = sqlalchemy_url(url)
    if url.startswith("sqlite"):
        # No pool: each unit of work opens the file, so a missing or moved database is
        # noticed at once instead of writing through a stale handle.
        engine = sa.create_engine(
            url,
            hide_parameters=HIDE_PARAMETERS,
            poolclass=NullPool,
            connect_args={"check_same_thread": False, "timeout": settings.db_busy_timeout_s},
        )
        event.listen(engine, "connect", _enable_wal)
        return engine
    options = [f"-cstatement_timeout={round(settings.db_statement_timeout_s * 1000)}"]
    if search_path:
        options.append(f"-csearch_path={search_path}")
    connect_args: dict[str, object] = {
        # libpq takes whole seconds and treats 1 as 2.
        "connect_timeout": max(2, round(settings.db_connect_timeout_s)),
        "options": " ".join(options),
        **KEEPALIVES,
    }
    return sa.create_engine(
        url,
        hide_parameters=HIDE_PARAMETERS,
        pool_pre_ping=True,
        pool_size=10,
        max_overflow=10,
        pool_timeout=settings.db_pool_timeout_s,
        connect_args=connect_args,
    )


_sqlite_write_locks: WeakKeyDictionary[sa.Engine, threading.Lock] = WeakKeyDictionary()


def writing(engine: sa.Engine) -> contextlib.AbstractContextManager:
    """Hold while writing. SQLite takes one writer at a time and makes the others poll with
    growing sleeps (up to 100 ms each); queueing writers of this process on a lock instead
    keeps a burst of messages fast. PostgreSQL handles concurrent writers itself."""
    if engine.dialect.name != "sqlite":
        return contextlib.nullcontext()
    return _sqlite_write_locks.setdefault(engine, threading.Lock())


@lru_cache(maxsize=8)
def engine_for(url: str) -> sa.Engine:
    """One shared engine per database URL."""
    return create_engine(url)


def default_engine() -> sa.Engine:
    """The engine of DATABASE_URL (settings)."""
    return engine_for(get_settings().database_url)


# Indexes of one database only, made by a migration's own SQL and not described by the
# models (PostgreSQL's trigram index on the search column): left out of autogenerate's
# comparison (`alembic check`, `reflex db makemigrations`, the tests' comparison).
UNMODELLED_INDEXES = frozenset({"ix_contact_message_search_trgm"})


def include_object(_object, name, type_, _reflected, _compare_to) -> bool:
    """Whether Alembic's autogenerate compares this object with the models."""
    return not (type_ == "index" and name in UNMODELLED_INDEXES)


def migrate(engine: sa.Engine, revision: str = "head") -> None:
    """Apply the Alembic migrations under alembic/ up to `revision` on `engine`'s database.

    Alembic's own `upgrade` command, as `alembic upgrade head` runs it; alembic/env.py uses
    the connection handed over here instead of DATABASE_URL's.
    """
    # Imported here: Alembic takes a while to load and only this command needs it.
    from alembic import command
    from alembic.config import Config

    config = Config(str(ALEMBIC_INI))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Rebuilding a large table may take longer than a visitor's statement may.
            connection.execute(sa.text("SET LOCAL statement_timeout = 0"))
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
