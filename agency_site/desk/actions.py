"""What staff do to leads from the desk: set the pipeline status, add a note, release spam,
retry a failed or dead delivery (each for one lead or a selection), erase a sender's leads
(GDPR Art. 17), export the filtered set as CSV. Each writes its audit row(s): one per lead
acted on, or one with the count (an erasure, an export).

The leads package does the work (store.release, store.retry_message, retention.erase, the
CLI's spreadsheet-safe CSV); these add who did it and the audit log. Synchronous: the desk's
event handlers run them in a worker thread (`asyncio.to_thread`).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import sqlalchemy as sa
from sqlmodel import Session, col, select

from agency_site.desk import audit
from agency_site.desk.inbox import InboxFilter, matching_ids
from agency_site.desk.model import AuditAction, LeadNote, Staff
from agency_site.leads import retention, store
from agency_site.leads.cli import CSV_COLUMNS, export_csv
from agency_site.leads.database import writing
from agency_site.leads.model import ContactMessage, PipelineStatus, utc_now

NOTE_MAX = 5000


def stored_time(moment: datetime | None) -> datetime:
    """`moment` (now if None) in UTC, as every time is stored: SQLite keeps a time without
    its zone, so a time in another zone would be read back hours off."""
    return (moment or utc_now()).astimezone(UTC)


# The desk's export: the CLI's columns and the team's own two.
DESK_CSV_COLUMNS = (*CSV_COLUMNS, "pipeline_status", "first_response_at")
_messages = ContactMessage.__table__


def _ids(connection: sa.Connection, public_ids: Sequence[str]) -> dict[str, int]:
    rows = connection.execute(
        sa.select(_messages.c.public_id, _messages.c.id).where(_messages.c.public_id.in_(list(public_ids)))
    ).all()
    return {row.public_id: row.id for row in rows}


def set_status(
    engine: sa.Engine, actor: Staff, public_ids: Sequence[str], status: str, *, now: datetime | None = None
) -> list[str]:
    """Set the pipeline status of the leads named; the first change away from `new` is the
    lead's first response. Returns the public ids changed (a lead already in `status` is
    not). Raises ValueError for a status that is not one."""
    status = str(PipelineStatus(status))
    now = stored_time(now)
    with writing(engine), engine.begin() as connection:
        changed = list(
            connection.execute(
                sa.update(_messages)
                .where(_messages.c.public_id.in_(list(public_ids)), _messages.c.pipeline_status != status)
                .values(
                    pipeline_status=status,
                    first_response_at=_messages.c.first_response_at
                    if status == PipelineStatus.NEW
                    else sa.func.coalesce(_messages.c.first_response_at, now),
                )
                .returning(_messages.c.public_id)
            ).scalars()
        )
        audit.write(
            connection,
            [
                audit.entry_values(
                    actor.id, AuditAction.SET_STATUS, lead_public_id=each, detail=status, now=now
                )
                for each in changed
            ],
        )
    return changed


def add_note(
    engine: sa.Engine, actor: Staff, public_id: str, text: str, *, now: datetime | None = None
) -> bool:
    """Add a note to a lead, signed by `actor`; False if there is no such lead. Raises
    ValueError for an empty note or one over NOTE_MAX characters."""
    text = text.strip()
    if not text or len(text) > NOTE_MAX:
        raise ValueError(f"a note has 1 to {NOTE_MAX} characters")
    assert actor.id is not None
    now = stored_time(now)
    with writing(engine), engine.begin() as connection:
        found = _ids(connection, [public_id])
        if not found:
            return False
        connection.execute(
            sa.insert(LeadNote.__table__).values(
                message_id=found[public_id], staff_id=actor.id, created_at=now, text=text
            )
        )
        audit.write(
            connection,
            [audit.entry_values(actor.id, AuditAction.ADD_NOTE, lead_public_id=public_id, now=now)],
        )
    return True


@dataclass(frozen=True)
class Outcome:
    """A bulk action's result: the leads it was done to, and why it was not done to the others."""

    done: list[str]
    refused: dict[str, str]


def _each(engine: sa.Engine, actor: Staff, public_ids: Sequence[str], action: AuditAction, act) -> Outcome:
    with engine.connect() as connection:
        ids = _ids(connection, public_ids)
    done: list[str] = []
    refused: dict[str, str] = {}
    for public_id in dict.fromkeys(public_ids):
        if public_id not in ids:
            refused[public_id] = "not-found"
            continue
        try:
            ok = act(ids[public_id])
        except ValueError as problem:
            refused[public_id] = f"invalid-fields: {problem}"
            continue
        if ok:
            done.append(public_id)
        else:
            refused[public_id] = "not-applicable"
    if done:
        with writing(engine), engine.begin() as connection:
            audit.write(
                connection, [audit.entry_values(actor.id, action, lead_public_id=each) for each in done]
            )
    return Outcome(done, refused)


def release(engine: sa.Engine, actor: Staff, public_ids: Sequence[str]) -> Outcome:
    """Release leads filed as spam: stored, to be delivered at the delivery task's next
    round. Refused: not spam (`not-applicable`), or fields a visitor's form would refuse
    (`invalid-fields: ...`; delete it instead)."""
    return _each(
        engine, actor, public_ids, AuditAction.RELEASE, lambda message_id: store.release(engine, message_id)
    )


def retry(engine: sa.Engine, actor: Staff, public_ids: Sequence[str]) -> Outcome:
    """Take failed or dead leads back: each channel that has not delivered them tries again
    at the delivery task's next round, with a fresh schedule. Refused: not failed or dead."""
    return _each(
        engine,
        actor,
        public_ids,
        AuditAction.RETRY,
        lambda message_id: store.retry_message(engine, message_id),
    )


@dataclass(frozen=True)
class ErasureReceipt:
    """What an erasure leaves: who, when, how many leads. Never the address or any content."""

    staff_email: str
    erased_at: datetime
    count: int


def erase_by_email(
    engine: sa.Engine, actor: Staff, email: str, *, now: datetime | None = None
) -> ErasureReceipt:
    """Delete every lead from `email` (any case, any script) with its deliveries and notes:
    GDPR Art. 17. The desk asks for confirmation first. The audit row keeps the count only."""
    now = stored_time(now)
    count = retention.erase(engine, email)
    audit.record(engine, actor.id, AuditAction.ERASE, count=count, now=now)
    return ErasureReceipt(actor.email, now, count)


def export_csv_text(engine: sa.Engine, actor: Staff, filters: InboxFilter | None = None) -> tuple[str, int]:
    """The leads `filters` select, newest first, as CSV (cells a spreadsheet would run as a
    formula are escaped), and how many; audited with the count."""
    filters = filters or InboxFilter()
    with engine.connect() as connection:
        ids = matching_ids(connection, filters)
    out = io.StringIO()
    count = export_csv(_rows(engine, ids), out, DESK_CSV_COLUMNS)
    audit.record(engine, actor.id, AuditAction.EXPORT, count=count)
    return out.getvalue(), count


# Rows read per query while exporting: a parameter list both databases take.
_EXPORT_CHUNK = 500


def _rows(engine: sa.Engine, ids: list[int]):
    with Session(engine) as session:
        for start in range(0, len(ids), _EXPORT_CHUNK):
            chunk = ids[start : start + _EXPORT_CHUNK]
            rows = {
                row.id: row
                for row in session.exec(select(ContactMessage).where(col(ContactMessage.id).in_(chunk)))
            }
            yield from (rows[each] for each in chunk if each in rows)
