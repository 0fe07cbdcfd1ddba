"""Retries as Standard Webhooks does them: every refusal retried on a schedule of days, a
receiver's Retry-After honoured, a 410 pausing the channel, dead only when the schedule is
spent; alarms that ring once; a rotation signed with both secrets. The clock is injected:
no test waits for a schedule."""

from __future__ import annotations

import asyncio
import base64
import io
import logging
from dataclasses import replace
from datetime import datetime, timedelta

import pytest
import sqlalchemy as sa
from standardwebhooks import Webhook

from agency_site.leads import Inbox, MessageStatus, metrics, receive, store
from agency_site.leads.cli import parser
from agency_site.leads.delivery import alert, deliver, deliver_due
from agency_site.leads.model import ContactMessage, utc_now
from agency_site.settings import LeadSettings, get_settings, settings_from_env
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import valid_form

THREE_DAYS = timedelta(days=3)


def stored(engine: sa.Engine, **form: str) -> int:
    inbox = Inbox.create(engine, TEST_SETTINGS)
    outcome = asyncio.run(receive(valid_form(**form), client="c", inbox=inbox))
    assert outcome.message_id is not None
    return outcome.message_id


def hooked(url: str, **changes) -> LeadSettings:
    return replace(TEST_SETTINGS, webhook_url=url, **changes)


def next_attempt(engine: sa.Engine, message_id: int) -> datetime:
    [delivery] = store.deliveries(engine, message_id)
    assert delivery.next_attempt_at is not None
    return delivery.next_attempt_at.replace(tzinfo=delivery.next_attempt_at.tzinfo or utc_now().tzinfo)


def cli(engine: sa.Engine, monkeypatch, environment: dict[str, str], *argv: str) -> tuple[int, str]:
    """A command as an operator runs it, with these settings in the environment."""
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()
    try:
        args = parser().parse_args(argv)
        out = io.StringIO()
        return args.run(engine, args, out), out.getvalue()
    finally:
        get_settings.cache_clear()


@pytest.mark.parametrize("refusal", [401, 404, 410, 422, 500])
def test_every_refusal_is_failed_for_now_not_dead(engine, receiver, refusal):
    receiver.failures, receiver.refusal = 1000, refusal
    message_id = stored(engine)
    clock = utc_now()
    assert (
        asyncio.run(deliver(engine, message_id, hooked(receiver.url, webhook_attempts=2), now=clock)) is False
    )
    assert store.get(engine, message_id).status == MessageStatus.FAILED
    # A 5xx is tried again at once within the round; a 4xx waits for the next round.
    assert len(receiver.requests) == (2 if refusal >= 500 else 1)
    # (A 410's next round is whenever the paused channel resumes.)
    assert next_attempt(engine, message_id) - clock == timedelta(seconds=0 if refusal == 410 else 5)


def test_a_receiver_down_for_days_gets_the_lead_until_the_schedule_is_spent(engine, receiver):
    receiver.failures, receiver.refusal = 1000, 404
    message_id = stored(engine)
    settings = hooked(receiver.url)
    started = clock = utc_now()
    rounds = 0
    while rounds == 0 or store.get(engine, message_id).status == MessageStatus.FAILED:
        if rounds:
            clock = next_attempt(engine, message_id)
            # Not a moment before its time.
            assert asyncio.run(deliver_due(engine, settings, now=clock - timedelta(seconds=1))) == 0
        asyncio.run(deliver_due(engine, settings, now=clock))
        rounds += 1
    row = store.get(engine, message_id)
    assert row.status == MessageStatus.DEAD and rounds == len(settings.retry_schedule_s) + 1
    assert clock - started >= THREE_DAYS and len(receiver.requests) == rounds
    assert row.last_error == "webhook: HTTP 404 Not Found"
    # The receiver, fixed, gets it back from `retry --dead`.
    receiver.failures = 0
    assert store.retry_dead(engine) == [message_id]
    assert asyncio.run(deliver_due(engine, settings)) == 1


def test_a_receiver_that_says_retry_after_is_left_alone_that_long(engine, receiver):
    receiver.failures, receiver.refusal, receiver.retry_after = 1, 503, "3600"
    message_id = stored(engine)
    settings = hooked(receiver.url, webhook_attempts=3)
    clock = utc_now()
    assert asyncio.run(deliver(engine, message_id, settings, now=clock)) is False
    assert len(receiver.requests) == 1  # no second attempt in the round either
    assert next_attempt(engine, message_id) - clock == timedelta(hours=1)
    assert asyncio.run(deliver_due(engine, settings, now=clock + timedelta(minutes=59))) == 0
    assert asyncio.run(deliver_due(engine, settings, now=clock + timedelta(hours=1))) == 1
    # A wait of a year is capped at a day: the lead is not parked for good.
    receiver.failures, receiver.retry_after = len(receiver.requests) + 1, str(365 * 24 * 3600)
    later_id = stored(engine, subject="Another project")
    asyncio.run(deliver(engine, later_id, settings, now=clock))
    assert next_attempt(engine, later_id) - clock == timedelta(days=1)


def test_a_410_pauses_the_channel_until_an_operator_resumes_it(engine, receiver, monkeypatch, caplog):
    caplog.set_level(logging.WARNING, logger="agency_site.leads.delivery")
    receiver.failures, receiver.refusal = 1, 410
    first = stored(engine, subject="First enquiry")
    settings = hooked(receiver.url)
    assert asyncio.run(deliver(engine, first, settings)) is False
    # New leads wait, stored: the receiver hears nothing more, however long.
    second = stored(engine, subject="Second enquiry")
    assert asyncio.run(deliver(engine, second, settings)) is None
    assert asyncio.run(deliver_due(engine, settings, now=utc_now() + timedelta(days=30))) == 0
    assert len(receiver.requests) == 1
    assert {store.get(engine, first).status, store.get(engine, second).status} <= {"failed", "stored"}
    figures = metrics.exposition(metrics.read(engine)).decode()
    assert 'agency_lead_channel_paused{channel="webhook"} 1.0' in figures
    assert 'agency_lead_channel_paused{channel="email"} 0.0' in figures
    paused = [record for record in caplog.records if record.levelno == logging.ERROR]
    assert len(paused) == 1 and "Delivery channel webhook paused" in paused[0].getMessage()
    # The operator has a receiver again.
    status, said = cli(engine, monkeypatch, {"CONTACT_WEBHOOK_URL": receiver.url}, "resume")
    assert status == 0 and "resumed webhook" in said and "delivered 2 message(s)" in said
    assert [body["subject"] for body in receiver.accepted] == ["First enquiry", "Second enquiry"]
    assert (
        'agency_lead_channel_paused{channel="webhook"} 0.0'
        in metrics.exposition(metrics.read(engine)).decode()
    )
    assert len([record for record in caplog.records if record.levelno == logging.ERROR]) == 1


def test_retry_dead_since_brings_back_that_window_at_once(engine, receiver, monkeypatch):
    receiver.failures, receiver.refusal = 3, 401
    settings = hooked(receiver.url, retry_schedule_s=())
    ids = [stored(engine, subject=f"Enquiry number {n}") for n in range(3)]
    table = ContactMessage.__table__
    with engine.begin() as connection:
        connection.execute(
            sa.update(table).where(table.c.id == ids[0]).values(created_at=utc_now() - timedelta(days=10))
        )
    for message_id in ids:
        asyncio.run(deliver(engine, message_id, settings))
    assert [store.get(engine, message_id).status for message_id in ids] == ["dead"] * 3
    since = (utc_now() - timedelta(days=1)).date().isoformat()
    status, said = cli(
        engine, monkeypatch, {"CONTACT_WEBHOOK_URL": receiver.url}, "retry", "--dead", "--since", since
    )
    assert status == 0 and "2 dead message(s) queued again" in said and "delivered 2 message(s)" in said
    assert [store.get(engine, message_id).status for message_id in ids] == ["dead", "delivered", "delivered"]


def test_exactly_one_error_line_per_alarm_and_gauges_that_clear(engine, receiver, caplog):
    caplog.set_level(logging.ERROR, logger="agency_site.leads.delivery")
    receiver.failures, receiver.refusal = 1000, 500
    message_id = stored(engine)
    settings = hooked(receiver.url, webhook_attempts=1, retry_schedule_s=(60, 60))
    clock = utc_now()
    for _ in range(6):
        asyncio.run(deliver_due(engine, settings, now=clock))
        asyncio.run(alert(engine, now=clock))
        clock += timedelta(hours=1)
    errors = [record.getMessage() for record in caplog.records if record.levelno == logging.ERROR]
    assert [line.split(":")[0] for line in errors] == [
        f"Contact message {message_id} is still undelivered after 1",
        f"Contact message {message_id} is dead",
    ]
    assert all("\n" not in line for line in errors)
    figures = metrics.read(engine)
    assert figures.leads["dead"] == 1 and figures.oldest_undelivered_s == 0


def test_a_rotation_signs_with_both_secrets(engine, receiver):
    old, new = (("whsec_" + base64.b64encode(bytes([n]) * 32).decode()) for n in (1, 2))
    settings = settings_from_env(
        {"CONTACT_WEBHOOK_URL": receiver.url, "CONTACT_WEBHOOK_SECRET": f"{new} {old}"}
    )
    assert settings.leads.webhook_secrets == (new, old)
    message_id = stored(engine)
    assert asyncio.run(deliver(engine, message_id, replace(TEST_SETTINGS, **_webhook(settings.leads))))
    [(raw, headers)] = receiver.raw
    signatures = headers["webhook-signature"].split(" ")
    assert len(signatures) == 2 and all(signature.startswith("v1,") for signature in signatures)
    # A receiver still on the old secret and one already on the new both verify it.
    for secret in (old, new):
        assert Webhook(secret).verify(raw, headers)["id"] == store.get(engine, message_id).public_id


def _webhook(leads: LeadSettings) -> dict[str, object]:
    return {"webhook_url": leads.webhook_url, "webhook_secrets": leads.webhook_secrets}


def test_a_receivers_answer_never_brings_the_lead_into_a_log_or_an_error(
    engine, receiver, caplog, monkeypatch
):
    """A FastAPI 422 echoes the whole lead; a newline in it would forge a log line."""
    caplog.set_level(logging.DEBUG)
    receiver.failures, receiver.refusal, receiver.echo = 1, 422, True
    forged = "Hi\nERROR Contact message 99 is dead"
    message_id = stored(engine, name="Ada Secretname", message=f"Please call me. {forged}")
    asyncio.run(deliver(engine, message_id, hooked(receiver.url)))
    row = store.get(engine, message_id)
    assert row.last_error == "webhook: HTTP 422 Unprocessable Entity"
    [delivery] = store.deliveries(engine, message_id)
    assert delivery.last_error == "HTTP 422 Unprocessable Entity"
    # The failed round is logged at WARNING with the lead's id and the status, nothing more.
    [warning] = [record for record in caplog.records if record.levelno == logging.WARNING]
    assert warning.getMessage().startswith(
        f"Contact message {message_id} not delivered by webhook (HTTP 422 Unprocessable Entity); round 1"
    )
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert (
        "Secretname" not in logged and "Please call me" not in logged and "Contact message 99" not in logged
    )
    status, shown = cli(engine, monkeypatch, {}, "show", "--id", str(message_id))
    assert status == 0 and "last error: HTTP 422 Unprocessable Entity" in shown
