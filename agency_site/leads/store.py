"""Reading and writing contact messages. Synchronous SQLAlchemy: callers in the event loop
run these in a worker thread (`asyncio.to_thread`) so a slow database never blocks others."""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from agency_site.leads.database import writing
from agency_site.leads.folding import search_text
from agency_site.leads.idempotency import content_hash
from agency_site.leads.model import (
    ContactMessage,
    DeliveryStatus,
    LeadChannel,
    LeadDelivery,
    MessageStatus,
    as_utc,
    utc_now,
)
from agency_site.leads.retention import same_address
from agency_site.leads.validation import Problem, Submission, field_errors


def problems_text(problems: dict[str, Problem]) -> str | None:
    """Validation's findings as stored: `field=problem` pairs, comma-separated."""
    return ",".join(f"{field}={problem}" for field, problem in problems.items()) or None


def _row(submission: Submission, key: str | None = None) -> ContactMessage:
    return ContactMessage(
        # Spam is kept with what validation says of it: `release` refuses what a form would.
        problems=problems_text(field_errors(submission)) if submission.honeypot else None,
        content_hash=content_hash(submission) if key else None,
        name=submission.name,
        email=submission.email,
        subject=submission.subject,
        message=submission.message,
        language=submission.language,
        page=submission.page,
        status=MessageStatus.SPAM if submission.honeypot else MessageStatus.STORED,
        submission_key=key,
        search_text=lead_search_text(
            submission.name, submission.email, submission.subject, submission.message
        ),
    )


def lead_search_text(name: str, email: str, subject: str, message: str) -> str:
    """A lead's search column: the fields the desk searches, folded (leads/folding.py)."""
    return search_text((name, email, subject, message))


def save_all(
    engine: sa.Engine, submissions: list[Submission], keys: list[str | None] | None = None
) -> list[int]:
    """Store the submissions in one transaction and commit; returns their ids in order.

    `keys` are their submission keys (leads/idempotency.py), None for none: a submission
    whose key and content are already stored, or appear earlier in the list, is not stored
    again and gets the stored row's id (the same key with other content is a new message).
    Raises if the database fails, and then none of them is stored.
    """
    each_key: list[str | None] = keys if keys is not None else [None] * len(submissions)
    try:
        return _save_new(engine, submissions, each_key)
    except IntegrityError:
        if not any(each_key):
            raise
        # Another worker stored one of these keys since we looked: now we find it.
        return _save_new(engine, submissions, each_key)


# A submission key and a content hash: what names one message.
_Identity = tuple[str, str]


def _identity(submission: Submission, key: str | None) -> _Identity | None:
    return (key, content_hash(submission)) if key else None


def _save_new(engine: sa.Engine, submissions: list[Submission], keys: list[str | None]) -> list[int]:
    with writing(engine), Session(engine, expire_on_commit=False) as session:
        known = _stored_keys(session, {key for key in keys if key})
        rows: list[ContactMessage] = []
        for submission, key in zip(submissions, keys, strict=True):
            identity = _identity(submission, key)
            row = known.get(identity) if identity else None
            if row is None:
                row = _row(submission, key)
                session.add(row)
                if identity:
                    known[identity] = row
            rows.append(row)
        session.commit()
    return [row.id for row in rows if row.id is not None]


def _stored_keys(session: Session, keys: set[str]) -> dict[_Identity, ContactMessage]:
    if not keys:
        return {}
    statement = select(ContactMessage).where(col(ContactMessage.submission_key).in_(keys))
    # A row found by its key was stored with its content hash (`_row`).
    return {
        (row.submission_key, row.content_hash): row
        for row in session.exec(statement)
        if row.submission_key and row.content_hash
    }


def save(engine: sa.Engine, submission: Submission, key: str | None = None) -> int:
    """Store one submission and commit (once per key and content); returns its id."""
    return save_all(engine, [submission], [key])[0]


def find_by_key(engine: sa.Engine, key: str, submission: Submission) -> int | None:
    """The id of the message stored under submission key `key` with `submission`'s
    content, if there is one."""
    statement = select(ContactMessage.id).where(
        ContactMessage.submission_key == key, ContactMessage.content_hash == content_hash(submission)
    )
    with Session(engine) as session:
        return session.exec(statement).first()


def get(engine: sa.Engine, message_id: int) -> ContactMessage | None:
    """One message by id, detached from its session."""
    with Session(engine, expire_on_commit=False) as session:
        return session.get(ContactMessage, message_id)


# A message a channel still has to take: not yet delivered everywhere, and not spam.
# (A dead one too: its other channel may still deliver it.)
OPEN = (MessageStatus.STORED, MessageStatus.FAILED, MessageStatus.DEAD)
# A channel takes its delivery again in these statuses, once its retry time has come.
RETRYABLE = (DeliveryStatus.PENDING, DeliveryStatus.FAILED)
# Leads still being tried: not delivered everywhere, not dead, not spam.
UNDELIVERED = (MessageStatus.STORED, MessageStatus.FAILED)
_messages = ContactMessage.__table__
_deliveries = LeadDelivery.__table__
_channels = LeadChannel.__table__


def _running(channel: str) -> sa.ColumnElement[bool]:
    """The channel is not paused (leads/pauses.py)."""
    return ~sa.exists().where(_channels.c.channel == channel, _channels.c.paused_at.is_not(None))


def insert_ignoring_duplicates(dialect: str, table: sa.Table):
    """An INSERT that leaves a row whose key is taken as it is (SQLite or PostgreSQL)."""
    insert = sqlite_insert if dialect == "sqlite" else postgresql_insert
    return insert(table).on_conflict_do_nothing()


def _open_message(message_id: int) -> sa.ColumnElement[bool]:
    return sa.exists().where(
        _messages.c.id == message_id, _messages.c.status.in_([str(status) for status in OPEN])
    )


@dataclass(frozen=True)
class Lease:
    """A channel's hold on one message for one round; `rounds` it has had before."""

    message_id: int
    channel: str
    token: str
    rounds: int


def claim(
    engine: sa.Engine,
    message_id: int,
    channel: str,
    lease: timedelta,
    now: datetime | None = None,
) -> Lease | None:
    """Take the message's `channel` delivery for one round; None if delivered, dead, spam,
    not due, the channel is paused, or another worker has it.

    A conditional UPDATE that sets a new lease token, so two workers (or the request and the
    retry task) never post the same message at once; the lease must outlast a whole round
    (`delivery.Channel.lease`), and `record` checks the token.
    """
    now = now or utc_now()
    token = uuid.uuid4().hex
    row = {"message_id": message_id, "channel": channel, "status": str(DeliveryStatus.PENDING)}
    take = (
        sa.update(_deliveries)
        .where(
            _deliveries.c.message_id == message_id,
            _deliveries.c.channel == channel,
            _deliveries.c.status.in_([str(status) for status in RETRYABLE]),
            sa.or_(_deliveries.c.next_attempt_at.is_(None), _deliveries.c.next_attempt_at <= now),
            _open_message(message_id),
            _running(channel),
        )
        .values(lease_token=token, next_attempt_at=now + lease)
        .returning(_deliveries.c.rounds)
    )
    with writing(engine), engine.begin() as connection:
        exists = connection.execute(sa.select(_open_message(message_id))).scalar()
        if not exists:
            return None
        connection.execute(
            insert_ignoring_duplicates(engine.dialect.name, _deliveries).values(**row, attempts=0, rounds=0)
        )
        rounds = connection.execute(take).scalar()
    return None if rounds is None else Lease(message_id, channel, token, rounds)


def record_delivery(
    engine: sa.Engine,
    lease: Lease,
    *,
    attempts: int,
    error: str | None,
    dead: bool,
    retry_at: datetime | None,
    channels: Sequence[str],
    now: datetime | None = None,
) -> str | None:
    """Note how a round went: delivered when `error` is None, else failed (retried at
    `retry_at`) or, when `dead`, given up. Only while `lease` still holds: a worker whose
    lease another took over records nothing (it returns None) and cannot turn a delivered
    row back to failed. Returns the message's new status over `channels`, the configured ones.
    """
    now = now or utc_now()
    status = (
        DeliveryStatus.DELIVERED if error is None else DeliveryStatus.DEAD if dead else DeliveryStatus.FAILED
    )
    statement = (
        sa.update(_deliveries)
        .where(
            _deliveries.c.message_id == lease.message_id,
            _deliveries.c.channel == lease.channel,
            _deliveries.c.lease_token == lease.token,
        )
        .values(
            status=str(status),
            attempts=_deliveries.c.attempts + attempts,
            rounds=_deliveries.c.rounds + 1,
            last_error=error[:2000] if error else None,
            next_attempt_at=retry_at if status == DeliveryStatus.FAILED else None,
            lease_token=None,
            delivered_at=now if status == DeliveryStatus.DELIVERED else None,
        )
    )
    with writing(engine), engine.begin() as connection:
        if connection.execute(statement).rowcount != 1:
            return None
        return _summarise(connection, lease.message_id, channels, attempts)


def _summarise(connection: sa.Connection, message_id: int, channels: Sequence[str], attempts: int) -> str:
    """Set the message's status, error and retry time from its channels' deliveries."""
    # The channels deliver side by side: two rounds ending at once each summarise. The
    # message's row is locked first (PostgreSQL; SQLite writes one at a time anyway), so the
    # later summary waits for the earlier one's commit and reads both channels as they are;
    # otherwise the last to commit could write a status from a read that missed the other.
    connection.execute(sa.select(_messages.c.id).where(_messages.c.id == message_id).with_for_update())
    rows = connection.execute(
        sa.select(
            _deliveries.c.channel,
            _deliveries.c.status,
            _deliveries.c.last_error,
            _deliveries.c.next_attempt_at,
        ).where(_deliveries.c.message_id == message_id)
    ).all()
    statuses = {row.status for row in rows}
    delivered = {row.channel for row in rows if row.status == DeliveryStatus.DELIVERED}
    if DeliveryStatus.DEAD in statuses:
        status = MessageStatus.DEAD
    elif DeliveryStatus.FAILED in statuses:
        status = MessageStatus.FAILED
    elif delivered >= set(channels):
        status = MessageStatus.DELIVERED
    else:
        status = MessageStatus.STORED
    errors = [f"{row.channel}: {row.last_error}" for row in rows if row.last_error]
    retry_times = [row.next_attempt_at for row in rows if row.status == DeliveryStatus.FAILED]
    connection.execute(
        sa.update(_messages)
        .where(_messages.c.id == message_id, _messages.c.status != str(MessageStatus.SPAM))
        .values(
            status=str(status),
            delivery_attempts=_messages.c.delivery_attempts + attempts,
            last_error="; ".join(errors)[:2000] if errors else None,
            next_attempt_at=min(retry_times) if retry_times else None,
        )
    )
    return str(status)


def due_for_delivery(
    engine: sa.Engine, channel: str, now: datetime | None = None, limit: int = 100
) -> list[int]:
    """Ids of messages `channel` should take now, oldest first: never tried by it, or
    failed and their retry time has come; none while the channel is paused."""
    now = now or utc_now()
    taken = sa.exists().where(
        _deliveries.c.message_id == _messages.c.id,
        _deliveries.c.channel == channel,
        sa.or_(
            _deliveries.c.status.not_in([str(status) for status in RETRYABLE]),
            _deliveries.c.next_attempt_at > now,
        ),
    )
    statement = (
        sa.select(_messages.c.id)
        .where(_messages.c.status.in_([str(status) for status in OPEN]), ~taken, _running(channel))
        .order_by(_messages.c.id)
        .limit(limit)
    )
    with engine.connect() as connection:
        return list(connection.execute(statement).scalars())


def retry_message(engine: sa.Engine, message_id: int) -> bool:
    """An operator brings a failed or dead message back: each channel that has not delivered
    it takes it again at once, with a fresh retry schedule. False if there is no such
    message or it is delivered or spam (`release` is spam's)."""
    return bool(_retry(engine, _messages.c.id == message_id))


def retry_dead(engine: sa.Engine, since: datetime | None = None) -> list[int]:
    """Every dead message (received at or after `since`, if given) brought back at once, as
    `retry_message` brings one; returns their ids."""
    which = _messages.c.status == str(MessageStatus.DEAD)
    if since is not None:
        which = sa.and_(which, _messages.c.created_at >= since)
    return _retry(engine, which)


def _retry(engine: sa.Engine, which: sa.ColumnElement[bool]) -> list[int]:
    retryable = sa.and_(which, _messages.c.status.in_([str(MessageStatus.FAILED), str(MessageStatus.DEAD)]))
    with writing(engine), engine.begin() as connection:
        ids = list(connection.execute(sa.select(_messages.c.id).where(retryable)).scalars())
        if not ids:
            return []
        # Its dead alert is owed again should it die again; the hour's alert was said once.
        connection.execute(
            sa.update(_messages)
            .where(_messages.c.id.in_(ids))
            .values(status=str(MessageStatus.STORED), next_attempt_at=None, dead_alerted_at=None)
        )
        connection.execute(
            sa.update(_deliveries)
            .where(
                _deliveries.c.message_id.in_(ids),
                _deliveries.c.status != str(DeliveryStatus.DELIVERED),
            )
            .values(status=str(DeliveryStatus.PENDING), rounds=0, next_attempt_at=None, lease_token=None)
        )
    return ids


def deliveries(engine: sa.Engine, message_id: int) -> list[LeadDelivery]:
    """The channels' deliveries of one message."""
    statement = (
        select(LeadDelivery).where(LeadDelivery.message_id == message_id).order_by(LeadDelivery.channel)
    )
    with Session(engine, expire_on_commit=False) as session:
        return list(session.exec(statement))


def to_alert(engine: sa.Engine, overdue: timedelta, now: datetime | None = None) -> list[ContactMessage]:
    """Messages the operators have not been told about: dead ones (once each time a lead
    dies), and ones still being tried longer than `overdue` after they arrived (or were
    released; once per lead). Each is marked as told, whichever worker asks first."""
    now = now or utc_now()
    dead = sa.and_(_messages.c.dead_alerted_at.is_(None), _messages.c.status == str(MessageStatus.DEAD))
    late = sa.and_(
        _messages.c.alerted_at.is_(None),
        _messages.c.status.in_([str(status) for status in UNDELIVERED]),
        sa.func.coalesce(_messages.c.released_at, _messages.c.created_at) < now - overdue,
    )
    found: list[ContactMessage] = []
    with writing(engine), engine.begin() as connection:
        for wanted, column in ((dead, "dead_alerted_at"), (late, "alerted_at")):
            rows = connection.execute(sa.select(_messages).where(wanted).order_by(_messages.c.id).limit(100))
            for row in rows.all():
                marked = connection.execute(
                    sa.update(_messages).where(_messages.c.id == row.id, wanted).values({column: now})
                ).rowcount
                if marked:
                    found.append(ContactMessage.model_validate(row._asdict()))
    return found


def messages(
    engine: sa.Engine, *, status: str | None = None, email: str | None = None
) -> Iterator[ContactMessage]:
    """Every message, oldest first, optionally of one status or one sender."""
    statement = select(ContactMessage).order_by(col(ContactMessage.id))
    if status:
        statement = statement.where(ContactMessage.status == status)
    with Session(engine, expire_on_commit=False) as session:
        for row in session.exec(statement):
            if email and same_address(row.email) != same_address(email):
                continue
            row.created_at = as_utc(row.created_at)
            row.next_attempt_at = as_utc(row.next_attempt_at)
            yield row


def stored_problems(row: ContactMessage) -> dict[str, Problem]:
    """What validation finds in a stored message's fields now (a row stored before its
    spam was validated has no `problems` of its own)."""
    submission = Submission(
        name=row.name,
        email=row.email,
        subject=row.subject,
        message=row.message,
        language=row.language,
        page=row.page,
        honeypot=False,
    )
    return field_errors(submission)


def release(engine: sa.Engine, message_id: int, now: datetime | None = None) -> bool:
    """A message filed as spam that came from a real visitor after all: stored again, to be
    delivered like any other (the delivery task takes it at its next round), its retention
    counted from now. False when there is no spam message with that id. Raises ValueError
    naming the fields a visitor's form would have refused (`stored_problems`): those are
    never delivered."""
    row = get(engine, message_id)
    if row is None or row.status != MessageStatus.SPAM:
        return False
    problems = stored_problems(row)
    if problems:
        raise ValueError(", ".join(f"{field} {problem}" for field, problem in problems.items()))
    statement = (
        sa.update(_messages)
        .where(_messages.c.id == message_id, _messages.c.status == str(MessageStatus.SPAM))
        .values(
            status=str(MessageStatus.STORED),
            next_attempt_at=None,
            last_error=None,
            released_at=now or utc_now(),
        )
    )
    with writing(engine), engine.begin() as connection:
        return connection.execute(statement).rowcount == 1
