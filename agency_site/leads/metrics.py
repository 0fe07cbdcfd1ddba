"""The operators' figures: leads by status (dead ones among them), deliveries by channel and
outcome, paused channels, the age of the oldest lead still being tried. Read from the database at each scrape, so every server instance
and the CLI (`leads stats`) tell the same.

`GET /_metrics` (Prometheus text format, prometheus_client) is answered only to loopback
and METRICS_ALLOW (agency_site/server/metrics_endpoint.py; nginx has the same list).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa

from agency_site.leads.model import (
    Channel,
    ContactMessage,
    LeadChannel,
    LeadDelivery,
    MessageStatus,
    as_utc,
    utc_now,
)
from agency_site.leads.store import UNDELIVERED

_messages = ContactMessage.__table__
_deliveries = LeadDelivery.__table__
_channels = LeadChannel.__table__


@dataclass(frozen=True)
class Figures:
    """One reading of the leads tables."""

    leads: dict[str, int]
    # (channel, status) -> deliveries, and (channel, status) -> attempts made
    deliveries: dict[tuple[str, str], int]
    attempts: dict[tuple[str, str], int]
    # Seconds since the oldest lead still being tried (stored or failed; a dead one has its
    # own alarm, and would keep this one ringing until it is dealt with) arrived.
    oldest_undelivered_s: float
    # Channels paused by a 410 (leads/pauses.py).
    paused: frozenset[str] = frozenset()


def read(engine: sa.Engine, now: datetime | None = None) -> Figures:
    """Count what is in the tables now."""
    now = now or utc_now()
    with engine.connect() as connection:
        leads = dict(
            connection.execute(
                sa.select(_messages.c.status, sa.func.count()).group_by(_messages.c.status)
            ).all()
        )
        rows = connection.execute(
            sa.select(
                _deliveries.c.channel,
                _deliveries.c.status,
                sa.func.count(),
                sa.func.sum(_deliveries.c.attempts),
            ).group_by(_deliveries.c.channel, _deliveries.c.status)
        ).all()
        oldest = connection.execute(
            sa.select(sa.func.min(_messages.c.created_at)).where(
                _messages.c.status.in_([str(status) for status in UNDELIVERED])
            )
        ).scalar()
        paused = frozenset(
            connection.execute(
                sa.select(_channels.c.channel).where(_channels.c.paused_at.is_not(None))
            ).scalars()
        )
    oldest = as_utc(oldest)
    return Figures(
        leads={str(status): leads.get(str(status), 0) for status in MessageStatus},
        deliveries={(channel, status): count for channel, status, count, _ in rows},
        attempts={(channel, status): int(attempts or 0) for channel, status, _, attempts in rows},
        oldest_undelivered_s=max((now - oldest).total_seconds(), 0.0) if oldest else 0.0,
        paused=paused,
    )


def exposition(figures: Figures) -> bytes:
    """The figures in Prometheus' text format."""
    from prometheus_client import CollectorRegistry, generate_latest
    from prometheus_client.core import GaugeMetricFamily

    class _Reading:
        def collect(self):
            leads = GaugeMetricFamily(
                "agency_leads", "Contact messages by status (spam included)", labels=["status"]
            )
            for status, count in figures.leads.items():
                leads.add_metric([status], count)
            yield leads
            deliveries = GaugeMetricFamily(
                "agency_lead_deliveries", "Deliveries by channel and outcome", labels=["channel", "status"]
            )
            attempts = GaugeMetricFamily(
                "agency_lead_delivery_attempts",
                "Attempts made by the deliveries of each channel and outcome",
                labels=["channel", "status"],
            )
            for (channel, status), count in sorted(figures.deliveries.items()):
                deliveries.add_metric([channel, status], count)
                attempts.add_metric([channel, status], figures.attempts[(channel, status)])
            yield deliveries
            yield attempts
            yield GaugeMetricFamily(
                "agency_lead_oldest_undelivered_age_seconds",
                "Age of the oldest lead still being tried, stored or failed (0 when there is none)",
                value=figures.oldest_undelivered_s,
            )
            paused = GaugeMetricFamily(
                "agency_lead_channel_paused",
                "1 while a channel is paused (its receiver answered 410 Gone) until `leads resume`",
                labels=["channel"],
            )
            for channel in sorted({*map(str, Channel), *figures.paused}):
                paused.add_metric([channel], 1 if channel in figures.paused else 0)
            yield paused

    registry = CollectorRegistry(auto_describe=False)
    registry.register(_Reading())
    return generate_latest(registry)


def stats_text(figures: Figures) -> str:
    """The same figures for a terminal (`leads stats`)."""
    lines = ["leads by status"]
    lines += [f"  {status:<10} {count:>8}" for status, count in figures.leads.items()]
    lines.append("deliveries by channel and outcome (attempts)")
    if not figures.deliveries:
        lines.append("  none yet")
    for (channel, status), count in sorted(figures.deliveries.items()):
        lines.append(f"  {channel:<8} {status:<10} {count:>8}  ({figures.attempts[(channel, status)]})")
    for channel in sorted(figures.paused):
        lines.append(
            f"channel {channel} is PAUSED (its receiver answered 410); `leads resume --channel {channel}`"
        )
    age = int(figures.oldest_undelivered_s)
    lines.append(
        f"oldest undelivered lead: {age // 3600} h {age % 3600 // 60} min"
        if age
        else "oldest undelivered lead: none"
    )
    return "\n".join(lines) + "\n"
