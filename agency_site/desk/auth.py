"""Signing in to the desk without a password: a one-time link by email (here) or the
agency's identity provider (oidc.py); a session either way (sessions.py).

Every attempt is rate-limited, per address and per client address (leads/ratelimit.py, in
Redis when the backends share it): each link asked for and each identity provider sign-in
started counts, and a link or callback that fails (a successful one is given back), and is
logged with its outcome. A log line names the client
address and the staff address only as its tag (`tokens.address_tag`: 12 hex digits of its
hash), never the address itself and never a token.

An address that is not staff gets the same answer as one that is, after the same time (the
mail goes out in the background), and no mail: the form tells nobody who works here.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

import sqlalchemy as sa

from agency_site.desk import audit, links, sessions, staff
from agency_site.desk.mail import send_sign_in_mail
from agency_site.desk.model import AuditAction, Staff
from agency_site.desk.tokens import address_tag
from agency_site.leads.database import default_engine
from agency_site.leads.ratelimit import RateLimiter, rate_limiter
from agency_site.settings import Settings, get_settings

logger = logging.getLogger(__name__)

LINK_PATH = "/_desk/link"
LANGUAGES = ("en", "de")


def language(value: str | None) -> str:
    """`de` or `en` (anything else)."""
    return value if value in LANGUAGES else "en"


@dataclass
class Desk:
    """The desk's database, settings and sign-in rate limiters."""

    engine: sa.Engine
    settings: Settings
    address_limiter: RateLimiter
    client_limiter: RateLimiter
    # Sign-in mails being sent (tests wait for them: `drain`).
    sending: set[asyncio.Task] = field(default_factory=set)
    # The identity provider's client (oidc.py), made at first use and kept with its
    # metadata and keys; `oidc_http` goes to its HTTP client (tests pass a transport).
    oidc_client: Any = None
    oidc_http: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def create(cls, engine: sa.Engine, settings: Settings) -> Desk:
        """A desk with fresh rate limiters for `settings`."""
        desk, redis = settings.desk, settings.leads.redis_url
        return cls(
            engine,
            settings,
            rate_limiter(
                desk.sign_in_limit, desk.sign_in_window_s, redis, prefix="agency-site:desk-sign-in-address:"
            ),
            rate_limiter(
                desk.sign_in_ip_limit, desk.sign_in_window_s, redis, prefix="agency-site:desk-sign-in-client:"
            ),
        )

    async def drain(self) -> None:
        """Wait for the sign-in mails under way."""
        while self.sending:
            await asyncio.gather(*self.sending, return_exceptions=True)


@lru_cache(maxsize=1)
def default_desk() -> Desk:
    """The desk of this server: DATABASE_URL and the DESK_* settings."""
    return Desk.create(default_engine(), get_settings())


class LinkRequest(StrEnum):
    """What the sign-in form says: a link is on its way if the address is staff's, or
    too many attempts."""

    SENT = "sent"
    RATE_LIMITED = "rate-limited"


def link_url(settings: Settings, token: str, lang: str) -> str:
    """The address a sign-in mail links to."""
    return f"{settings.site_url}{LINK_PATH}?{urlencode({'token': token, 'lang': language(lang)})}"


async def request_link(email: str, client: str, lang: str, desk: Desk | None = None) -> LinkRequest:
    """Someone at `client` asks for a sign-in link for `email`: if it is an active member
    of staff's, a link goes out by mail (in the background). The answer is the same either way."""
    desk = desk or default_desk()
    email = email.strip()
    tag = address_tag(email)
    if not await desk.client_limiter.acquire(client) or not await desk.address_limiter.acquire(tag):
        logger.warning("Desk sign-in link for %s from %s refused: too many attempts", tag, client)
        return LinkRequest.RATE_LIMITED
    member = await asyncio.to_thread(staff.active, desk.engine, email, desk.settings.desk) if email else None
    if member is None:
        logger.info("Desk sign-in link for %s from %s: not staff, nothing sent", tag, client)
        return LinkRequest.SENT
    token = await asyncio.to_thread(links.issue, desk.engine, member.email, desk.settings.desk.link_minutes)
    task = asyncio.create_task(
        _send(desk, member.email, link_url(desk.settings, token, lang), lang, tag, client)
    )
    desk.sending.add(task)
    task.add_done_callback(desk.sending.discard)
    return LinkRequest.SENT


async def _send(desk: Desk, email: str, link: str, lang: str, tag: str, client: str) -> None:
    try:
        await asyncio.to_thread(send_sign_in_mail, desk.settings, email, link, language(lang))
    except Exception as error:
        # The error's type only: an SMTP server's answer may quote the address.
        logger.error("Desk sign-in link for %s from %s not sent: %s", tag, client, type(error).__name__)
        return
    logger.info("Desk sign-in link for %s from %s sent", tag, client)


@dataclass(frozen=True)
class SignIn:
    """A new session: its token (for the cookie only), who, and the desk's language."""

    token: str = field(repr=False)
    staff: Staff
    language: str


def open_session(desk: Desk, member: Staff, method: str, lang: str) -> SignIn:
    """A session for an active member of staff, and its audit row."""
    assert member.id is not None
    token = sessions.create(desk.engine, member.id, desk.settings.desk, method=method)
    audit.record(desk.engine, member.id, AuditAction.SIGN_IN, detail=method)
    return SignIn(token, member, language(lang))


async def sign_in_with_link(token: str, client: str, lang: str, desk: Desk | None = None) -> SignIn | None:
    """A sign-in link opened at `client`: a new session if the link is good (unused, in
    time) and its address still staff's; None otherwise (used, expired, unknown, removed,
    or too many attempts from `client`)."""
    desk = desk or default_desk()
    if not await desk.client_limiter.acquire(client):
        logger.warning("Desk sign-in by link from %s refused: too many attempts", client)
        return None
    email = await asyncio.to_thread(links.consume, desk.engine, token) if token else None
    if email is None:
        logger.warning("Desk sign-in by link from %s refused: the link is unknown, used or expired", client)
        return None
    member = await asyncio.to_thread(staff.active, desk.engine, email, desk.settings.desk)
    if member is None:
        logger.warning(
            "Desk sign-in by link for %s from %s refused: no longer staff", address_tag(email), client
        )
        return None
    signed_in = await asyncio.to_thread(open_session, desk, member, "link", lang)
    # Only failures count here: a team behind one office address signs in all morning.
    await desk.client_limiter.release(client)
    logger.info("Desk sign-in by link for %s from %s", address_tag(email), client)
    return signed_in


def cookie_name(settings: Settings) -> str:
    """The session cookie's name: with the `__Host-` prefix in production (the browser then
    takes it only from this host, over https, for every path), plain on a loopback set-up
    served over http, where that prefix is refused."""
    return "__Host-desk_session" if settings.production else "desk_session"


def token_from_cookie_header(cookie_header: str | None, name: str) -> str | None:
    """The value of cookie `name` in a Cookie header, if it is there."""
    for part in (cookie_header or "").split(";"):
        key, _, value = part.strip().partition("=")
        if key == name and value:
            return value.strip('"')
    return None


async def staff_for_cookie_header(cookie_header: str | None, desk: Desk | None = None) -> Staff | None:
    """The active member of staff whose session the Cookie header carries; None for no
    cookie, a forged, expired or revoked session, or removed staff. Desk event handlers call
    it with their websocket's Cookie header on every event."""
    desk = desk or default_desk()
    token = token_from_cookie_header(cookie_header, cookie_name(desk.settings))
    if token is None:
        return None
    return await asyncio.to_thread(sessions.verify, desk.engine, token, desk.settings.desk)


async def sign_out(cookie_header: str | None, desk: Desk | None = None) -> bool:
    """End the session the Cookie header carries; False if there was none to end."""
    desk = desk or default_desk()
    token = token_from_cookie_header(cookie_header, cookie_name(desk.settings))
    if token is None:
        return False
    member = await asyncio.to_thread(sessions.verify, desk.engine, token, desk.settings.desk)
    ended = await asyncio.to_thread(sessions.revoke, desk.engine, token)
    if ended and member is not None:
        await asyncio.to_thread(audit.record, desk.engine, member.id, AuditAction.SIGN_OUT)
    return ended
