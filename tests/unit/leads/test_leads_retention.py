"""Retention and spam: the daily timer deletes only what reached the team (or is spam),
a released spam counts from its release, and spam is released only if a form would pass it."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import shlex
import subprocess
import sys
from datetime import timedelta

import sqlalchemy as sa

from agency_site.leads import Inbox, MessageStatus, metrics, receive, store
from agency_site.leads.cli import parser
from agency_site.leads.database import create_engine, migrate
from agency_site.leads.model import ContactMessage, utc_now
from agency_site.settings import PROJECT_ROOT
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import run_on, valid_form

PURGE_UNIT = PROJECT_ROOT / "deploy" / "systemd" / "agency-purge.service"
UNIT_PYTHON = "/srv/agency/current/.venv/bin/python"


def unit_command() -> list[str]:
    """The purge unit's ExecStart, with this test run's Python for the install's."""
    [line] = [line for line in PURGE_UNIT.read_text().splitlines() if line.startswith("ExecStart=")]
    command = shlex.split(line.removeprefix("ExecStart="))
    assert command[0] == UNIT_PYTHON
    return [sys.executable, *command[1:]]


def stored(engine: sa.Engine, subject: str, **form: str) -> int:
    inbox = Inbox.create(engine, TEST_SETTINGS)
    outcome = asyncio.run(receive(valid_form(subject=subject, **form), client=subject, inbox=inbox))
    assert outcome.message_id is not None
    return outcome.message_id


def set_row(engine: sa.Engine, message_id: int, **values: object) -> None:
    table = ContactMessage.__table__
    with engine.begin() as connection:
        connection.execute(sa.update(table).where(table.c.id == message_id).values(**values))


def test_the_daily_timer_deletes_no_lead_nobody_received(tmp_path):
    url = f"sqlite:///{tmp_path / 'leads.db'}"
    engine = create_engine(url, settings=TEST_SETTINGS)
    migrate(engine)
    long_ago = utc_now() - timedelta(days=200)
    for status in ("delivered", "stored", "failed", "dead"):
        set_row(engine, stored(engine, f"Old {status} lead"), status=status, created_at=long_ago)
    old_spam = stored(engine, "Old spam", form_trap="bot")
    set_row(engine, old_spam, created_at=long_ago)
    # Filed as spam 200 days ago, released by an operator today: one delivered since, one not yet.
    for subject, delivered in (("Released and delivered", True), ("Released, not yet delivered", False)):
        message_id = stored(engine, subject, form_trap="x")
        set_row(engine, message_id, created_at=long_ago)
        assert "released" in run_on(engine, "release", "--id", str(message_id))
        if delivered:
            set_row(engine, message_id, status="delivered")
    environment = {**os.environ, "DATABASE_URL": url, "CONTACT_RETENTION_DAYS": "180"}
    done = subprocess.run(
        unit_command(), cwd=PROJECT_ROOT, env=environment, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "purged 2 message(s)" in done.stdout
    assert sorted(row.subject for row in store.messages(engine)) == [
        "Old dead lead",
        "Old failed lead",
        "Old stored lead",
        "Released and delivered",
        "Released, not yet delivered",
    ]
    engine.dispose()


def test_spam_is_released_only_with_fields_a_form_would_take(engine):
    two_addresses = stored(engine, "Two addresses", form_trap="bot", email="a@example.com, b@example.com")
    short = stored(engine, "Hi", form_trap="bot")
    fine = stored(engine, "A real enquiry", form_trap="autofilled")
    assert store.get(engine, two_addresses).problems == "email=not-an-email"
    assert store.get(engine, short).problems == "subject=too-short"
    assert store.get(engine, fine).problems is None
    for message_id, reason in ((two_addresses, "email not-an-email"), (short, "subject too-short")):
        status, said = _cli(engine, "release", "--id", str(message_id))
        assert status == 1 and f"message {message_id} not released: {reason}" in said
        assert store.get(engine, message_id).status == MessageStatus.SPAM
    assert "released message" in run_on(engine, "release", "--id", str(fine))
    released = store.get(engine, fine)
    assert released.status == MessageStatus.STORED and released.released_at is not None


def test_a_filled_honeypot_is_logged_at_info_without_its_fields(engine, caplog):
    caplog.set_level(logging.INFO, logger="agency_site.leads.service")
    message_id = stored(engine, "Cheap pills now", form_trap="bot", name="Spammy McSpam")
    [line] = [record for record in caplog.records if record.name == "agency_site.leads.service"]
    assert line.levelno == logging.INFO
    assert line.getMessage() == f"Contact message {message_id} filed as spam: the honeypot field was filled"
    # /_metrics counts it.
    assert 'agency_leads{status="spam"} 1.0' in _metrics(engine)


def _cli(engine: sa.Engine, *argv: str) -> tuple[int, str]:
    args = parser().parse_args(argv)
    out = io.StringIO()
    return args.run(engine, args, out), out.getvalue()


def _metrics(engine: sa.Engine) -> str:
    return metrics.exposition(metrics.read(engine)).decode()
