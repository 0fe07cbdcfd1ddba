"""Ids never reused: a public UUID per message, and integer keys that are
not given again after `erase` or `purge`, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import uuid
from datetime import timedelta

import sqlalchemy as sa

from agency_site.leads import Inbox, receive, retention, store
from agency_site.leads.database import create_engine, migrate
from agency_site.leads.model import ContactMessage, utc_now
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import run_on, valid_form


def send(engine: sa.Engine, subject: str, email: str = "ada@example.com") -> int:
    outcome = asyncio.run(
        receive(
            valid_form(subject=subject, email=email), client="c", inbox=Inbox.create(engine, TEST_SETTINGS)
        )
    )
    assert outcome.sent and outcome.message_id is not None
    return outcome.message_id


def identities(engine: sa.Engine) -> list[tuple[int, str]]:
    return [(row.id, row.public_id) for row in store.messages(engine)]


def test_each_message_has_a_public_uuid_of_its_own(engine):
    send(engine, "First message")
    send(engine, "Second message")
    public_ids = [public_id for _, public_id in identities(engine)]
    assert len(set(public_ids)) == 2
    assert all(uuid.UUID(public_id).version == 4 for public_id in public_ids)


def test_an_id_is_not_reused_after_the_newest_message_was_erased(engine):
    send(engine, "First message")
    erased_id = send(engine, "Second message", email="grace@example.com")
    erased_public = store.get(engine, erased_id).public_id
    assert retention.erase(engine, "grace@example.com") == 1
    new_id = send(engine, "Third message")
    assert new_id > erased_id
    assert store.get(engine, new_id).public_id != erased_public


def test_ids_are_not_reused_after_everything_was_purged(engine):
    ids = [send(engine, f"Message number {i}") for i in range(3)]
    before = {public_id for _, public_id in identities(engine)}
    # Delivered, so that purge takes them whatever it keeps of undelivered messages.
    with engine.begin() as connection:
        connection.execute(sa.update(ContactMessage.__table__).values(status="delivered"))
    assert retention.purge(engine, 365, now=utc_now() + timedelta(days=400)) == 3
    new_id = send(engine, "After the purge")
    assert new_id > max(ids)
    assert store.get(engine, new_id).public_id not in before


def test_the_cli_shows_the_public_id(engine):
    message_id = send(engine, "First message")
    public_id = store.get(engine, message_id).public_id
    assert public_id in run_on(engine, "list")
    assert f"{message_id},{public_id}," in run_on(engine, "export")


def test_the_migration_gives_existing_rows_public_ids_and_sqlite_autoincrement(tmp_path):
    """A SQLite database made before this migration: its rows get a public id, and the id
    of its newest row is not given again once that row is erased."""
    engine = create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    migrate(engine, "5d1c0e7a9f42")
    table = sa.table(
        "contact_message",
        *(
            sa.column(name)
            for name in (
                "created_at",
                "name",
                "email",
                "subject",
                "message",
                "language",
                "page",
                "status",
                "delivery_attempts",
            )
        ),
    )
    with engine.begin() as connection:
        for subject in ("Old one", "Old two", "Old three"):
            connection.execute(
                sa.insert(table).values(
                    created_at=utc_now(),
                    name="Ada",
                    email="ada@example.com",
                    subject=subject,
                    message="An older message.",
                    language="en",
                    page="/contact",
                    status="delivered",
                    delivery_attempts=1,
                )
            )
    migrate(engine)
    rows = identities(engine)
    assert [message_id for message_id, _ in rows] == [1, 2, 3]
    assert len({public_id for _, public_id in rows}) == 3
    with engine.begin() as connection:
        connection.execute(sa.delete(ContactMessage.__table__).where(ContactMessage.__table__.c.id == 3))
    assert send(engine, "After the migration") == 4
    engine.dispose()
