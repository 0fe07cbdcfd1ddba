"""Webhook delivery: signed JSON to a local
receiver, retried until it arrives or is dead, fenced by a lease, alerted once."""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import replace
from datetime import timedelta

from agency_site.leads import Inbox, MessageStatus, receive, store
from agency_site.leads.delivery import deliver, deliver_due, retry_forever
from agency_site.leads.model import utc_now
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import valid_form


def hooked(engine, url: str, **changes) -> Inbox:
    return Inbox.create(engine, replace(TEST_SETTINGS, webhook_url=url, **changes))


async def receive_and_wait(inbox: Inbox, receiver, form, timeout_s: float = 10):
    outcome = await receive(form, client="c", inbox=inbox)
    deadline = time.monotonic() + timeout_s
    while not receiver.arrived.is_set() and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    return outcome


def only_row(engine):
    [row] = store.messages(engine)
    return row


async def wait_for_status(engine, status, timeout_s: float = 10):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        row = await asyncio.to_thread(only_row, engine)
        if row.status == status:
            return row
        await asyncio.sleep(0.02)
    raise AssertionError(f"message still {row.status}, not {status}")


def test_a_stored_message_is_posted_as_json(engine, receiver):
    inbox = hooked(engine, receiver.url)

    async def scenario():
        outcome = await receive_and_wait(inbox, receiver, valid_form(language="de", page="/de/contact"))
        return outcome, await wait_for_status(engine, MessageStatus.DELIVERED)

    outcome, row = asyncio.run(scenario())
    assert receiver.accepted == [
        {
            "id": row.public_id,
            "created_at": row.created_at.isoformat(),
            "name": "Ada Lovelace",
            "email": "ada@example.com",
            "subject": "A new project",
            "message": "We would like an AI caller for our clinic.",
            "language": "de",
            "page": "/de/contact",
        }
    ]
    assert (row.delivery_attempts, row.last_error, row.next_attempt_at) == (1, None, None)


def test_retries_within_a_round_hide_a_brief_hiccup(engine, receiver):
    receiver.failures = 2
    inbox = hooked(engine, receiver.url, webhook_attempts=3)

    async def scenario():
        await receive_and_wait(inbox, receiver, valid_form())
        return await wait_for_status(engine, MessageStatus.DELIVERED)

    row = asyncio.run(scenario())
    assert (len(receiver.requests), len(receiver.accepted), row.delivery_attempts) == (3, 1, 3)


def test_a_receiver_that_fails_first_gets_the_message_later(engine, receiver):
    receiver.failures = 3
    inbox = hooked(engine, receiver.url, webhook_attempts=3, retry_schedule_s=(60,))

    async def scenario():
        outcome = await receive(valid_form(), client="c", inbox=inbox)
        failed = await wait_for_status(engine, MessageStatus.FAILED)
        # Not due yet: the background task leaves it alone until its retry time.
        assert await deliver_due(engine, inbox.settings) == 0
        later = utc_now() + timedelta(hours=1)
        assert await deliver_due(engine, inbox.settings, now=later) == 1
        return outcome, failed

    outcome, failed = asyncio.run(scenario())
    assert outcome.sent
    assert failed.delivery_attempts == 3 and "HTTP 503" in failed.last_error
    assert failed.next_attempt_at > utc_now() + timedelta(seconds=30)
    row = only_row(engine)
    assert (row.status, row.delivery_attempts, row.last_error) == (MessageStatus.DELIVERED, 4, None)
    assert [body["id"] for body in receiver.accepted] == [row.public_id]


def test_an_outage_of_the_receiver_loses_nothing_and_never_delays_the_visitor(engine, receiver):
    dead_url = "http://127.0.0.1:9/hook"
    inbox = hooked(engine, dead_url, webhook_attempts=2, webhook_backoff_s=1.0)

    async def scenario():
        started = time.monotonic()
        outcome = await receive(valid_form(), client="c", inbox=inbox)
        answered_in = time.monotonic() - started
        await wait_for_status(engine, MessageStatus.FAILED)
        return outcome, answered_in

    outcome, answered_in = asyncio.run(scenario())
    # Two attempts with a one-second pause happen after the visitor has the answer.
    assert outcome.sent and answered_in < 0.9
    row = only_row(engine)
    assert row.delivery_attempts == 2 and "ConnectError" in row.last_error
    # The receiver is back (at a new address): the background task delivers the backlog.
    recovered = replace(inbox.settings, webhook_url=receiver.url)
    assert asyncio.run(deliver_due(engine, recovered, now=utc_now() + timedelta(days=1))) == 1
    assert only_row(engine).status == MessageStatus.DELIVERED


def test_the_background_task_delivers_what_was_stored_without_a_webhook(engine, receiver):
    # Stored while no webhook was configured (or while the server was down): delivered later.
    asyncio.run(receive(valid_form(), client="c", inbox=Inbox.create(engine, TEST_SETTINGS)))
    settings = replace(TEST_SETTINGS, webhook_url=receiver.url, retry_interval_s=0.05)

    async def scenario():
        task = asyncio.create_task(retry_forever(engine, settings))
        try:
            return await wait_for_status(engine, MessageStatus.DELIVERED)
        finally:
            task.cancel()

    assert asyncio.run(scenario()).delivery_attempts == 1
    assert len(receiver.accepted) == 1


def test_two_workers_never_post_the_same_message_twice(engine, receiver):
    message_id = asyncio.run(
        receive(valid_form(), client="c", inbox=Inbox.create(engine, TEST_SETTINGS))
    ).message_id
    settings = replace(TEST_SETTINGS, webhook_url=receiver.url)

    async def race():
        return await asyncio.gather(*(deliver(engine, message_id, settings) for _ in range(5)))

    results = asyncio.run(race())
    assert sorted(results, key=str) == [None, None, None, None, True]
    assert len(receiver.requests) == 1


def test_spam_is_never_delivered(engine, receiver):
    inbox = hooked(engine, receiver.url)

    async def scenario():
        await receive(valid_form(form_trap="spam"), client="c", inbox=inbox)
        return await deliver_due(engine, inbox.settings, now=utc_now() + timedelta(days=1))

    assert asyncio.run(scenario()) == 0
    assert receiver.requests == [] and only_row(engine).status == MessageStatus.SPAM


def test_visitors_are_answered_while_deliveries_are_stuck(engine, receiver, monkeypatch):
    """Delivery stays behind the visitor's answer. Deliveries whose database work
    hangs (here: every claim waits) hold threads of their own, never the ones the visitors'
    saves run in; on the old code 6 stuck deliveries took every default worker thread, and
    the next visitors were told 'not sent' at the save deadline."""
    release = threading.Event()
    claim = store.claim

    def stuck_claim(*args, **kwargs):
        release.wait(timeout=60)
        return claim(*args, **kwargs)

    monkeypatch.setattr(store, "claim", stuck_claim)
    inbox = hooked(engine, receiver.url, save_deadline_s=5)

    async def burst():
        try:
            return [
                await receive(valid_form(subject=f"Burst {n}"), client="c", inbox=inbox) for n in range(20)
            ]
        finally:
            release.set()

    outcomes = asyncio.run(burst())
    assert [outcome.failure for outcome in outcomes] == [None] * 20
    assert all(outcome.sent for outcome in outcomes)
