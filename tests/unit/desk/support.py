"""Helpers shared by the desk tests."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa

from agency_site.leads import store
from agency_site.leads.validation import Submission


def a_lead(
    engine: sa.Engine, *, created_at: datetime | None = None, spam: bool = False, **fields: str
) -> int:
    """Store a lead as the contact form would (its search column too); returns its id."""
    values = {
        "name": "Ada Lovelace",
        "email": "ada@example.com",
        "subject": "A new project",
        "message": "We would like an AI caller for our clinic.",
        "language": "en",
        "page": "/contact",
    }
    values.update(fields)
    message_id = store.save(engine, Submission(**values, honeypot=spam))
    if created_at is not None:
        table = store.ContactMessage.__table__
        with engine.begin() as connection:
            connection.execute(sa.update(table).where(table.c.id == message_id).values(created_at=created_at))
    return message_id
