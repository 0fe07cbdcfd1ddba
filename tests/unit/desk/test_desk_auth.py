"""Signing in by emailed link: read back from a loopback SMTP server, used once; the same
answer for an unknown address; rate limits; the session cookie; what the log says."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from dataclasses import replace
from urllib.parse import parse_qs, urlsplit

import pytest

from agency_site.desk import audit, auth, staff
from agency_site.desk.auth import (
    LinkRequest,
    cookie_name,
    request_link,
    sign_in_with_link,
    staff_for_cookie_header,
)
from agency_site.desk.model import AuditAction
from agency_site.desk.tokens import address_tag
from agency_site.settings import LeadSettings
from tests.support.smtp_server import SmtpServer
from tests.unit.desk.support import a_desk, desk_settings

STAFF = "sam@agency.example"


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    server = SmtpServer()
    yield server
    server.stop()


def mailing_desk(engine, smtp: SmtpServer, **desk):
    settings = desk_settings(**desk)
    leads = LeadSettings(smtp_url=smtp.url, notify_email="team@agency.example")
    return a_desk(engine, replace(settings, leads=leads))


def ours(caplog: pytest.LogCaptureFixture) -> str:
    """What the site logged (the test's SMTP server logs addresses of its own)."""
    return "\n".join(
        record.getMessage() for record in caplog.records if record.name.startswith("agency_site")
    )


def the_link(smtp: SmtpServer, *, last: bool = False) -> tuple[str, str]:
    """The token and language of the one sign-in mail received (or the last one)."""
    [(_, recipients, email)] = smtp.received[-1:] if last else smtp.received
    assert recipients == [STAFF]
    body = email.get_content()
    [link] = [line for line in body.splitlines() if "/_desk/link?" in line]
    query = parse_qs(urlsplit(link.strip()).query)
    return query["token"][0], query["lang"][0]


def test_a_mailed_link_signs_in_once(engine, smtp, caplog):
    caplog.set_level(logging.INFO)
    staff.add(engine, STAFF)
    desk = mailing_desk(engine, smtp)

    async def scenario():
        assert await request_link("Sam@Agency.example ", "127.0.0.1", "de", desk) == LinkRequest.SENT
        await desk.drain()
        token, lang = the_link(smtp)
        assert lang == "de"
        signed_in = await sign_in_with_link(token, "127.0.0.1", lang, desk)
        assert signed_in is not None and signed_in.staff.email == STAFF and signed_in.language == "de"
        # Replayed: refused.
        assert await sign_in_with_link(token, "127.0.0.1", lang, desk) is None
        cookie = f"other=1; {cookie_name(desk.settings)}={signed_in.token}"
        member = await staff_for_cookie_header(cookie, desk)
        assert member is not None and member.email == STAFF
        assert await staff_for_cookie_header(f"{cookie_name(desk.settings)}=forged", desk) is None
        assert await staff_for_cookie_header(None, desk) is None
        assert await auth.sign_out(cookie, desk)
        assert await staff_for_cookie_header(cookie, desk) is None
        return token, signed_in.token

    link_token, session_token = asyncio.run(scenario())
    [email] = smtp.messages()
    assert email["Subject"] == "Ihr Anmeldelink für den Lead-Desk"
    assert [line.action for line in audit.recent(engine)] == [AuditAction.SIGN_OUT, AuditAction.SIGN_IN]
    logged = ours(caplog)
    assert address_tag(STAFF) in logged
    assert STAFF not in logged.lower() and link_token not in logged and session_token not in logged


def test_an_unknown_address_gets_the_same_answer_and_no_mail(engine, smtp, caplog):
    caplog.set_level(logging.INFO)
    desk = mailing_desk(engine, smtp)

    async def scenario():
        assert await request_link("stranger@example.com", "127.0.0.1", "en", desk) == LinkRequest.SENT
        assert await request_link("", "127.0.0.1", "en", desk) == LinkRequest.SENT
        await desk.drain()

    asyncio.run(scenario())
    assert smtp.received == []
    assert "stranger@example.com" not in ours(caplog)
    assert address_tag("stranger@example.com") in ours(caplog)


def test_a_removed_member_cannot_use_a_link_sent_before(engine, smtp):
    staff.add(engine, STAFF)
    desk = mailing_desk(engine, smtp)

    async def scenario():
        await request_link(STAFF, "127.0.0.1", "en", desk)
        await desk.drain()
        staff.remove(engine, STAFF)
        token, lang = the_link(smtp)
        return await sign_in_with_link(token, "127.0.0.1", lang, desk)

    assert asyncio.run(scenario()) is None


def test_attempts_are_limited_per_address_and_per_client(engine, smtp):
    staff.add(engine, STAFF)
    desk = mailing_desk(engine, smtp, sign_in_limit=2, sign_in_ip_limit=3)

    async def scenario():
        answers = [await request_link(STAFF, f"10.0.0.{n}", "en", desk) for n in range(3)]
        # Another address from one client: its own limit of three.
        answers += [await request_link(f"x{n}@example.com", "10.0.1.1", "en", desk) for n in range(4)]
        await desk.drain()
        return answers

    answers = asyncio.run(scenario())
    assert answers == [LinkRequest.SENT] * 2 + [LinkRequest.RATE_LIMITED] + [LinkRequest.SENT] * 3 + [
        LinkRequest.RATE_LIMITED
    ]
    assert len(smtp.received) == 2


def test_cookie_names_and_header_parsing():
    assert cookie_name(desk_settings()) == "desk_session"
    production = replace(desk_settings(), site_url="https://www.agency.example")
    assert cookie_name(production) == "__Host-desk_session"
    assert auth.token_from_cookie_header('a=1; desk_session="abc"', "desk_session") == "abc"
    assert auth.token_from_cookie_header("desk_session=", "desk_session") is None
    assert auth.token_from_cookie_header("xdesk_session=abc", "desk_session") is None


def test_a_successful_sign_in_costs_the_client_one_attempt_only(engine, smtp):
    staff.add(engine, STAFF)
    desk = mailing_desk(engine, smtp, sign_in_limit=100, sign_in_ip_limit=4)

    async def scenario():
        signed_in = []
        for _ in range(3):
            assert await request_link(STAFF, "10.0.0.1", "en", desk) == LinkRequest.SENT
            await desk.drain()
            token, lang = the_link(smtp, last=True)
            signed_in.append(await sign_in_with_link(token, "10.0.0.1", lang, desk))
        # Three requests and three good links: three attempts counted; then a forged link.
        assert await sign_in_with_link("forged", "10.0.0.1", "en", desk) is None
        assert await request_link(STAFF, "10.0.0.1", "en", desk) == LinkRequest.RATE_LIMITED
        return signed_in

    assert all(asyncio.run(scenario()))
