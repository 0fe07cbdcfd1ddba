"""Every route in both languages shows its screen's title, in the page's language."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from agency_site.constants import LANGUAGES
from agency_site.seo.texts import search_title

from .conftest import SharedPages
from .expected import DYNAMIC_SCREENS, STATIC_SCREENS, Screen


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", STATIC_SCREENS + DYNAMIC_SCREENS, ids=lambda screen: screen.path)
def test_route_shows_its_screen(shared_pages: SharedPages, screen: Screen, lang: str) -> None:
    from agency_site.i18n import localized_path

    desktop = shared_pages.visit("desktop")  # only reads: no fresh context needed
    response = desktop.page.goto(desktop.url(localized_path(lang, screen.path)))
    assert response is not None and response.status == 200
    heading = desktop.page.get_by_test_id("screen-title")
    expect(heading).to_have_text(screen.title(lang))
    expect(desktop.page).to_have_url(desktop.url(screen.landing(lang)))
    assert desktop.page.evaluate("document.documentElement.lang") == lang
    # The document title is the search title: the screen's, or its seo.yaml override.
    expect(desktop.page).to_have_title(
        search_title(lang, screen.final_path or screen.path, screen.title(lang))
    )
    assert desktop.foreign_requests == []
