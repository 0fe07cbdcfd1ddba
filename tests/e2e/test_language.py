"""Language rules: stored preference, German twins before paint, the switcher, <html lang>."""

from __future__ import annotations

import html as html_lib
import re

import httpx
import pytest
from playwright.sync_api import expect

from agency_site.i18n import localized_path
from agency_site.nginx.former_urls import former_german_urls
from agency_site.routes import route_table

from .conftest import SharedPages, Visit, open_visit
from .support.expected import text
from .support.popovers import choose_language, language_options

# Records, on the English page, whether English text was ever visible before the redirect.
PAINT_WATCH = """
if (location.pathname === '/about' || location.pathname === '/about/') {
  new MutationObserver(() => {
    const body = document.body;
    if (body && body.textContent.includes('ENGLISH_TITLE')
        && getComputedStyle(document.documentElement).visibility !== 'hidden') {
      window.name = 'english-visible';
    }
  }).observe(document, { childList: true, subtree: true });
}
""".replace("ENGLISH_TITLE", text("en", "page-about-title"))


@pytest.mark.parametrize("path", ["/", "/about", "/services/ai-callers", "/project/104"])
def test_stored_german_opens_the_german_twin(browser, base_url: str, path: str) -> None:
    visit = open_visit(browser, base_url, "desktop", stored_language="de")
    visit.goto(path + "?ref=mail")
    expect(visit.page).to_have_url(visit.url(localized_path("de", path) + "?ref=mail"))
    assert visit.page.evaluate("document.documentElement.lang") == "de"
    visit.context.close()


def test_no_english_is_painted_before_the_german_twin(browser, base_url: str) -> None:
    visit = open_visit(browser, base_url, "mobile", stored_language="de")
    visit.context.add_init_script(PAINT_WATCH)
    visit.goto("/about")
    expect(visit.page.get_by_test_id("screen-title")).to_have_text(text("de", "page-about-title"))
    assert visit.page.evaluate("window.name") != "english-visible"
    visit.context.close()


@pytest.mark.parametrize("stored", ["en", "DE", "de-DE", "german", "", "null"])
def test_anything_but_exactly_de_means_english(browser, base_url: str, stored: str) -> None:
    visit = open_visit(browser, base_url, "desktop", stored_language=stored)
    visit.goto("/about")
    expect(visit.page.get_by_test_id("screen-title")).to_have_text(text("en", "page-about-title"))
    expect(visit.page).to_have_url(visit.url("/about"))
    visit.context.close()


def test_a_german_url_stays_german_without_a_stored_choice(shared_pages: SharedPages) -> None:
    desktop = shared_pages.open(
        "desktop", localized_path("de", "/about")
    )  # no test stores a choice in the shared page
    expect(desktop.page.get_by_test_id("screen-title")).to_have_text(text("de", "page-about-title"))
    assert desktop.page.evaluate("localStorage.getItem('language')") is None


def test_switcher_stores_choice_and_keeps_the_path(visit: Visit) -> None:
    page = visit.page
    visit.goto("/services/chatbot-development?utm=1#top")
    choose_language(page, "de")
    expect(page).to_have_url(visit.url("/de/leistungen/chatbot-entwicklung?utm=1#top"))
    expect(page.get_by_test_id("screen-title")).to_have_text(text("de", "service-chatbot-development-title"))
    assert page.evaluate("localStorage.getItem('language')") == "de"
    assert page.evaluate("document.documentElement.lang") == "de"

    # The choice persists: an unprefixed link opened later lands in German.
    visit.goto("/contact")
    expect(page).to_have_url(visit.url("/de/kontakt"))
    visit.wait_until_interactive()

    options = language_options(page)
    expect(options.get_by_test_id("language-option-de")).to_have_attribute("aria-current", "page")
    options.get_by_test_id("language-option-en").click()
    expect(page).to_have_url(visit.url("/contact"))
    assert page.evaluate("localStorage.getItem('language')") == "en"
    assert page.evaluate("document.documentElement.lang") == "en"


def test_switcher_from_the_german_home_page(desktop: Visit) -> None:
    desktop.goto("/de")
    choose_language(desktop.page, "en")
    expect(desktop.page).to_have_url(desktop.url("/"))
    expect(desktop.page.get_by_test_id("screen-title")).to_have_text(text("en", "page-home-title"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_switcher_offers_english_and_deutsch_as_links_to_the_twin(
    shared_pages: SharedPages, lang: str
) -> None:
    desktop = shared_pages.load("desktop", localized_path(lang, "/services/ai-agents"))
    page = desktop.page
    switcher = page.get_by_test_id("language-switcher").filter(visible=True)
    expect(switcher).to_have_accessible_name(
        f"{text(lang, 'language-label')}: {text(lang, f'language-{lang}')}"
    )
    options = language_options(page)
    expect(options.get_by_role("link")).to_have_text(["English", "Deutsch"])
    for code in ("en", "de"):
        option = options.get_by_test_id(f"language-option-{code}")
        expect(option).to_have_attribute("href", localized_path(code, "/services/ai-agents"))
        expect(option).to_have_attribute("hreflang", code)
        if code == lang:
            expect(option).to_have_attribute("aria-current", "page")
        else:
            expect(option).not_to_have_attribute("aria-current", "page")
    # Light dismiss and Escape close it; focus goes back to the button.
    page.keyboard.press("Escape")
    expect(options).to_be_hidden()
    expect(switcher).to_be_focused()
    language_options(page)
    page.mouse.click(20, 600)
    expect(page.get_by_test_id("language-options").filter(visible=True)).to_have_count(0)


def test_switcher_on_a_page_of_an_unknown_id_keeps_the_id(desktop: Visit) -> None:
    """A fallback route's prerendered link leads to its section; in the browser the head
    script completes it with the URL's own path."""
    desktop.goto("/blog/no-such-post")
    choose_language(desktop.page, "de")
    expect(desktop.page).to_have_url(desktop.url("/de/blog/no-such-post"))


# Addresses whose twin, made from the address bar, named another host: two slashes, a
# backslash (a browser reads it as a slash), encoded slashes; nginx answers
# /de//evil.example/x with the German not-found page, as the test server does (each ends in
# /x: a last part like a file name is answered with a bare 404). With the language to
# switch to and where the switcher must lead, on this site.
HOSTILE_PATHS = {
    "/de//evil.example/x": ("en", "/evil.example/x"),
    "//evil.example/x": ("de", "/de/evil.example/x"),
    "/\\evil.example/x": ("de", "/de/evil.example/x"),
    "/de/\\evil.example/x": ("en", "/evil.example/x"),
    "/%2F%2Fevil.example/x": ("de", "/de/%2F%2Fevil.example/x"),
    "/de/%2F%2Fevil.example/x": ("en", "/%2F%2Fevil.example/x"),
}


def test_the_switcher_keeps_the_visitor_on_the_site(desktop: Visit) -> None:
    for path, (code, landing) in HOSTILE_PATHS.items():
        desktop.goto(path)
        choose_language(desktop.page, code)
        expect(desktop.page).to_have_url(desktop.url(landing))
        desktop.wait_until_interactive()
    assert desktop.foreign_requests == []


def _switcher_links(html: str) -> dict[str, str]:
    """The prerendered language dropdown's links: language -> href (first instance)."""
    links: dict[str, str] = {}
    for tag in re.findall(r"<a [^>]*data-testid=\"language-option-(?:en|de)\"[^>]*>", html):
        code = re.search(r'data-language-choice="(\w+)"', tag).group(1)
        links.setdefault(code, html_lib.unescape(re.search(r'href="([^"]*)"', tag).group(1)))
    return links


def test_every_page_pairs_with_its_german_twin_by_its_german_address(http: httpx.Client) -> None:
    """Each static page in both languages: served at its address (German words under /de),
    its dropdown linking the two twins, the German page's <html lang> German."""
    for route in route_table():
        if route.is_dynamic:
            continue
        english, german = localized_path("en", route.path), localized_path("de", route.path)
        for lang, path in (("en", english), ("de", german)):
            response = http.get(path, follow_redirects=False)
            assert response.status_code == 200, path
            assert f'<html lang="{lang}"' in response.text, path
            assert _switcher_links(response.text) == {"en": english, "de": german}, path


def test_every_former_german_address_answers_301_with_its_german_one(http: httpx.Client) -> None:
    """Links to /de + the English path (search indexes, bookmarks) keep working."""
    former = former_german_urls()
    unchanged = {"/", "/blog", "/botagent", "/impressum", "/datenschutz"}  # the same word in German
    static = {route.path for route in route_table() if not route.is_dynamic}
    assert set(former) == {"/de" + path for path in static - unchanged}
    assert former["/de/about"] == "/de/ueber-uns"
    for old, new in former.items():
        response = http.get(old + "?utm_source=mail", follow_redirects=False)
        assert response.status_code == 301, old
        assert response.headers["location"] == new + "?utm_source=mail", old
    moved = http.get("/de/project/999", follow_redirects=False)
    assert (moved.status_code, moved.headers["location"]) == (301, "/de/projekt/999")
    # Current addresses, English ones included, are served as they are.
    for path in ("/about", "/de/ueber-uns", "/de/blog/ki-im-gesundheitswesen", "/de/impressum"):
        assert http.get(path, follow_redirects=False).status_code == 200, path
