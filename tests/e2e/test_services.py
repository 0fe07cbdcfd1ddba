"""Services list and service detail (docs/product.md §2 'Services list and detail'), both languages."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from agency_site.constants import BACK_NAVIGATION_DELAY_MS, LANGUAGES
from agency_site.content import get_content
from agency_site.i18n import localized_path

from .conftest import (
    SharedPages,
    Visit,
    goto_on_paused_clock,
    hydrate_on_paused_clock,
    page_of_its_own,
    pause_clock,
)
from .support.expected import PURCHASABLE_SERVICE_IDS, SERVICE_IDS, Screen, text
from .support.screens import assert_shows_screen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_list_shows_a_card_per_service_linking_to_its_page(shared_pages: SharedPages, lang: str) -> None:
    # Ends on another page, so the next reader of this one loads it again.
    desktop = shared_pages.open("desktop", localized_path(lang, "/services"))
    page = desktop.page
    cards = page.get_by_test_id("service-card")
    expect(cards).to_have_count(len(SERVICE_IDS))
    for index, service_id in enumerate(SERVICE_IDS):
        card = cards.nth(index)
        expect(card).to_have_attribute("href", localized_path(lang, f"/services/{service_id}"))
        expect(card).to_contain_text(text(lang, f"service-{service_id}-title"))
        expect(card).to_contain_text(text(lang, f"service-{service_id}-desc"))
        # The headline figure with what it measured ('of callers surveyed …').
        expect(card).to_contain_text(text(lang, f"service-{service_id}-stat"))
        expect(card).to_contain_text(text(lang, f"service-{service_id}-stat-label"))
    cards.nth(2).click()
    expect(page).to_have_url(desktop.url(localized_path(lang, f"/services/{SERVICE_IDS[2]}")))
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, f"service-{SERVICE_IDS[2]}-title"))
    assert desktop.foreign_requests == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("service_id", SERVICE_IDS)
def test_detail_shows_every_section_of_its_service(
    shared_pages: SharedPages, service_id: str, lang: str
) -> None:
    desktop = shared_pages.open("desktop", localized_path(lang, f"/services/{service_id}"))
    page = desktop.page
    main = page.locator("main")
    title = text(lang, f"service-{service_id}-title")
    assert_shows_screen(desktop, lang, Screen(f"/services/{service_id}", f"service-{service_id}-title"))
    for suffix in ("desc", "detail", "market", "problem-1", "problem-2", "problem-3", "benefits", "stat"):
        expect(main).to_contain_text(text(lang, f"service-{service_id}-{suffix}"))
    panel = page.get_by_test_id("service-animation")
    expect(panel).to_have_attribute("data-animation", service_id)
    expect(panel).to_be_visible()
    for key in ("value-innovation", "value-client", "value-quality"):
        expect(page.get_by_test_id("value-proposition")).to_contain_text(text(lang, key))
    expect(page.get_by_test_id("benefit-card")).to_have_count(4)
    expect(page.get_by_test_id("approach-step")).to_have_count(3)
    expect(page.get_by_test_id("get-started")).to_have_attribute("href", localized_path(lang, "/contact"))
    expect(page.get_by_test_id("back-to-services")).to_have_attribute(
        "href", localized_path(lang, "/services")
    )
    expect(page.get_by_test_id("service-cta")).to_contain_text(text(lang, "service-cta-title", service=title))
    expect(page.get_by_test_id("purchase-card")).to_have_count(
        1 if service_id in PURCHASABLE_SERVICE_IDS else 0
    )
    expect(page.get_by_test_id("demo-phone-line")).to_have_count(1 if service_id == "ai-callers" else 0)
    assert desktop.foreign_requests == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ai_callers_offers_the_demo_phone_line(shared_pages: SharedPages, lang: str) -> None:
    mobile = shared_pages.open("mobile", localized_path(lang, "/services/ai-callers"))
    section = mobile.page.get_by_test_id("demo-phone-line")
    phone = get_content().site.links.voice_demo_phone
    expect(section).to_contain_text(text(lang, "demo-line-available"))
    call = section.get_by_role("link", name=text(lang, "demo-line-call", phone=phone))
    expect(call).to_have_attribute("href", "tel:" + phone.replace(" ", ""))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_service_without_checkout_link_asks_for_an_offer_on_the_contact_form(
    shared_pages: SharedPages, lang: str
) -> None:
    desktop = shared_pages.visit("desktop")
    page = desktop.page
    for service_id in PURCHASABLE_SERVICE_IDS:
        assert get_content().site.checkout_links[service_id] is None  # the configured state
        desktop.goto(localized_path(lang, f"/services/{service_id}"))
        card = page.get_by_test_id("purchase-card")
        for key in (
            "purchase-security",
            "purchase-support",
            "purchase-payment",
            "purchase-no-card",
            "purchase-business-only",
        ):
            expect(card).to_contain_text(text(lang, key))
        # Nothing to buy online yet: no 'purchase now', no word of a payment page.
        expect(card.get_by_text(text(lang, "purchase-now"))).to_have_count(0)
        expect(page.get_by_test_id("service-cta")).not_to_contain_text(text(lang, "service-cta-notice"))
        offer = card.get_by_role("link", name=text(lang, "purchase-request-offer"))
        expect(offer).to_have_attribute("href", localized_path(lang, "/contact"))
    offer.click()
    expect(page).to_have_url(desktop.url(localized_path(lang, "/contact")))
    expect(page.locator("form")).to_be_visible()
    assert desktop.foreign_requests == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_back_to_services_goes_back_in_history(shared_pages: SharedPages, lang: str) -> None:
    desktop = shared_pages.visit("desktop")
    page = desktop.page
    desktop.goto(localized_path(lang, "/services"))
    page.get_by_test_id("service-card").first.click()
    detail = desktop.url(localized_path(lang, f"/services/{SERVICE_IDS[0]}"))
    expect(page).to_have_url(detail)
    page.get_by_test_id("back-to-services").click()
    expect(page).to_have_url(desktop.url(localized_path(lang, "/services")))
    # It went back rather than forward: the detail page is now ahead in history.
    page.go_forward()
    expect(page).to_have_url(detail)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_back_to_services_after_arriving_directly_opens_the_list(mobile: Visit, lang: str) -> None:
    page = mobile.page
    mobile.goto(localized_path(lang, "/services/ai-agents"))
    page.get_by_test_id("back-to-services").click()
    expect(page).to_have_url(mobile.url(localized_path(lang, "/services")))
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, "page-services-title"))


def test_back_waits_for_the_transition_before_leaving(desktop: Visit) -> None:
    visit = desktop
    page = visit.page
    # The 300 ms run on the page's timers: on a paused clock the test moves them on.
    pause_clock(page)
    goto_on_paused_clock(visit, "/services")
    # The card is a plain link: a new document, which hydrates only as its clock moves.
    page.get_by_test_id("service-card").nth(1).click()
    expect(page).to_have_url(visit.url("/services/ai-callers"))
    hydrate_on_paused_clock(page, "/services/ai-callers")
    overlay = page.get_by_test_id("page-transition-overlay")
    expect(overlay).to_have_css("visibility", "hidden")
    page.get_by_test_id("back-to-services").click()
    # Still on the detail page until the 300 ms are up, with the overlay coming in in
    # the service's colour (ai-callers: blue); then back.
    page.clock.run_for(BACK_NAVIGATION_DELAY_MS - 1)
    assert page.url == visit.url("/services/ai-callers")
    expect(overlay).to_have_css("visibility", "visible")
    expect(overlay).to_have_css("background-color", "rgb(219, 234, 254)")
    page.clock.run_for(1)
    expect(page).to_have_url(visit.url("/services"))
    # The overlay fades out over the list, then is gone.
    expect(overlay).to_have_css("visibility", "hidden")
    expect(overlay).to_have_css("opacity", "0")


@pytest.mark.parametrize("viewport", ["desktop", "mobile"])
def test_back_to_services_is_a_link_without_javascript(
    browser: Browser, base_url: str, viewport: str
) -> None:
    with page_of_its_own(browser, viewport, java_script_enabled=False) as page:
        page.goto(base_url + "/de/leistungen/ki-agenten")
        page.get_by_test_id("back-to-services").click()
        expect(page).to_have_url(base_url + "/de/leistungen")
        expect(page.get_by_test_id("screen-title")).to_have_text(text("de", "page-services-title"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_detail_opens_at_the_top(shared_pages: SharedPages, lang: str) -> None:
    mobile = shared_pages.visit("mobile")
    page = mobile.page
    mobile.goto(localized_path(lang, "/services"))
    last = page.get_by_test_id("service-card").last
    last.scroll_into_view_if_needed()
    page.wait_for_function("() => window.scrollY > 500")
    last.click()
    expect(page).to_have_url(mobile.url(localized_path(lang, f"/services/{SERVICE_IDS[-1]}")))
    page.wait_for_function("() => window.scrollY === 0")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unknown_service_says_the_animation_is_missing_and_links_back(
    shared_pages: SharedPages, viewport: str, lang: str
) -> None:
    visit = shared_pages.visit(viewport)
    page = visit.page
    response = visit.goto(localized_path(lang, "/services/teleportation"))
    assert response is not None and response.status == 200
    panel = page.get_by_test_id("service-animation")
    expect(panel).to_contain_text(text(lang, "service-animation-not-found"))
    expect(page.get_by_test_id("service-card")).to_have_count(len(SERVICE_IDS))
    panel.get_by_role("link", name=text(lang, "service-all-services")).click()
    expect(page).to_have_url(visit.url(localized_path(lang, "/services")))


@pytest.mark.parametrize("path", ["/services", "/services/chatbot-development"])
def test_pages_fit_a_phone_screen(shared_pages: SharedPages, path: str) -> None:
    mobile = shared_pages.open("mobile", localized_path("de", path))
    assert mobile.page.evaluate("document.documentElement.scrollWidth") <= 375


# The play state of every endless animation in the service's panel.
PANEL_MOTION = """() => [...document.querySelectorAll('[data-testid="service-animation"] *')]
  .flatMap((element) => element.getAnimations())
  .filter((animation) => animation.effect.getComputedTiming().iterations === Infinity)
  .map((animation) => animation.playState)"""


def _panel_motion_is(page, state: str) -> None:
    page.wait_for_function(
        f"() => {{ const states = ({PANEL_MOTION})(); return states.length > 0 && states.every((s) => s === '{state}'); }}"
    )


def test_a_panel_moves_while_seen_and_holds_still_off_screen(shared_pages: SharedPages) -> None:
    """An endless animation nobody sees only costs the phone: the panel's motion holds once
    the panel has left the screen, and goes on when it is back."""
    page = shared_pages.load("mobile", "/services/web-development").page
    panel = page.get_by_test_id("service-animation")
    _panel_motion_is(page, "running")
    page.evaluate(
        "() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' })"
    )
    expect(panel).not_to_be_in_viewport()
    _panel_motion_is(page, "paused")
    panel.scroll_into_view_if_needed()
    _panel_motion_is(page, "running")


def test_panels_show_a_complete_still_picture_with_reduced_motion(shared_pages: SharedPages) -> None:
    tab = shared_pages.tab("desktop")
    page = tab.page
    page.emulate_media(reduced_motion="reduce")
    for service_id in SERVICE_IDS:
        page.goto(tab.url(f"/services/{service_id}"))
        panel = page.get_by_test_id("service-animation")
        expect(panel).to_be_visible()
        # Nothing in the panel is left faded out or collapsed by a stopped animation.
        page.wait_for_function(
            """() => [...document.querySelectorAll('[data-testid="service-animation"] *')]
                    .every((element) => Number(getComputedStyle(element).opacity) >= 0.3)"""
        )
        hidden = panel.evaluate(
            """panel => [...panel.querySelectorAll('span')].filter((element) => {
                    const transform = getComputedStyle(element).transform;
                    return transform.startsWith('matrix(0,') || transform.startsWith('matrix(0.0');
                }).length"""
        )
        assert hidden == 0, service_id
