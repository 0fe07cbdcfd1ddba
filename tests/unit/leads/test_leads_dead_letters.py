"""Signed webhooks, dead letters, the lease fence and alerts."""

from __future__ import annotations

import asyncio
import base64
import io
import logging
from dataclasses import replace
from datetime import timedelta

import pytest
import sqlalchemy as sa
from standardwebhooks import Webhook

from agency_site.leads import Inbox, MessageStatus, receive, store
from agency_site.leads.channels import WebhookChannel
from agency_site.leads.cli import parser
from agency_site.leads.delivery import alert, deliver, deliver_due
from agency_site.leads.model import ContactMessage, DeliveryStatus, utc_now
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import valid_form

SECRET = "whsec_" + base64.b64encode(b"0123456789abcdef0123456789abcdef").decode()


def stored(engine, **form) -> int:
    inbox = Inbox.create(engine, TEST_SETTINGS)
    return asyncio.run(receive(valid_form(**form), client="c", inbox=inbox)).message_id


def hooked(url: str, **changes):
    return replace(TEST_SETTINGS, webhook_url=url, **changes)


def cli(engine, *argv: str) -> tuple[int, str]:
    args = parser().parse_args(argv)
    out = io.StringIO()
    return args.run(engine, args, out), out.getvalue()


def test_each_post_is_signed_the_standard_webhooks_way(engine, receiver):
    message_id = stored(engine)
    assert asyncio.run(deliver(engine, message_id, hooked(receiver.url, webhook_secrets=(SECRET,))))
    [(raw, headers)] = receiver.raw
    row = store.get(engine, message_id)
    # The receiver's side, with the Standard Webhooks library: signature and timestamp hold.
    body = Webhook(SECRET).verify(raw, headers)
    assert body["id"] == row.public_id == headers["webhook-id"] == headers["Idempotency-Key"]
    assert headers["webhook-signature"].startswith("v1,")
    # Anyone without the secret cannot make a signature the receiver accepts.
    forged = raw.replace(b"Ada Lovelace", b"Mallory")
    with pytest.raises(Exception, match="signature"):
        Webhook(SECRET).verify(forged, headers)
    other = "whsec_" + base64.b64encode(b"another secret of 32 bytes!!!!!!").decode()
    with pytest.raises(Exception, match="signature"):
        Webhook(other).verify(raw, headers)


@pytest.mark.parametrize("refusal", [408, 429, 500, 503])
def test_a_passing_refusal_is_retried_later(engine, receiver, refusal):
    receiver.failures, receiver.refusal = 10, refusal
    message_id = stored(engine)
    assert asyncio.run(deliver(engine, message_id, hooked(receiver.url, webhook_attempts=2))) is False
    assert store.get(engine, message_id).status == MessageStatus.FAILED
    assert len(receiver.requests) == 2


def test_a_message_is_dead_after_the_last_round(engine, receiver):
    receiver.failures = 100
    message_id = stored(engine)
    settings = hooked(receiver.url, webhook_attempts=1, retry_schedule_s=(60, 60))
    later = utc_now()
    statuses = []
    for _ in range(4):
        later += timedelta(days=1)
        asyncio.run(deliver_due(engine, settings, now=later))
        statuses.append(store.get(engine, message_id).status)
    assert statuses == ["failed", "failed", "dead", "dead"]
    assert len(receiver.requests) == 3


def test_an_operator_brings_a_dead_message_back(engine, receiver):
    receiver.failures, receiver.refusal = 1, 401
    message_id = stored(engine)
    asyncio.run(deliver(engine, message_id, hooked(receiver.url, retry_schedule_s=())))
    assert store.get(engine, message_id).status == MessageStatus.DEAD
    settings = hooked(receiver.url)
    # The receiver was fixed; `leads retry --id N` takes it back and delivers it now.
    assert store.retry_message(engine, message_id)
    assert asyncio.run(deliver(engine, message_id, settings)) is True
    row = store.get(engine, message_id)
    assert (row.status, row.last_error) == (MessageStatus.DELIVERED, None)
    assert [body["id"] for body in receiver.accepted] == [row.public_id]
    # Delivered and spam messages are not 'retried'.
    assert not store.retry_message(engine, message_id)
    assert not store.retry_message(engine, stored(engine, form_trap="bot"))


def test_retry_by_id_on_the_command_line(engine, receiver, monkeypatch):
    receiver.failures, receiver.refusal = 1, 401
    message_id = stored(engine)
    asyncio.run(deliver(engine, message_id, hooked(receiver.url)))
    monkeypatch.setenv("CONTACT_WEBHOOK_URL", receiver.url)
    from agency_site.settings import get_settings

    get_settings.cache_clear()
    try:
        status, said = cli(engine, "retry", "--id", str(message_id))
    finally:
        get_settings.cache_clear()
    assert status == 0 and f"message {message_id}: delivered" in said
    assert store.get(engine, message_id).status == MessageStatus.DELIVERED
    assert cli(engine, "retry", "--id", str(message_id))[0] == 1


def test_a_round_whose_lease_was_taken_over_records_nothing(engine):
    """Worker A's lease ran out mid-round; B took the message and delivered it. A's late
    failure must not turn the delivered row back to failed."""
    message_id = stored(engine)
    channels = ("webhook",)
    long_ago = utc_now() - timedelta(hours=1)
    lease_a = store.claim(engine, message_id, "webhook", timedelta(minutes=2), now=long_ago)
    assert store.claim(engine, message_id, "webhook", timedelta(minutes=2), now=long_ago) is None  # held
    lease_b = store.claim(engine, message_id, "webhook", timedelta(minutes=2))  # A's lease expired
    assert lease_a and lease_b and lease_a.token != lease_b.token
    assert (
        store.record_delivery(
            engine, lease_b, attempts=1, error=None, dead=False, retry_at=None, channels=channels
        )
        == "delivered"
    )
    late = store.record_delivery(
        engine,
        lease_a,
        attempts=3,
        error="HTTP 503: late",
        dead=False,
        retry_at=utc_now() + timedelta(minutes=1),
        channels=channels,
    )
    assert late is None
    row = store.get(engine, message_id)
    assert (row.status, row.last_error, row.delivery_attempts) == (MessageStatus.DELIVERED, None, 1)
    [delivery] = store.deliveries(engine, message_id)
    assert (delivery.status, delivery.attempts) == (DeliveryStatus.DELIVERED, 1)


def test_the_lease_outlasts_a_whole_round():
    settings = hooked(
        "https://hooks.example.com/x", webhook_attempts=5, webhook_timeout_s=30, webhook_backoff_s=10
    )
    # 5 attempts of up to 30 s, and 10 + 20 + 40 + 80 s between them: 300 s.
    assert WebhookChannel(settings, client=None).lease() > timedelta(seconds=300)


def test_a_dead_or_overdue_lead_is_logged_at_error_once(engine, receiver, caplog):
    receiver.failures, receiver.refusal = 10, 401
    dead_id = stored(engine, subject="Refused")
    overdue_id = stored(engine, subject="Waiting")
    table = ContactMessage.__table__
    with engine.begin() as connection:
        connection.execute(
            sa.update(table).where(table.c.id == overdue_id).values(created_at=utc_now() - timedelta(hours=2))
        )
    caplog.set_level(logging.ERROR, logger="agency_site.leads.delivery")
    asyncio.run(deliver(engine, dead_id, hooked(receiver.url, retry_schedule_s=())))
    asyncio.run(alert(engine))
    for _ in range(3):  # later rounds do not repeat it
        asyncio.run(alert(engine))
    errors = [record.getMessage() for record in caplog.records if record.levelno == logging.ERROR]
    assert len(errors) == 2
    assert f"Contact message {dead_id} is dead" in errors[0]
    assert f"Contact message {overdue_id} is still undelivered" in errors[1]
