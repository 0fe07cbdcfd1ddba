"""A visit costs the server nothing until the visitor writes to us.

Each test reads in a new tab of the worker's shared desktop context: a tab opens its
own websockets, and the shared context's cache only spares it downloading the scripts
again (a cached script is still reported as requested, which the contact test proves).

Every page type in both languages, opened and navigated client-side, opens no websocket,
sends nothing to the event endpoint and never downloads the socket client; the contact
page connects once the visitor starts using its form.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path
from agency_site.routes import route_table

from .conftest import SharedPages, Visit
from .support.connection import record_server_traffic
from .support.expected import text


def page_types() -> list[str]:
    """One page of each type in the route table, and an unknown URL (the not-found page)."""
    first_of_kind: dict[str, str] = {}
    for route in route_table():
        if not route.is_dynamic:
            first_of_kind.setdefault(route.kind, route.path)
    return [*first_of_kind.values(), "/this-page-does-not-exist"]


PAGE_TYPES = page_types()
# A tour through the header, one client-side navigation after another.
HEADER_TOUR = ["nav-services", "nav-portfolio", "nav-about", "nav-blog", "nav-contact", "nav-home"]


# Through the page to its end and back, half a screen at a time, a frame at each stop:
# whatever is shown by being in view (reveals, carousels, lazy images) has been. Instant
# jumps: Chromium's window.scrollTo returns a promise of the end of its smooth glide (the
# site scrolls smoothly), which page.evaluate waited for, about a second each way.
READ_THROUGH = """async () => {
  const stop = (top) => new Promise((done) => {
    window.scrollTo({ top, behavior: 'instant' });
    requestAnimationFrame(() => requestAnimationFrame(done));
  });
  const end = document.documentElement.scrollHeight - innerHeight, step = innerHeight / 2;
  for (let top = 0; top < end; top += step) await stop(top);
  for (let top = end; top > 0; top -= step) await stop(top);
  await stop(0);
}"""


def _read(visit: Visit) -> None:
    """Read the page as a visitor would: scroll to its end and back (reveals, carousels)."""
    page = visit.page
    page.mouse.wheel(0, 4000)
    page.evaluate(READ_THROUGH)
    # Whatever the page does after hydration has had its turn.
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_reading_every_page_type_opens_no_connection(shared_pages: SharedPages, lang: str) -> None:
    desktop = shared_pages.tab("desktop")
    traffic = record_server_traffic(desktop.page)
    for path in PAGE_TYPES:
        desktop.goto(localized_path(lang, path))
        _read(desktop)
        assert traffic.none, f"{localized_path(lang, path)}: {traffic}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_navigating_client_side_opens_no_connection(shared_pages: SharedPages, lang: str) -> None:
    desktop = shared_pages.tab("desktop")
    page = desktop.page
    traffic = record_server_traffic(page)
    desktop.goto(localized_path(lang, "/"))
    header = page.locator("header nav").filter(visible=True).first
    for key in HEADER_TOUR:
        header.get_by_role("link", name=text(lang, key), exact=True).click()
        expect(page.get_by_test_id("screen-title")).to_be_visible()
        _read(desktop)
    # Into the detail pages through their cards, then back.
    header.get_by_role("link", name=text(lang, "nav-blog"), exact=True).click()
    page.locator(f"main a[href^='{localized_path(lang, '/blog/')}']").first.click()
    page.wait_for_url(f"**{localized_path(lang, '/blog/')}*")
    _read(desktop)
    page.go_back()
    _read(desktop)
    assert traffic.none, traffic
    # All of it happened in one document: the navigations were client-side.
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_contact_page_connects_once_the_visitor_uses_the_form(
    shared_pages: SharedPages, lang: str
) -> None:
    # Also the control of the two above: in the shared context too (its scripts cached by
    # earlier tests), loading the socket client is seen.
    desktop = shared_pages.tab("desktop")
    page = desktop.page
    traffic = record_server_traffic(page)
    desktop.goto(localized_path(lang, "/contact"))
    _read(desktop)
    assert traffic.none, traffic
    with page.expect_websocket():
        page.locator("#contact-form [name='name']").focus()
    assert len(traffic.websockets) == 1 and "/_event" in traffic.websockets[0]
    page.wait_for_load_state("networkidle")
    assert traffic.socket_client_scripts(), "the socket client came with the connection"
