"""The not-found page, /portfolio's redirect and /botagent."""

from __future__ import annotations

from html.parser import HTMLParser

import httpx
import pytest
from playwright.sync_api import Route, expect

from agency_site.constants import BOTAGENT_FALLBACK_MS
from agency_site.content import get_content
from agency_site.i18n import localized_path

from .conftest import SharedPages, Visit, goto_on_paused_clock, pause_clock
from .support.expected import text


class ServedDocument(HTMLParser):
    """What a page's server HTML says before any script: <html lang>, the first <title>,
    the <meta name=...> contents."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.lang = ""
        self.title = ""
        self.meta: dict[str, str] = {}
        self._in_title = False
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "html":
            self.lang = values.get("lang") or ""
        elif tag == "title" and not self.title:
            self._in_title = True
        elif tag == "meta" and values.get("name"):
            self.meta.setdefault(values["name"] or "", values.get("content") or "")

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False


@pytest.mark.parametrize(
    ("path", "lang"), [("/no/such/page", "en"), ("/de/gibt-es-nicht", "de"), ("/services/x/y", "en")]
)
def test_unknown_path_shows_not_found_with_404(
    shared_pages: SharedPages, viewport: str, path: str, lang: str
) -> None:
    visit = shared_pages.visit(viewport)
    response = visit.goto(path)
    assert response is not None and response.status == 404
    page = visit.page
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, "notfound-title"))
    expect(page.locator("main")).to_contain_text("404")
    expect(page.locator("main")).to_contain_text(text(lang, "notfound-description"))
    home = page.get_by_role("link", name=text(lang, "notfound-home"))
    expect(home).to_have_attribute("href", localized_path(lang, "/"))
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page).to_have_title(f"{text(lang, 'page-notfound-title')} | Falconbyte")
    visit.wait_until(
        lambda: any(path in line and "404" in line for line in visit.console), "the 404 in the console"
    )
    home.click()
    expect(page).to_have_url(visit.url(localized_path(lang, "/")))


@pytest.mark.parametrize(
    ("path", "lang"), [("/no/such/page", "en"), ("/de/gibt-es-nicht", "de"), ("/de/gibt/es/nicht", "de")]
)
def test_the_servers_html_of_a_missing_page_is_in_the_paths_language(
    http: httpx.Client, path: str, lang: str
) -> None:
    """Without any script (a crawler, a reader with JavaScript off, a screen reader's first
    look): the not-found page's language, title, description and noindex come from the server."""
    response = http.get(path)
    assert response.status_code == 404
    document = ServedDocument(response.text)
    assert document.lang == lang
    assert document.title == f"{text(lang, 'page-notfound-title')} | Falconbyte"
    assert document.meta["description"] == text(lang, "notfound-description")
    assert document.meta["robots"] == "noindex"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_portfolio_redirects_to_all_replacing_history(shared_pages: SharedPages, lang: str) -> None:
    desktop = shared_pages.visit("desktop")
    page = desktop.page
    desktop.goto(localized_path(lang, "/about"))
    page.goto(desktop.url(localized_path(lang, "/portfolio")))
    expect(page).to_have_url(desktop.url(localized_path(lang, "/portfolio/all")))
    page.go_back()
    # replace: going back skips /portfolio and returns to the page before it.
    expect(page).to_have_url(desktop.url(localized_path(lang, "/about")))


def test_portfolio_nav_link_lands_on_all(shared_pages: SharedPages) -> None:
    mobile = shared_pages.visit("mobile")
    page = mobile.page
    mobile.goto("/de/ueber-uns")
    page.get_by_test_id("menu-toggle").click()
    page.get_by_test_id("mobile-menu").get_by_role("link", name="Portfolio").click()
    expect(page).to_have_url(mobile.url("/de/referenzen/alle"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_botagent_leaves_for_the_external_site(shared_pages: SharedPages, lang: str) -> None:
    desktop = shared_pages.tab("desktop")
    target = str(get_content().site.links.botagent_url)

    def stub(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body="<title>BotAgent stub</title>stub")

    desktop.page.route(target + "**", stub)
    desktop.page.goto(desktop.url(localized_path(lang, "/botagent")))
    expect(desktop.page).to_have_title("BotAgent stub")
    assert desktop.page.url.startswith(target)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_botagent_shows_spinner_link_and_falls_back_to_services(desktop: Visit, lang: str) -> None:
    # The external site answers 204 No Content, so the browser stays on the page (as
    # when the site is slow to answer) and the visitor sees the fallback.
    desktop.context.route(
        str(get_content().site.links.botagent_url) + "**", lambda route: route.fulfill(status=204)
    )
    page = desktop.page
    pause_clock(page)  # the test moves time on: no waiting 5 s for the fallback
    # The fallback timer starts once React has hydrated the page.
    goto_on_paused_clock(desktop, localized_path(lang, "/botagent"))
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, "botagent-redirecting"))
    link = page.get_by_role("link", name=text(lang, "botagent-click-here"))
    expect(link).to_have_attribute("href", str(get_content().site.links.botagent_url))
    page.clock.run_for(BOTAGENT_FALLBACK_MS - 100)
    expect(page).to_have_url(desktop.url(localized_path(lang, "/botagent")))
    page.clock.run_for(100)
    expect(page).to_have_url(desktop.url(localized_path(lang, "/services")))
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, "page-services-title"))
