"""Portfolio tabs (docs/product.md §2 'Portfolio'): the tab follows the route, cards, redirects."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from agency_site.constants import LANGUAGES
from agency_site.content.catalog import get_catalog
from agency_site.i18n import localized_path

from .conftest import SharedPages
from .support.expected import PORTFOLIO_TABS, PROJECT_IDS, PROJECTS_PER_TAB, Screen, text
from .support.screens import assert_shows_screen


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("tab", PORTFOLIO_TABS)
def test_tab_lists_its_projects_as_cards(shared_pages: SharedPages, tab: str, lang: str) -> None:
    desktop = shared_pages.open("desktop", localized_path(lang, f"/portfolio/{tab}"))
    page = desktop.page
    assert_shows_screen(desktop, lang, Screen(f"/portfolio/{tab}", "page-portfolio-title"))
    current = page.locator('[data-testid="portfolio-tab"][aria-current="page"]')
    expect(current).to_have_count(1)
    expect(current).to_have_attribute("data-tab", tab)
    expect(current).to_have_text(text(lang, "portfolio-tab-all" if tab == "all" else f"service-{tab}-title"))
    cards = page.get_by_test_id("project-card")
    expect(cards).to_have_count(len(PROJECTS_PER_TAB[tab]))
    catalog = get_catalog()
    for index, project_id in enumerate(PROJECTS_PER_TAB[tab]):
        project = catalog.project(project_id)
        card = cards.nth(index)
        expect(card).to_have_attribute("data-project", str(project_id))
        expect(card).to_contain_text(text(lang, project.key("title")))
        expect(card.get_by_test_id("project-card-service")).to_have_text(
            text(lang, f"service-{project.service}-title")
        )
        image = card.locator("img")
        expect(image).to_have_attribute("src", project.images[0].src)
        expect(image).to_have_attribute("width", str(project.images[0].width))
        expect(image).to_have_attribute("height", str(project.images[0].height))
        details = card.get_by_role("link", name=text(lang, "portfolio-view-details"))
        expect(details).to_have_attribute("href", localized_path(lang, f"/project/{project_id}"))
    expect(page.get_by_test_id("portfolio-empty")).to_have_count(0)
    assert desktop.foreign_requests == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_picking_a_tab_navigates_to_its_route(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    visit = shared_pages.visit(viewport)
    page = visit.page
    visit.goto(localized_path(lang, "/portfolio/all"))
    page.locator('[data-testid="portfolio-tab"][data-tab="web-development"]').click()
    expect(page).to_have_url(visit.url(localized_path(lang, "/portfolio/web-development")))
    expect(page.locator('[data-testid="portfolio-tab"][aria-current="page"]')).to_have_attribute(
        "data-tab", "web-development"
    )
    expect(page.get_by_test_id("project-card")).to_have_count(len(PROJECTS_PER_TAB["web-development"]))
    page.go_back()
    expect(page).to_have_url(visit.url(localized_path(lang, "/portfolio/all")))
    expect(page.get_by_test_id("project-card")).to_have_count(len(PROJECT_IDS))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_view_details_opens_the_project(shared_pages: SharedPages, lang: str) -> None:
    # Ends on another page, so the next reader of this one loads it again.
    desktop = shared_pages.open("desktop", localized_path(lang, "/portfolio/app-development"))
    page = desktop.page
    page.get_by_role("link", name=text(lang, "portfolio-view-details")).click()
    expect(page).to_have_url(desktop.url(localized_path(lang, "/project/101")))
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, "project-ikigai-app-title"))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", ["/portfolio", "/portfolio/no-such-service", "/portfolio/ai-agents"])
def test_missing_or_unknown_tab_replaces_the_route_with_all(
    shared_pages: SharedPages, path: str, lang: str
) -> None:
    desktop = shared_pages.visit("desktop")
    page = desktop.page
    desktop.goto(localized_path(lang, "/services"))
    page.goto(desktop.url(localized_path(lang, path)))
    expect(page).to_have_url(desktop.url(localized_path(lang, "/portfolio/all")))
    expect(page.get_by_test_id("project-card")).to_have_count(len(PROJECT_IDS))
    page.go_back()
    expect(page).to_have_url(desktop.url(localized_path(lang, "/services")))


def test_tabs_scroll_sideways_on_a_phone_without_widening_the_page(shared_pages: SharedPages) -> None:
    mobile = shared_pages.visit("mobile")
    mobile.goto("/de/referenzen/alle")
    assert mobile.page.evaluate("document.documentElement.scrollWidth") <= 375
    last = mobile.page.get_by_test_id("portfolio-tab").last
    last.click()
    expect(mobile.page).to_have_url(mobile.url("/de/referenzen/ki-avatare"))
