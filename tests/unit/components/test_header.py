"""The header marks the page's section and links the page's twin in each language."""

from __future__ import annotations

import re

import pytest

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


def _marked_links(page: str) -> list[str]:
    """Where each link marked aria-current="page" goes (router links' `to`, plain ones' `href`)."""
    return re.findall(r'\{"aria-current":"page",[^{}]*?(?:to|href):"([^"]*)"', page)


def test_the_header_marks_its_pages_link_and_links_the_twins() -> None:
    page = str(header("de", "/services/ai-callers"))
    # The desktop bar's and the mobile panel's link to the section, and each language
    # list's 'Deutsch', which is this very page.
    assert sorted(_marked_links(page)) == sorted(
        ["/de/leistungen"] * 2 + ["/de/leistungen/ki-telefonassistenten"] * 2
    )
    assert page.count('href:"/services/ai-callers"') == 2  # 'English' in each language list


def test_the_not_found_page_marks_no_link_and_offers_each_languages_home() -> None:
    page = str(header("de", None))
    assert sorted(_marked_links(page)) == ["/de", "/de"]  # the language lists' 'Deutsch'
    assert len(HEADER_NAV) == len(
        re.findall(r'jsx\(ReactRouterLink,\{(?:"aria-current":"page",)?className:"rounded-full', page)
    )
