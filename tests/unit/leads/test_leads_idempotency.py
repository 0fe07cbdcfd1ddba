"""Exactly once: a message resent under its submission key is stored once."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import replace

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from agency_site.leads import ContactMessage, Inbox, receive, store
from agency_site.leads.database import create_engine, include_object, migrate
from agency_site.leads.idempotency import SUBMISSION_KEY_FIELD, submission_key
from agency_site.leads.validation import clean
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import valid_form


def a_key() -> str:
    return str(uuid.uuid4())


def subjects(engine: sa.Engine) -> list[str]:
    return [row.subject for row in store.messages(engine)]


def test_a_resend_under_the_same_key_is_answered_sent_and_stored_once(inbox):
    key = a_key()
    first = asyncio.run(receive(valid_form(subject="Only once"), client="c", inbox=inbox, submission_key=key))
    again = asyncio.run(receive(valid_form(subject="Only once"), client="c", inbox=inbox, submission_key=key))
    assert first.sent and again.sent and again.message_id == first.message_id
    assert subjects(inbox.engine) == ["Only once"]
    [row] = store.messages(inbox.engine)
    assert row.submission_key == key


def test_another_key_is_another_message(inbox):
    for subject in ("First message", "Second message"):
        assert asyncio.run(
            receive(valid_form(subject=subject), client="c", inbox=inbox, submission_key=a_key())
        ).sent
    assert subjects(inbox.engine) == ["First message", "Second message"]


def test_resends_arriving_together_store_one_row(inbox):
    key = a_key()

    async def burst():
        return await asyncio.gather(
            *(
                receive(valid_form(subject="Clicked often"), client="c", inbox=inbox, submission_key=key)
                for _ in range(8)
            )
        )

    outcomes = asyncio.run(burst())
    assert all(outcome.sent for outcome in outcomes)
    assert len({outcome.message_id for outcome in outcomes}) == 1
    assert subjects(inbox.engine) == ["Clicked often"]


def test_a_key_stored_by_another_writer_meanwhile_is_found_not_refused(engine):
    # Two workers: the other commits the key between our look-up and our insert.
    key = a_key()
    store.save(engine, clean(valid_form(subject="Stored by the other worker")), key)
    looked_up_too_early = store._stored_keys
    calls = []

    def first_misses(session, keys):
        calls.append(keys)
        return {} if len(calls) == 1 else looked_up_too_early(session, keys)

    store._stored_keys = first_misses
    resent = clean(valid_form(subject="Stored by the other worker"))
    try:
        message_id = store.save(engine, resent, key)
    finally:
        store._stored_keys = looked_up_too_early
    assert message_id == store.find_by_key(engine, key, resent)
    assert subjects(engine) == ["Stored by the other worker"]


def test_an_edited_resend_under_a_stored_key_is_a_new_message(inbox):
    """The visitor edited the text after a lost answer and sent again;
    on old main that was answered 'sent' and the edit dropped."""
    key = a_key()
    first = asyncio.run(
        receive(valid_form(subject="First draft"), client="c", inbox=inbox, submission_key=key)
    )
    edited = asyncio.run(
        receive(valid_form(subject="Edited draft"), client="c", inbox=inbox, submission_key=key)
    )
    again = asyncio.run(
        receive(valid_form(subject="Edited draft"), client="c", inbox=inbox, submission_key=key)
    )
    assert first.sent and edited.sent and again.sent
    assert edited.message_id != first.message_id and again.message_id == edited.message_id
    assert subjects(inbox.engine) == ["First draft", "Edited draft"]


def test_the_migration_hashes_rows_stored_under_a_key_before(tmp_path):
    """A message stored before content hashes is still found by its resend afterwards."""
    engine = create_engine(f"sqlite:///{tmp_path / 'old.db'}", settings=TEST_SETTINGS)
    migrate(engine, "c4f1d2e8a6b3")
    key = a_key()
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "insert into contact_message (public_id, created_at, name, email, subject, message,"
                " language, page, status, delivery_attempts, submission_key) values (:public_id,"
                " :now, 'Ada Lovelace', 'ada@example.com', 'Before the upgrade',"
                " 'We would like an AI caller for our clinic.', 'en', '/contact', 'stored', 0, :key)"
            ),
            {"public_id": str(uuid.uuid4()), "now": store.utc_now(), "key": key},
        )
    migrate(engine)
    inbox = Inbox.create(engine, TEST_SETTINGS)
    again = asyncio.run(
        receive(valid_form(subject="Before the upgrade"), client="c", inbox=inbox, submission_key=key)
    )
    assert again.sent and again.message_id == 1
    assert subjects(engine) == ["Before the upgrade"]
    engine.dispose()


def test_a_resend_does_not_count_against_the_rate_limit(engine):
    inbox = Inbox.create(engine, replace(TEST_SETTINGS, rate_limit=1))
    key = a_key()
    assert asyncio.run(
        receive(valid_form(subject="The one allowed"), client="c", inbox=inbox, submission_key=key)
    ).sent
    assert asyncio.run(
        receive(valid_form(subject="The one allowed"), client="c", inbox=inbox, submission_key=key)
    ).sent
    assert subjects(engine) == ["The one allowed"]


def test_messages_without_a_key_are_each_stored(inbox):
    for _ in range(2):
        assert asyncio.run(receive(valid_form(subject="No key"), client="c", inbox=inbox)).sent
    assert subjects(inbox.engine) == ["No key", "No key"]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("3f2b8c1e-5d4a-4b6f-9a7e-1c2d3e4f5a6b", "3f2b8c1e-5d4a-4b6f-9a7e-1c2d3e4f5a6b"),
        ("", None),
        ("short", None),
        ("x" * 65, None),
        ("'; drop table contact_message; --", None),
        (["3f2b8c1e-5d4a-4b6f-9a7e-1c2d3e4f5a6b"], None),
        (None, None),
    ],
)
def test_only_a_plain_token_counts_as_a_key(value, expected):
    assert submission_key({SUBMISSION_KEY_FIELD: value}) == expected


def test_the_migrations_create_what_the_model_declares(engine):
    # The desk's tables share the leads metadata.
    import agency_site.desk.model  # noqa: F401

    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"include_object": include_object})
        differences = compare_metadata(context, ContactMessage.metadata)
    assert differences == []
