"""Printing a page (a client saving a service page as PDF for colleagues): Chromium's own
PDF of the page holds all of its text, once, without the fixed header on every sheet,
and external links with their address (assets/styles.css, '@media print')."""

from __future__ import annotations

import io
import re
import unicodedata
from collections import Counter
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from agency_site.components.layout.navigation import HEADER_NAV
from agency_site.i18n import localized_path

from .conftest import SharedPages
from .support.expected import text

WORD = re.compile(r"\w+")


def _words(value: str) -> list[str]:
    # NFKC: the PDF may hold ligatures (ﬁ) and other compatibility forms of the letters.
    return WORD.findall(unicodedata.normalize("NFKC", value).casefold())


@pytest.mark.parametrize(("lang", "path"), [("en", "/services/ai-callers"), ("de", "/about")])
def test_a_printed_page_has_all_its_text_and_no_repeated_header(
    shared_pages: SharedPages, lang: str, path: str
) -> None:
    visit = shared_pages.tab("desktop")
    page = visit.page
    visit.goto(localized_path(lang, path))
    visit.wait_until_interactive()
    page.emulate_media(media="print")
    try:
        expect(page.locator("#site-header")).to_be_hidden()
        printed = page.evaluate("() => document.body.innerText")
        external = page.evaluate(
            "() => [...document.querySelectorAll('#main-content a[href^=\"http\"]')]"
            ".filter((link) => link.checkVisibility()).map((link) => link.href)"
        )
        pdf = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=False)))
    finally:
        page.emulate_media(media="screen")
    sheets = [sheet.extract_text() for sheet in pdf.pages]
    assert len(sheets) >= 2  # a header on every sheet would show more than once
    on_paper = " ".join(_words(" ".join(sheets)))

    # Every word the page shows in print is on paper, as often as the page has it.
    shown, paper = Counter(_words(printed)), Counter(on_paper.split())
    missing = sorted(word for word, count in shown.items() if paper[word] < count)
    assert not missing, missing[:20]
    # The fixed header's navigation is on no sheet (it would be on every one).
    header = " ".join(_words(" ".join(text(lang, item.label_key) for item in HEADER_NAV)))
    assert header not in on_paper
    # The title once, where the page has it once.
    title = " ".join(_words(page.get_by_test_id("screen-title").inner_text()))
    assert on_paper.count(title) == " ".join(_words(printed)).count(title)
    # External links carry their address (its host at least: a long one may wrap).
    for href in external:
        assert " ".join(_words(urlsplit(href).netloc)) in on_paper, href
