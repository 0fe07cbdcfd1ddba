"""What the desk's state sends the browser: the desk services' answers as plain rows of
strings, times written in the member of staff's language and the desk's time zone.

Codes (a status, an action) stay codes: the page, built in its language, says them in
words (the state holds no translation text, docs/architecture.md §2).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from babel.dates import format_datetime

from agency_site.desk.audit import AuditLine
from agency_site.desk.inbox import DeliveryFilter, InboxFilter, LeadSummary
from agency_site.desk.lead import DeliveryLine, LeadDetail, NoteLine
from agency_site.desk.speed import Overdue, WeekSpeed
from agency_site.formats import LOCALES, long_date, number
from agency_site.leads.model import PipelineStatus

Row = dict[str, str]
PIPELINE = tuple(str(status) for status in PipelineStatus)
DELIVERY = tuple(str(state) for state in DeliveryFilter)
LANGUAGES = ("en", "de")
# The filter form's fields (the inbox page names its inputs after them).
FILTER_FIELDS = ("search", "pipeline", "delivery", "language", "since", "until")


def when(lang: str, moment: datetime | None, zone: str) -> str:
    """A time as the language writes it, in the desk's zone ('29 Nov 2026, 14:05')."""
    if moment is None:
        return ""
    return format_datetime(moment, "d MMM y, HH:mm", tzinfo=ZoneInfo(zone), locale=LOCALES[lang])


def lead_row(lang: str, lead: LeadSummary, zone: str) -> Row:
    """A lead as a line of the inbox."""
    return {
        "id": lead.public_id,
        "received": when(lang, lead.created_at, zone),
        "name": lead.name,
        "email": lead.email,
        "subject": lead.subject,
        "language": lead.language,
        "pipeline": lead.pipeline_status,
        "delivery": lead.delivery_status,
    }


def overdue_row(lang: str, lead: Overdue, zone: str) -> Row:
    """A lead waiting too long, for the top of the inbox."""
    return {
        "id": lead.public_id,
        "received": when(lang, lead.created_at, zone),
        "name": lead.name,
        "subject": lead.subject,
        "hours": number(lang, round(lead.waiting_business_hours, 1)),
    }


def duration(lang: str, seconds: float) -> str:
    """A time to first response, short: minutes under two hours, else hours ('95 min', '3,5 h')."""
    if seconds < 7200:
        return f"{number(lang, round(seconds / 60))} min"
    return f"{number(lang, round(seconds / 3600, 1))} h"


def week_row(lang: str, week: WeekSpeed) -> Row:
    """One week's speed to lead."""
    return {
        "week": long_date(lang, week.week_start),
        "answered": number(lang, week.answered),
        "median": duration(lang, week.median_s),
        "p90": duration(lang, week.p90_s),
    }


def delivery_row(lang: str, line: DeliveryLine, zone: str) -> Row:
    """One channel's delivery of a lead."""
    return {
        "channel": line.channel,
        "status": line.status,
        "attempts": number(lang, line.attempts),
        "last_error": line.last_error or "",
        "next_attempt": when(lang, line.next_attempt_at, zone),
        "delivered": when(lang, line.delivered_at, zone),
        "paused": "true" if line.channel_paused else "",
    }


def note_row(lang: str, note: NoteLine, zone: str) -> Row:
    """A note with its author and time."""
    return {
        "author": note.author_name or note.author_email,
        "when": when(lang, note.created_at, zone),
        "text": note.text,
    }


def history_row(lang: str, line: AuditLine, zone: str) -> Row:
    """An audit row of a lead: who, when, what (a code), and the new status if any."""
    return {
        "who": line.staff_email or "",
        "when": when(lang, line.created_at, zone),
        "action": line.action,
        "detail": line.detail or "",
    }


def detail_row(lang: str, lead: LeadDetail, zone: str) -> Row:
    """A lead's own fields for its page."""
    return {
        "id": lead.public_id,
        "received": when(lang, lead.created_at, zone),
        "name": lead.name,
        "email": lead.email,
        "subject": lead.subject,
        "message": lead.message,
        "language": lead.language,
        "page": lead.page,
        "pipeline": lead.pipeline_status,
        "first_response": when(lang, lead.first_response_at, zone),
        "delivery": lead.delivery_status,
        "reply": lead.reply_link,
        "problems": lead.problems or "",
    }


def _day(value: str) -> date | None:
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        return None


def inbox_filter(fields: Row, zone: str) -> InboxFilter:
    """The inbox filter a filter form's fields ask for; anything unknown is left out. The
    dates are days in the desk's zone, both included."""
    tz = ZoneInfo(zone)
    since, until = _day(fields.get("since", "")), _day(fields.get("until", ""))
    pipeline = fields.get("pipeline", "")
    delivery = fields.get("delivery", "")
    language = fields.get("language", "")
    return InboxFilter(
        pipeline=(pipeline,) if pipeline in PIPELINE else (),
        delivery=DeliveryFilter(delivery) if delivery in DELIVERY else None,
        language=language if language in LANGUAGES else None,
        since=datetime.combine(since, time(0), tz).astimezone(UTC) if since else None,
        until=datetime.combine(until + timedelta(days=1), time(0), tz).astimezone(UTC) if until else None,
        search=" ".join(fields.get("search", "").split())[:200],
    )


def clean_filters(fields: dict[str, object]) -> Row:
    """The filter form's fields as strings, only those it has."""
    return {name: str(fields.get(name) or "")[:200] for name in FILTER_FIELDS}
