"""Signing in with the agency's identity provider: OpenID Connect through Authlib.

Authorization code flow with PKCE (S256), `state` and `nonce`; the ID token's signature
(the provider's published keys), issuer, audience, expiry and nonce are checked by Authlib,
and its `email` claim must be verified (`email_verified: true`) and an active staff
address. The flow's `state` (hashed), nonce and code verifier wait in `desk_oidc_flow` for
the callback, which may reach another backend; each state is good once, within
DESK_LINK_MINUTES.

Configured by DESK_OIDC_ISSUER, DESK_OIDC_CLIENT_ID and DESK_OIDC_CLIENT_SECRET; the
provider must allow `<SITE_URL>/_desk/oidc/callback` as a redirect URI.
"""

from __future__ import annotations

import asyncio
import logging
import warnings
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

from agency_site.desk import staff
from agency_site.desk.auth import Desk, SignIn, default_desk, language, open_session
from agency_site.desk.model import OidcFlow
from agency_site.desk.tokens import address_tag, token_hash
from agency_site.leads.database import writing
from agency_site.leads.model import utc_now

logger = logging.getLogger(__name__)

CALLBACK_PATH = "/_desk/oidc/callback"
SCOPE = "openid email profile"
_flows = OidcFlow.__table__


def redirect_uri(desk: Desk) -> str:
    """Where the provider sends the browser back: the site's own address, never the
    request's Host header (which a client writes)."""
    return desk.settings.site_url + CALLBACK_PATH


def provider(desk: Desk, **client_kwargs: Any):
    """Authlib's client of the configured provider (its metadata read from the issuer's
    discovery document on first use). `client_kwargs` go to its HTTP client (tests pass a
    transport)."""
    # Authlib 1.9 asks for the httpx2 package and falls back to httpx, which the site
    # already uses; nothing changes for us until it drops the fallback. Its warning module
    # puts an 'always' filter first when imported, so it is imported before ours goes first.
    import authlib.deprecate  # noqa: F401

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from authlib.integrations.starlette_client import OAuth

    settings = desk.settings.desk
    assert settings.oidc_issuer
    oauth = OAuth()
    return oauth.register(
        "desk",
        client_id=settings.oidc_client_id,
        client_secret=settings.oidc_client_secret,
        server_metadata_url=settings.oidc_issuer.rstrip("/") + "/.well-known/openid-configuration",
        client_kwargs={"scope": SCOPE, "code_challenge_method": "S256", "timeout": 10, **client_kwargs},
    )


def client_of(desk: Desk):
    """The desk's provider client, made once: its discovery document and keys are read at
    first use and kept (the keys read again when a token names a key not among them)."""
    if desk.oidc_client is None:
        desk.oidc_client = provider(desk, **desk.oidc_http)
    return desk.oidc_client


def _store_flow(engine: sa.Engine, flow: dict[str, str], lang: str, minutes: float) -> None:
    now = utc_now()
    row = OidcFlow(
        state_hash=token_hash(flow["state"]),
        nonce=flow["nonce"],
        code_verifier=flow["code_verifier"],
        language=lang,
        created_at=now,
        expires_at=now + timedelta(minutes=minutes),
    )
    with writing(engine), Session(engine) as session:
        session.add(row)
        session.commit()


def _take_flow(engine: sa.Engine, state: str, now: datetime | None = None) -> tuple[str, str, str] | None:
    """The nonce, code verifier and language of an unused, unexpired flow; used from now."""
    now = now or utc_now()
    with writing(engine), engine.begin() as connection:
        row = connection.execute(
            sa.update(_flows)
            .where(
                _flows.c.state_hash == token_hash(state),
                _flows.c.used_at.is_(None),
                _flows.c.expires_at > now,
            )
            .values(used_at=now)
            .returning(_flows.c.nonce, _flows.c.code_verifier, _flows.c.language)
        ).first()
    return (row.nonce, row.code_verifier, row.language) if row else None


async def start(lang: str, client: str, desk: Desk | None = None, app=None) -> str | None:
    """The provider's sign-in address to send the browser to; None when OIDC is not
    configured or `client` made too many attempts."""
    desk = desk or default_desk()
    if not desk.settings.desk.oidc:
        return None
    if not await desk.client_limiter.acquire(client):
        logger.warning("Desk sign-in with the identity provider from %s refused: too many attempts", client)
        return None
    app = app or client_of(desk)
    flow = await app.create_authorization_url(redirect_uri(desk))
    await asyncio.to_thread(_store_flow, desk.engine, flow, language(lang), desk.settings.desk.link_minutes)
    return flow["url"]


def verified_email(claims: dict[str, Any]) -> str | None:
    """The ID token's address, if the provider says it verified it."""
    email = claims.get("email")
    if not isinstance(email, str) or claims.get("email_verified") is not True:
        return None
    return email


async def finish(code: str, state: str, client: str, desk: Desk | None = None, app=None) -> SignIn | None:
    """The provider sent the browser back with `code` and `state`: a new session for the
    member of staff its ID token names, or None (unknown or used state, a token that does
    not validate, an unverified or unknown address, too many attempts)."""
    desk = desk or default_desk()
    if not desk.settings.desk.oidc or not code or not state:
        return None
    if not await desk.client_limiter.acquire(client):
        logger.warning("Desk sign-in with the identity provider from %s refused: too many attempts", client)
        return None
    flow = await asyncio.to_thread(_take_flow, desk.engine, state)
    if flow is None:
        logger.warning(
            "Desk sign-in with the identity provider from %s refused: unknown or used state", client
        )
        return None
    nonce, code_verifier, lang = flow
    app = app or client_of(desk)
    try:
        metadata = await app.load_server_metadata()
        if str(metadata.get("issuer", "")).rstrip("/") != (desk.settings.desk.oidc_issuer or "").rstrip("/"):
            raise ValueError("the discovery document names another issuer")
        token = await app.fetch_access_token(
            redirect_uri=redirect_uri(desk), code=code, code_verifier=code_verifier
        )
        claims = await app.parse_id_token(token, nonce=nonce)
    except Exception as error:
        # The error's type: the provider's answer is not ours to log.
        logger.warning(
            "Desk sign-in with the identity provider from %s refused: %s", client, type(error).__name__
        )
        return None
    email = verified_email(dict(claims or {}))
    if email is None:
        logger.warning("Desk sign-in with the identity provider from %s refused: no verified email", client)
        return None
    member = await asyncio.to_thread(staff.active, desk.engine, email, desk.settings.desk)
    if member is None:
        logger.warning(
            "Desk sign-in with the identity provider for %s from %s refused: not staff",
            address_tag(email),
            client,
        )
        return None
    signed_in = await asyncio.to_thread(open_session, desk, member, "oidc", lang)
    # Only failures count here (auth.py): the start counted this sign-in already.
    await desk.client_limiter.release(client)
    logger.info("Desk sign-in with the identity provider for %s from %s", address_tag(email), client)
    return signed_in
