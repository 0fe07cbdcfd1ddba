"""Speed to lead: how long the team takes to answer a lead, and the leads still waiting.

The time to first response is from a lead's arrival (or its release from spam) to its first
change of pipeline status away from `new` (desk/actions.py), in plain hours. The desk's
front page shows its median and 90th percentile per week (weeks from Monday, in
DESK_TIMEZONE); `/_metrics` has it as a histogram, read from the database at each scrape.

A lead still `new` after DESK_RESPONSE_HOURS business hours (default 4) is overdue. Business
hours: Monday to Friday, DESK_BUSINESS_START_HOUR to DESK_BUSINESS_END_HOUR (9 to 18) in
DESK_TIMEZONE (Asia/Dubai): the UAE's working week. An overdue lead is logged once at ERROR
(by its public id; no field of the lead) and listed at the top of the desk.
"""

from __future__ import annotations

import asyncio
import logging
import math
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import sqlalchemy as sa

from agency_site.leads.database import writing
from agency_site.leads.model import ContactMessage, MessageStatus, PipelineStatus, as_utc, utc_now
from agency_site.settings import DeskSettings

logger = logging.getLogger(__name__)

_messages = ContactMessage.__table__
# Upper bounds of the histogram's buckets, in seconds: 5 min to a week.
BUCKETS_S = (300, 900, 1800, 3600, 7200, 4 * 3600, 8 * 3600, 24 * 3600, 48 * 3600, 7 * 24 * 3600)
# How often the server looks for overdue leads.
CHECK_EVERY_S = 300
_arrived = sa.func.coalesce(_messages.c.released_at, _messages.c.created_at)


def business_time(start: datetime, end: datetime, settings: DeskSettings) -> timedelta:
    """The business hours between `start` and `end` (aware datetimes)."""
    zone = ZoneInfo(settings.timezone)
    start, end = start.astimezone(zone), end.astimezone(zone)
    total = timedelta(0)
    day: date = start.date()
    while day <= end.date():
        if day.weekday() < 5:
            opens = datetime.combine(day, time(settings.business_start_hour), zone)
            closes = (
                datetime.combine(day + timedelta(days=1), time(0), zone)
                if settings.business_end_hour == 24
                else datetime.combine(day, time(settings.business_end_hour), zone)
            )
            overlap = min(end, closes) - max(start, opens)
            if overlap > timedelta(0):
                total += overlap
        day += timedelta(days=1)
    return total


@dataclass(frozen=True)
class Overdue:
    """A lead still `new` past the allowed business hours: what the desk's top shows."""

    public_id: str
    created_at: datetime
    name: str
    subject: str
    waiting_business_hours: float


def overdue(engine: sa.Engine, settings: DeskSettings, *, now: datetime | None = None) -> list[Overdue]:
    """Every lead (not spam) still `new` after `settings.response_hours` business hours,
    oldest first."""
    # UTC, as stored: SQLite keeps a time without its zone and compares it as text.
    now = (now or utc_now()).astimezone(UTC)
    allowed = timedelta(hours=settings.response_hours)
    with engine.connect() as connection:
        rows = connection.execute(
            sa.select(
                _messages.c.public_id,
                _arrived.label("arrived"),
                _messages.c.created_at,
                _messages.c.name,
                _messages.c.subject,
            )
            .where(
                _messages.c.pipeline_status == str(PipelineStatus.NEW),
                _messages.c.status != str(MessageStatus.SPAM),
                # Business hours never outrun the clock: older than that on the clock at least.
                _arrived < now - allowed,
            )
            .order_by(_arrived)
        ).all()
    found = []
    for row in rows:
        waiting = business_time(as_utc(row.arrived), now, settings)
        if waiting >= allowed:
            found.append(
                Overdue(
                    row.public_id,
                    as_utc(row.created_at),
                    row.name,
                    row.subject,
                    waiting.total_seconds() / 3600,
                )
            )
    return found


def alert_overdue(engine: sa.Engine, settings: DeskSettings, *, now: datetime | None = None) -> list[str]:
    """Log each overdue lead not told about yet, once (whichever backend asks first marks
    it); returns their public ids."""
    now = (now or utc_now()).astimezone(UTC)
    told = []
    for lead in overdue(engine, settings, now=now):
        with writing(engine), engine.begin() as connection:
            marked = connection.execute(
                sa.update(_messages)
                .where(
                    _messages.c.public_id == lead.public_id,
                    _messages.c.response_alerted_at.is_(None),
                    _messages.c.pipeline_status == str(PipelineStatus.NEW),
                )
                .values(response_alerted_at=now)
            ).rowcount
        if marked:
            told.append(lead.public_id)
            logger.error(
                "Lead %s is still new after %.1f business hours (DESK_RESPONSE_HOURS=%g): nobody has answered it",
                lead.public_id,
                lead.waiting_business_hours,
                settings.response_hours,
            )
    return told


async def watch_response_times() -> None:
    """Lifespan task of the app: look for overdue leads every few minutes."""
    from agency_site.leads.database import default_engine
    from agency_site.settings import get_settings

    engine, settings = default_engine(), get_settings().desk
    while True:
        try:
            await asyncio.to_thread(alert_overdue, engine, settings)
        except Exception:
            logger.exception("Overdue leads not checked")
        await asyncio.sleep(CHECK_EVERY_S)


def _response_times(engine: sa.Engine, since: datetime | None = None) -> list[tuple[datetime, float]]:
    """(arrival, seconds to first response) of every answered lead, not spam."""
    statement = sa.select(_arrived.label("arrived"), _messages.c.first_response_at).where(
        _messages.c.first_response_at.is_not(None), _messages.c.status != str(MessageStatus.SPAM)
    )
    if since is not None:
        statement = statement.where(_arrived >= since)
    with engine.connect() as connection:
        rows = connection.execute(statement).all()
    return [
        (as_utc(row.arrived), max(0.0, (as_utc(row.first_response_at) - as_utc(row.arrived)).total_seconds()))
        for row in rows
    ]


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile of `values` (not empty)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


@dataclass(frozen=True)
class WeekSpeed:
    """One week's time to first response: of the leads that arrived in it and were answered."""

    week_start: date
    answered: int
    median_s: float
    p90_s: float


def weekly(
    engine: sa.Engine, settings: DeskSettings, *, weeks: int = 12, now: datetime | None = None
) -> list[WeekSpeed]:
    """The last `weeks` weeks (those with an answered lead), newest first."""
    zone = ZoneInfo(settings.timezone)
    today = (now or utc_now()).astimezone(zone).date()
    first = today - timedelta(days=today.weekday(), weeks=weeks - 1)
    since = datetime.combine(first, time(0), zone).astimezone(UTC)
    by_week: dict[date, list[float]] = {}
    for arrived, seconds in _response_times(engine, since):
        day = arrived.astimezone(zone).date()
        by_week.setdefault(day - timedelta(days=day.weekday()), []).append(seconds)
    return [
        WeekSpeed(week, len(values), percentile(values, 0.5), percentile(values, 0.9))
        for week, values in sorted(by_week.items(), reverse=True)
    ]


def exposition(engine: sa.Engine) -> bytes:
    """The time to first response as a Prometheus histogram (every answered lead), in its
    text format; /_metrics adds it to the leads' figures."""
    from prometheus_client import CollectorRegistry, generate_latest
    from prometheus_client.core import HistogramMetricFamily

    seconds = [value for _, value in _response_times(engine)]

    class _Reading:
        def collect(self):
            buckets = [
                (str(float(bound)), sum(1 for value in seconds if value <= bound)) for bound in BUCKETS_S
            ]
            buckets.append(("+Inf", len(seconds)))
            yield HistogramMetricFamily(
                "agency_lead_first_response_seconds",
                "Time from a lead's arrival to its first status change in the desk (spam not counted)",
                buckets=buckets,
                sum_value=sum(seconds),
            )

    registry = CollectorRegistry(auto_describe=False)
    registry.register(_Reading())
    return generate_latest(registry)
