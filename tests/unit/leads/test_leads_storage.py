"""Storage: rows as committed, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

from agency_site.leads import Failure, Inbox, MessageStatus, Outcome, Problem, receive, store
from agency_site.leads.database import create_engine, migrate
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import valid_form


def rows(engine: sa.Engine):
    return list(store.messages(engine))


def test_a_valid_message_is_committed_with_every_field(inbox):
    before = datetime.now(UTC)
    form = valid_form(name="  Ada Lovelace ", language="de", page="/de/contact")
    outcome = asyncio.run(receive(form, client="203.0.113.5", inbox=inbox))
    assert outcome.sent and outcome.errors == {} and outcome.failure is None
    [row] = rows(inbox.engine)
    assert row.id == outcome.message_id
    assert (row.name, row.email, row.subject, row.message) == (
        "Ada Lovelace",
        "ada@example.com",
        "A new project",
        "We would like an AI caller for our clinic.",
    )
    assert (row.language, row.page, row.status) == ("de", "/de/contact", MessageStatus.STORED)
    assert (row.delivery_attempts, row.last_error) == (0, None)
    assert row.created_at.tzinfo is not None
    assert before - timedelta(seconds=1) <= row.created_at <= datetime.now(UTC) + timedelta(seconds=1)


def test_an_invalid_message_is_not_stored(inbox):
    outcome = asyncio.run(receive(valid_form(email="nope", language="de"), client="c", inbox=inbox))
    assert not outcome.sent
    assert outcome.errors == {"email": Problem.NOT_AN_EMAIL}
    assert rows(inbox.engine) == []


def test_a_field_that_is_not_text_is_refused_and_nothing_stored(inbox):
    outcome = asyncio.run(receive(valid_form(name={"$gt": ""}), client="c", inbox=inbox))
    assert outcome == Outcome(errors={"name": Problem.NOT_TEXT})
    assert rows(inbox.engine) == []


def test_markup_is_kept_as_plain_text(inbox):
    markup = '<script>alert("x")</script><b onclick="evil()">Hello</b> & goodbye'
    asyncio.run(receive(valid_form(name="<i>Ada</i>", message=markup), client="c", inbox=inbox))
    [row] = rows(inbox.engine)
    assert (row.name, row.message) == ("<i>Ada</i>", markup)


def test_unicode_survives_the_round_trip(inbox):
    message = "Grüße aus Zürich — مرحبا — 你好 — 🚀 Wir brauchen einen Chatbot."
    asyncio.run(receive(valid_form(name="Jörg Müller", message=message), client="c", inbox=inbox))
    [row] = rows(inbox.engine)
    assert (row.name, row.message) == ("Jörg Müller", message)


def test_a_filled_honeypot_reports_success_and_is_stored_as_spam(inbox):
    form = valid_form(form_trap="https://spam.example", name="x" * 500, email="not an address")
    outcome = asyncio.run(receive(form, client="bot", inbox=inbox))
    assert outcome.sent and outcome.errors == {}
    [row] = rows(inbox.engine)
    assert row.status == MessageStatus.SPAM
    assert row.name == "x" * 100  # cut to the column, never a database error


def test_a_filled_honeypot_with_fields_that_are_not_text_is_still_spam(inbox):
    form = valid_form(form_trap={"$gt": ""}, name={"$gt": ""}, subject="Bot subject")
    outcome = asyncio.run(receive(form, client="bot", inbox=inbox))
    assert outcome.sent and outcome.errors == {} and outcome.failure is None
    [row] = rows(inbox.engine)
    assert (row.status, row.name, row.subject) == (MessageStatus.SPAM, "", "Bot subject")


def test_the_rate_limit_refuses_the_next_message(engine):
    inbox = Inbox.create(engine, replace(TEST_SETTINGS, rate_limit=2, rate_window_s=600))
    form = valid_form()
    outcomes = [asyncio.run(receive(form, client="198.51.100.7", inbox=inbox)) for _ in range(3)]
    assert [outcome.sent for outcome in outcomes] == [True, True, False]
    assert outcomes[2] == Outcome(failure=Failure.RATE_LIMITED)
    # Another client is not affected, and nothing of the refused message was stored.
    assert asyncio.run(receive(form, client="198.51.100.8", inbox=inbox)).sent
    assert len(rows(engine)) == 3


def test_invalid_attempts_do_not_count_against_the_limit(engine):
    inbox = Inbox.create(engine, replace(TEST_SETTINGS, rate_limit=1))
    for _ in range(3):
        asyncio.run(receive(valid_form(name="A"), client="c", inbox=inbox))
    assert asyncio.run(receive(valid_form(), client="c", inbox=inbox)).sent


def dead_engines(tmp_path):
    """A PostgreSQL port nobody listens on, and a SQLite file in a folder that does not exist."""
    return {
        "postgresql": create_engine("postgresql://postgres@127.0.0.1:9/test"),
        "sqlite": create_engine(f"sqlite:///{tmp_path / 'missing' / 'leads.db'}"),
    }


@pytest.mark.parametrize("kind", ["postgresql", "sqlite"])
def test_an_unreachable_database_says_not_sent_and_logs(tmp_path, caplog, kind):
    inbox = Inbox.create(dead_engines(tmp_path)[kind], replace(TEST_SETTINGS, rate_limit=1))
    with caplog.at_level(logging.ERROR, logger="agency_site.leads.service"):
        outcome = asyncio.run(receive(valid_form(), client="c", inbox=inbox))
    assert outcome == Outcome(failure=Failure.NOT_STORED)
    assert "could not be stored" in caplog.text and "Traceback" in caplog.text
    # A message that was not stored does not count against the visitor's limit.
    assert asyncio.run(inbox.limiter.acquire("c"))


def test_the_database_stops_mid_test_and_comes_back(tmp_path):
    folder = tmp_path / "db"
    folder.mkdir()
    engine = create_engine(f"sqlite:///{folder / 'leads.db'}")
    migrate(engine)
    inbox = Inbox.create(engine, TEST_SETTINGS)
    assert asyncio.run(receive(valid_form(subject="Before the outage"), client="c", inbox=inbox)).sent
    folder.rename(tmp_path / "db-away")
    down = asyncio.run(receive(valid_form(subject="During the outage"), client="c", inbox=inbox))
    assert down == Outcome(failure=Failure.NOT_STORED)
    (tmp_path / "db-away").rename(folder)
    assert asyncio.run(receive(valid_form(subject="After the outage"), client="c", inbox=inbox)).sent
    assert [row.subject for row in rows(engine)] == ["Before the outage", "After the outage"]


def test_concurrent_messages_all_arrive(inbox):
    async def burst():
        forms = [valid_form(subject=f"Message number {i}") for i in range(40)]
        return await asyncio.gather(
            *(receive(form, client=f"c{i}", inbox=inbox) for i, form in enumerate(forms))
        )

    assert all(outcome.sent for outcome in asyncio.run(burst()))
    assert sorted(row.subject for row in rows(inbox.engine)) == sorted(
        f"Message number {i}" for i in range(40)
    )


def test_an_unexpected_error_still_answers_the_visitor(inbox, monkeypatch, caplog):
    def broken(_form):
        raise RuntimeError("a bug")

    monkeypatch.setattr("agency_site.leads.service.clean", broken)
    with caplog.at_level(logging.ERROR, logger="agency_site.leads.service"):
        outcome = asyncio.run(receive(valid_form(language="de"), client="c", inbox=inbox))
    assert outcome == Outcome(failure=Failure.NOT_STORED)
    assert "RuntimeError: a bug" in caplog.text
