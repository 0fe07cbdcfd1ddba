"""The desk's audit log: one row per sign-in, view of a lead, change and export.

A row names the member of staff, the action, the lead by its public id (or how many leads
a bulk action, export or erasure touched) and a code (the new status); never a lead's
content, so the log may be kept after the leads are gone: an erasure's receipt.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Session, col, select

from agency_site.desk.model import AuditAction, AuditEntry, Staff
from agency_site.leads.database import writing
from agency_site.leads.model import as_utc, utc_now

_audit = AuditEntry.__table__


def entry_values(
    staff_id: int | None,
    action: AuditAction,
    *,
    lead_public_id: str | None = None,
    count: int = 1,
    detail: str | None = None,
    now: datetime | None = None,
) -> dict[str, object]:
    """An audit row's values, for an INSERT in the caller's own transaction."""
    return {
        "created_at": now or utc_now(),
        "staff_id": staff_id,
        "action": str(action),
        "lead_public_id": lead_public_id,
        "count": count,
        "detail": detail,
    }


def write(connection: sa.Connection, rows: list[dict[str, object]]) -> None:
    """Insert audit rows in the caller's transaction (so an action and its row commit together)."""
    if rows:
        connection.execute(sa.insert(_audit), rows)


def record(
    engine: sa.Engine,
    staff_id: int | None,
    action: AuditAction,
    *,
    lead_public_id: str | None = None,
    count: int = 1,
    detail: str | None = None,
    now: datetime | None = None,
) -> None:
    """One audit row, committed on its own."""
    values = entry_values(
        staff_id, action, lead_public_id=lead_public_id, count=count, detail=detail, now=now
    )
    with writing(engine), engine.begin() as connection:
        write(connection, [values])


@dataclass(frozen=True)
class AuditLine:
    """An audit row as the desk shows it: who (their address), when, what."""

    created_at: datetime
    staff_email: str | None
    action: str
    lead_public_id: str | None
    count: int
    detail: str | None


def _lines(statement) -> list[AuditLine]:
    return [
        AuditLine(
            created_at=as_utc(entry.created_at),
            staff_email=email,
            action=entry.action,
            lead_public_id=entry.lead_public_id,
            count=entry.count,
            detail=entry.detail,
        )
        for entry, email in statement
    ]


def for_lead(engine: sa.Engine, public_id: str) -> list[AuditLine]:
    """A lead's history: every audit row that names it, oldest first."""
    with Session(engine) as session:
        rows = session.exec(
            select(AuditEntry, Staff.email)
            .join(Staff, col(Staff.id) == col(AuditEntry.staff_id), isouter=True)
            .where(AuditEntry.lead_public_id == public_id)
            .order_by(col(AuditEntry.id))
        ).all()
        return _lines(rows)


def recent(engine: sa.Engine, limit: int = 100) -> list[AuditLine]:
    """The newest audit rows, newest first."""
    with Session(engine) as session:
        rows = session.exec(
            select(AuditEntry, Staff.email)
            .join(Staff, col(Staff.id) == col(AuditEntry.staff_id), isouter=True)
            .order_by(col(AuditEntry.id).desc())
            .limit(limit)
        ).all()
        return _lines(rows)
