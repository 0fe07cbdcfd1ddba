"""The desk's sign-in endpoints over HTTP (httpx on the ASGI app): cookie attributes,
redirects, headers, who may reach them."""

from __future__ import annotations

import asyncio
import ipaddress
import re
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from agency_site.desk import staff
from agency_site.desk.auth import Desk, staff_for_cookie_header
from agency_site.desk.http import desk_app
from agency_site.settings import LeadSettings
from tests.support.smtp_server import SmtpServer
from tests.unit.desk.support import a_desk, desk_settings
from tests.unit.desk.test_desk_oidc import CLIENT_ID, ISSUER, Provider

STAFF = "sam@agency.example"
ORIGIN = {"origin": "http://testserver"}


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    server = SmtpServer()
    yield server
    server.stop()


def talk(desk: Desk, scenario: Callable[[httpx.AsyncClient], Awaitable[Any]], address: str = "127.0.0.1"):
    """Run `scenario` with a client of the desk's endpoints at `address`, in one event loop
    (the sign-in mails go out in its background)."""

    async def main():
        transport = httpx.ASGITransport(app=desk_app(desk), client=(address, 50000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
            return await scenario(http)

    return asyncio.run(main())


def mailing(engine, smtp, **changes) -> Desk:
    leads = LeadSettings(smtp_url=smtp.url, notify_email="team@agency.example")
    return a_desk(engine, replace(desk_settings(), leads=leads, **changes))


async def mailed_link(desk: Desk, smtp: SmtpServer) -> str:
    """The path and query of the last sign-in link mailed."""
    await desk.drain()
    email = smtp.messages()[-1]
    [line] = [line for line in email.get_content().splitlines() if "/_desk/link?" in line]
    parts = urlsplit(line.strip())
    return f"{parts.path}?{parts.query}"


async def follow_link(http: httpx.AsyncClient, link: str, origin: dict[str, str] = ORIGIN) -> httpx.Response:
    """Open a mailed link (its page, which spends nothing) and press its button (the POST
    of the page's form, with the fields the page holds)."""
    page = await http.get(link)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', page.text))
    assert re.search(r'<form method="post" action="/_desk/link">', page.text)
    return await http.post("/_desk/link", data=fields, headers=origin)


def cookie_attributes(set_cookie: str) -> set[str]:
    return {part.strip().split("=")[0].lower() for part in set_cookie.split(";")[1:]}


def test_sign_in_by_link_sets_a_strict_http_only_cookie(engine, smtp):
    staff.add(engine, STAFF)
    desk = mailing(engine, smtp)

    async def scenario(http: httpx.AsyncClient):
        asked = await http.post("/_desk/sign-in", data={"email": STAFF, "lang": "de"}, headers=ORIGIN)
        assert (asked.status_code, asked.headers["location"]) == (303, "/de/desk#link-sent")
        link = await mailed_link(desk, smtp)
        # Opened by a mail scanner first: a page in the link's language, nothing spent.
        scanned = await http.get(link)
        assert scanned.status_code == 200 and "set-cookie" not in scanned.headers
        assert '<html lang="de">' in scanned.text and "Am Lead-Desk anmelden" in scanned.text
        assert "<script" not in scanned.text and scanned.headers["cache-control"] == "no-store"
        assert scanned.headers["x-robots-tag"] == "noindex, nofollow"
        policy = scanned.headers["content-security-policy"]
        assert (
            "default-src 'none'" in policy
            and "form-action 'self'" in policy
            and "style-src 'sha256-" in policy
        )
        answer = await follow_link(http, link)
        assert (answer.status_code, answer.headers["location"]) == (303, "/de/desk")
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith("desk_session=")
        assert {"httponly", "path", "samesite", "max-age"} <= cookie_attributes(cookie)
        assert "samesite=strict" in cookie.lower() and "path=/" in cookie.lower()
        # Loopback over plain http, not production: no Secure (the browser would drop it).
        assert "secure" not in cookie_attributes(cookie)
        assert answer.headers["cache-control"] == "no-store"
        assert answer.headers["x-robots-tag"] == "noindex, nofollow"
        assert "default-src 'none'" in answer.headers["content-security-policy"]
        token = cookie.split(";")[0].split("=", 1)[1]
        member = await staff_for_cookie_header(f"desk_session={token}", desk)
        assert member is not None and member.email == STAFF
        # Replayed: no cookie, told so.
        http.cookies.clear()
        again = await follow_link(http, link)
        assert again.headers["location"] == "/de/desk#link-invalid" and "set-cookie" not in again.headers
        # Signing out revokes the session and clears the cookie.
        out = await http.post(
            "/_desk/sign-out?lang=de", headers={**ORIGIN, "cookie": f"desk_session={token}"}
        )
        assert out.headers["location"] == "/de/desk#signed-out"
        assert "max-age=0" in out.headers["set-cookie"].lower()
        assert await staff_for_cookie_header(f"desk_session={token}", desk) is None

    talk(desk, scenario)


def test_an_unknown_address_is_told_the_same(engine, smtp):
    desk = mailing(engine, smtp)

    async def scenario(http: httpx.AsyncClient):
        asked = await http.post("/_desk/sign-in", data={"email": "stranger@example.com"}, headers=ORIGIN)
        await desk.drain()
        return asked

    assert talk(desk, scenario).headers["location"] == "/desk#link-sent"
    assert smtp.received == []


def test_only_loopback_and_desk_allow_reach_the_endpoints(engine, smtp):
    staff.add(engine, STAFF)
    desk = mailing(engine, smtp)

    async def refused(http: httpx.AsyncClient):
        assert (await http.post("/_desk/sign-in", data={"email": STAFF}, headers=ORIGIN)).status_code == 404
        assert (await http.get("/_desk/link?token=x")).status_code == 404
        assert (await http.post("/_desk/link", data={"token": "x"}, headers=ORIGIN)).status_code == 404

    talk(desk, refused, "203.0.113.9")
    allowed = mailing(
        engine, smtp, desk=replace(desk.settings.desk, allow=(ipaddress.ip_network("203.0.113.0/24"),))
    )

    async def signed_in(http: httpx.AsyncClient):
        await http.post("/_desk/sign-in", data={"email": STAFF}, headers=ORIGIN)
        return await follow_link(http, await mailed_link(allowed, smtp))

    # Not loopback: Secure, whatever the site's address.
    assert "secure" in cookie_attributes(talk(allowed, signed_in, "203.0.113.9").headers["set-cookie"])


def test_a_post_from_another_site_is_refused(engine, smtp):
    staff.add(engine, STAFF)
    desk = mailing(engine, smtp)

    async def scenario(http: httpx.AsyncClient):
        foreign = {"origin": "https://evil.example"}
        assert (await http.post("/_desk/sign-in", data={"email": STAFF}, headers=foreign)).status_code == 403
        assert (await http.post("/_desk/sign-out", headers=foreign)).status_code == 403
        assert (await http.post("/_desk/link", data={"token": "x"}, headers=foreign)).status_code == 403
        assert (await http.get("/_desk/sign-in")).status_code == 405
        await desk.drain()

    talk(desk, scenario)
    assert smtp.received == []


def test_production_cookie_is_host_prefixed_and_secure(engine, smtp):
    staff.add(engine, STAFF)
    site = "https://www.agency.example"
    desk = mailing(engine, smtp, site_url=site, allowed_origins=(site,))

    async def scenario(http: httpx.AsyncClient):
        await http.post("/_desk/sign-in", data={"email": STAFF}, headers={"origin": site})
        return await follow_link(http, await mailed_link(desk, smtp), {"origin": site})

    cookie = talk(desk, scenario).headers["set-cookie"]
    assert cookie.startswith("__Host-desk_session=") and "secure" in cookie_attributes(cookie)


def test_oidc_start_and_callback(engine):
    staff.add(engine, STAFF)
    provider = Provider()
    settings = desk_settings(oidc_issuer=ISSUER, oidc_client_id=CLIENT_ID, oidc_client_secret="s3cret")
    desk = a_desk(engine, settings)
    desk.oidc_http = {"transport": httpx.MockTransport(provider.handle)}

    async def scenario(http: httpx.AsyncClient):
        started = await http.get("/_desk/oidc/start?lang=de")
        location = started.headers["location"]
        assert started.status_code == 303 and location.startswith(f"{ISSUER}/auth?")
        state = parse_qs(urlsplit(location).query)["state"][0]
        code = provider.authorize(location)
        back = await http.get(f"/_desk/oidc/callback?code={code}&state={state}")
        assert back.headers["location"] == "/de/desk" and "httponly" in cookie_attributes(
            back.headers["set-cookie"]
        )
        again = await http.get(f"/_desk/oidc/callback?code={code}&state={state}")
        assert again.headers["location"] == "/desk#sign-in-failed" and "set-cookie" not in again.headers

    talk(desk, scenario)

    async def not_configured(http: httpx.AsyncClient):
        assert (await http.get("/_desk/oidc/start")).status_code == 404

    talk(a_desk(engine), not_configured)
