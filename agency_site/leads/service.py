"""Receiving one contact message: validate, limit, store, schedule delivery.

The contact form's state calls `receive` and shows what it returns; everything that decides
whether a message is kept lives here, testable without a browser. The answer is in codes
(`Problem` per field, `Failure` for the form); the state says them in the visitor's language.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any

import sqlalchemy as sa

from agency_site.leads import delivery, store
from agency_site.leads.database import default_engine
from agency_site.leads.group_commit import GroupCommit
from agency_site.leads.model import MAX_LENGTHS
from agency_site.leads.ratelimit import RateLimiter, rate_limiter
from agency_site.leads.validation import Problem, Submission, clean, errors_to_show
from agency_site.settings import LeadSettings, get_settings

logger = logging.getLogger(__name__)


class Failure(StrEnum):
    """Why a valid message was not sent; the visitor may write to the site's address instead."""

    RATE_LIMITED = "rate-limited"
    NOT_STORED = "not-stored"


@dataclass(frozen=True)
class Outcome:
    """What the visitor is told: sent, per-field problems, or a form-level failure."""

    sent: bool = False
    errors: dict[str, Problem] = field(default_factory=dict)
    failure: Failure | None = None
    message_id: int | None = None


@dataclass
class Inbox:
    """Where messages go: a database, the lead settings and the rate limiter they imply."""

    engine: sa.Engine
    settings: LeadSettings
    limiter: RateLimiter
    writer: GroupCommit

    @classmethod
    def create(cls, engine: sa.Engine, settings: LeadSettings) -> Inbox:
        """An inbox with a fresh rate limiter for `settings`."""
        return cls(
            engine,
            settings,
            rate_limiter(settings.rate_limit, settings.rate_window_s, settings.redis_url),
            GroupCommit(engine),
        )


@lru_cache(maxsize=1)
def default_inbox() -> Inbox:
    """The inbox of this server: DATABASE_URL and the CONTACT_* settings."""
    return Inbox.create(default_engine(), get_settings().leads)


async def receive(
    form_data: dict[str, Any], client: str, inbox: Inbox | None = None, *, submission_key: str | None = None
) -> Outcome:
    """Handle one submission from `client` (its IP address); 'sent' only once committed.

    `submission_key` names the message (leads/idempotency.py): a message already stored
    under it is answered 'sent' again and never stored twice.

    Never raises: whatever goes wrong, the visitor is told their message was not sent (and
    their form keeps it), rather than being left with a button stuck on 'Sending...'. Nor
    does it wait longer than `save_deadline_s`: a database that hangs gets the same answer.
    """
    inbox = inbox or default_inbox()
    deadline = inbox.settings.save_deadline_s
    try:
        async with asyncio.timeout(deadline):
            submission = clean(form_data)
            if submission_key and (
                stored := await asyncio.to_thread(
                    store.find_by_key, inbox.engine, submission_key, _as_stored(submission)
                )
            ):
                # A resend of a stored message: no second row, no second count against the limit.
                return Outcome(sent=True, message_id=stored)
            return await _receive(submission, client, inbox, submission_key)
    except TimeoutError:
        # The worker thread keeps waiting until the database's own bounds end it; should the
        # row commit after all, the visitor's resend (same key) finds it: never stored twice.
        logger.error(
            "Contact message from %s not stored within %s s: the database did not answer", client, deadline
        )
        return Outcome(failure=Failure.NOT_STORED)
    except Exception:
        logger.exception("Contact message from %s not handled", client)
        return Outcome(failure=Failure.NOT_STORED)


async def _receive(submission: Submission, client: str, inbox: Inbox, submission_key: str | None) -> Outcome:
    errors = errors_to_show(submission)
    if errors:
        return Outcome(errors=errors)
    if not await inbox.limiter.acquire(client):
        if submission.honeypot:
            logger.info("Contact form honeypot filled by a client over the rate limit; not stored")
            return Outcome(sent=True)
        return Outcome(failure=Failure.RATE_LIMITED)
    submission = _as_stored(submission)
    try:
        message_id = await inbox.writer.save(submission, submission_key)
    except asyncio.CancelledError:
        # The deadline passed (`receive`): not counted against the visitor's limit either.
        await inbox.limiter.release(client)
        raise
    except Exception:
        await inbox.limiter.release(client)
        logger.exception("Contact message from %s could not be stored", client)
        return Outcome(failure=Failure.NOT_STORED)
    if submission.honeypot:
        # Counted by /_metrics (agency_leads{status="spam"}); no field of it in the log.
        logger.info("Contact message %s filed as spam: the honeypot field was filled", message_id)
    else:
        delivery.schedule(inbox.engine, message_id, inbox.settings)
    return Outcome(sent=True, message_id=message_id)


def _as_stored(submission: Submission) -> Submission:
    """A bot's text cut to the column sizes: spam is kept for review, never a DB error.
    (A person's text is within them, or refused.)"""
    if not submission.honeypot:
        return submission
    return replace(
        submission, **{name: getattr(submission, name)[:limit] for name, limit in MAX_LENGTHS.items()}
    )


async def retry_deliveries() -> None:
    """Lifespan task of the app: keep delivering failed messages while a channel is set."""
    inbox = default_inbox()
    if inbox.settings.channels:
        await delivery.retry_forever(inbox.engine, inbox.settings)
