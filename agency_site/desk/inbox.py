"""The desk's inbox: leads newest first, a page at a time, filtered and searched on the server.

Search finds every term (split at spaces) in a lead's name, address, subject or message, in
any of the spellings leads/folding.py makes (`jorg`, `joerg` and `Jörg` find `Jörg`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from math import ceil

import sqlalchemy as sa

from agency_site.leads.folding import foldings
from agency_site.leads.model import (
    ContactMessage,
    DeliveryStatus,
    LeadChannel,
    LeadDelivery,
    MessageStatus,
    as_utc,
)

PAGE_SIZE = 25
MAX_PAGE_SIZE = 200
_messages = ContactMessage.__table__
_deliveries = LeadDelivery.__table__
_channels = LeadChannel.__table__


class DeliveryFilter(StrEnum):
    """The delivery states the inbox filters by: filed as spam, failed (being retried),
    dead (the retry schedule spent), or waiting for a paused channel."""

    SPAM = "spam"
    FAILED = "failed"
    DEAD = "dead"
    PAUSED = "paused"


@dataclass(frozen=True)
class InboxFilter:
    """What the inbox shows: every lead, unless narrowed. `since` and `until` bound the time
    received (`until` excluded); `pipeline` is any of those statuses."""

    pipeline: tuple[str, ...] = ()
    delivery: DeliveryFilter | None = None
    language: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    search: str = ""


@dataclass(frozen=True)
class LeadSummary:
    """A lead as the inbox lists it."""

    public_id: str
    created_at: datetime
    name: str
    email: str
    subject: str
    language: str
    pipeline_status: str
    delivery_status: str
    first_response_at: datetime | None


@dataclass(frozen=True)
class InboxPage:
    """One page of the inbox, and how many leads match in all."""

    leads: list[LeadSummary]
    total: int
    page: int
    page_size: int
    pages: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pages", max(1, ceil(self.total / self.page_size)))


def _like(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def search_condition(search: str) -> sa.ColumnElement[bool] | None:
    """Every term in one of its foldings, somewhere in the lead's search column."""
    terms = search.split()
    if not terms:
        return None
    column = _messages.c.search_text
    return sa.and_(
        *(sa.or_(*(column.like(_like(form), escape="\\") for form in foldings(term))) for term in terms)
    )


def _waiting_for_a_paused_channel() -> sa.ColumnElement[bool]:
    delivered_there = sa.exists().where(
        _deliveries.c.message_id == _messages.c.id,
        _deliveries.c.channel == _channels.c.channel,
        _deliveries.c.status == str(DeliveryStatus.DELIVERED),
    )
    return sa.and_(
        _messages.c.status.in_([str(MessageStatus.STORED), str(MessageStatus.FAILED)]),
        sa.exists().where(_channels.c.paused_at.is_not(None), ~delivered_there),
    )


def conditions(filters: InboxFilter) -> list[sa.ColumnElement[bool]]:
    """The WHERE clauses of `filters`."""
    found: list[sa.ColumnElement[bool]] = []
    if filters.pipeline:
        found.append(_messages.c.pipeline_status.in_(list(filters.pipeline)))
    if filters.delivery == DeliveryFilter.PAUSED:
        found.append(_waiting_for_a_paused_channel())
    elif filters.delivery is not None:
        found.append(_messages.c.status == str(filters.delivery))
    if filters.language:
        found.append(_messages.c.language == filters.language)
    # In UTC, as stored (SQLite compares its times as text, without their zone).
    if filters.since is not None:
        found.append(_messages.c.created_at >= filters.since.astimezone(UTC))
    if filters.until is not None:
        found.append(_messages.c.created_at < filters.until.astimezone(UTC))
    if (searching := search_condition(filters.search)) is not None:
        found.append(searching)
    return found


SUMMARY_COLUMNS = (
    _messages.c.public_id,
    _messages.c.created_at,
    _messages.c.name,
    _messages.c.email,
    _messages.c.subject,
    _messages.c.language,
    _messages.c.pipeline_status,
    _messages.c.status,
    _messages.c.first_response_at,
)


def _summary(row: sa.Row) -> LeadSummary:
    return LeadSummary(
        public_id=row.public_id,
        created_at=as_utc(row.created_at),
        name=row.name,
        email=row.email,
        subject=row.subject,
        language=row.language,
        pipeline_status=row.pipeline_status,
        delivery_status=row.status,
        first_response_at=as_utc(row.first_response_at),
    )


def inbox_page(
    engine: sa.Engine, filters: InboxFilter | None = None, page: int = 1, page_size: int = PAGE_SIZE
) -> InboxPage:
    """Page `page` (from 1) of the leads `filters` select, newest first."""
    filters = filters or InboxFilter()
    page_size = min(max(1, page_size), MAX_PAGE_SIZE)
    page = max(1, page)
    where = conditions(filters)
    with engine.connect() as connection:
        total = (
            connection.execute(sa.select(sa.func.count()).select_from(_messages).where(*where)).scalar() or 0
        )
        rows = connection.execute(
            sa.select(*SUMMARY_COLUMNS)
            .where(*where)
            .order_by(_messages.c.created_at.desc(), _messages.c.id.desc())
            .limit(page_size)
            .offset((page - 1) * page_size)
        ).all()
    return InboxPage([_summary(row) for row in rows], total, page, page_size)


def matching_ids(connection: sa.Connection, filters: InboxFilter) -> list[int]:
    """The ids of every lead `filters` select, newest first (an export, a bulk action)."""
    return list(
        connection.execute(
            sa.select(_messages.c.id)
            .where(*conditions(filters))
            .order_by(_messages.c.created_at.desc(), _messages.c.id.desc())
        ).scalars()
    )
