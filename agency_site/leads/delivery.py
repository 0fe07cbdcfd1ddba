"""Delivery of stored messages through each configured channel (the webhook, the team's
inbox), retried until it arrives or its schedule is spent.

The visitor's request only schedules a delivery (`schedule`); the sending, its retries and
the background sweep of due deliveries (`retry_forever`) never make a visitor wait. Each
channel keeps its own status per message (`lead_delivery`) and runs on its own: at least
once, each round fenced by a lease (leads/store.py). Every failure is retried on the
schedule of `LeadSettings.retry_schedule_s` (as Standard Webhooks and Svix retry), later
if the receiver asks (`Retry-After`); a 410 pauses the channel (leads/pauses.py).

What the operators are told: a WARNING for each failed round (the lead's id, the channel,
the status), and exactly one ERROR each when a lead dies, when a channel pauses and when a
lead is still undelivered an hour after it arrived.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from datetime import datetime, timedelta

import httpx
import sqlalchemy as sa

from agency_site.leads import background, pauses, store
from agency_site.leads.channels import channels_of
from agency_site.leads.model import MessageStatus, utc_now
from agency_site.leads.printable import printable
from agency_site.leads.rounds import DeliveryChannel, Result
from agency_site.settings import LeadSettings

logger = logging.getLogger(__name__)

# A receiver's Retry-After is honoured up to this wait.
RETRY_AFTER_CAP = timedelta(hours=24)
# A lead still undelivered this long after it arrived is logged at ERROR (once).
OVERDUE = timedelta(hours=1)

# Deliveries started from requests; kept here so they are not garbage-collected mid-flight.
_in_flight: set[asyncio.Task] = set()
# At most this many of them deliver at once per channel; the others wait their turn (a burst
# of messages must not become a burst of connections, threads and writes). Per channel: a
# mail server that hangs holds no turn of the webhook's.
CONCURRENT_DELIVERIES = 8
# Per event loop: the turns of each channel, and one HTTP client whose connections the
# deliveries share.
_turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, asyncio.Semaphore]] = (
    weakref.WeakKeyDictionary()
)
_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, httpx.AsyncClient] = (
    weakref.WeakKeyDictionary()
)


def retry_delay(rounds: int, settings: LeadSettings, asked: timedelta | None = None) -> timedelta | None:
    """How long a delivery waits after its `rounds`-th failed round (at least what the
    receiver `asked`, up to a day); None once the schedule is spent (the delivery is dead)."""
    schedule = settings.retry_schedule_s
    if rounds > len(schedule):
        return None
    wait = timedelta(seconds=schedule[rounds - 1])
    return max(wait, min(asked, RETRY_AFTER_CAP)) if asked else wait


async def deliver_on(
    engine: sa.Engine,
    channel: DeliveryChannel,
    message_id: int,
    settings: LeadSettings,
    now: datetime | None = None,
) -> bool | None:
    """One round of one channel for one message: True delivered, False not (yet), None not
    ours (delivered, dead, not due, the channel paused, or another worker holds it)."""
    lease = await background.run(store.claim, engine, message_id, channel.name, channel.lease(), now)
    if lease is None:
        return None
    message = await background.run(store.get, engine, message_id)
    if message is None:  # erased meanwhile
        return None
    result = await channel.send(message)
    rounds = lease.rounds + 1
    moment = now or utc_now()
    wait = retry_delay(rounds, settings, result.retry_after) if result.error else None
    if result.gone:
        # Due again the moment an operator resumes the channel.
        wait = timedelta(0)
    dead = result.error is not None and wait is None
    status = await background.run(
        store.record_delivery,
        engine,
        lease,
        attempts=result.attempts,
        error=result.error,
        dead=dead,
        retry_at=moment + wait if wait is not None else None,
        channels=settings.channels,
    )
    _log(message_id, channel.name, result, rounds, wait, recorded=status is not None)
    if result.gone and status is not None:
        await _pause(engine, channel.name, result, message_id)
    if dead and status is not None:
        await alert(engine)
    return result.error is None


def _log(
    message_id: int, channel: str, result: Result, rounds: int, wait: timedelta | None, recorded: bool
) -> None:
    if not recorded:
        # Our lease ran out and another worker took the message: its result counts, not ours.
        logger.warning("Contact message %s (%s): lease lost; result not recorded", message_id, channel)
    elif result.error and wait is None:
        logger.warning(
            "Contact message %s not delivered by %s (%s); round %s was the last",
            message_id,
            channel,
            result.error,
            rounds,
        )
    elif result.error:
        logger.warning(
            "Contact message %s not delivered by %s (%s); round %s, next in %s",
            message_id,
            channel,
            result.error,
            rounds,
            wait,
        )


async def _pause(engine: sa.Engine, channel: str, result: Result, message_id: int) -> None:
    if await background.run(pauses.pause, engine, channel, result.error or "gone"):
        logger.error(
            "Delivery channel %s paused: the receiver answered %s to contact message %s; new leads"
            " wait, stored. Once it takes leads again: `leads resume --channel %s`",
            channel,
            result.error,
            message_id,
            channel,
        )


async def deliver(
    engine: sa.Engine,
    message_id: int,
    settings: LeadSettings,
    client: httpx.AsyncClient | None = None,
    now: datetime | None = None,
) -> bool | None:
    """One round of every configured channel for one message, the channels side by side:
    True if each channel that took it delivered it, False if one failed, None if none took it."""
    async with _client(client) as shared:
        outcomes = await asyncio.gather(
            *(
                deliver_on(engine, channel, message_id, settings, now)
                for channel in channels_of(settings, shared)
            )
        )
    taken = [outcome for outcome in outcomes if outcome is not None]
    return all(taken) if taken else None


class _client:
    """The given HTTP client, or one of our own for the duration."""

    def __init__(self, client: httpx.AsyncClient | None):
        self.given = client
        self.own: httpx.AsyncClient | None = None

    async def __aenter__(self) -> httpx.AsyncClient:
        if self.given is not None:
            return self.given
        self.own = httpx.AsyncClient()
        return self.own

    async def __aexit__(self, *exc) -> None:
        if self.own is not None:
            await self.own.aclose()


def schedule(engine: sa.Engine, message_id: int, settings: LeadSettings) -> None:
    """Start delivering a just-stored message in the background; returns at once."""
    if not settings.channels:
        return
    task = asyncio.get_running_loop().create_task(_deliver_logged(engine, message_id, settings))
    _in_flight.add(task)
    task.add_done_callback(_in_flight.discard)


async def _deliver_logged(engine: sa.Engine, message_id: int, settings: LeadSettings) -> None:
    loop = asyncio.get_running_loop()
    turns = _turns.setdefault(loop, {})
    client = _clients.get(loop)
    if client is None:
        # Made once: each new client builds a TLS context, milliseconds of CPU in the loop.
        client = _clients[loop] = httpx.AsyncClient()

    async def one(channel: DeliveryChannel) -> None:
        try:
            async with turns.setdefault(channel.name, asyncio.Semaphore(CONCURRENT_DELIVERIES)):
                await deliver_on(engine, channel, message_id, settings)
        except Exception:
            # The row is stored; the background task will try again. Never lose it silently.
            logger.exception(
                "Delivery of contact message %s by %s failed; it stays queued", message_id, channel.name
            )

    await asyncio.gather(*(one(channel) for channel in channels_of(settings, client)))


async def deliver_due(engine: sa.Engine, settings: LeadSettings, now: datetime | None = None) -> int:
    """Run a round for every delivery whose (re)try time has come, each channel on its
    own; returns how many deliveries arrived."""

    async def sweep(channel: DeliveryChannel) -> int:
        delivered = 0
        for message_id in await background.run(store.due_for_delivery, engine, channel.name, now):
            if await deliver_on(engine, channel, message_id, settings, now):
                delivered += 1
        return delivered

    async with httpx.AsyncClient() as client:
        return sum(await asyncio.gather(*(sweep(channel) for channel in channels_of(settings, client))))


async def alert(engine: sa.Engine, now: datetime | None = None) -> int:
    """Log at ERROR each lead that died, or is overdue, and was not reported yet; returns how many."""
    told = await background.run(store.to_alert, engine, OVERDUE, now)
    for message in told:
        if message.status == MessageStatus.DEAD:
            logger.error(
                "Contact message %s is dead: its retry schedule is spent (%s); see `leads show --id %s`,"
                " then `leads retry --id %s` or `leads retry --dead`",
                message.id,
                printable(message.last_error or ""),
                message.id,
                message.id,
            )
        else:
            logger.error(
                "Contact message %s is still undelivered after %s (status %s: %s)",
                message.id,
                OVERDUE,
                message.status,
                printable(message.last_error or "not tried yet"),
            )
    return len(told)


async def retry_forever(engine: sa.Engine, settings: LeadSettings) -> None:
    """Background task: every `retry_interval_s`, deliver what is due and report leads that
    died or are overdue. Runs until cancelled."""
    while True:
        try:
            await deliver_due(engine, settings)
            await alert(engine)
        except Exception:
            # A database or network outage must not end the task; the next round retries.
            logger.exception("Retrying contact message deliveries failed; trying again later")
        await asyncio.sleep(settings.retry_interval_s)
