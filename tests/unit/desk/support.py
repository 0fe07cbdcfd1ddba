"""Helpers shared by the desk tests."""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa

from agency_site.desk.auth import Desk
from agency_site.leads import store
from agency_site.leads.validation import Submission
from agency_site.settings import PROJECT_ROOT, DeskSettings, Settings


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
            connection.execute(
                sa.update(table).where(table.c.id == message_id).values(created_at=created_at.astimezone(UTC))
            )
    return message_id


def desk_settings(**desk: object) -> Settings:
    """Settings for a desk test: loopback site, quick limits unless given."""
    values: dict[str, object] = {"sign_in_limit": 100, "sign_in_ip_limit": 100}
    values.update(desk)
    return Settings(
        site_url="http://127.0.0.1:3000",
        database_url="sqlite:////nonexistent/desk-tests-pass-their-engine.db",
        content_dir=PROJECT_ROOT / "content",
        desk=DeskSettings(**values),  # pyright: ignore[reportArgumentType]
    )


def a_desk(engine: sa.Engine, settings: Settings | None = None) -> Desk:
    """A desk on the test's database."""
    return Desk.create(engine, settings or desk_settings())
