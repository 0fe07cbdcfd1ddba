"""With JavaScript switched off entirely: the header and footer are native HTML.

The menu opens and closes (375 px), the language links lead to the twin page, the FAQ
opens one answer at a time, and every header and footer link leads where it says, in both
languages at 375 and 1280 px.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from agency_site.constants import LANGUAGES
from agency_site.content import get_content
from agency_site.i18n import localized_path

from .conftest import HYDRATED, VIEWPORTS, Visit, open_visit
from .support.expected import FOOTER_SERVICE_IDS, HEADER_LABEL_KEYS, HEADER_LINKS, STATIC_SCREENS, text
from .support.popovers import expect_expanded

SCREENS = {screen.path: screen for screen in STATIC_SCREENS}
FOOTER_LINKS = [
    *[f"/services/{sid}" for sid in FOOTER_SERVICE_IDS],
    "/",
    "/about",
    "/blog",
    "/contact",
    "/datenschutz",
    "/datenschutz#privacy-settings",  # where an 'always load' choice is withdrawn
    "/impressum",
]


@pytest.fixture(params=list(VIEWPORTS))
def no_script(request: pytest.FixtureRequest, browser: Browser, base_url: str) -> Iterator[Visit]:
    """A browser context with JavaScript disabled, at 1280 and at 375 px."""
    visit = open_visit(browser, base_url, request.param, java_script_enabled=False)
    yield visit
    visit.context.close()


def _is_phone(page: Page) -> bool:
    return page.viewport_size["width"] < 768


def _open(visit: Visit, path: str) -> None:
    visit.page.goto(visit.url(path))
    # The page is the prerendered HTML and nothing else: React never hydrates it.
    expect(visit.page.get_by_test_id("screen-title")).to_be_visible()
    assert visit.page.locator(HYDRATED).count() == 0


def _header_links(visit: Visit):
    page = visit.page
    if _is_phone(page):
        page.get_by_test_id("menu-toggle").click()
        return page.get_by_test_id("mobile-menu").locator("nav").get_by_role("link")
    return page.locator("header nav").filter(visible=True).first.get_by_role("link")


def _expect_landed_on(visit: Visit, lang: str, path: str) -> None:
    path, hash_mark, fragment = path.partition("#")
    screen = SCREENS[path]
    expect(visit.page).to_have_url(visit.url(screen.landing(lang)) + hash_mark + fragment)
    expect(visit.page.get_by_test_id("screen-title")).to_have_text(screen.title(lang))
    assert visit.page.evaluate("document.documentElement.lang") == lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_menu_opens_and_closes(browser: Browser, base_url: str, lang: str) -> None:
    context = browser.new_context(viewport=VIEWPORTS["mobile"], java_script_enabled=False)
    page = context.new_page()
    page.goto(base_url + localized_path(lang, "/about"))
    toggle = page.get_by_test_id("menu-toggle")
    panel = page.get_by_test_id("mobile-menu")
    expect(panel).to_be_hidden()
    toggle.click()
    expect(panel).to_be_visible()
    expect(toggle).to_have_accessible_name(text(lang, "menu-close"))
    expect_expanded(page, "#menu-toggle", True)
    expect(panel.locator("nav").get_by_role("link")).to_have_text(
        [text(lang, key) for key in HEADER_LABEL_KEYS]
    )
    toggle.click()
    expect(panel).to_be_hidden()
    expect(toggle).to_have_accessible_name(text(lang, "menu-open"))
    toggle.click()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(toggle).to_be_focused()
    toggle.click()
    page.mouse.click(200, 790)  # outside the panel
    expect(panel).to_be_hidden()
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_links_lead_to_the_twin_page(no_script: Visit, lang: str) -> None:
    other = "de" if lang == "en" else "en"
    _open(no_script, localized_path(lang, "/services/ai-agents"))
    page = no_script.page
    if _is_phone(page):
        page.get_by_test_id("menu-toggle").click()
    page.get_by_test_id("language-switcher").filter(visible=True).click()
    options = page.get_by_test_id("language-options").filter(visible=True)
    expect(options.get_by_role("link")).to_have_text(["English", "Deutsch"])
    options.get_by_role("link", name=text(lang, f"language-{other}")).click()
    _expect_landed_on(no_script, other, "/services/ai-agents")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_faq_opens_one_answer_at_a_time(no_script: Visit, lang: str) -> None:
    _open(no_script, localized_path(lang, "/"))
    items = no_script.page.locator("details[data-testid^='faq-item-']")
    expect(items).to_have_count(8)
    first, second = items.nth(0), items.nth(5)
    first.locator("summary").click()
    expect(first.locator("p")).to_be_visible()
    second.locator("summary").click()
    expect(second.locator("p")).to_be_visible()
    expect(first.locator("p")).to_be_hidden()
    second.locator("summary").click()
    expect(second.locator("p")).to_be_hidden()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_header_link_works(no_script: Visit, lang: str) -> None:
    start = localized_path(lang, "/about")
    _open(no_script, start)
    links = _header_links(no_script)
    expect(links).to_have_text([text(lang, key) for key in HEADER_LABEL_KEYS])
    assert [links.nth(i).get_attribute("href") for i in range(links.count())] == [
        localized_path(lang, path) for path in HEADER_LINKS
    ]
    # The header is the same on every page: each link is clicked on the page the one
    # before it led to (a page load per link, not two).
    for index, path in enumerate(HEADER_LINKS):
        if path != "/botagent":
            links.nth(index).click()
            _expect_landed_on(no_script, lang, path)
            links = _header_links(no_script)  # on a phone, opens the new page's menu
    # The logo leads to the top of the page; Schedule a Call to the scheduling page, in a tab.
    _open(no_script, start)
    no_script.page.get_by_test_id("logo").first.click()
    expect(no_script.page).to_have_url(no_script.url(start + "#"))
    if _is_phone(no_script.page):
        no_script.page.get_by_test_id("menu-toggle").click()
    scheduling = str(get_content().site.links.scheduling_url).rstrip("/")
    with no_script.context.expect_event("request", lambda request: request.url.startswith(scheduling)):
        no_script.page.get_by_test_id("schedule-call").filter(visible=True).click()
    # Last, as its page leaves for the external site at once (a <noscript> refresh); the
    # harness stops that request at the door.
    _open(no_script, start)
    botagent = str(get_content().site.links.botagent_url)
    with no_script.context.expect_event("request", lambda request: request.url.startswith(botagent)):
        _header_links(no_script).nth(HEADER_LINKS.index("/botagent")).click()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_footer_link_works(no_script: Visit, lang: str) -> None:
    start = localized_path(lang, "/contact")
    _open(no_script, start)
    footer = no_script.page.get_by_test_id("site-footer")
    internal = footer.locator("a[href^='/']")
    assert [internal.nth(i).get_attribute("href") for i in range(internal.count())] == [
        localized_path(lang, path) for path in FOOTER_LINKS
    ]
    # The footer is the same on every page: each link is clicked on the page the one before
    # it led to (a page load per link, not two).
    for index, path in enumerate(FOOTER_LINKS):
        footer.locator("a[href^='/']").nth(index).click()
        _expect_landed_on(no_script, lang, path)
    site = get_content().site
    expect(footer.locator("a[href^='tel:']")).to_have_attribute("href", site.contact.phones[0].tel_href)
    expect(footer.locator("a[href^='mailto:']")).to_have_attribute("href", f"mailto:{site.contact.email}")
    # The prerendered year (the browser's own once React runs).
    expect(footer.get_by_test_id("footer-year")).to_have_text(re.compile(r"^20\d\d$"))
    expect(footer).to_contain_text(text(lang, "footer-rights"))
