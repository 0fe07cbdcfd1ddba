"""Signing in with an OpenID Connect provider: a provider of the test's own, answering
Authlib's requests through httpx's mock transport with an ID token it signs (RS256)."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import time
from dataclasses import replace
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from joserfc import jwt
from joserfc.jwk import KeySet, RSAKey

from agency_site.desk import oidc, staff
from agency_site.settings import SettingsError, settings_from_env
from tests.unit.desk.support import a_desk, desk_settings

ISSUER = "https://id.agency.example"
CLIENT_ID = "desk-client"
STAFF = "sam@agency.example"
KEY = RSAKey.generate_key(2048, parameters={"kid": "k1"})


class Provider:
    """Discovery, keys and a token endpoint; the ID token's claims as the test sets them."""

    def __init__(self) -> None:
        self.claims: dict[str, object] = {"email": STAFF, "email_verified": True}
        self.requests: dict[str, dict[str, str]] = {}
        self.issuer = ISSUER
        self.signing_key = KEY

    def authorize(self, url: str) -> str:
        """The browser at the provider: sign in, come back with a code."""
        query = {name: values[0] for name, values in parse_qs(urlsplit(url).query).items()}
        assert query["code_challenge_method"] == "S256" and query["response_type"] == "code"
        assert query["redirect_uri"] == "http://127.0.0.1:3000/_desk/oidc/callback"
        code = f"code-{len(self.requests)}"
        self.requests[code] = query
        return code

    def handle(self, request: httpx.Request) -> httpx.Response:
        path = request.url.path
        if path == "/.well-known/openid-configuration":
            return httpx.Response(
                200,
                json={
                    "issuer": self.issuer,
                    "authorization_endpoint": f"{ISSUER}/auth",
                    "token_endpoint": f"{ISSUER}/token",
                    "jwks_uri": f"{ISSUER}/jwks",
                    "id_token_signing_alg_values_supported": ["RS256"],
                },
            )
        if path == "/jwks":
            return httpx.Response(200, json=KeySet([KEY]).as_dict(private=False))
        assert path == "/token" and request.method == "POST"
        form = {name: values[0] for name, values in parse_qs(request.content.decode()).items()}
        asked = self.requests.pop(form["code"], None)
        digest = hashlib.sha256(form.get("code_verifier", "").encode()).digest()
        if asked is None or base64.urlsafe_b64encode(digest).rstrip(b"=").decode() != asked["code_challenge"]:
            return httpx.Response(400, json={"error": "invalid_grant"})
        now = int(time.time())
        claims = {
            "iss": ISSUER,
            "sub": "u1",
            "aud": CLIENT_ID,
            "iat": now,
            "exp": now + 300,
            "nonce": asked["nonce"],
        }
        claims.update(self.claims)
        id_token = jwt.encode({"alg": "RS256", "kid": "k1"}, claims, self.signing_key)
        return httpx.Response(
            200, json={"access_token": "at", "token_type": "Bearer", "expires_in": 300, "id_token": id_token}
        )


@pytest.fixture
def provider() -> Provider:
    return Provider()


def oidc_desk(engine):
    settings = desk_settings(oidc_issuer=ISSUER, oidc_client_id=CLIENT_ID, oidc_client_secret="s3cret")
    return a_desk(engine, settings)


def sign_in(engine, provider: Provider, *, replay: bool = False, state_of=None):
    desk = oidc_desk(engine)

    async def scenario():
        app = oidc.provider(desk, transport=httpx.MockTransport(provider.handle))
        url = await oidc.start("de", "127.0.0.1", desk, app)
        assert url is not None and url.startswith(f"{ISSUER}/auth?")
        state = parse_qs(urlsplit(url).query)["state"][0]
        code = provider.authorize(url)
        signed_in = await oidc.finish(code, state_of or state, "127.0.0.1", desk, app)
        if replay:
            return await oidc.finish(provider.authorize(url), state, "127.0.0.1", desk, app)
        return signed_in

    return asyncio.run(scenario())


def test_staff_signs_in_with_a_verified_address(engine, provider):
    staff.add(engine, STAFF)
    signed_in = sign_in(engine, provider)
    assert signed_in is not None and signed_in.staff.email == STAFF and signed_in.language == "de"


def test_a_state_is_good_once(engine, provider):
    staff.add(engine, STAFF)
    assert sign_in(engine, provider, replay=True) is None
    assert sign_in(engine, provider, state_of="forged-state") is None


@pytest.mark.parametrize(
    "claims",
    [
        {"email_verified": False},
        {"email_verified": "true"},
        {"email": "stranger@example.com"},
        {"aud": "another-client"},
        {"nonce": "another-nonce"},
        {"exp": int(time.time()) - 3600},
        {"iss": "https://evil.example"},
    ],
    ids=["unverified", "verified-as-text", "not-staff", "audience", "nonce", "expired", "issuer"],
)
def test_a_token_that_does_not_hold_up_signs_nobody_in(engine, provider, claims):
    staff.add(engine, STAFF)
    provider.claims.update(claims)
    assert sign_in(engine, provider) is None


def test_a_token_signed_by_another_key_signs_nobody_in(engine, provider):
    staff.add(engine, STAFF)
    provider.signing_key = RSAKey.generate_key(2048, parameters={"kid": "k1"})
    assert sign_in(engine, provider) is None


def test_a_discovery_document_of_another_issuer_is_refused(engine, provider):
    staff.add(engine, STAFF)
    provider.issuer = "https://elsewhere.example"
    assert sign_in(engine, provider) is None


def test_oidc_needs_all_three_settings():
    with pytest.raises(SettingsError, match="set all three"):
        settings_from_env({"DESK_OIDC_ISSUER": ISSUER, "DESK_OIDC_CLIENT_ID": CLIENT_ID})
    desk = settings_from_env(
        {
            "DESK_OIDC_ISSUER": ISSUER,
            "DESK_OIDC_CLIENT_ID": CLIENT_ID,
            "DESK_OIDC_CLIENT_SECRET": "s3cret-value",
        }
    ).desk
    assert desk.oidc and "s3cret-value" not in repr(desk)
    assert not replace(desk, oidc_issuer=None).oidc
