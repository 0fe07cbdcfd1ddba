"""Every route in both languages shows its screen's title, in the page's language."""

from __future__ import annotations

import pytest

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path

from .conftest import SharedPages
from .support.expected import DYNAMIC_SCREENS, STATIC_SCREENS, Screen
from .support.screens import assert_shows_screen

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
