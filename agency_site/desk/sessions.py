"""Desk sessions: a random token in the browser's HttpOnly cookie, its hash in `desk_session`.

Every desk event checks its session here (`verify`), so a revoked session, an expired one,
or one whose member of staff was removed is refused at its next event, on every backend.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlmodel import Session, col, select

from agency_site.desk.model import DeskSession, Staff
from agency_site.desk.staff import is_active
from agency_site.desk.tokens import new_token, token_hash
from agency_site.leads.database import writing
from agency_site.leads.model import as_utc, utc_now
from agency_site.settings import DeskSettings

# `last_seen_at` is written at most this often: a busy desk's events do not each write.
TOUCH_EVERY = timedelta(minutes=1)
_sessions = DeskSession.__table__


def create(
    engine: sa.Engine, staff_id: int, settings: DeskSettings, *, method: str, now: datetime | None = None
) -> str:
    """A new session for a member of staff; returns its token (for the cookie only)."""
    now = now or utc_now()
    token = new_token()
    row = DeskSession(
        token_hash=token_hash(token),
        staff_id=staff_id,
        method=method,
        created_at=now,
        last_seen_at=now,
        expires_at=now + timedelta(hours=settings.session_hours),
    )
    with writing(engine), Session(engine) as session:
        session.add(row)
        session.commit()
    return token


def _usable(row: DeskSession, settings: DeskSettings, now: datetime) -> bool:
    last_seen = as_utc(row.last_seen_at)
    return (
        row.revoked_at is None
        and as_utc(row.expires_at) > now
        and last_seen + timedelta(minutes=settings.idle_minutes) > now
    )


def verify(
    engine: sa.Engine, token: str | None, settings: DeskSettings, *, now: datetime | None = None
) -> Staff | None:
    """The member of staff whose session `token` is, if it is still good: known, not
    revoked, not expired or idle too long, its member of staff still active. Notes the
    session as seen (at most once a minute). None otherwise."""
    if not token:
        return None
    now = now or utc_now()
    with Session(engine, expire_on_commit=False) as session:
        found = session.exec(
            select(DeskSession, Staff)
            .join(Staff, col(Staff.id) == col(DeskSession.staff_id))
            .where(DeskSession.token_hash == token_hash(token))
        ).first()
    if found is None:
        return None
    row, staff = found
    if not _usable(row, settings, now) or not is_active(staff, settings):
        return None
    if as_utc(row.last_seen_at) + TOUCH_EVERY <= now:
        touch(engine, token, now=now)
    return staff


def touch(engine: sa.Engine, token: str, *, now: datetime | None = None) -> None:
    """Note that the session was used now (its idle time starts again)."""
    with writing(engine), engine.begin() as connection:
        connection.execute(
            sa.update(_sessions)
            .where(_sessions.c.token_hash == token_hash(token), _sessions.c.revoked_at.is_(None))
            .values(last_seen_at=now or utc_now())
        )


def revoke(engine: sa.Engine, token: str, *, now: datetime | None = None) -> bool:
    """End the session of `token` (sign-out); False if it was unknown or ended already."""
    return _revoke(engine, _sessions.c.token_hash == token_hash(token), now) == 1


def revoke_by_id(engine: sa.Engine, session_id: int, *, now: datetime | None = None) -> bool:
    """End one session by its id (`leads sessions revoke --id`)."""
    return _revoke(engine, _sessions.c.id == session_id, now) == 1


def revoke_all(engine: sa.Engine, staff_id: int, *, now: datetime | None = None) -> int:
    """End every session of a member of staff; returns how many were open."""
    return _revoke(engine, _sessions.c.staff_id == staff_id, now)


def _revoke(engine: sa.Engine, which: sa.ColumnElement[bool], now: datetime | None) -> int:
    with writing(engine), engine.begin() as connection:
        return connection.execute(
            sa.update(_sessions)
            .where(which, _sessions.c.revoked_at.is_(None))
            .values(revoked_at=now or utc_now())
        ).rowcount


@dataclass(frozen=True)
class SessionInfo:
    """A session as `leads sessions list` shows it: never its token."""

    id: int
    email: str
    method: str
    created_at: datetime
    last_seen_at: datetime
    expires_at: datetime


def open_sessions(
    engine: sa.Engine, settings: DeskSettings, *, now: datetime | None = None
) -> list[SessionInfo]:
    """Every session still good, oldest first."""
    now = now or utc_now()
    with Session(engine) as session:
        rows = session.exec(
            select(DeskSession, Staff)
            .join(Staff, col(Staff.id) == col(DeskSession.staff_id))
            .where(col(DeskSession.revoked_at).is_(None))
            .order_by(col(DeskSession.id))
        ).all()
        return [
            SessionInfo(
                id=row.id or 0,
                email=staff.email,
                method=row.method,
                created_at=as_utc(row.created_at),
                last_seen_at=as_utc(row.last_seen_at),
                expires_at=as_utc(row.expires_at),
            )
            for row, staff in rows
            if _usable(row, settings, now) and is_active(staff, settings)
        ]
