"""The lead_delivery migration: messages under way before the upgrade carry on."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

import sqlalchemy as sa

from agency_site.leads import MessageStatus, store
from agency_site.leads.database import create_engine, migrate
from agency_site.leads.delivery import deliver_due
from agency_site.leads.model import DeliveryStatus, utc_now
from tests.unit.leads.conftest import TEST_SETTINGS

BEFORE = "7e3a9c2d4b18"  # contact_message with public_id, no lead_delivery yet


def test_failed_and_delivered_messages_keep_their_webhook_history(tmp_path, receiver):
    engine = create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    migrate(engine, BEFORE)
    with engine.begin() as connection:
        for n, (status, attempts, error) in enumerate(
            [("delivered", 1, None), ("failed", 6, "HTTP 503: down"), ("stored", 0, None)], start=1
        ):
            connection.execute(
                sa.text(
                    "insert into contact_message (public_id, created_at, name, email, subject, message,"
                    " language, page, status, delivery_attempts, last_error)"
                    " values (:public_id, :created_at, 'Ada', 'ada@example.com', :subject, 'Hello there',"
                    " 'en', '/contact', :status, :attempts, :error)"
                ),
                {
                    "public_id": f"00000000-0000-4000-8000-00000000000{n}",
                    "created_at": utc_now(),
                    "subject": status,
                    "status": status,
                    "attempts": attempts,
                    "error": error,
                },
            )
    migrate(engine)
    by_subject = {row.subject: row for row in store.messages(engine)}
    [delivered] = store.deliveries(engine, by_subject["delivered"].id)
    [failed] = store.deliveries(engine, by_subject["failed"].id)
    assert (delivered.channel, delivered.status) == ("webhook", DeliveryStatus.DELIVERED)
    # (The receiver's answer after the status is cut away: f1c3a7e9b2d5.)
    assert (failed.status, failed.attempts, failed.last_error) == (DeliveryStatus.FAILED, 6, "HTTP 503")
    assert store.deliveries(engine, by_subject["stored"].id) == []
    # The next round delivers the failed and the stored one, never the delivered one again.
    settings = replace(TEST_SETTINGS, webhook_url=receiver.url)
    assert asyncio.run(deliver_due(engine, settings, now=utc_now() + timedelta(days=1))) == 2
    assert sorted(receiver.subjects()) == ["failed", "stored"]
    assert {row.status for row in store.messages(engine)} == {MessageStatus.DELIVERED}
    engine.dispose()


def test_stored_errors_lose_the_answers_that_quoted_a_lead(tmp_path):
    """Before, a failed round stored the receiver's body: a FastAPI 422 quotes the lead."""
    engine = create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    migrate(engine, "e6a2b9d4c1f7")
    echoed = 'HTTP 422: {"detail":[{"input":{"name":"Ada Secretname","message":"call me"}}]}'
    mail = "SMTPDataError 550: 5.7.1 rejected: From Ada Secretname <ada@example.com>"
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "insert into contact_message (public_id, created_at, name, email, subject, message,"
                " language, page, status, delivery_attempts, last_error)"
                " values ('00000000-0000-4000-8000-000000000009', :now, 'Ada Secretname', 'ada@example.com',"
                " 'Hello', 'call me', 'en', '/contact', 'dead', 2, :error)"
            ),
            {"now": utc_now(), "error": f"webhook: {echoed}; email: {mail}"},
        )
        for channel, error in (("webhook", echoed), ("email", mail)):
            connection.execute(
                sa.text(
                    "insert into lead_delivery (message_id, channel, status, attempts, rounds, last_error)"
                    " values (1, :channel, 'dead', 1, 1, :error)"
                ),
                {"channel": channel, "error": error},
            )
    migrate(engine)
    [row] = store.messages(engine)
    assert row.last_error == "email: SMTPDataError 550; webhook: HTTP 422"
    assert [each.last_error for each in store.deliveries(engine, row.id)] == ["SMTPDataError 550", "HTTP 422"]
    engine.dispose()
