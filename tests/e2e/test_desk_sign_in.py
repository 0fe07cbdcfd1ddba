"""The leads desk's sign-in, in Chromium against the production build: by the identity
provider (a real OpenID provider on loopback) and by an emailed link (read back from the
loopback SMTP server), in English and German; and everyone else reaching nothing, on the
page and on the desk's events sent straight over the websocket: a signed-out visitor, a
forged cookie, an expired or revoked session, a replayed link. The exported build holds
no lead.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser, Page, expect

from agency_site.desk import sessions
from agency_site.desk.model import DeskSession
from agency_site.desk.tokens import token_hash
from agency_site.leads.model import utc_now

from .conftest import open_visit
from .support.contact_backend import (
    LINK_STAFF_EMAIL,
    OIDC_REDIRECT_URI,
    OIDC_STAFF_EMAIL,
    SITE_URL,
    ContactBackend,
)
from .support.desk import (
    COOKIE,
    DESK_PATHS,
    a_lead,
    audit_rows,
    desk_event,
    desk_view,
    follow_link,
    request_link,
    session_token,
    sign_in_by_link,
)
from .support.oidc_provider import STRANGER, sign_in_at_provider

OIDC_BUTTONS = {"en": "Sign in with your company account", "de": "Mit dem Firmenkonto anmelden"}


@pytest.fixture(scope="module")
def secret_lead(contact_backend: ContactBackend) -> str:
    """A lead whose words appear nowhere but in the database."""
    return a_lead(
        contact_backend,
        name="Zelda Quickfox",
        email="zelda.quickfox@example.com",
        subject="Secret tender 7731",
    )


def _refused(answer) -> None:
    """The desk's state answered an event with the sign-in screen and nothing else."""
    assert answer.last("view") == "signed-out", answer.deltas
    assert answer.last("leads", []) == [] and answer.last("lead", {}) == {}
    assert answer.last("total", 0) == 0 and answer.last("me", "") == ""


def test_a_signed_out_visitor_sees_the_sign_in_screen_and_no_lead(
    browser: Browser, base_url: str, secret_lead: str
) -> None:
    for lang in ("en", "de"):
        visit = open_visit(browser, base_url, "mobile")
        try:
            visit.goto(DESK_PATHS[lang])
            assert desk_view(visit.page) == "signed-out"
            expect(visit.page.get_by_test_id("desk-sign-in-form")).to_be_visible()
            expect(visit.page.get_by_role("link", name=OIDC_BUTTONS[lang])).to_be_visible()
            assert "Zelda" not in visit.page.content()
            visit.goto(DESK_PATHS[lang] + f"/lead?id={secret_lead}")
            assert desk_view(visit.page) == "signed-out"
            assert "Secret tender" not in visit.page.content()
        finally:
            visit.context.close()


def test_the_exported_build_holds_no_lead(served_web, secret_lead: str) -> None:
    pages = served_web / "build" / "client"
    files = [path for path in pages.rglob("*") if path.is_file() and path.suffix in {".html", ".js", ".json"}]
    assert any("desk" in path.as_posix() for path in files)
    for path in files:
        text = path.read_text(errors="replace")
        assert "Zelda" not in text and "Secret tender" not in text and secret_lead not in text, path


def back_from_provider(page: Page, base_url: str, email: str) -> None:
    """Sign in at the provider as `email`; it sends the browser back to the callback at the
    site's address (SITE_URL, the e2e build's default, where nothing listens): the test
    takes that same address, code and state, to the server under test."""
    with page.expect_event(
        "requestfailed", lambda request: request.url.startswith(OIDC_REDIRECT_URI)
    ) as callback:
        sign_in_at_provider(page, email)
    # The browser's error page for that address has committed: nothing interrupts the next.
    page.wait_for_url(lambda url: url.startswith("chrome-error:"))
    page.goto(base_url + callback.value.url.removeprefix(SITE_URL))


def test_sign_in_with_the_identity_provider(
    browser: Browser, base_url: str, contact_backend: ContactBackend, secret_lead: str
) -> None:
    if contact_backend.oidc is None:
        pytest.skip("oidc-provider is not installed: make oidc-provider")
    visit = open_visit(browser, base_url, "desktop")
    try:
        visit.goto("/desk")
        visit.page.get_by_role("link", name=OIDC_BUTTONS["en"]).click()
        back_from_provider(visit.page, base_url, OIDC_STAFF_EMAIL)
        expect(visit.page.get_by_test_id("desk")).to_have_attribute("data-desk-view", "signed-in")
        expect(visit.page.get_by_test_id("desk-me")).to_contain_text("Signed in as anna@agency.example")
        expect(visit.page.locator(f'[data-lead="{secret_lead}"]')).to_be_visible()
        assert ("anna@agency.example", "sign-in", None, 1, "oidc") in audit_rows(
            contact_backend, action="sign-in"
        )
    finally:
        visit.context.close()
    # Someone the provider knows and the site does not: no session.
    stranger = open_visit(browser, base_url, "desktop")
    try:
        stranger.goto("/de/desk")
        stranger.page.get_by_role("link", name=OIDC_BUTTONS["de"]).click()
        back_from_provider(stranger.page, base_url, STRANGER.email)
        expect(stranger.page.get_by_test_id("desk-outcome-sign-in-failed")).to_be_visible()
        assert desk_view(stranger.page) == "signed-out"
    finally:
        stranger.context.close()


def test_sign_in_by_emailed_link_in_german_and_the_link_works_once(
    browser: Browser, base_url: str, contact_backend: ContactBackend, secret_lead: str
) -> None:
    visit = open_visit(browser, base_url, "mobile")
    try:
        visit.goto("/de/desk")
        link = request_link(visit.page, base_url, contact_backend, LINK_STAFF_EMAIL, "de")
        # Opened first by a mail scanner (a browser of its own): a page with a button, and
        # opening it spent nothing.
        scanner = open_visit(browser, base_url, "desktop")
        try:
            scanner.page.goto(link)
            expect(scanner.page.get_by_role("heading", name="Am Lead-Desk anmelden")).to_be_visible()
            assert COOKIE not in {cookie["name"] for cookie in scanner.context.cookies()}
        finally:
            scanner.context.close()
        visit.page.goto(link)
        visit.page.get_by_role("button", name="Anmelden").click()
        expect(visit.page.get_by_test_id("desk")).to_have_attribute("data-desk-view", "signed-in")
        expect(visit.page.get_by_test_id("desk-me")).to_contain_text("Angemeldet als")
        expect(visit.page.get_by_role("heading", name="Posteingang")).to_be_visible()
        assert visit.page.url == base_url + "/de/desk"
    finally:
        visit.context.close()
    # The same link again, in another browser: used, so nothing.
    replay = open_visit(browser, base_url, "mobile")
    try:
        follow_link(replay.page, link)
        expect(replay.page.get_by_test_id("desk-outcome-link-invalid")).to_be_visible()
        assert desk_view(replay.page) == "signed-out"
        assert COOKIE not in {cookie["name"] for cookie in replay.context.cookies()}
    finally:
        replay.context.close()


def test_forged_expired_and_revoked_sessions_reach_nothing(
    browser: Browser, base_url: str, contact_backend: ContactBackend, secret_lead: str
) -> None:
    visit = open_visit(browser, base_url, "desktop")
    try:
        sign_in_by_link(visit.page, base_url, contact_backend, LINK_STAFF_EMAIL)
        token = session_token(visit.context)
        # The same cookie works over the websocket: the refusals below are the session's.
        answer = desk_event(base_url, f"{COOKIE}={token}", "open_inbox", {"lang": "en"})
        assert answer.last("view") == "signed-in" and answer.last("total") >= 1

        for cookie in (None, f"{COOKIE}={'A' * 43}", f"{COOKIE}={token[:-2]}xy"):
            _refused(desk_event(base_url, cookie, "open_inbox", {"lang": "en"}))
            _refused(
                desk_event(base_url, cookie, "open_lead", {"lang": "en"}, path=f"/desk/lead?id={secret_lead}")
            )
            _refused(desk_event(base_url, cookie, "export_csv"))
        forged = open_visit(browser, base_url, "desktop")
        try:
            forged.context.add_cookies([{"name": COOKIE, "value": "A" * 43, "url": base_url}])
            forged.goto("/desk")
            assert desk_view(forged.page) == "signed-out"
        finally:
            forged.context.close()

        # Expired: the page and the websocket both get the sign-in screen.
        table = DeskSession.__table__
        with contact_backend.engine.begin() as connection:
            connection.execute(
                sa.update(table)
                .where(table.c.token_hash == token_hash(token))
                .values(expires_at=utc_now() - timedelta(minutes=1))
            )
        visit.goto("/desk")
        assert desk_view(visit.page) == "signed-out"
        _refused(desk_event(base_url, f"{COOKIE}={token}", "open_inbox", {"lang": "en"}))
    finally:
        visit.context.close()


def test_a_revoked_session_is_refused_at_its_next_event(
    browser: Browser, base_url: str, contact_backend: ContactBackend, secret_lead: str
) -> None:
    visit = open_visit(browser, base_url, "desktop")
    try:
        sign_in_by_link(visit.page, base_url, contact_backend, LINK_STAFF_EMAIL)
        token = session_token(visit.context)
        expect(visit.page.locator(f'[data-lead="{secret_lead}"]')).to_be_visible()
        # Revoked (as `leads sessions revoke` does) while the page is open.
        assert sessions.revoke(contact_backend.engine, token)
        visit.page.get_by_role("button", name="Apply").click()
        expect(visit.page.get_by_test_id("desk")).to_have_attribute("data-desk-view", "signed-out")
        expect(visit.page.locator(f'[data-lead="{secret_lead}"]')).to_have_count(0)
        _refused(desk_event(base_url, f"{COOKIE}={token}", "go_to_page", {"page": 1}))
    finally:
        visit.context.close()


def test_signing_out_ends_the_session(
    browser: Browser, base_url: str, contact_backend: ContactBackend
) -> None:
    visit = open_visit(browser, base_url, "mobile")
    try:
        sign_in_by_link(visit.page, base_url, contact_backend, LINK_STAFF_EMAIL)
        token = session_token(visit.context)
        visit.page.get_by_role("button", name="Sign out").click()
        expect(visit.page.get_by_test_id("desk-outcome-signed-out")).to_be_visible()
        assert desk_view(visit.page) == "signed-out"
        _refused(desk_event(base_url, f"{COOKIE}={token}", "open_inbox", {"lang": "en"}))
    finally:
        visit.context.close()
