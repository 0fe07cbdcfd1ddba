"""Helpers shared by the leads tests."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import sqlalchemy as sa

from agency_site.leads.cli import parser
from agency_site.leads.model import ContactMessage


def valid_form(**overrides: str) -> dict[str, str]:
    """A form as the contact page sends it, valid unless overridden."""
    form = {
        "name": "Ada Lovelace",
        "email": "ada@example.com",
        "subject": "A new project",
        "message": "We would like an AI caller for our clinic.",
        "language": "en",
        "page": "/contact",
        "form_trap": "",
    }
    form.update(overrides)
    return form


def a_row(**overrides: object) -> ContactMessage:
    """A stored message as the database hands it back, without a database."""
    fields: dict[str, object] = {name: value for name, value in valid_form().items() if name != "form_trap"}
    fields.update(
        id=7,
        created_at=datetime(2026, 11, 26, 9, 30, tzinfo=UTC),
        public_id="5b0e2a51-7c56-4f0e-9a55-2f3c1f0e6d41",
    )
    fields.update(overrides)
    return ContactMessage(**fields)


def run_on(engine: sa.Engine, *argv: str) -> str:
    """A command on the test's database (a PostgreSQL schema has no URL of its own)."""
    args = parser().parse_args(argv)
    out = io.StringIO()
    assert args.run(engine, args, out) == 0
    return out.getvalue()
