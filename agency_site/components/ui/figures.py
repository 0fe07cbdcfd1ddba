"""Footnotes for the headline figures (advertising law): every page that
names one of them, marked with * ('40 %*'), shows its basis (our projects, the period,
the sample) under the page, from content/site.yaml (figures) and content/i18n/*/figures.yaml.

The page shell collects the figures from the texts the page showed while it was built
(agency_site.i18n.shown_texts), so a figure added to any text is footnoted wherever it appears.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import reflex as rx

from agency_site.components.ui.heading import heading
from agency_site.content import get_content
from agency_site.formats import number
from agency_site.i18n import t

HEADLINE_FIGURES = ("35", "40", "60", "70", "80", "92")
# A headline figure as the copy writes it: '40 %' (German, non-breaking space) or '40%'.
FIGURE = re.compile(r"(?<![\d.,])(" + "|".join(HEADLINE_FIGURES) + r")\u00a0?%")
MARKER = "*"


def marked_figures(texts: Iterable[str]) -> list[str]:
    """The headline figures the texts name with their footnote marker, in figure order."""
    found = {
        match.group(1)
        for text in texts
        for match in FIGURE.finditer(text)
        if text[match.end() :][:1] == MARKER
    }
    return [figure for figure in HEADLINE_FIGURES if figure in found]


def figure_basis(lang: str, figure: str) -> str:
    """One figure's basis in `lang`, filled from its facts."""
    basis = get_content().site.figures[figure]
    return t(
        lang,
        f"figure-basis-{figure}",
        projects=number(lang, basis.projects),
        period=basis.period,
        sample=number(lang, basis.sample),
    )


def figure_notes(lang: str, figures: list[str]) -> rx.Component:
    """The footnote under a page naming `figures`; nothing when it names none."""
    if not figures:
        return rx.fragment()
    # A complementary landmark is told apart from others by its name: its heading.
    return rx.el.aside(
        heading(
            2,
            t(lang, "figures-note-title"),
            id="figures-basis-title",
            class_name="font-semibold text-slate-600",
        ),
        rx.el.p(t(lang, "figures-note-intro"), class_name="mt-1"),
        rx.el.ul(
            *[rx.el.li(figure_basis(lang, figure)) for figure in figures],
            class_name="mt-2 space-y-1",
        ),
        id="figures-basis",
        aria_labelledby="figures-basis-title",
        data_testid="figures-basis",
        class_name="mt-16 border-t border-slate-200 pt-6 text-xs leading-relaxed text-slate-500",
    )
