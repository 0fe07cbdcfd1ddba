"""What the built pages say about the company and its figures:
a German page names no place in English, and every headline figure a page names is
marked and footnoted with its basis (our projects, the period, the sample) on that page.

The pages are built as the app builds them (`page_component`) and read as compiled, so a
text the page shows from anywhere (content, facts, legal texts, footer) is covered. Each
rule is a function, run over the real pages and over broken samples at the end.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache

import pytest
from pydantic import BaseModel

from agency_site.agency_site import page_component
from agency_site.components.ui.figures import FIGURE, HEADLINE_FIGURES, figure_basis, marked_figures
from agency_site.constants import LANGUAGES
from agency_site.content import get_content
from agency_site.content.legal import get_legal
from agency_site.content.models import LocalizedText, english_only_names
from agency_site.formats import number
from agency_site.routes import route_table

_JS_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def visible_strings(compiled: str) -> list[str]:
    """The string literals of a compiled page (its texts, with JSON escapes undone)."""
    return [json.loads(literal) for literal in _JS_STRING.findall(compiled)]


@cache
def page_texts(lang: str) -> dict[str, str]:
    """Every static page in `lang`, built as the app builds it: path -> its texts."""
    pages: dict[str, str] = {}
    for route in route_table():
        if route.is_dynamic:
            continue
        component, _ = page_component(route, lang)
        pages[route.path] = "\n".join(visible_strings(str(component)))
    return pages


def localized_facts(model: BaseModel) -> Iterator[LocalizedText]:
    """Every per-language fact in the company facts, however deep."""
    for name in type(model).model_fields:
        value = getattr(model, name)
        values = value if isinstance(value, list) else value.values() if isinstance(value, dict) else [value]
        for item in values:
            if isinstance(item, LocalizedText):
                yield item
            elif isinstance(item, BaseModel):
                yield from localized_facts(item)


def text_of(lang: str, key: str) -> str:
    return get_content().strings[lang][key]


def english_place_names() -> set[str]:
    names: set[str] = set()
    for fact in localized_facts(get_content().site):
        names |= english_only_names(fact)
    return names


# ---- The rules ----


def english_name_findings(text: str, names: set[str]) -> list[str]:
    return [f"'{name}': a German page names it in English" for name in sorted(names) if name in text]


def unmarked_figure_findings(text: str) -> list[str]:
    """A headline figure without its footnote marker ('40 %' instead of '40 %*')."""
    return [
        f"'{match.group(0)}' has no footnote marker"
        for match in FIGURE.finditer(text)
        if text[match.end() :][:1] != "*"
    ]


def missing_basis_findings(text: str, lang: str) -> list[str]:
    """A marked figure whose basis the same page does not show."""
    return [
        f"{figure} % without its basis"
        for figure in marked_figures([text])
        if figure_basis(lang, figure) not in text
    ]


# ---- The real pages and texts ----


def test_the_english_fact_list_names_the_places_german_writes_its_own_way() -> None:
    assert {"Bucharest", "Romania", "United Arab Emirates"} <= english_place_names()


def test_german_pages_name_no_place_in_english() -> None:
    names = english_place_names()
    found = [
        f"{path}: {finding}"
        for path, text in page_texts("de").items()
        for finding in english_name_findings(text, names)
    ]
    # The legal texts as filled for German (also checked on their pages above).
    for document in ("impressum", "privacy"):
        found += [
            f"{document}: {finding}"
            for finding in english_name_findings(get_legal("de", document).html, names)
        ]
    assert not found, "\n".join(found)


def test_the_checks_read_the_pages_with_the_company_facts() -> None:
    """The impressum, privacy policy and contact page must be among the pages read."""
    pages = page_texts("de")
    assert "Bukarest" in pages["/impressum"] and "Rumänien" in pages["/datenschutz"]
    assert "Vereinigte Arabische Emirate" in pages["/contact"]  # the office card and the footer
    assert "Vereinigte Arabische Emirate" in pages["/about"]  # the footer alone


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_headline_figure_in_the_copy_is_marked(lang: str) -> None:
    found = [
        f"{key}: {finding}"
        for key, text in get_content().strings[lang].items()
        if not key.startswith("figure-basis-")
        for finding in unmarked_figure_findings(text)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_page_footnotes_the_figures_it_names(lang: str) -> None:
    pages = page_texts(lang)
    found = [
        f"{path}: {finding}" for path, text in pages.items() for finding in missing_basis_findings(text, lang)
    ]
    assert not found, "\n".join(found)
    # The pages that name figures, and one that names none and so has no footnote.
    assert marked_figures([pages["/"]]) == list(HEADLINE_FIGURES)
    assert marked_figures([pages["/about"]]) == ["40", "80", "92"]
    assert "92" in marked_figures([pages["/services/ai-callers"]])
    assert "92" in marked_figures([pages["/project/106"]])
    assert marked_figures([pages["/contact"]]) == []
    assert text_of(lang, "figures-note-title") not in pages["/contact"]
    assert text_of(lang, "figures-note-title") in pages["/about"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_basis_names_projects_period_and_sample(lang: str) -> None:
    site = get_content().site
    assert set(site.figures) == set(HEADLINE_FIGURES)
    for figure, basis in site.figures.items():
        text = figure_basis(lang, figure)
        assert text.startswith(figure) and str(basis.projects) in text and basis.period in text
        # Counts as the language writes them: 2,400 and 2.400.
        assert number(lang, basis.sample) in text


# ---- Broken samples: every rule finds what it is meant to find ----


def test_an_english_place_name_is_found() -> None:
    assert english_name_findings("Sitz: Bucharest, Rumänien", {"Bucharest", "Romania"}) == [
        "'Bucharest': a German page names it in English"
    ]


@pytest.mark.parametrize(
    "sample", ["Im Schnitt 40\u00a0% mehr Effizienz", "92% of callers", "bis zu 80\u00a0% weniger"]
)
def test_an_unmarked_figure_is_found(sample: str) -> None:
    assert unmarked_figure_findings(sample)


@pytest.mark.parametrize(
    "sample", ["Im Schnitt 40\u00a0%* mehr", "20+ Sprachen", "95\u00a0% zuverlässig", "140%*"]
)
def test_other_numbers_and_marked_figures_pass(sample: str) -> None:
    assert unmarked_figure_findings(sample) == []


def test_a_page_naming_a_figure_without_its_basis_is_found() -> None:
    page = "Im Schnitt 40\u00a0%* mehr Effizienz"
    assert missing_basis_findings(page, "de") == ["40 % without its basis"]
    assert missing_basis_findings(page + "\n" + figure_basis("de", "40"), "de") == []
