"""Who may use the desk: staff added with `leads staff add` or named in DESK_STAFF.

There is no self-registration. A member of staff is never deleted (notes and the audit log
name them); removing one sets `removed_at` and revokes every session of theirs. An address
in DESK_STAFF is allowed while it is listed there: taking it out of the setting (and
restarting) removes it, `leads staff remove` refuses it.
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Session, col, select

from agency_site.desk.model import DeskSession, Staff, StaffSource
from agency_site.leads.database import writing
from agency_site.leads.model import utc_now
from agency_site.leads.retention import same_address
from agency_site.settings import DeskSettings

LANGUAGES = ("en", "de")


def is_active(staff: Staff, settings: DeskSettings) -> bool:
    """Whether `staff` may sign in and act now."""
    if staff.removed_at is not None:
        return False
    if staff.source == StaffSource.SETTINGS:
        return staff.email in {same_address(email) for email in settings.staff}
    return True


def find(engine: sa.Engine, email: str) -> Staff | None:
    """The member of staff with this address (removed or not), if any."""
    with Session(engine, expire_on_commit=False) as session:
        return session.exec(select(Staff).where(Staff.email == same_address(email))).first()


def get(engine: sa.Engine, staff_id: int) -> Staff | None:
    """A member of staff by id."""
    with Session(engine, expire_on_commit=False) as session:
        return session.get(Staff, staff_id)


def active(engine: sa.Engine, email: str, settings: DeskSettings) -> Staff | None:
    """The active member of staff with this address: added and not removed, or named in
    DESK_STAFF (their row is made at their first sign-in). None for anyone else."""
    found = find(engine, email)
    if found is not None and is_active(found, settings):
        return found
    listed = same_address(email) in {same_address(each) for each in settings.staff}
    if not listed or (found is not None and found.source == StaffSource.CLI):
        return None
    if found is None:
        return add(engine, email, source=StaffSource.SETTINGS)
    # Listed again after it was taken out of DESK_STAFF.
    with writing(engine), Session(engine, expire_on_commit=False) as session:
        row = session.get(Staff, found.id)
        assert row is not None
        row.removed_at = None
        session.add(row)
        session.commit()
        return row


def add(
    engine: sa.Engine,
    email: str,
    *,
    display_name: str = "",
    language: str = "en",
    source: StaffSource = StaffSource.CLI,
) -> Staff:
    """Add a member of staff, or bring a removed one back (their name and language updated
    when given). Raises ValueError for a language other than en or de."""
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}")
    address = same_address(email)
    with writing(engine), Session(engine, expire_on_commit=False) as session:
        row = session.exec(select(Staff).where(Staff.email == address)).first()
        if row is None:
            row = Staff(email=address, display_name=display_name, language=language, source=source)
        else:
            row.removed_at = None
            row.source = source
            row.display_name = display_name or row.display_name
            row.language = language
        session.add(row)
        session.commit()
        return row


def remove(engine: sa.Engine, email: str, now: datetime | None = None) -> bool:
    """Remove a member of staff and revoke their sessions; False if there is no active one."""
    now = now or utc_now()
    staff = Staff.__table__
    sessions = DeskSession.__table__
    with writing(engine), engine.begin() as connection:
        staff_id = connection.execute(
            sa.update(staff)
            .where(staff.c.email == same_address(email), staff.c.removed_at.is_(None))
            .values(removed_at=now)
            .returning(staff.c.id)
        ).scalar()
        if staff_id is None:
            return False
        connection.execute(
            sa.update(sessions)
            .where(sessions.c.staff_id == staff_id, sessions.c.revoked_at.is_(None))
            .values(revoked_at=now)
        )
    return True


def everyone(engine: sa.Engine) -> list[Staff]:
    """Every member of staff ever added, by address."""
    with Session(engine, expire_on_commit=False) as session:
        return list(session.exec(select(Staff).order_by(col(Staff.email))))
