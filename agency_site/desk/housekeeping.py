"""What the desk no longer needs goes: sign-in links and OIDC flows a day after they were
issued (used or not: each was good for minutes), sessions 30 days after they ended (the
audit log keeps who signed in when)."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

import sqlalchemy as sa

from agency_site.desk.model import DeskSession, OidcFlow, SignInLink
from agency_site.leads.database import writing
from agency_site.leads.model import utc_now

logger = logging.getLogger(__name__)

LINKS_KEPT = timedelta(days=1)
SESSIONS_KEPT = timedelta(days=30)
EVERY_S = 3600


def forget_old(engine: sa.Engine, *, now: datetime | None = None) -> int:
    """Delete old links, flows and ended sessions; returns how many rows went."""
    now = now or utc_now()
    links, flows, sessions = SignInLink.__table__, OidcFlow.__table__, DeskSession.__table__
    ended = sa.or_(sessions.c.expires_at < now - SESSIONS_KEPT, sessions.c.revoked_at < now - SESSIONS_KEPT)
    with writing(engine), engine.begin() as connection:
        return sum(
            connection.execute(statement).rowcount
            for statement in (
                sa.delete(links).where(links.c.created_at < now - LINKS_KEPT),
                sa.delete(flows).where(flows.c.created_at < now - LINKS_KEPT),
                sa.delete(sessions).where(ended),
            )
        )


async def keep_tidy() -> None:
    """Lifespan task of the app: forget what is old, every hour."""
    from agency_site.leads.database import default_engine

    engine = default_engine()
    while True:
        try:
            await asyncio.to_thread(forget_old, engine)
        except Exception:
            logger.exception("Old desk sign-ins not cleared")
        await asyncio.sleep(EVERY_S)
