"""Every route in both languages shows its screen's title, in the page's language."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path
from agency_site.seo.texts import search_title

from .conftest import SharedPages, Visit
from .expected import DYNAMIC_SCREENS, STATIC_SCREENS, Screen


def assert_shows_screen(visit: Visit, lang: str, screen: Screen) -> None:
    """The screen's title, where the visitor lands, the page's language, the document
    title (the screen's, or its seo.yaml override) and no request to another host."""
    page = visit.page
    expect(page.get_by_test_id("screen-title")).to_have_text(screen.title(lang))
    expect(page).to_have_url(visit.url(screen.landing(lang)))
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page).to_have_title(search_title(lang, screen.final_path or screen.path, screen.title(lang)))
    assert visit.foreign_requests == []


# Each service, project and portfolio tab is checked the same way by the test that opens
# it anyway (test_services, test_project, test_portfolio); their status by test_head.
OPENED_ELSEWHERE = ("/services/", "/project/", "/portfolio/")
SCREENS = [screen for screen in STATIC_SCREENS if not screen.path.startswith(OPENED_ELSEWHERE)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", SCREENS + DYNAMIC_SCREENS, ids=lambda screen: screen.path)
def test_route_shows_its_screen(shared_pages: SharedPages, screen: Screen, lang: str) -> None:
    desktop = shared_pages.visit("desktop")  # only reads: no fresh context needed
    response = desktop.page.goto(desktop.url(localized_path(lang, screen.path)))
    assert response is not None and response.status == 200
    assert_shows_screen(desktop, lang, screen)
