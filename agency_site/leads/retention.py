"""Deleting leads: a sender's (GDPR Art. 17), the ones an operator names, and those past
the retention period (the daily timer's `purge`), which never touches a lead nobody received."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from datetime import datetime, timedelta

import sqlalchemy as sa

from agency_site.leads.database import writing
from agency_site.leads.model import ContactMessage, LeadDelivery, MessageStatus, utc_now

_messages = ContactMessage.__table__
_deliveries = LeadDelivery.__table__
# The desk's notes on a lead (agency_site/desk/model.py): named here by table, so a process
# that never imported the desk still deletes them with their lead.
_notes = sa.table("lead_note", sa.column("message_id", sa.Integer))


def _delete(connection: sa.Connection, which: sa.ColumnElement[bool]) -> int:
    """Delete the messages `which` selects with their deliveries and notes (SQLite does not
    enforce the foreign keys' ON DELETE CASCADE)."""
    ids = sa.select(_messages.c.id).where(which)
    for attached in (_deliveries, _notes):
        connection.execute(sa.delete(attached).where(attached.c.message_id.in_(ids)))
    return connection.execute(sa.delete(_messages).where(which)).rowcount


def same_address(email: str) -> str:
    """`email` as it is compared: trimmed, NFC, case-folded in any script (JÖRG = jörg).

    Compared in Python, not with SQL's lower(): SQLite's folds ASCII letters only, and
    PostgreSQL's depends on the database's locale (none under "C")."""
    return unicodedata.normalize("NFC", email.strip()).casefold()


# Ids deleted per statement: a parameter list SQLite and PostgreSQL both take.
_ERASE_CHUNK = 500


def erase(engine: sa.Engine, email: str) -> int:
    """Delete every message from `email` (case-insensitive in any script), GDPR Art. 17;
    returns how many."""
    wanted = same_address(email)
    erased = 0
    with writing(engine), engine.begin() as connection:
        addresses = connection.execute(sa.select(_messages.c.id, _messages.c.email))
        ids = [message_id for message_id, address in addresses if same_address(address) == wanted]
        for start in range(0, len(ids), _ERASE_CHUNK):
            erased += _delete(connection, _messages.c.id.in_(ids[start : start + _ERASE_CHUNK]))
    return erased


def delete(engine: sa.Engine, message_ids: Sequence[int]) -> int:
    """Delete the messages an operator names, whatever their status; returns how many.
    The only way an undelivered lead goes, besides `erase` of a sender's messages."""
    with writing(engine), engine.begin() as connection:
        return _delete(connection, _messages.c.id.in_(list(message_ids)))


# `purge` refuses a shorter age: a typo must not delete today's leads.
MIN_PURGE_DAYS = 1
# What `purge` deletes: what reached the team, and spam. Never a lead nobody has received
# (stored, failed, dead, released and not yet delivered): only an operator naming it does.
PURGEABLE = (MessageStatus.DELIVERED, MessageStatus.SPAM)


def purge(engine: sa.Engine, older_than_days: int, *, now: datetime | None = None) -> int:
    """Delete delivered and spam messages received more than `older_than_days` days ago
    (a released one: released that long ago); returns how many. Raises ValueError below
    MIN_PURGE_DAYS."""
    if older_than_days < MIN_PURGE_DAYS:
        raise ValueError(f"refusing to purge messages younger than {MIN_PURGE_DAYS} day")
    since = sa.func.coalesce(_messages.c.released_at, _messages.c.created_at)
    which = sa.and_(
        since < (now or utc_now()) - timedelta(days=older_than_days),
        _messages.c.status.in_([str(status) for status in PURGEABLE]),
    )
    with writing(engine), engine.begin() as connection:
        return _delete(connection, which)
