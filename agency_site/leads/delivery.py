"""Webhook delivery of stored messages: posted as JSON, retried until the receiver has them.

The visitor's request only schedules a delivery (`schedule`); the posting, its retries and
the background sweep of failed deliveries (`retry_forever`) never make a visitor wait.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

import httpx
import sqlalchemy as sa

from agency_site.leads import store
from agency_site.leads.model import ContactMessage, as_utc, utc_now
from agency_site.settings import LeadSettings

logger = logging.getLogger(__name__)

# A failed message waits one retry interval before the next round, doubling each round up
# to this cap, so a receiver that is down for a day is not hammered.
RETRY_CAP = timedelta(hours=6)

# Deliveries started from requests; kept here so they are not garbage-collected mid-flight.
_in_flight: set[asyncio.Task] = set()


def payload(message: ContactMessage) -> dict[str, object]:
    """The JSON the receiver gets; `id` lets it ignore a message it already has."""
    created_at = as_utc(message.created_at)
    return {
        "id": message.id,
        "created_at": created_at.isoformat() if created_at else None,
        "name": message.name,
        "email": message.email,
        "subject": message.subject,
        "message": message.message,
        "language": message.language,
        "page": message.page,
    }


def retry_delay(total_attempts: int, settings: LeadSettings) -> timedelta:
    """How long a message that has failed `total_attempts` HTTP attempts waits."""
    rounds = max(total_attempts // max(settings.webhook_attempts, 1) - 1, 0)
    return min(timedelta(seconds=settings.retry_interval_s) * 2 ** min(rounds, 16), RETRY_CAP)


async def post_with_retries(
    client: httpx.AsyncClient, url: str, body: dict[str, object], settings: LeadSettings
) -> tuple[int, str | None]:
    """POST `body` up to `webhook_attempts` times with exponential backoff.

    Returns (attempts made, last error or None when the receiver accepted it with 2xx).
    """
    error: str | None = None
    for attempt in range(1, settings.webhook_attempts + 1):
        try:
            response = await client.post(url, json=body, timeout=settings.webhook_timeout_s)
            if response.is_success:
                return attempt, None
            error = f"HTTP {response.status_code}: {response.text[:200]}"
        except httpx.HTTPError as exc:
            error = f"{type(exc).__name__}: {exc}"
        if attempt < settings.webhook_attempts:
            await asyncio.sleep(settings.webhook_backoff_s * 2 ** (attempt - 1))
    return settings.webhook_attempts, error


async def deliver(
    engine: sa.Engine,
    message_id: int,
    settings: LeadSettings,
    client: httpx.AsyncClient | None = None,
    now: datetime | None = None,
) -> bool | None:
    """One delivery round for one message: True delivered, False failed, None not ours."""
    if not settings.webhook_url:
        return None
    if not await asyncio.to_thread(store.claim, engine, message_id, now):
        return None
    message = await asyncio.to_thread(store.get, engine, message_id)
    if message is None:  # erased meanwhile
        return None
    if client is None:
        async with httpx.AsyncClient() as own_client:
            attempts, error = await post_with_retries(
                own_client, settings.webhook_url, payload(message), settings
            )
    else:
        attempts, error = await post_with_retries(client, settings.webhook_url, payload(message), settings)
    retry_at = None
    if error:
        retry_at = utc_now() + retry_delay(message.delivery_attempts + attempts, settings)
        logger.warning("Contact message %s not delivered (%s); retrying at %s", message_id, error, retry_at)
    await asyncio.to_thread(
        store.record_delivery, engine, message_id, attempts=attempts, error=error, retry_at=retry_at
    )
    return error is None


def schedule(engine: sa.Engine, message_id: int, settings: LeadSettings) -> None:
    """Start delivering a just-stored message in the background; returns at once."""
    if not settings.webhook_url:
        return
    task = asyncio.get_running_loop().create_task(_deliver_logged(engine, message_id, settings))
    _in_flight.add(task)
    task.add_done_callback(_in_flight.discard)


async def _deliver_logged(engine: sa.Engine, message_id: int, settings: LeadSettings) -> None:
    try:
        await deliver(engine, message_id, settings)
    except Exception:
        # The row is stored; the background task will try again. Never lose it silently.
        logger.exception("Delivery of contact message %s failed; it stays queued", message_id)


async def deliver_due(engine: sa.Engine, settings: LeadSettings, now: datetime | None = None) -> int:
    """Deliver every message whose (re)try time has come; returns how many arrived."""
    if not settings.webhook_url:
        return 0
    delivered = 0
    async with httpx.AsyncClient() as client:
        for message_id in await asyncio.to_thread(store.due_for_delivery, engine, now):
            if await deliver(engine, message_id, settings, client, now):
                delivered += 1
    return delivered


async def retry_forever(engine: sa.Engine, settings: LeadSettings) -> None:
    """Background task: every `retry_interval_s`, deliver what is due. Runs until cancelled."""
    while True:
        try:
            await deliver_due(engine, settings)
        except Exception:
            # A database or network outage must not end the task; the next round retries.
            logger.exception("Retrying contact message deliveries failed; trying again later")
        await asyncio.sleep(settings.retry_interval_s)
