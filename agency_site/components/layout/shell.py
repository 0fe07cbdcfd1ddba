"""The page shell: skip link, header, main content area and footer."""

from __future__ import annotations

import reflex as rx

from agency_site.components.layout.footer import footer
from agency_site.components.layout.header import header
from agency_site.components.ui.figures import figure_notes, marked_figures
from agency_site.components.ui.kit import plain_link
from agency_site.i18n import shown_texts, t

MAIN_ID = "main-content"


def page_shell(lang: str, spec_path: str | None, *content: rx.Component) -> rx.Component:
    """Skip link, header, the main content area and footer around a screen's `content`.

    `spec_path` is the page's (unprefixed) route path: the header marks its link and the
    language links go to its twin; None on the not-found page, which has no single path.

    The head tags (canonical, alternates, robots) come from the page's Route (seo.head).
    The content is built before the shell, so the texts it showed say which headline
    figures the page names; their basis closes the main area.
    """
    notes = figure_notes(lang, marked_figures(shown_texts()))
    return rx.fragment(
        plain_link(
            t(lang, "skip-to-content"),
            href=f"#{MAIN_ID}",
            class_name=(
                "sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] "
                "focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg focus:text-slate-900"
            ),
        ),
        header(lang, spec_path),
        rx.el.main(
            *content,
            notes,
            id=MAIN_ID,
            tab_index=-1,
            class_name="mx-auto w-full max-w-(--content-max-width) flex-1 px-4 pb-16 pt-(--header-height) outline-none sm:px-6 lg:px-8",
        ),
        footer(lang),
    )
