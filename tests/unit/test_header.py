"""The header's bar is compiled once per language (components/shared_module.py); each page
passes it the link it marks as current and its twin in each language."""

from __future__ import annotations

import re

import pytest
from reflex_base.components.memo import MEMOS

from agency_site.components.layout.header import current_link, header
from agency_site.components.layout.navigation import HEADER_NAV


@pytest.mark.parametrize(
    ("page_path", "current"),
    [
        ("/", "/"),
        ("/services", "/services"),
        ("/services/ai-callers", "/services"),
        ("/blog/some-post", "/blog"),
        ("/impressum", ""),
        (None, ""),
    ],
)
def test_the_current_link_is_the_pages_section(page_path: str | None, current: str) -> None:
    assert current_link(page_path) == current


def test_a_page_passes_its_header_the_current_link_and_its_twins() -> None:
    page = str(header("de", "/services/ai-callers"))
    bar = re.search(r"jsx\((HeaderBar_\w+),(\{[^}]*\})", page)
    assert bar, page
    assert bar.group(2) == (
        '{current:"/services",hrefDe:"/de/leistungen/ki-telefonassistenten",hrefEn:"/services/ai-callers"}'
    )
    # The not-found page: no link current, the language links to each language's home.
    assert 'current:"",hrefDe:"/de",hrefEn:"/"' in str(header("de", None))


def test_the_shared_bar_marks_the_link_its_page_names_and_links_the_twins() -> None:
    header("de", "/about")  # Builds the bar's body once.
    body = str(MEMOS["HeaderBar", "agency_site.components.layout.header_de"].component)
    for item in HEADER_NAV:
        # Both the desktop bar's link and the mobile panel's.
        marked = (
            f'"aria-current":((currentRxMemo?.valueOf?.() === "{item.path}"?.valueOf?.()) ? "page" : null)'
        )
        assert body.count(marked) == 2, item
    assert body.count("href:hrefDeRxMemo") == 2 and body.count("href:hrefEnRxMemo") == 2
    # The page's language is the current one in the dropdown.
    assert len(re.findall(r'"aria-current":"page"[^}]*"data-testid":"language-option-de"', body)) == 2
