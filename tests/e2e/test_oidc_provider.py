"""The harness's OpenID provider (support/oidc_provider.py) against Authlib itself, no site:
what the leads desk's sign-in tests stand on. Authlib's client makes the authorization URL
(PKCE, state, nonce), Chromium signs in and consents on the provider's pages and lands on a
loopback callback of this test, Authlib exchanges the code and validates the id_token the
way its web integrations do (signature, issuer, audience, expiry, nonce)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

# Authlib is the desk's (requirements.txt); until it is installed there is nothing to prove.
pytest.importorskip("authlib", reason="Authlib, the desk's OpenID client, is not installed")

from authlib.common.security import generate_token
from authlib.integrations.base_client import OAuthError
from authlib.integrations.httpx_client import OAuth2Client
from authlib.oidc.core import CodeIDToken
from joserfc import jwt
from joserfc.jwk import KeySet
from joserfc.jws import JWSRegistry
from playwright.sync_api import Browser, Page, expect

from tests.support.server import project_env

from .conftest import page_of_its_own
from .support.oidc_provider import (
    SCOPE,
    SIGN_IN_HEADING,
    STAFF,
    OidcProvider,
    running_oidc_provider,
    sign_in_at_provider,
)

# Starts the provider in a session of its own, waits until it answers, prints its pid and
# exits without stopping it.
ORPHANING_PARENT = """
import json, subprocess, sys, time, urllib.request
child = subprocess.Popen(json.loads(sys.argv[1]), start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for _ in range(300):
    try:
        urllib.request.urlopen(sys.argv[2], timeout=1)
        break
    except OSError:
        time.sleep(0.1)
print(child.pid)
"""


def running(pid: int) -> bool:
    """Whether `pid` runs (a zombie, ended but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


class Callback:
    """A loopback page the provider redirects the browser to: answers 200 and keeps each
    query it was sent (the relying party's redirect URI, without a relying party)."""

    def __init__(self) -> None:
        self.queries: list[str] = []
        callback = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                callback.queries.append(urlsplit(self.path).query)
                body = b"<!doctype html><title>Back at the site</title><h1>Back at the site</h1>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        # As the e2e server's pages are addressed: at localhost, another site than the issuer's
        # 127.0.0.1 (the redirect back is a cross-site navigation, as from a real provider).
        self.url = f"http://localhost:{self._server.server_address[1]}/desk/signed-in"
        threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@pytest.fixture(scope="module")
def callback() -> Iterator[Callback]:
    server = Callback()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def provider(tmp_path_factory: pytest.TempPathFactory, callback: Callback) -> Iterator[OidcProvider]:
    with running_oidc_provider(tmp_path_factory.mktemp("oidc"), redirect_uris=[callback.url]) as started:
        yield started


@pytest.fixture(scope="module")
def metadata(provider: OidcProvider) -> dict:
    return httpx.get(provider.client.server_metadata_url).json()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    with page_of_its_own(browser, "desktop") as fresh:
        yield fresh


@dataclass
class Authorization:
    """An authorization request as a relying party keeps it until the callback."""

    client: OAuth2Client
    url: str
    state: str
    nonce: str
    code_verifier: str


def authorization(
    provider: OidcProvider, metadata: dict, redirect_uri: str, secret: str | None = None
) -> Authorization:
    client = OAuth2Client(
        client_id=provider.client.client_id,
        client_secret=secret or provider.client.client_secret,
        scope=SCOPE,
        redirect_uri=redirect_uri,
        code_challenge_method="S256",
    )
    nonce, code_verifier = generate_token(20), generate_token(48)
    url, state = client.create_authorization_url(
        metadata["authorization_endpoint"], nonce=nonce, code_verifier=code_verifier
    )
    return Authorization(client, url, state, nonce, code_verifier)


def signed_in_callback(
    page: Page, request: Authorization, callback: Callback, email: str = STAFF.email
) -> str:
    """Drive Chromium from the authorization URL to the callback; the URL it landed on."""
    page.goto(request.url)
    sign_in_at_provider(page, email)
    expect(page.get_by_role("heading", name="Back at the site")).to_be_visible()
    assert page.url.startswith(callback.url + "?")
    assert callback.queries[-1] == urlsplit(page.url).query  # what the relying party's server got
    return page.url


def validated_id_token(token: dict, request: Authorization, metadata: dict) -> CodeIDToken:
    """The id_token's claims, checked as Authlib's OpenID integrations check them."""
    keys = KeySet.import_key_set(httpx.get(metadata["jwks_uri"]).json())
    algorithms = JWSRegistry(algorithms=metadata["id_token_signing_alg_values_supported"])
    decoded = jwt.decode(token["id_token"], key=keys, registry=algorithms)
    claims = CodeIDToken(
        decoded.claims,
        decoded.header,
        {"iss": {"values": [metadata["issuer"]]}},
        {
            "nonce": request.nonce,
            "client_id": request.client.client_id,
            "access_token": token["access_token"],
        },
    )
    claims.validate(leeway=5)
    return claims


def test_authlib_signs_in_by_code_with_pkce_and_reads_the_verified_email(
    provider: OidcProvider, metadata: dict, callback: Callback, page: Page
) -> None:
    # A plain-http issuer on loopback, as a test needs it; the authorization code flow with S256.
    assert metadata["issuer"] == provider.issuer.rstrip("/")
    assert metadata["code_challenge_methods_supported"] == ["S256"]
    request = authorization(provider, metadata, callback.url)
    assert "code_challenge=" in request.url
    landed = signed_in_callback(page, request, callback)
    assert parse_qs(urlsplit(landed).query)["state"] == [request.state]

    token = request.client.fetch_token(
        metadata["token_endpoint"],
        authorization_response=landed,
        state=request.state,
        code_verifier=request.code_verifier,
    )
    claims = validated_id_token(token, request, metadata)
    assert (claims["sub"], claims["email"], claims["email_verified"], claims["name"]) == (
        STAFF.sub,
        STAFF.email,
        True,
        STAFF.name,
    )
    # The same from userinfo, with the access token.
    userinfo = request.client.get(metadata["userinfo_endpoint"]).json()
    assert userinfo["email"] == STAFF.email

    # A code works once: the same callback replayed is refused.
    replay = authorization(provider, metadata, callback.url)
    with pytest.raises(OAuthError) as refused:
        replay.client.fetch_token(
            metadata["token_endpoint"], authorization_response=landed, code_verifier=request.code_verifier
        )
    assert refused.value.error == "invalid_grant"


def test_a_wrong_client_secret_is_refused_and_the_code_then_still_works_with_the_right_one(
    provider: OidcProvider, metadata: dict, callback: Callback, page: Page
) -> None:
    request = authorization(provider, metadata, callback.url)
    landed = signed_in_callback(page, request, callback)
    forged = authorization(provider, metadata, callback.url, secret="not-the-secret")
    with pytest.raises(OAuthError) as refused:
        forged.client.fetch_token(
            metadata["token_endpoint"], authorization_response=landed, code_verifier=request.code_verifier
        )
    assert refused.value.error == "invalid_client"
    # The refusal was the secret's, not the code's.
    token = request.client.fetch_token(
        metadata["token_endpoint"],
        authorization_response=landed,
        state=request.state,
        code_verifier=request.code_verifier,
    )
    assert validated_id_token(token, request, metadata)["email"] == STAFF.email


def test_a_wrong_code_verifier_is_refused(
    provider: OidcProvider, metadata: dict, callback: Callback, page: Page
) -> None:
    request = authorization(provider, metadata, callback.url)
    landed = signed_in_callback(page, request, callback)
    with pytest.raises(OAuthError) as refused:
        request.client.fetch_token(
            metadata["token_endpoint"], authorization_response=landed, code_verifier=generate_token(48)
        )
    assert refused.value.error == "invalid_grant"


def test_the_provider_knows_only_its_accounts_and_a_denied_consent_returns_access_denied(
    provider: OidcProvider, metadata: dict, callback: Callback, page: Page
) -> None:
    request = authorization(provider, metadata, callback.url)
    page.goto(request.url)
    page.get_by_label("Email").fill("nobody@agency.example")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_have_text("No such account")
    expect(page.get_by_role("heading", name=SIGN_IN_HEADING)).to_be_visible()

    sign_in_at_provider(page, STAFF.email, allow=False)
    expect(page.get_by_role("heading", name="Back at the site")).to_be_visible()
    answer = parse_qs(urlsplit(page.url).query)
    assert answer["error"] == ["access_denied"]
    assert answer["state"] == [request.state]
    assert "code" not in answer


def test_the_provider_exits_by_itself_when_the_process_that_started_it_is_gone(
    tmp_path: Path, callback: Callback
) -> None:
    # A parent that starts the provider and ends without stopping it, as a run killed by
    # SIGKILL would (the watchdog stops the groups it knows; this is the provider's own check).
    orphaned = OidcProvider(tmp_path, redirect_uris=[callback.url])
    orphaned.write_config()
    command = orphaned.server.command
    parent = subprocess.run(
        [sys.executable, "-c", ORPHANING_PARENT, json.dumps(command), orphaned.client.server_metadata_url],
        capture_output=True,
        text=True,
        env=project_env(),
        timeout=60,
        check=True,
    )
    pid = int(parent.stdout)
    deadline = time.monotonic() + 10
    try:
        while running(pid):
            assert time.monotonic() < deadline, f"the provider (pid {pid}) outlived its parent by 10 s"
            time.sleep(0.1)
    finally:
        if running(pid):
            os.kill(pid, signal.SIGKILL)
