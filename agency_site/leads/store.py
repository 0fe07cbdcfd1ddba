"""Reading and writing contact messages. Synchronous SQLAlchemy: callers in the event loop
run these in a worker thread (`asyncio.to_thread`) so a slow database never blocks others."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlmodel import Session, col, select

from agency_site.leads.database import writing
from agency_site.leads.model import ContactMessage, MessageStatus, as_utc, utc_now
from agency_site.leads.validation import Submission

# Statuses the delivery task still has to deliver.
UNDELIVERED = (MessageStatus.STORED, MessageStatus.FAILED)
# While one worker posts a message, others leave it alone for this long.
DELIVERY_LEASE = timedelta(minutes=2)


def _row(submission: Submission) -> ContactMessage:
    return ContactMessage(
        name=submission.name,
        email=submission.email,
        subject=submission.subject,
        message=submission.message,
        language=submission.language,
        page=submission.page,
        status=MessageStatus.SPAM if submission.honeypot else MessageStatus.STORED,
    )


def save_all(engine: sa.Engine, submissions: list[Submission]) -> list[int]:
    """Store the submissions in one transaction and commit; returns their ids in order.

    Raises if the database fails, and then none of them is stored.
    """
    rows = [_row(submission) for submission in submissions]
    with writing(engine), Session(engine, expire_on_commit=False) as session:
        session.add_all(rows)
        session.commit()
    return [row.id for row in rows if row.id is not None]


def save(engine: sa.Engine, submission: Submission) -> int:
    """Store one submission and commit; returns its id."""
    return save_all(engine, [submission])[0]


def get(engine: sa.Engine, message_id: int) -> ContactMessage | None:
    """One message by id, detached from its session."""
    with Session(engine, expire_on_commit=False) as session:
        return session.get(ContactMessage, message_id)


def _due(now: datetime) -> sa.ColumnElement[bool]:
    """Undelivered, and its (re)try time has come (or it never had one)."""
    table = ContactMessage.__table__
    return sa.and_(
        table.c.status.in_([str(status) for status in UNDELIVERED]),
        sa.or_(table.c.next_attempt_at.is_(None), table.c.next_attempt_at <= now),
    )


def claim(engine: sa.Engine, message_id: int, now: datetime | None = None) -> bool:
    """Take the message for one delivery attempt; False if delivered or another has it.

    One conditional UPDATE, so two workers (or the request and the retry task) never post
    the same message at once.
    """
    now = now or utc_now()
    table = ContactMessage.__table__
    statement = (
        sa.update(table)
        .where(table.c.id == message_id, _due(now))
        .values(next_attempt_at=now + DELIVERY_LEASE)
    )
    with writing(engine), engine.begin() as connection:
        return connection.execute(statement).rowcount == 1


def record_delivery(
    engine: sa.Engine, message_id: int, *, attempts: int, error: str | None, retry_at: datetime | None
) -> None:
    """Note how a delivery round went: delivered when `error` is None, else failed."""
    table = ContactMessage.__table__
    statement = (
        sa.update(table)
        .where(table.c.id == message_id)
        .values(
            status=str(MessageStatus.FAILED if error else MessageStatus.DELIVERED),
            delivery_attempts=table.c.delivery_attempts + attempts,
            last_error=error[:2000] if error else None,
            next_attempt_at=retry_at if error else None,
        )
    )
    with writing(engine), engine.begin() as connection:
        connection.execute(statement)


def due_for_delivery(engine: sa.Engine, now: datetime | None = None, limit: int = 100) -> list[int]:
    """Ids of undelivered messages whose retry time has come, oldest first."""
    now = now or utc_now()
    statement = (
        select(ContactMessage.id)
        .where(col(ContactMessage.status).in_([str(s) for s in UNDELIVERED]))
        .where(
            sa.or_(col(ContactMessage.next_attempt_at).is_(None), col(ContactMessage.next_attempt_at) <= now)
        )
        .order_by(col(ContactMessage.id))
        .limit(limit)
    )
    with Session(engine) as session:
        return [message_id for message_id in session.exec(statement) if message_id is not None]


def messages(
    engine: sa.Engine, *, status: str | None = None, email: str | None = None
) -> Iterator[ContactMessage]:
    """Every message, oldest first, optionally of one status or one sender."""
    statement = select(ContactMessage).order_by(col(ContactMessage.id))
    if status:
        statement = statement.where(ContactMessage.status == status)
    if email:
        statement = statement.where(sa.func.lower(ContactMessage.email) == email.strip().lower())
    with Session(engine, expire_on_commit=False) as session:
        for row in session.exec(statement):
            row.created_at = as_utc(row.created_at)
            row.next_attempt_at = as_utc(row.next_attempt_at)
            yield row


def erase(engine: sa.Engine, email: str) -> int:
    """Delete every message from `email` (case-insensitive), GDPR Art. 17; returns how many."""
    table = ContactMessage.__table__
    statement = sa.delete(table).where(sa.func.lower(table.c.email) == email.strip().lower())
    with writing(engine), engine.begin() as connection:
        return connection.execute(statement).rowcount


def purge(engine: sa.Engine, older_than_days: int, now: datetime | None = None) -> int:
    """Delete messages received more than `older_than_days` days ago; returns how many."""
    cutoff = (now or utc_now()) - timedelta(days=older_than_days)
    table = ContactMessage.__table__
    with writing(engine), engine.begin() as connection:
        return connection.execute(sa.delete(table).where(table.c.created_at < cutoff)).rowcount
