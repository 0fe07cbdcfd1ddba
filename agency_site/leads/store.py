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


def _row(submission: Submission, key: str | None = None) -> ContactMessage:
    return ContactMessage(
        name=submission.name,
        email=submission.email,
        subject=submission.subject,
        message=submission.message,
        language=submission.language,
        page=submission.page,
        status=MessageStatus.SPAM if submission.honeypot else MessageStatus.STORED,
        submission_key=key,
    )


def save_all(
    engine: sa.Engine, submissions: list[Submission], keys: list[str | None] | None = None
) -> list[int]:
    """Store the submissions in one transaction and commit; returns their ids in order.

    `keys` are their submission keys (leads/idempotency.py), None for none: a submission
    whose key is already stored, or appears earlier in the list, is not stored again and
    gets the stored row's id. Raises if the database fails, and then none of them is stored.
    """
    keys = keys if keys is not None else [None] * len(submissions)
    try:
        return _save_new(engine, submissions, keys)
    except sa.exc.IntegrityError:
        if not any(keys):
            raise
        # Another worker stored one of these keys since we looked: now we find it.
        return _save_new(engine, submissions, keys)


def _save_new(engine: sa.Engine, submissions: list[Submission], keys: list[str | None]) -> list[int]:
    with writing(engine), Session(engine, expire_on_commit=False) as session:
        known = _stored_keys(session, {key for key in keys if key})
        rows: list[ContactMessage] = []
        for submission, key in zip(submissions, keys, strict=True):
            row = known.get(key) if key else None
            if row is None:
                row = _row(submission, key)
                session.add(row)
                if key:
                    known[key] = row
            rows.append(row)
        session.commit()
    return [row.id for row in rows if row.id is not None]


def _stored_keys(session: Session, keys: set[str]) -> dict[str | None, ContactMessage]:
    if not keys:
        return {}
    statement = select(ContactMessage).where(col(ContactMessage.submission_key).in_(keys))
    return {row.submission_key: row for row in session.exec(statement)}


def save(engine: sa.Engine, submission: Submission, key: str | None = None) -> int:
    """Store one submission and commit (once per key); returns its id."""
    return save_all(engine, [submission], [key])[0]


def find_by_key(engine: sa.Engine, key: str) -> int | None:
    """The id of the message stored under submission key `key`, if there is one."""
    statement = select(ContactMessage.id).where(ContactMessage.submission_key == key)
    with Session(engine) as session:
        return session.exec(statement).first()


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


def release(engine: sa.Engine, message_id: int) -> bool:
    """A message filed as spam that came from a real visitor after all: stored again, to be
    delivered like any other (the delivery task takes it at its next round). False when
    there is no spam message with that id."""
    table = ContactMessage.__table__
    statement = (
        sa.update(table)
        .where(table.c.id == message_id, table.c.status == str(MessageStatus.SPAM))
        .values(status=str(MessageStatus.STORED), next_attempt_at=None, last_error=None)
    )
    with writing(engine), engine.begin() as connection:
        return connection.execute(statement).rowcount == 1


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
