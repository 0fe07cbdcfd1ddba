"""Legal notice and privacy policy: right language, company facts, sections, dates."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from agency_site.constants import LANGUAGES
from agency_site.content import get_content
from agency_site.content.legal import get_legal
from agency_site.i18n import localized_path

from .conftest import SharedPages
from .support.expected import legal_headings, legal_updated, text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_legal_notice(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    visit = shared_pages.open(viewport, localized_path(lang, "/impressum"))
    page = visit.page
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, "page-impressum-title"))
    legal_text = page.get_by_test_id("legal-text")
    legal = get_content().site.legal
    for value in (
        legal.company_name,
        legal.vat_id,
        legal.trade_register,
        legal.euid,
        legal.managing_director,
    ):
        expect(legal_text).to_contain_text(value)
    expect(legal_text.get_by_role("link", name=str(legal.email)).first).to_have_attribute(
        "href", f"mailto:{legal.email}"
    )
    expect(legal_text.locator("h3")).to_have_count(6)
    assert legal_text.locator("a[href*='ec.europa.eu']").count() == 0
    expect(page).to_have_title(f"{text(lang, 'page-impressum-title')} | {text(lang, 'site-title-suffix')}")
    assert visit.foreign_requests == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_privacy_policy(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    visit = shared_pages.open(viewport, localized_path(lang, "/datenschutz"))
    page = visit.page
    policy = get_legal(lang, "privacy")
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, "page-datenschutz-title"))
    updated = legal_updated(lang, "privacy")
    expect(page.get_by_test_id("legal-updated")).to_have_text(text(lang, "legal-updated", date=updated))
    headings = page.get_by_test_id("legal-text").locator("h2")
    expect(headings).to_have_text(legal_headings(lang, "privacy"))
    expect(headings).to_have_count(10)
    expect(page.locator("meta[name=description]")).to_have_attribute("content", policy.description)
    assert visit.foreign_requests == []


def test_table_of_contents_jumps_to_a_section(shared_pages: SharedPages) -> None:
    desktop = shared_pages.visit("desktop")
    desktop.goto("/datenschutz")
    page = desktop.page
    page.get_by_role("navigation", name=text("en", "legal-contents")).get_by_role(
        "link", name="8. Your rights"
    ).click()
    expect(page).to_have_url(desktop.url("/datenschutz#section-8"))
    expect(page.locator("#section-8")).to_be_in_viewport()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "path", ["/impressum", "/datenschutz", "/about", "/contact", "/blog", "/blog/ai-automation"]
)
def test_page_fits_a_phone_without_sideways_scrolling(
    shared_pages: SharedPages, lang: str, path: str
) -> None:
    mobile = shared_pages.open("mobile", localized_path(lang, path))
    widths = mobile.page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], widths
