"""Texts no page uses: every key of content/i18n/ should be asked for by some page, by the
server (the contact form's messages) or at least named in the package's source."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import agency_site
from agency_site.agency_site import add_pages
from agency_site.content import get_content
from agency_site.seo.site_files import site_files

PACKAGE = Path(agency_site.__file__).parent


def _string_literals() -> set[str]:
    """Every string constant in the package's source (keys the server uses at run time,
    such as the form's error messages, are named there rather than asked for at build)."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


class _AskedFor(dict):
    """A language's texts that note every key asked of them."""

    def __init__(self, texts: dict[str, str], asked: set[str]) -> None:
        super().__init__(texts)
        self.asked = asked

    def get(self, key, default=None):  # noqa: ANN001, ANN201 (dict's own signature)
        self.asked.add(key)
        return super().get(key, default)


class _PagesOnly:
    """Takes the app's pages as `rx.App.add_page` would, and keeps nothing."""

    def add_page(self, *args: object, **kwargs: object) -> None:
        pass


@pytest.fixture(scope="module")
def asked() -> set[str]:
    """Every key asked for while every page is built in both languages (and the 404), and
    the sitemap and feeds written."""
    asked: set[str] = set()
    strings = get_content().strings
    original = dict(strings)
    for lang, texts in original.items():
        strings[lang] = _AskedFor(texts, asked)
    try:
        add_pages(_PagesOnly())  # pyright: ignore[reportArgumentType]
        site_files()
    finally:
        strings.update(original)
    return asked


@pytest.fixture(scope="module")
def unused(asked: set[str]) -> list[str]:
    every_key = set().union(*(strings.keys() for strings in get_content().strings.values()))
    return sorted(every_key - asked - _string_literals())


def test_the_report_sees_what_the_pages_ask_for(asked: set[str]) -> None:
    # Keys only ever built from parts at build time: missing here would mean the report
    # did not build the pages and would list every key.
    assert {"about-mission-title", "service-ai-callers-title", "seo-og-article"} <= asked


# An unused key is text that marketing maintains for nothing: the suite names it.
def test_no_text_is_unused(unused: list[str]) -> None:
    assert unused == [], "keys no page uses:\n" + "\n".join(unused)
