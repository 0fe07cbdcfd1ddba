"""What every screen shows, checked the same way by each test that opens one."""

from __future__ import annotations

from playwright.sync_api import expect

from agency_site.seo.texts import search_title

from ..conftest import Visit
from .expected import Screen


def assert_shows_screen(visit: Visit, lang: str, screen: Screen) -> None:
    """The screen's title, where the visitor lands, the page's language, the document
    title (the screen's, or its seo.yaml override) and no request to another host."""
    page = visit.page
    expect(page.get_by_test_id("screen-title")).to_have_text(screen.title(lang))
    expect(page).to_have_url(visit.url(screen.landing(lang)))
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page).to_have_title(search_title(lang, screen.final_path or screen.path, screen.title(lang)))
    assert visit.foreign_requests == []
