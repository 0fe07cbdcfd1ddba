"""Every route in both languages shows its screen's title, in the page's language."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from agency_site.constants import LANGUAGES

from .conftest import Visit
from .expected import DYNAMIC_SCREENS, STATIC_SCREENS, Screen


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", STATIC_SCREENS + DYNAMIC_SCREENS, ids=lambda screen: screen.path)
def test_route_shows_its_screen(desktop: Visit, screen: Screen, lang: str) -> None:
    from agency_site.i18n import localized_path

    response = desktop.page.goto(desktop.url(localized_path(lang, screen.path)))
    assert response is not None and response.status == 200
    heading = desktop.page.get_by_test_id("screen-title")
    expect(heading).to_have_text(screen.title(lang))
    expect(desktop.page).to_have_url(desktop.url(screen.landing(lang)))
    assert desktop.page.evaluate("document.documentElement.lang") == lang
    suffix = "Falconbyte"
    expect(desktop.page).to_have_title(f"{screen.title(lang)} | {suffix}")
    assert desktop.foreign_requests == []
