"""The marketing report's count of contact messages per day and language (deploy/report.py):
what the access log cannot show, read from the leads database, counts only."""

from __future__ import annotations

from datetime import UTC, date, datetime

import sqlalchemy as sa
from sqlmodel import Session

from agency_site.leads.model import MessageStatus
from deploy.report import DayOfLeads, leads_per_day, read_leads
from tests.unit.leads.support import a_row

TODAY = date(2026, 11, 26)


def _store(engine: sa.Engine, *rows: tuple[datetime, str, str]) -> None:
    with Session(engine) as session:
        for number, (created_at, language, status) in enumerate(rows):
            session.add(
                a_row(
                    id=None,
                    public_id=f"public-{number}",
                    created_at=created_at,
                    language=language,
                    status=status,
                )
            )
        session.commit()


def test_each_kept_day_counts_its_messages_per_language_without_spam(engine: sa.Engine) -> None:
    _store(
        engine,
        (datetime(2026, 11, 26, 23, 59, tzinfo=UTC), "de", MessageStatus.DELIVERED),
        (datetime(2026, 11, 26, 0, 0, tzinfo=UTC), "en", MessageStatus.STORED),
        (datetime(2026, 11, 25, 12, 0, tzinfo=UTC), "de", MessageStatus.FAILED),
        (datetime(2026, 11, 25, 12, 5, tzinfo=UTC), "de", MessageStatus.SPAM),
        (datetime(2026, 11, 13, 8, 0, tzinfo=UTC), "en", MessageStatus.DEAD),
        # Older than the access log is kept: not in the report.
        (datetime(2026, 11, 12, 23, 59, tzinfo=UTC), "en", MessageStatus.DELIVERED),
    )
    days = leads_per_day(engine, days=14, today=TODAY)
    assert [day.day for day in days][:2] == [TODAY, date(2026, 11, 25)]
    assert len(days) == 14 and days[-1].day == date(2026, 11, 13)
    counted = {day.day: day.by_language for day in days if day.total}
    assert counted == {
        TODAY: {"en": 1, "de": 1},
        date(2026, 11, 25): {"en": 0, "de": 1},
        date(2026, 11, 13): {"en": 1, "de": 0},
    }
    assert days[1] == DayOfLeads(date(2026, 11, 25), {"en": 0, "de": 1})


def test_a_database_that_cannot_be_read_leaves_the_table_out_and_says_so(tmp_path, caplog) -> None:
    # A database without the leads tables (never migrated).
    assert read_leads(f"sqlite:///{tmp_path / 'empty.db'}") is None
    assert "the leads database could not be read" in caplog.text
