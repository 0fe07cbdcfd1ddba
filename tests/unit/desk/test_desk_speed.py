"""Speed to lead: business hours, overdue leads told once, weekly median and p90, the histogram."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from agency_site.desk import actions, speed, staff
from agency_site.desk.speed import business_time, overdue
from agency_site.leads import store
from agency_site.settings import DeskSettings
from tests.unit.desk.support import a_lead

DUBAI = ZoneInfo("Asia/Dubai")
SETTINGS = DeskSettings()


def dubai(day: int, hour: int, minute: int = 0) -> datetime:
    """A time in Dubai in the week of Monday 2026-11-23."""
    return datetime(2026, 11, day, hour, minute, tzinfo=DUBAI)


@pytest.mark.parametrize(
    ("start", "end", "hours"),
    [
        (dubai(23, 10), dubai(23, 12), 2),  # Monday morning
        (dubai(23, 17), dubai(24, 10), 2),  # over a night
        (dubai(27, 16), dubai(30, 11), 4),  # Friday afternoon to Monday: the weekend does not count
        (dubai(28, 10), dubai(29, 18), 0),  # a weekend
        (dubai(23, 7), dubai(23, 8), 0),  # before opening
        (dubai(23, 0), dubai(30, 0), 45),  # a whole week
    ],
)
def test_business_hours_are_monday_to_friday_nine_to_six_in_dubai(start, end, hours):
    assert business_time(start, end, SETTINGS) == timedelta(hours=hours)
    assert business_time(start.astimezone(UTC), end.astimezone(UTC), SETTINGS) == timedelta(hours=hours)


def test_an_overdue_lead_is_logged_once_without_its_fields(engine, caplog):
    caplog.set_level(logging.ERROR)
    friday = a_lead(engine, name="Ada Secretname", created_at=dubai(27, 16))
    monday = a_lead(engine, created_at=dubai(30, 9, 30))
    a_lead(engine, spam=True, created_at=dubai(23, 9))
    # Monday 11:00: Friday's lead has waited 2 + 2 business hours; Monday's 1.5.
    now = dubai(30, 11)
    assert [lead.public_id for lead in overdue(engine, SETTINGS, now=now)] == [
        store.get(engine, friday).public_id
    ]
    assert speed.alert_overdue(engine, SETTINGS, now=now) == [store.get(engine, friday).public_id]
    assert speed.alert_overdue(engine, SETTINGS, now=now + timedelta(hours=1)) == []
    [record] = [record for record in caplog.records if record.name == "agency_site.desk.speed"]
    assert "Secretname" not in record.getMessage() and "ada@example.com" not in record.getMessage()
    # Answered: no longer overdue; Monday's lead is by 15:00.
    sam = staff.add(engine, "sam@agency.example")
    actions.set_status(engine, sam, [store.get(engine, friday).public_id], "contacted")
    later = overdue(engine, SETTINGS, now=dubai(30, 15))
    assert [lead.public_id for lead in later] == [store.get(engine, monday).public_id]
    assert later[0].waiting_business_hours == 5.5


def test_weekly_median_and_p90(engine):
    sam = staff.add(engine, "sam@agency.example")
    # Week of 16 November: answered after 1, 2, ..., 10 hours; week of 23 November: 30 min.
    for hours in range(1, 11):
        arrived = dubai(17, 9) - timedelta(days=7) + timedelta(days=7)  # Tuesday 17th
        lead = store.get(engine, a_lead(engine, created_at=arrived - timedelta(days=0))).public_id
        actions.set_status(engine, sam, [lead], "contacted", now=arrived + timedelta(hours=hours))
    quick = store.get(engine, a_lead(engine, created_at=dubai(24, 9))).public_id
    actions.set_status(engine, sam, [quick], "qualified", now=dubai(24, 9, 30))
    a_lead(engine, created_at=dubai(24, 10))  # not answered: not counted
    weeks = speed.weekly(engine, SETTINGS, now=dubai(29, 12))
    assert [(week.week_start.isoformat(), week.answered) for week in weeks] == [
        ("2026-11-23", 1),
        ("2026-11-16", 10),
    ]
    assert weeks[0].median_s == weeks[0].p90_s == 1800
    assert (weeks[1].median_s, weeks[1].p90_s) == (5 * 3600, 9 * 3600)
    text = speed.exposition(engine).decode()
    assert 'agency_lead_first_response_seconds_bucket{le="1800.0"} 1.0' in text
    assert 'agency_lead_first_response_seconds_bucket{le="+Inf"} 11.0' in text
    assert "agency_lead_first_response_seconds_count 11.0" in text


def test_metrics_endpoint_carries_the_histogram(engine):
    from tests.unit.leads.test_leads_metrics import scrape

    sam = staff.add(engine, "sam@agency.example")
    lead = store.get(engine, a_lead(engine)).public_id
    actions.set_status(engine, sam, [lead], "contacted")
    text = scrape(engine).text
    assert "# TYPE agency_lead_first_response_seconds histogram" in text
    assert 'agency_lead_first_response_seconds_bucket{le="300.0"} 1.0' in text
    assert "agency_leads{status=" in text
