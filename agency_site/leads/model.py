"""The stored contact message: one row per submission, kept until delivered and beyond."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from enum import StrEnum
from typing import ClassVar, overload

import sqlalchemy as sa
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

# Upper bounds that protect the database; the form says so in the visitor's language.
MAX_LENGTHS: dict[str, int] = {"name": 100, "email": 254, "subject": 200, "message": 5000}
SUBMISSION_KEY_MAX = 64
PUBLIC_ID_MAX = 36


class MessageStatus(StrEnum):
    """A message's status over all its delivery channels (`LeadDelivery`): stored until a
    channel tried it, delivered once every configured channel has it, failed while one will
    be retried, dead when one spent its whole retry schedule (an operator's `leads retry`
    brings it back). Spam is never delivered unless an operator releases it."""

    STORED = "stored"
    DELIVERED = "delivered"
    FAILED = "failed"
    DEAD = "dead"
    SPAM = "spam"


class DeliveryStatus(StrEnum):
    """One channel's delivery of one message: pending (never tried or taken back by an
    operator), delivered, failed (retried later) or dead (its retry schedule spent)."""

    PENDING = "pending"
    DELIVERED = "delivered"
    FAILED = "failed"
    DEAD = "dead"


class PipelineStatus(StrEnum):
    """Where the team stands with a lead (the desk sets it): new until someone answers it,
    then contacted, qualified, and at last won or lost. Independent of its delivery."""

    NEW = "new"
    CONTACTED = "contacted"
    QUALIFIED = "qualified"
    WON = "won"
    LOST = "lost"


class Channel(StrEnum):
    """Where a lead goes: the webhook, the team's inbox."""

    WEBHOOK = "webhook"
    EMAIL = "email"


def utc_now() -> datetime:
    """Now, as an aware UTC datetime."""
    return datetime.now(UTC)


@overload
def as_utc(moment: datetime) -> datetime: ...
@overload
def as_utc(moment: None) -> None: ...
@overload
def as_utc(moment: datetime | None) -> datetime | None: ...


def as_utc(moment: datetime | None) -> datetime | None:
    """SQLite hands datetimes back without a zone; every stored time is UTC."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def new_public_id() -> str:
    """A random UUID (version 4), as text: 122 random bits are never drawn twice."""
    return str(uuid.uuid4())


def _utc_column(**kwargs) -> sa.Column:
    return sa.Column(sa.DateTime(timezone=True), **kwargs)


class LeadsTable(SQLModel, registry=registry()):
    """Base of the leads tables: plain SQLModel with metadata of its own.

    Not `rx.Model`: deprecated since Reflex 0.9.2, it would print a DeprecationWarning at
    every build. The contact form's state registers the table with Reflex, so that
    `reflex db makemigrations` still sees it (importing Reflex here would cost the operators'
    CLI seconds); its own metadata keeps Reflex from merging it twice with `rx.Model`'s.
    """

    # Set by SQLAlchemy on each table class; SQLModel does not declare it.
    __table__: ClassVar[sa.Table]


class ContactMessage(LeadsTable, table=True):
    """A message sent through the contact form, with its delivery bookkeeping."""

    # SQLModel's own default (a declared_attr method) is what pyright takes as the declared
    # type; SQLModel documents a plain string here, and SQLAlchemy accepts one.
    __tablename__ = "contact_message"  # pyright: ignore[reportAssignmentType]
    # SQLite's AUTOINCREMENT: an id is never given again, not after `erase` of the newest
    # message nor after `purge` of all (a plain INTEGER key takes max(id) + 1).
    __table_args__ = (
        sa.UniqueConstraint("submission_key", "content_hash", name="uq_contact_message_submission"),
        {"sqlite_autoincrement": True},
    )

    id: int | None = Field(default=None, primary_key=True)
    # The message's id for everyone outside the database (the webhook's `id` and
    # `Idempotency-Key`, the operators' CLI): a UUID, never reused, whatever happens to the
    # integer key (a restore, a copy to another database).
    public_id: str = Field(
        default_factory=new_public_id,
        sa_column=sa.Column(sa.String(PUBLIC_ID_MAX), nullable=False, unique=True),
    )

    created_at: datetime = Field(default_factory=utc_now, sa_column=_utc_column(nullable=False, index=True))
    name: str = Field(max_length=MAX_LENGTHS["name"])
    email: str = Field(max_length=MAX_LENGTHS["email"], index=True)
    subject: str = Field(max_length=MAX_LENGTHS["subject"])
    message: str = Field(sa_column=sa.Column(sa.Text, nullable=False))
    language: str = Field(max_length=2)
    page: str = Field(default="", max_length=300)
    status: str = Field(default=MessageStatus.STORED, max_length=16, index=True)
    delivery_attempts: int = 0
    last_error: str | None = Field(default=None, sa_column=sa.Column(sa.Text, nullable=True))
    # When the background task may try the webhook again; also a short lease while one tries.
    next_attempt_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))
    # The browser's key for this submission (leads/idempotency.py): a resend of the same
    # message (a reconnect, a restart, a second click) finds this row instead of adding one.
    submission_key: str | None = Field(
        default=None, sa_column=sa.Column(sa.String(SUBMISSION_KEY_MAX), nullable=True)
    )
    # The message's content hash (idempotency.content_hash): one row per key AND content,
    # so an edited resend under the same key is a message of its own.
    content_hash: str | None = Field(default=None, sa_column=sa.Column(sa.String(64), nullable=True))
    # When the operators were told (ERROR in the log) that this lead is still undelivered an
    # hour after it arrived, and that it is dead: once per lead each, not every round.
    alerted_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))
    dead_alerted_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))
    # When an operator released it from spam: its retention period counts from then.
    released_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))
    # Spam only: what validation found in its fields (`field=problem` pairs), which a
    # visitor's form would have refused; None when every field passed.
    problems: str | None = Field(default=None, max_length=200)
    # The team's pipeline (PipelineStatus), and when the lead first left `new`: the first
    # response, which speed to lead measures (agency_site/desk/speed.py).
    pipeline_status: str = Field(
        default=PipelineStatus.NEW,
        sa_column=sa.Column(
            sa.String(16), nullable=False, server_default=PipelineStatus.NEW.value, index=True
        ),
    )
    first_response_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))
    # When the operators were told (ERROR in the log) that the lead is still `new` after the
    # business hours DESK_RESPONSE_HOURS allows: once per lead (agency_site/desk/speed.py).
    response_alerted_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))
    # Name, address, subject and message folded for search (leads/folding.py), written with
    # the row (store._row) and never shown.
    search_text: str = Field(default="", sa_column=sa.Column(sa.Text, nullable=False, server_default=""))


class LeadDelivery(LeadsTable, table=True):
    """One channel's delivery of one message: its own status, attempts, error and retry time.

    The row appears when the channel first takes the message (a channel configured later
    takes every message not yet delivered). `lease_token` fences a round: a worker records
    its result only while the token is still the one it set when it took the message.
    """

    __tablename__ = "lead_delivery"  # pyright: ignore[reportAssignmentType] (as ContactMessage's)
    __table_args__ = (sa.UniqueConstraint("message_id", "channel", name="uq_lead_delivery_message_channel"),)

    id: int | None = Field(default=None, primary_key=True)
    message_id: int = Field(
        sa_column=sa.Column(
            sa.Integer, sa.ForeignKey("contact_message.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    channel: str = Field(max_length=16)
    status: str = Field(default=DeliveryStatus.PENDING, max_length=16, index=True)
    attempts: int = 0
    rounds: int = 0
    last_error: str | None = Field(default=None, sa_column=sa.Column(sa.Text, nullable=True))
    next_attempt_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))
    lease_token: str | None = Field(default=None, max_length=32)
    delivered_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))


class LeadChannel(LeadsTable, table=True):
    """A delivery channel's own state: paused when its receiver answered 410 Gone (it wants
    no more leads), until an operator resumes it. No row: the channel is running."""

    __tablename__ = "lead_channel"  # pyright: ignore[reportAssignmentType] (as ContactMessage's)

    channel: str = Field(primary_key=True, max_length=16)
    paused_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))
    paused_reason: str | None = Field(default=None, max_length=200)
