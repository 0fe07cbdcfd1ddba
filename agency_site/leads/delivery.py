"""Delivery of stored messages through each configured channel (the webhook, the team's
inbox), retried until it arrives or is given up as dead.

The visitor's request only schedules a delivery (`schedule`); the sending, its retries and
the background sweep of due deliveries (`retry_forever`) never make a visitor wait. Each
channel keeps its own status per message (`lead_delivery`): at least once, each round
fenced by a lease (leads/store.py).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from datetime import datetime, timedelta

import httpx
import sqlalchemy as sa

from agency_site.leads import background, store
from agency_site.leads.channels import DeliveryChannel, Result, channels_of
from agency_site.leads.model import MessageStatus, utc_now
from agency_site.settings import LeadSettings

logger = logging.getLogger(__name__)

# A failed delivery waits one retry interval before the next round, doubling each round up
# to this cap, so a receiver that is down for a day is not hammered.
RETRY_CAP = timedelta(hours=6)
# A lead still undelivered this long after it arrived is logged at ERROR (once).
OVERDUE = timedelta(hours=1)

# Deliveries started from requests; kept here so they are not garbage-collected mid-flight.
_in_flight: set[asyncio.Task] = set()
# At most this many of them deliver at once; the others wait their turn (a burst of
# messages must not become a burst of connections, threads and writes).
CONCURRENT_DELIVERIES = 8
# Per event loop: the turns, and one HTTP client whose connections the deliveries share.
_turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()
_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, httpx.AsyncClient] = (
    weakref.WeakKeyDictionary()
)


def retry_delay(rounds: int, settings: LeadSettings) -> timedelta:
    """How long a delivery waits after its `rounds`-th failed round."""
    return min(timedelta(seconds=settings.retry_interval_s) * 2 ** min(max(rounds - 1, 0), 16), RETRY_CAP)


async def deliver_on(
    engine: sa.Engine,
    channel: DeliveryChannel,
    message_id: int,
    settings: LeadSettings,
    now: datetime | None = None,
) -> bool | None:
    """One round of one channel for one message: True delivered, False not (yet), None not
    ours (delivered, dead, not due, or another worker holds it)."""
    lease = await background.run(store.claim, engine, message_id, channel.name, channel.lease(), now)
    if lease is None:
        return None
    message = await background.run(store.get, engine, message_id)
    if message is None:  # erased meanwhile
        return None
    result = await channel.send(message)
    rounds = lease.rounds + 1
    dead = result.error is not None and (result.permanent or rounds >= settings.max_rounds)
    retry_at = utc_now() + retry_delay(rounds, settings) if result.error and not dead else None
    status = await background.run(
        store.record_delivery,
        engine,
        lease,
        attempts=result.attempts,
        error=result.error,
        dead=dead,
        retry_at=retry_at,
        channels=settings.channels,
    )
    _log(message_id, channel.name, result, dead, retry_at, recorded=status is not None)
    if dead and status is not None:
        await alert(engine)
    return result.error is None


def _log(
    message_id: int, channel: str, result: Result, dead: bool, retry_at: datetime | None, recorded: bool
) -> None:
    if not recorded:
        # Our lease ran out and another worker took the message: its result counts, not ours.
        logger.warning("Contact message %s (%s): lease lost; result not recorded", message_id, channel)
    elif dead:
        logger.warning(
            "Contact message %s not delivered by %s and given up: %s", message_id, channel, result.error
        )
    elif result.error:
        logger.warning(
            "Contact message %s not delivered by %s (%s); retrying at %s",
            message_id,
            channel,
            result.error,
            retry_at,
        )


async def deliver(
    engine: sa.Engine,
    message_id: int,
    settings: LeadSettings,
    client: httpx.AsyncClient | None = None,
    now: datetime | None = None,
) -> bool | None:
    """One round of every configured channel for one message: True if each channel that
    took it delivered it, False if one failed, None if none took it."""
    outcomes = []
    async with _client(client) as shared:
        for channel in channels_of(settings, shared):
            outcomes.append(await deliver_on(engine, channel, message_id, settings, now))
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
    turns = _turns.setdefault(loop, asyncio.Semaphore(CONCURRENT_DELIVERIES))
    client = _clients.get(loop)
    if client is None:
        # Made once: each new client builds a TLS context, milliseconds of CPU in the loop.
        client = _clients[loop] = httpx.AsyncClient()
    try:
        async with turns:
            await deliver(engine, message_id, settings, client)
    except Exception:
        # The row is stored; the background task will try again. Never lose it silently.
        logger.exception("Delivery of contact message %s failed; it stays queued", message_id)


async def deliver_due(engine: sa.Engine, settings: LeadSettings, now: datetime | None = None) -> int:
    """Run a round for every delivery whose (re)try time has come; returns how many
    deliveries arrived."""
    delivered = 0
    async with httpx.AsyncClient() as client:
        for channel in channels_of(settings, client):
            for message_id in await background.run(store.due_for_delivery, engine, channel.name, now):
                if await deliver_on(engine, channel, message_id, settings, now):
                    delivered += 1
    return delivered


async def alert(engine: sa.Engine, now: datetime | None = None) -> int:
    """Log at ERROR each lead that is dead or overdue and was not reported yet; returns how many."""
    told = await background.run(store.to_alert, engine, OVERDUE, now)
    for message in told:
        if message.status == MessageStatus.DEAD:
            logger.error(
                "Contact message %s is dead (%s); see `leads list --status dead`, then `leads retry --id %s`",
                message.id,
                message.last_error,
                message.id,
            )
        else:
            logger.error(
                "Contact message %s is still undelivered after %s (status %s: %s)",
                message.id,
                OVERDUE,
                message.status,
                message.last_error or "not tried yet",
            )
    return len(told)


async def retry_forever(engine: sa.Engine, settings: LeadSettings) -> None:
    """Background task: every `retry_interval_s`, deliver what is due and report leads that
    are dead or overdue. Runs until cancelled."""
    while True:
        try:
            await deliver_due(engine, settings)
            await alert(engine)
        except Exception:
            # A database or network outage must not end the task; the next round retries.
            logger.exception("Retrying contact message deliveries failed; trying again later")
        await asyncio.sleep(settings.retry_interval_s)
