"""Operators' CLI: list, export, erase (GDPR Art. 17), purge (retention)."""

from __future__ import annotations

import asyncio
import csv
import io
import subprocess
import sys
from dataclasses import replace
from datetime import timedelta

import pytest
import sqlalchemy as sa

from agency_site.leads import Inbox, delivery, receive, retention, store
from agency_site.leads.cli import main, parser
from agency_site.leads.database import create_engine
from agency_site.leads.model import ContactMessage, utc_now
from agency_site.settings import PROJECT_ROOT
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import run_on, valid_form


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'cli.db'}"


def run(url: str, *argv: str) -> str:
    out = io.StringIO()
    assert main(["--database-url", url, *argv], out=out) == 0
    return out.getvalue()


def fill(engine: sa.Engine) -> None:
    inbox = Inbox.create(engine, TEST_SETTINGS)
    for form in (
        valid_form(email="ada@example.com", subject="First message"),
        valid_form(email="Grace@Example.com", subject="=HYPERLINK(evil)"),
        valid_form(email="ada@example.com", subject="Second message"),
        valid_form(form_trap="spam", email="bot@example.com", subject="Cheap pills"),
    ):
        asyncio.run(receive(form, client="c", inbox=inbox))


def age(engine: sa.Engine, subject: str, days: int) -> None:
    table = ContactMessage.__table__
    with engine.begin() as connection:
        connection.execute(
            sa.update(table)
            .where(table.c.subject == subject)
            .values(created_at=utc_now() - timedelta(days=days))
        )


def test_migrate_then_list(sqlite_url):
    assert "up to date" in run(sqlite_url, "migrate")
    assert run(sqlite_url, "list").strip() == "0 message(s)"


def test_list_and_filter_by_status(engine):
    fill(engine)
    listing = run_on(engine, "list")
    assert "4 message(s)" in listing and "Cheap pills" in listing
    spam = run_on(engine, "list", "--status", "spam")
    assert "1 message(s)" in spam and "bot@example.com" in spam and "ada@" not in spam


def test_export_is_csv_that_spreadsheets_cannot_run(engine):
    fill(engine)
    records = list(csv.DictReader(io.StringIO(run_on(engine, "export"))))
    assert len(records) == 4
    assert [record["subject"] for record in records] == [
        "First message",
        "'=HYPERLINK(evil)",
        "Second message",
        "Cheap pills",
    ]
    assert records[0]["email"] == "ada@example.com" and records[3]["status"] == "spam"
    assert records[0]["created_at"].endswith("+00:00")


def test_erase_removes_every_message_of_one_address_case_insensitively(engine):
    fill(engine)
    assert "erased 2 message(s)" in run_on(engine, "erase", "--email", " ADA@example.com ")
    assert sorted(row.email for row in store.messages(engine)) == ["Grace@Example.com", "bot@example.com"]
    assert retention.erase(engine, "grace@example.com") == 1


def set_status(engine: sa.Engine, subject: str, status: str) -> None:
    table = ContactMessage.__table__
    with engine.begin() as connection:
        connection.execute(sa.update(table).where(table.c.subject == subject).values(status=status))


def test_purge_deletes_only_delivered_and_spam_messages_past_retention(engine):
    fill(engine)
    set_status(engine, "First message", "delivered")
    for subject in ("First message", "Cheap pills", "Second message"):
        age(engine, subject, 200)
    set_status(engine, "=HYPERLINK(evil)", "delivered")
    age(engine, "=HYPERLINK(evil)", 179)
    assert "purged 2 message(s) older than 180 days" in run_on(engine, "purge")
    # The undelivered one stays however old it is, until an operator says so.
    assert [row.subject for row in store.messages(engine)] == ["=HYPERLINK(evil)", "Second message"]
    assert "purged 1 message(s) older than 30 days" in run_on(engine, "purge", "--older-than", "30")
    assert [row.subject for row in store.messages(engine)] == ["Second message"]
    # Only an operator naming it deletes a lead nobody has received.
    [second] = store.messages(engine)
    assert "deleted 1 message(s)" in run_on(engine, "delete", "--id", str(second.id))
    assert list(store.messages(engine)) == []


def test_purge_keeps_failed_and_dead_messages(engine):
    fill(engine)
    set_status(engine, "First message", "failed")
    set_status(engine, "Second message", "dead")
    for subject in ("First message", "Second message", "=HYPERLINK(evil)"):
        age(engine, subject, 1000)
    assert "purged 0 message(s)" in run_on(engine, "purge", "--older-than", "1")
    assert len(list(store.messages(engine))) == 4


@pytest.mark.parametrize("days", ["0", "-1"])
def test_purge_refuses_an_age_below_one_day(engine, days):
    fill(engine)
    args = parser().parse_args(["purge", "--older-than", days])
    out = io.StringIO()
    assert args.run(engine, args, out) == 2
    assert "refusing" in out.getvalue()
    assert len(list(store.messages(engine))) == 4
    with pytest.raises(ValueError):
        retention.purge(engine, 0)


def test_the_command_line_end_to_end(sqlite_url):
    """Through `python -m agency_site.leads`, as an operator types it."""
    run(sqlite_url, "migrate")
    engine = create_engine(sqlite_url)
    fill(engine)
    age(engine, "Cheap pills", 181)
    age(engine, "First message", 181)

    def cli(*argv: str) -> str:
        result = subprocess.run(
            [sys.executable, "-m", "agency_site.leads", *argv],
            cwd=PROJECT_ROOT,
            env={"DATABASE_URL": sqlite_url, "PATH": "/usr/bin:/bin"},
            capture_output=True,
            text=True,
            check=True,
        )
        return result.stdout

    assert cli("export").splitlines()[0].startswith("id,public_id,created_at,status")
    assert "purged 1 message(s) older than 180 days" in cli("purge")
    assert "erased 2 message(s) from ada@example.com" in cli("erase", "--email", "ada@example.com")
    assert [row.email for row in store.messages(engine)] == ["Grace@Example.com"]


def test_spam_is_listed_and_a_released_message_is_delivered(engine, receiver):
    """A real visitor filed as spam is found and delivered after all."""
    fill(engine)
    spam = run_on(engine, "list", "--status", "spam")
    [spam_row] = store.messages(engine, status="spam")
    assert "Cheap pills" in spam and spam_row.public_id in spam
    assert "released message" in run_on(engine, "release", "--id", str(spam_row.id))
    assert store.get(engine, spam_row.id).status == "stored"
    assert run_on(engine, "list", "--status", "spam").strip() == "0 message(s)"
    settings = replace(TEST_SETTINGS, webhook_url=receiver.url)
    asyncio.run(delivery.deliver_due(engine, settings))
    assert "Cheap pills" in receiver.subjects()
    assert store.get(engine, spam_row.id).status == "delivered"


def test_release_refuses_a_message_that_is_not_spam(engine):
    fill(engine)
    [first, *_] = store.messages(engine)
    args = parser().parse_args(["release", "--id", str(first.id)])
    out = io.StringIO()
    assert args.run(engine, args, out) == 1
    assert "no spam message" in out.getvalue()
    assert store.get(engine, first.id).status == "stored"


def test_erase_matches_any_script_case_insensitively(engine):
    """SQLite's lower() folds ASCII only, so JÖRG was erased by neither spelling."""
    inbox = Inbox.create(engine, TEST_SETTINGS)
    for email in ("JÖRG@example.de", "jörg@example.de", "ΣΩΚΡΑΤΗΣ@example.gr", "other@example.de"):
        asyncio.run(receive(valid_form(email=email), client="c", inbox=inbox))
    assert [row.email for row in store.messages(engine, email="Jörg@Example.de")] == [
        "JÖRG@example.de",
        "jörg@example.de",
    ]
    assert "erased 2 message(s)" in run_on(engine, "erase", "--email", "jörg@example.de")
    assert retention.erase(engine, "σωκρατησ@example.gr") == 1  # final sigma folds too
    assert [row.email for row in store.messages(engine)] == ["other@example.de"]


def test_the_cli_escapes_control_characters_of_stored_rows(engine):
    """Rows stored before validation dropped them (or by another writer) print escaped."""
    fill(engine)
    table = ContactMessage.__table__
    with engine.begin() as connection:
        connection.execute(
            sa.update(table)
            .where(table.c.subject == "First message")
            .values(subject="Hi\x1b[2J\x07 \u202eevil", message="Line one\nline\ttwo \x1b]0;x\x07")
        )
    listing = run_on(engine, "list")
    assert "\x1b" not in listing and "\u202e" not in listing and "\x07" not in listing
    assert "Hi\\x1b[2J\\x07 \\u202eevil" in listing
    exported = run_on(engine, "export")
    assert "\x1b" not in exported and "\u202e" not in exported
    [record] = [r for r in csv.DictReader(io.StringIO(exported)) if r["subject"].startswith("Hi")]
    assert record["message"] == "Line one\nline\ttwo \\x1b]0;x\\x07"


def test_a_settings_mistake_is_one_line_naming_the_variable(monkeypatch, capsys, sqlite_url):
    """Production settings with a webhook but no secret: the command stops, naming it."""
    from agency_site.settings import get_settings

    monkeypatch.setenv("SITE_URL", "https://www.example.com")
    monkeypatch.setenv("CONTACT_WEBHOOK_URL", "https://hooks.example.com/leads")
    monkeypatch.delenv("CONTACT_WEBHOOK_SECRET", raising=False)
    get_settings.cache_clear()
    try:
        assert main(["--database-url", sqlite_url, "stats"], out=io.StringIO()) == 2
    finally:
        get_settings.cache_clear()
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("CONTACT_WEBHOOK_SECRET: required")
