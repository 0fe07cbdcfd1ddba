"""One-time sign-in links: a token mailed to an allow-listed address, good once, for minutes."""

from __future__ import annotations

from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlmodel import Session

from agency_site.desk.model import SignInLink
from agency_site.desk.tokens import new_token, token_hash
from agency_site.leads.database import writing
from agency_site.leads.model import utc_now
from agency_site.leads.retention import same_address

_links = SignInLink.__table__


def issue(engine: sa.Engine, email: str, minutes: float, *, now: datetime | None = None) -> str:
    """A new link's token for `email` (the caller checked it is staff); only its hash is kept."""
    now = now or utc_now()
    token = new_token()
    row = SignInLink(
        token_hash=token_hash(token),
        email=same_address(email),
        created_at=now,
        expires_at=now + timedelta(minutes=minutes),
    )
    with writing(engine), Session(engine) as session:
        session.add(row)
        session.commit()
    return token


def consume(engine: sa.Engine, token: str, *, now: datetime | None = None) -> str | None:
    """The address a link was sent to, if `token` is a link not used yet and not expired;
    it is used from now on (one conditional write: of two clicks at once, one wins)."""
    now = now or utc_now()
    with writing(engine), engine.begin() as connection:
        return connection.execute(
            sa.update(_links)
            .where(
                _links.c.token_hash == token_hash(token),
                _links.c.used_at.is_(None),
                _links.c.expires_at > now,
            )
            .values(used_at=now)
            .returning(_links.c.email)
        ).scalar()
