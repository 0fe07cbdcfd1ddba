"""Shared layout: header links and order, schedule button, footer, scroll shrink, mobile menu."""

from __future__ import annotations

import datetime as dt
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from agency_site.constants import LANGUAGES
from agency_site.content import get_content
from agency_site.i18n import localized_path

from .conftest import HYDRATED, SharedPages, Visit
from .support.expected import FOOTER_SERVICE_IDS, HEADER_LABEL_KEYS, HEADER_LINKS, text
from .support.popovers import choose_language, expect_expanded


def _nav(visit: Visit):
    return visit.page.locator("header nav").filter(visible=True).first


@pytest.mark.parametrize("lang", LANGUAGES)
def test_header_links_in_order(shared_pages: SharedPages, lang: str) -> None:
    desktop = shared_pages.open("desktop", localized_path(lang, "/about"))
    links = _nav(desktop).get_by_role("link")
    expect(links).to_have_text([text(lang, key) for key in HEADER_LABEL_KEYS])
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert hrefs == [localized_path(lang, path) for path in HEADER_LINKS]
    expect(_nav(desktop).get_by_role("link", name=text(lang, "nav-about"))).to_have_attribute(
        "aria-current", "page"
    )
    expect(desktop.page.get_by_test_id("logo").first).to_have_attribute("href", "#")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_schedule_call_opens_scheduling_page_in_new_tab(shared_pages: SharedPages, lang: str) -> None:
    desktop = shared_pages.visit("desktop")
    desktop.goto(localized_path(lang, "/"))
    button = desktop.page.get_by_test_id("schedule-call").filter(visible=True)
    expect(button).to_contain_text(text(lang, "schedule-call"))
    expect(button).to_have_attribute("href", str(get_content().site.links.scheduling_url))
    expect(button).to_have_attribute("target", "_blank")
    assert "noopener" in (button.get_attribute("rel") or "")
    # The scheduling page is a third party: the click opens a tab, which the harness blocks.
    with desktop.context.expect_page() as new_tab:
        button.click()
    new_tab.value.wait_for_load_state("domcontentloaded")
    scheduling_host = urlsplit(str(get_content().site.links.scheduling_url)).netloc
    desktop.wait_until(
        lambda: any(urlsplit(url).netloc == scheduling_host for url in desktop.foreign_requests),
        "the blocked request for the scheduling page",
    )
    assert desktop.page.url.startswith(desktop.base_url)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_footer_has_every_link_and_contact_details(
    shared_pages: SharedPages, viewport: str, lang: str
) -> None:
    visit = shared_pages.open(viewport, localized_path(lang, "/contact"))
    footer = visit.page.get_by_test_id("site-footer")
    expected = {
        **{
            localized_path(lang, f"/services/{sid}"): text(lang, f"service-{sid}-title")
            for sid in FOOTER_SERVICE_IDS
        },
        localized_path(lang, "/"): text(lang, "nav-home"),
        localized_path(lang, "/about"): text(lang, "nav-about"),
        localized_path(lang, "/blog"): text(lang, "nav-blog"),
        localized_path(lang, "/contact"): text(lang, "nav-contact"),
        localized_path(lang, "/datenschutz"): text(lang, "footer-privacy"),
        localized_path(lang, "/datenschutz#privacy-settings"): text(lang, "footer-privacy-settings"),
        localized_path(lang, "/impressum"): text(lang, "footer-impressum"),
    }
    for href, label in expected.items():
        expect(footer.locator(f'a[href="{href}"]')).to_have_text(label)
    site = get_content().site
    expect(footer).to_contain_text("Dubai")
    expect(footer.locator(f'a[href="{site.contact.phones[0].tel_href}"]')).to_have_text(
        site.contact.phones[0].number
    )
    expect(footer.get_by_test_id("footer-year")).to_have_text(str(dt.date.today().year))
    expect(footer).to_contain_text(text(lang, "footer-rights"))


def test_footer_grid_has_four_columns_on_desktop_and_one_on_phones(
    shared_pages: SharedPages, viewport: str
) -> None:
    visit = shared_pages.open(viewport, "/about")
    columns = (
        visit.page.get_by_test_id("site-footer")
        .locator(".grid")
        .evaluate("grid => getComputedStyle(grid).gridTemplateColumns.split(' ').length")
    )
    assert columns == (4 if visit.page.viewport_size["width"] >= 1024 else 1)


BAR_WIDTH = "() => document.querySelector('#site-header > div').getBoundingClientRect().width"
BAR_RADIUS = (
    "() => parseFloat(getComputedStyle(document.querySelector('#site-header > div')).borderTopLeftRadius)"
)


def _scroll_to(page, y: int) -> None:
    page.evaluate(f"() => window.scrollTo({{ top: {y}, behavior: 'instant' }})")
    page.wait_for_function(f"() => Math.round(window.scrollY) === {y}")


def test_header_shrinks_after_50px_of_scroll(shared_pages: SharedPages) -> None:
    """A scroll-driven animation (assets/styles.css): no script decides it."""
    desktop = shared_pages.load("desktop", "/")
    page = desktop.page
    full_width = page.evaluate(BAR_WIDTH)
    assert full_width == page.viewport_size["width"]
    _scroll_to(page, 40)
    assert (
        page.evaluate(
            "() => getComputedStyle(document.querySelector('#site-header')).getPropertyValue('--header-scrolled')"
        ).strip()
        == "0"
    )
    assert page.evaluate(BAR_RADIUS) == 0
    _scroll_to(page, 60)
    # The bar's 300 ms transition ends at 85 % of the width, rounded.
    page.wait_for_function(f"() => Math.abs(({BAR_WIDTH})() - window.innerWidth * 0.85) < 2")
    assert page.evaluate(BAR_RADIUS) > 0
    _scroll_to(page, 0)
    page.wait_for_function(f"() => ({BAR_WIDTH})() === window.innerWidth")


def test_header_snaps_without_transition_under_reduced_motion(shared_pages: SharedPages) -> None:
    """Reduced motion: the bar still changes past 50 px (as before), at once."""
    tab = shared_pages.tab("desktop")
    tab.page.emulate_media(reduced_motion="reduce")
    tab.goto("/")
    _scroll_to(tab.page, 60)
    # A scroll-driven animation takes the new scroll position at the next frame (read at
    # once, the bar was sometimes still full width); two frames are 33 ms, a tenth of the
    # 300 ms transition this test would catch.
    tab.page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    width = tab.page.evaluate(BAR_WIDTH)
    assert abs(width - tab.page.viewport_size["width"] * 0.85) < 2
    assert (
        tab.page.evaluate("() => document.getAnimations().filter((a) => a instanceof CSSTransition).length")
        == 0
    )


def test_main_content_is_1400px_wide_at_most_below_an_80px_header(browser, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1800, "height": 900})
    page = context.new_page()
    page.goto(base_url + "/about")
    main = page.locator("main")
    assert main.evaluate("el => getComputedStyle(el).maxWidth") == "1400px"
    assert main.evaluate("el => getComputedStyle(el).paddingTop") == "80px"
    assert round(page.locator("#site-header > div").bounding_box()["height"]) == 80
    assert page.evaluate("getComputedStyle(document.documentElement).scrollBehavior") == "smooth"
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light"
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mobile_menu_opens_and_closes(shared_pages: SharedPages, lang: str) -> None:
    mobile = shared_pages.visit("mobile")
    page = mobile.page
    mobile.goto(localized_path(lang, "/about"))
    panel = page.get_by_test_id("mobile-menu")
    toggle = page.get_by_test_id("menu-toggle")
    expect(panel).to_be_hidden()
    expect(page.locator("header nav").first).to_be_hidden()
    expect(toggle).to_have_accessible_name(text(lang, "menu-open"))
    toggle.click()
    expect(panel).to_be_visible()
    expect_expanded(page, "#menu-toggle", True)
    expect(toggle).to_have_accessible_name(text(lang, "menu-close"))
    expect(panel.locator("nav").get_by_role("link")).to_have_text(
        [text(lang, key) for key in HEADER_LABEL_KEYS]
    )
    expect(panel.get_by_role("link", name=text(lang, "nav-about"))).to_have_attribute("aria-current", "page")
    expect(panel.get_by_test_id("language-switcher")).to_be_visible()
    expect(panel.get_by_test_id("schedule-call")).to_be_visible()
    toggle.click()
    expect(panel).to_be_hidden()
    expect_expanded(page, "#menu-toggle", False)
    expect(toggle).to_have_accessible_name(text(lang, "menu-open"))
    # Tapping a link closes the panel and navigates (client-side, after hydration: the
    # document stays).
    page.evaluate("() => { window.sameDocument = true; }")
    toggle.click()
    panel.get_by_role("link", name=text(lang, "nav-contact")).click()
    expect(page).to_have_url(mobile.url(localized_path(lang, "/contact")))
    expect(panel).to_be_hidden()
    assert page.evaluate("() => window.sameDocument") is True
    current = panel.locator("nav").locator(f'a[href="{localized_path(lang, "/contact")}"]')
    expect(current).to_have_attribute("aria-current", "page")
    # A link to the page already shown closes the panel too (the document stays).
    toggle.click()
    panel.get_by_role("link", name=text(lang, "nav-contact")).click()
    expect(panel).to_be_hidden()
    # Tapping the Schedule a Call button (a new tab) closes it too.
    toggle.click()
    with mobile.context.expect_page():
        panel.get_by_test_id("schedule-call").click()
    expect(panel).to_be_hidden()
    # Tapping outside closes it (light dismiss).
    toggle.click()
    expect(panel).to_be_visible()
    page.mouse.click(200, 790)
    expect(panel).to_be_hidden()


def test_menu_and_switcher_work_before_javascript_bundles_arrive(browser, base_url: str) -> None:
    """On a slow phone the bundle takes seconds; the menu must answer from first paint."""
    from .conftest import open_visit

    visit = open_visit(browser, base_url, "mobile")
    visit.context.route("**/assets/*.js", lambda route: route.abort())
    page = visit.page
    page.goto(visit.url("/about?ref=mail"))
    assert page.locator(HYDRATED).count() == 0
    toggle = page.get_by_test_id("menu-toggle")
    panel = page.get_by_test_id("mobile-menu")
    toggle.click()
    expect(panel).to_be_visible()
    expect_expanded(page, "#menu-toggle", True)
    expect(toggle).to_have_accessible_name(text("en", "menu-close"))
    page.mouse.click(200, 790)  # outside the panel
    expect(panel).to_be_hidden()
    expect(toggle).to_have_accessible_name(text("en", "menu-open"))
    # The Schedule a Call button closes the panel before hydration too (the head script).
    toggle.click()
    with visit.context.expect_page():
        panel.get_by_test_id("schedule-call").click()
    expect(panel).to_be_hidden()
    choose_language(page, "de")
    expect(page).to_have_url(visit.url("/de/ueber-uns?ref=mail"))
    expect(page.get_by_test_id("screen-title")).to_have_text(text("de", "page-about-title"))
    assert page.evaluate("localStorage.getItem('language')") == "de"
    visit.context.close()


def test_desktop_has_no_hamburger(shared_pages: SharedPages) -> None:
    desktop = shared_pages.open("desktop", "/")
    expect(desktop.page.get_by_test_id("menu-toggle")).to_be_hidden()
    expect(desktop.page.locator("header nav").first).to_be_visible()


def test_menu_and_language_switch_work_without_the_backend(browser, base_url: str) -> None:
    """docs/architecture.md §4: UI-only behaviour needs no server round trip."""
    from .conftest import open_visit

    visit = open_visit(browser, base_url, "mobile")
    blocked: list[str] = []

    def refuse(socket_route) -> None:
        blocked.append(socket_route.url)
        socket_route.close()

    visit.context.route_web_socket("**/*", refuse)
    page = visit.page
    visit.goto("/services/ai-callers")
    choose_language(page, "de")
    expect(page).to_have_url(visit.url("/de/leistungen/ki-telefonassistenten"))
    expect(page.get_by_test_id("screen-title")).to_have_text(text("de", "service-ai-callers-title"))
    visit.wait_until_interactive()
    page.get_by_test_id("menu-toggle").click()
    expect(page.get_by_test_id("mobile-menu")).to_be_visible()
    page.get_by_test_id("mobile-menu").get_by_role("link", name=text("de", "nav-about")).click()
    expect(page).to_have_url(visit.url("/de/ueber-uns"))
    expect(page.get_by_test_id("mobile-menu")).to_be_hidden()
    # Client-side navigation to /de/referenzen still replaces it with /de/referenzen/alle.
    page.get_by_test_id("menu-toggle").click()
    page.get_by_test_id("mobile-menu").get_by_role("link", name="Portfolio").click()
    expect(page).to_have_url(visit.url("/de/referenzen/alle"))
    # A reader's page never even asks for the server (connect_on_intent.py); had it asked,
    # the websocket was refused above, and the pages must work all the same.
    assert blocked == [], "a reader's page tried to open the websocket"
    # No framework toast about the missing server: the site works without it.
    expect(page.get_by_text("Cannot connect to server")).to_have_count(0)
    visit.context.close()


HEADER_FITS = """() => {
  const bar = document.querySelector('#site-header > div');
  const box = bar.getBoundingClientRect();
  const controls = [...bar.querySelectorAll('a, select, button')]
    .filter((el) => !el.closest('#mobile-menu') && el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
    .map((el) => el.getBoundingClientRect())
    .filter((rect) => rect.width > 0)
    .sort((a, b) => a.left - b.left);
  const inside = controls.every((rect) => rect.left >= box.left - 1 && rect.right <= box.right + 1);
  const apart = controls.every((rect, i) => i === 0 || controls[i - 1].right <= rect.left + 1);
  return inside && apart && bar.scrollWidth <= bar.clientWidth + 1;
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width", [768, 900, 1024, 1280, 1440])
def test_header_controls_fit_without_overlap(shared_pages: SharedPages, lang: str, width: int) -> None:
    tab = shared_pages.tab("desktop")
    page = tab.page
    page.set_viewport_size({"width": width, "height": 800})
    tab.goto(localized_path(lang, "/services/software-development"))
    assert page.evaluate(HEADER_FITS), f"header controls overflow or overlap at {width}px"
    # The compact Schedule a Call button (icon only below 1280 px) still shows its icon.
    icon = page.locator("header").get_by_test_id("schedule-call").filter(visible=True).locator("svg")
    assert round(icon.bounding_box()["width"]) == 16
    page.evaluate("document.body.style.minHeight = '3000px'")
    _scroll_to(page, 400)
    page.wait_for_function(f"() => ({BAR_RADIUS})() > 0")
    # Measure the end state of the 300 ms shrink transition.
    # Only the header's animations: a page may run endless ones (service animation panels).
    page.wait_for_function(
        "() => document.getAnimations().filter((a) => a.effect && a.effect.target"
        " && a.effect.target.closest('#site-header')).every((a) => a.playState !== 'running')"
    )
    assert page.evaluate(HEADER_FITS), f"scrolled header controls overflow or overlap at {width}px"
