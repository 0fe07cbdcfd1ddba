"""One lead as the desk shows it: its message, where it came from, each channel's delivery,
its notes and its history; reading it writes a `view` row to the audit log."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from urllib.parse import quote

import sqlalchemy as sa
from sqlmodel import Session, col, select

from agency_site.desk import audit
from agency_site.desk.audit import AuditLine
from agency_site.desk.model import AuditAction, LeadNote, Staff
from agency_site.leads import pauses, store
from agency_site.leads.model import ContactMessage, as_utc


@dataclass(frozen=True)
class DeliveryLine:
    """One channel's delivery of the lead."""

    channel: str
    status: str
    attempts: int
    rounds: int
    last_error: str | None
    next_attempt_at: datetime | None
    delivered_at: datetime | None
    channel_paused: bool


@dataclass(frozen=True)
class NoteLine:
    """A note: who wrote it (address and name), when, what."""

    author_email: str
    author_name: str
    created_at: datetime
    text: str


@dataclass(frozen=True)
class LeadDetail:
    """Everything the desk's lead page shows."""

    public_id: str
    created_at: datetime
    name: str
    email: str
    subject: str
    message: str
    language: str
    page: str
    pipeline_status: str
    first_response_at: datetime | None
    delivery_status: str
    released_at: datetime | None
    # Spam only: the fields a visitor's form would have refused (release refuses it then).
    problems: str | None
    deliveries: list[DeliveryLine]
    notes: list[NoteLine]
    history: list[AuditLine]
    reply_link: str


def mailto(email: str, subject: str) -> str:
    """A `mailto:` link answering the visitor: their address, `Re: ` and their subject."""
    return f"mailto:{quote(email, safe='@')}?subject={quote('Re: ' + ' '.join(subject.split()), safe='')}"


def find(engine: sa.Engine, public_id: str) -> ContactMessage | None:
    """A lead by its public id."""
    with Session(engine, expire_on_commit=False) as session:
        return session.exec(select(ContactMessage).where(ContactMessage.public_id == public_id)).first()


def notes(engine: sa.Engine, message_id: int) -> list[NoteLine]:
    """A lead's notes, oldest first."""
    with Session(engine) as session:
        rows = session.exec(
            select(LeadNote, Staff)
            .join(Staff, col(Staff.id) == col(LeadNote.staff_id))
            .where(LeadNote.message_id == message_id)
            .order_by(col(LeadNote.id))
        ).all()
        return [
            NoteLine(staff.email, staff.display_name, as_utc(note.created_at), note.text)
            for note, staff in rows
        ]


def lead_detail(
    engine: sa.Engine, actor: Staff, public_id: str, *, audited: bool = True
) -> LeadDetail | None:
    """The lead with this public id as `actor` sees it (their view is audited, unless
    `audited` is False: the page shown again after their own action on it); None if
    there is no such lead."""
    row = find(engine, public_id)
    if row is None or row.id is None:
        return None
    if audited:
        audit.record(engine, actor.id, AuditAction.VIEW, lead_public_id=public_id)
    paused = pauses.paused(engine)
    return LeadDetail(
        public_id=row.public_id,
        created_at=as_utc(row.created_at),
        name=row.name,
        email=row.email,
        subject=row.subject,
        message=row.message,
        language=row.language,
        page=row.page,
        pipeline_status=row.pipeline_status,
        first_response_at=as_utc(row.first_response_at),
        delivery_status=row.status,
        released_at=as_utc(row.released_at),
        problems=row.problems,
        deliveries=[
            DeliveryLine(
                channel=each.channel,
                status=each.status,
                attempts=each.attempts,
                rounds=each.rounds,
                last_error=each.last_error,
                next_attempt_at=as_utc(each.next_attempt_at),
                delivered_at=as_utc(each.delivered_at),
                channel_paused=each.channel in paused,
            )
            for each in store.deliveries(engine, row.id)
        ],
        notes=notes(engine, row.id),
        history=audit.for_lead(engine, public_id),
        reply_link=mailto(row.email, row.subject),
    )
