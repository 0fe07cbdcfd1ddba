"""Paused channels: a receiver that answers 410 Gone wants no more leads.

Retrying would only add to its refusals, and every new lead would be refused the same way;
so the channel stops taking leads (they wait, stored) until an operator has a receiver
again and runs `leads resume`. Pausing is one conditional write, so of all the workers that
hear the 410 exactly one is told it paused the channel (and logs it).
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa

from agency_site.leads.database import writing
from agency_site.leads.model import LeadChannel, utc_now
from agency_site.leads.store import insert_ignoring_duplicates

_channels = LeadChannel.__table__


def pause(engine: sa.Engine, channel: str, reason: str, now: datetime | None = None) -> bool:
    """Pause `channel`; True if it was running until now (the caller tells the operators)."""
    now = now or utc_now()
    with writing(engine), engine.begin() as connection:
        connection.execute(insert_ignoring_duplicates(engine.dialect.name, _channels).values(channel=channel))
        return (
            connection.execute(
                sa.update(_channels)
                .where(_channels.c.channel == channel, _channels.c.paused_at.is_(None))
                .values(paused_at=now, paused_reason=reason[:200])
            ).rowcount
            == 1
        )


def resume(engine: sa.Engine, channel: str | None = None) -> list[str]:
    """Resume `channel` (every paused one if None); returns the channels resumed."""
    which = _channels.c.paused_at.is_not(None)
    if channel is not None:
        which = sa.and_(which, _channels.c.channel == channel)
    with writing(engine), engine.begin() as connection:
        resumed = list(connection.execute(sa.select(_channels.c.channel).where(which)).scalars())
        connection.execute(sa.update(_channels).where(which).values(paused_at=None, paused_reason=None))
    return sorted(resumed)


def paused(engine: sa.Engine) -> dict[str, tuple[datetime, str]]:
    """Paused channels: when and why."""
    with engine.connect() as connection:
        rows = connection.execute(
            sa.select(_channels.c.channel, _channels.c.paused_at, _channels.c.paused_reason).where(
                _channels.c.paused_at.is_not(None)
            )
        ).all()
    return {row.channel: (row.paused_at, row.paused_reason or "") for row in rows}
