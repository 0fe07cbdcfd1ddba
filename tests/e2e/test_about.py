"""About page: hero, mission, vision, the six core values, four expertise blocks, closing block."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path

from .conftest import SharedPages
from .support.expected import text, texts_of


@pytest.mark.parametrize("lang", LANGUAGES)
def test_about_page_sections(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    visit = shared_pages.open(viewport, localized_path(lang, "/about"))
    page = visit.page
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, "page-about-title"))
    expect(page.get_by_text(text(lang, "about-subtitle"))).to_be_visible()
    for key in ("mission", "vision"):
        block = page.get_by_test_id(f"about-{key}")
        expect(block.get_by_role("heading")).to_have_text(text(lang, f"about-{key}-title"))
        expect(block).to_contain_text(text(lang, f"about-{key}-text"))

    values = page.get_by_test_id("about-value")
    expect(values).to_have_count(6)
    expect(values.locator("h3")).to_have_text(texts_of(lang, r"about-value-.+-title"))
    expect(page.get_by_role("heading", name=text(lang, "about-values-title"))).to_be_visible()

    expertise = page.get_by_test_id("about-expertise")
    expect(expertise).to_have_count(4)
    expect(expertise.locator("h3")).to_have_text(texts_of(lang, r"about-expertise-.+-title"))

    contact = page.get_by_role("link", name=text(lang, "about-closing-contact"))
    expect(contact).to_have_attribute("href", localized_path(lang, "/contact"))
    contact.scroll_into_view_if_needed()
    expect(contact).to_be_visible()
    assert visit.foreign_requests == []
