"""One round of one channel: what it made of it (`Result`), and the attempts within it.

A channel makes one round of attempts for one message and says how it went: delivered, or
failed with the receiver's status, a `Retry-After` it asked for, or `gone` (HTTP 410: the
receiver wants no more leads, the channel pauses). Every failure is retried on
delivery.py's schedule; rounds, leases, pauses and statuses are delivery.py's.

An error is recorded and logged as what happened (a status and its standard reason, an
exception's type, a mail server's code): never a receiver's response body, which may echo
the lead back (a 422 quoting the fields), and never with a line break of its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Protocol

from agency_site.leads.model import ContactMessage
from agency_site.leads.printable import printable
from agency_site.settings import LeadSettings

# Added to a round's longest duration for the lease: a slow database write, a busy loop.
LEASE_MARGIN = timedelta(minutes=1)
# How much of a mail server's answer an error keeps (escaped, without the lead's fields).
EXCERPT = 80


@dataclass(frozen=True)
class Result:
    """One round: `attempts` made and the last error (None: delivered); the wait the
    receiver asked for (`Retry-After`), and whether it said 410 Gone."""

    attempts: int
    error: str | None = None
    retry_after: timedelta | None = None
    gone: bool = False


@dataclass(frozen=True)
class Attempt:
    """One attempt: its error (None: delivered), whether another attempt may follow at
    once in the same round, and what the receiver said about the next (Retry-After, 410)."""

    error: str | None = None
    again_now: bool = False
    retry_after: timedelta | None = None
    gone: bool = False


class DeliveryChannel(Protocol):
    name: str

    def lease(self) -> timedelta: ...

    async def send(self, message: ContactMessage) -> Result: ...


def public_id(message: ContactMessage) -> str:
    """The message's id for receivers: stable, never given to another message."""
    return message.public_id


def without_fields(text: str, message: ContactMessage) -> str:
    """`text` (a mail server's answer) cut short and escaped, with every field of the lead
    it quotes taken out."""
    for value in (message.email, message.name, message.subject, *message.message.splitlines()):
        if len(value.strip()) >= 3:
            text = text.replace(value.strip(), "[lead]")
    return printable(text[:EXCERPT])


def round_length(settings: LeadSettings, timeout_s: float) -> timedelta:
    """The longest a round of `webhook_attempts` attempts with backoff can take."""
    attempts = settings.webhook_attempts
    backoff = sum(settings.webhook_backoff_s * 2**n for n in range(attempts - 1))
    return timedelta(seconds=attempts * timeout_s + backoff)


async def attempts(settings: LeadSettings, attempt_once: Callable[[], Awaitable[Attempt]]) -> Result:
    """Up to `webhook_attempts` attempts with exponential backoff, while the failure is one
    worth trying again at once."""
    result = Result(0, "not attempted")
    for attempt in range(1, settings.webhook_attempts + 1):
        outcome = await attempt_once()
        result = Result(attempt, outcome.error, outcome.retry_after, outcome.gone)
        if outcome.error is None or not outcome.again_now or outcome.retry_after is not None:
            return result
        if attempt < settings.webhook_attempts:
            await asyncio.sleep(settings.webhook_backoff_s * 2 ** (attempt - 1))
    return result
