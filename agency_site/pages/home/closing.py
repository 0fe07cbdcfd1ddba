"""Closing call to action: schedule a call (new tab) or get in touch."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING_ON_DARK, SECONDARY_BUTTON, button_link
from agency_site.components.ui.reveal import reveal_attrs
from agency_site.components.ui.section import section
from agency_site.content import get_content
from agency_site.i18n import localized_path, t


def closing_cta(lang: str) -> rx.Component:
    """The last section: a violet panel with the two main actions."""
    scheduling_url = str(get_content().site.links.scheduling_url)
    return section(
        rx.el.div(
            rx.el.h2(
                t(lang, "home-cta-title"),
                id="cta-title",
                class_name="mx-auto max-w-3xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl",
            ),
            rx.el.p(
                t(lang, "home-cta-text"),
                class_name="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-violet-100",
            ),
            rx.el.div(
                rx.el.a(
                    lucide_icon("calendar-check", size=18, aria_hidden="true"),
                    t(lang, "schedule-call"),
                    rx.el.span(t(lang, "opens-new-tab"), class_name="sr-only"),
                    href=scheduling_url,
                    target="_blank",
                    rel="noopener noreferrer",
                    class_name=(
                        "inline-flex items-center justify-center gap-2 rounded-full bg-white px-6 py-3 text-sm font-semibold "
                        f"text-violet-700 shadow-lg transition hover:bg-violet-50 {FOCUS_RING_ON_DARK}"
                    ),
                ),
                button_link(
                    t(lang, "home-cta-contact"), localized_path(lang, "/contact"), style=SECONDARY_BUTTON
                ),
                class_name="mt-9 flex flex-col justify-center gap-3 sm:flex-row",
            ),
            class_name=(
                "rounded-[2rem] bg-gradient-to-br from-violet-700 via-violet-600 to-indigo-700 px-6 py-14 text-center "
                "shadow-2xl shadow-violet-900/20 sm:px-12 sm:py-20"
            ),
            custom_attrs=reveal_attrs(),
        ),
        labelled_by="cta-title",
    )
