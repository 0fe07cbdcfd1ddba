"""Email notification: each lead reaches the team's inbox, read back from
a real SMTP server on loopback, as a second channel with its own retries and dead letters."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta

import pytest

from agency_site.leads import Inbox, MessageStatus, receive, store
from agency_site.leads.delivery import deliver, deliver_due
from agency_site.leads.email_channel import SmtpServer, notification
from agency_site.leads.model import DeliveryStatus, utc_now
from tests.support.smtp_server import SmtpServer as LoopbackSmtp
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import a_row, valid_form

TEAM = "team@agency.example"


@pytest.fixture
def smtp() -> Iterator[LoopbackSmtp]:
    server = LoopbackSmtp()
    yield server
    server.stop()


def mailing(smtp: LoopbackSmtp, **changes):
    return replace(TEST_SETTINGS, notify_email=TEAM, smtp_url=smtp.url, **changes)


def stored(engine, **form) -> int:
    inbox = Inbox.create(engine, TEST_SETTINGS)
    return asyncio.run(receive(valid_form(**form), client="c", inbox=inbox)).message_id


async def wait_for(condition, timeout_s: float = 10):
    for _ in range(int(timeout_s / 0.02)):
        if result := await asyncio.to_thread(condition):
            return result
        await asyncio.sleep(0.02)
    raise AssertionError("condition not met")


def test_a_lead_arrives_in_the_teams_inbox_as_plain_text(engine, smtp):
    inbox = Inbox.create(engine, mailing(smtp))

    async def scenario():
        outcome = await receive(valid_form(language="de", page="/de/contact"), client="c", inbox=inbox)
        await wait_for(lambda: store.get(engine, outcome.message_id).status == MessageStatus.DELIVERED)
        return outcome

    outcome = asyncio.run(scenario())
    row = store.get(engine, outcome.message_id)
    [(sender, recipients, email)] = smtp.received
    assert (sender, recipients) == (TEAM, [TEAM])
    assert email["Subject"] == "[Website lead] A new project"
    assert (email["To"], email["Reply-To"]) == (TEAM, "ada@example.com")
    assert email.get_content_type() == "text/plain"
    assert row.public_id in email["Message-ID"]
    text = email.get_content()
    for expected in (
        "Ada Lovelace <ada@example.com>",
        "We would like an AI caller for our clinic.",
        "/de/contact",
    ):
        assert expected in text
    [delivery] = store.deliveries(engine, row.id)
    assert (delivery.channel, delivery.status, delivery.attempts) == ("email", DeliveryStatus.DELIVERED, 1)


def test_each_channel_keeps_its_own_status(engine, smtp, receiver):
    receiver.down.set()
    message_id = stored(engine)
    settings = mailing(smtp, webhook_url=receiver.url, webhook_attempts=1)
    assert asyncio.run(deliver(engine, message_id, settings)) is False
    by_channel = {delivery.channel: delivery for delivery in store.deliveries(engine, message_id)}
    assert by_channel["email"].status == DeliveryStatus.DELIVERED
    assert by_channel["webhook"].status == DeliveryStatus.FAILED
    row = store.get(engine, message_id)
    assert row.status == MessageStatus.FAILED and row.last_error.startswith("webhook: HTTP 503")
    # The webhook is back: the next round posts it; the team is not mailed twice.
    receiver.down.clear()
    assert asyncio.run(deliver_due(engine, settings, now=utc_now() + timedelta(hours=1))) == 1
    assert store.get(engine, message_id).status == MessageStatus.DELIVERED
    assert len(smtp.received) == 1 and len(receiver.accepted) == 1


def test_a_mail_server_that_says_later_is_tried_again(engine, smtp):
    smtp.refusal = "451 4.3.0 Try again later"
    message_id = stored(engine)
    settings = mailing(smtp, webhook_attempts=2)
    assert asyncio.run(deliver(engine, message_id, settings)) is False
    row = store.get(engine, message_id)
    assert row.status == MessageStatus.FAILED and "451" in row.last_error
    assert smtp.attempts == 2
    smtp.refusal = None
    assert asyncio.run(deliver_due(engine, settings, now=utc_now() + timedelta(hours=1))) == 1
    assert store.get(engine, message_id).status == MessageStatus.DELIVERED
    assert [email["Subject"] for email in smtp.messages()] == ["[Website lead] A new project"]


def test_a_mailbox_that_does_not_exist_is_retried_on_the_schedule(engine, smtp):
    smtp.refusal = "550 5.1.1 No such user"
    message_id = stored(engine)
    settings = mailing(smtp)
    assert asyncio.run(deliver(engine, message_id, settings)) is False
    row = store.get(engine, message_id)
    # Not again at once (a 5xx answer), but in the next round: a mailbox may be set up later.
    assert row.status == MessageStatus.FAILED and "550" in row.last_error
    assert smtp.attempts == 1
    smtp.refusal = None
    assert asyncio.run(deliver_due(engine, settings, now=utc_now() + timedelta(minutes=1))) == 1
    assert store.get(engine, message_id).status == MessageStatus.DELIVERED


def test_an_unreachable_mail_server_is_a_failure_to_retry(engine, smtp):
    message_id = stored(engine)
    settings = replace(mailing(smtp), smtp_url="smtp://127.0.0.1:9", webhook_attempts=1)
    assert asyncio.run(deliver(engine, message_id, settings)) is False
    assert store.get(engine, message_id).status == MessageStatus.FAILED


def test_smtp_url_forms():
    assert SmtpServer.from_url("smtps://leads%40example.com:p%3Ass@mail.example.com") == SmtpServer(
        "mail.example.com", 465, True, False, "leads@example.com", "p:ss"
    )
    assert SmtpServer.from_url("smtp://u:p@mail.example.com:587?starttls=true") == SmtpServer(
        "mail.example.com", 587, False, True, "u", "p"
    )
    assert SmtpServer.from_url("smtp://127.0.0.1") == SmtpServer("127.0.0.1", 25, False, False, None, None)


def test_the_visitors_subject_cannot_add_headers():
    message = a_row(name="Mallory", subject="Hello\r\nBcc: everyone@example.com")
    email = notification(message, TEAM, TEAM)
    assert email["Subject"] == "[Website lead] Hello Bcc: everyone@example.com"
    assert email["Bcc"] is None
