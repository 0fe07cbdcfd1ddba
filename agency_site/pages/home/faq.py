"""FAQ (id="faq"): eight items in two columns, one open at a time, collapsible (docs/product.md §2).

Native `<details name="faq">` elements form an exclusive accordion in the browser
itself: opening one closes the others, a second click closes it, and it works with
the keyboard and before (or without) any JavaScript.
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING
from agency_site.components.ui.reveal import reveal_attrs
from agency_site.i18n import t
from agency_site.pages.home.common import home_section

FAQ_KEYS = (
    "faq-services",
    "faq-custom",
    "faq-automation",
    "faq-callcenter",
    "faq-chatbot",
    "faq-time",
    "faq-tech",
    "faq-collaboration",
)
ACCORDION_NAME = "faq"


def faq_item(lang: str, key: str) -> rx.Component:
    """One question; its answer shows when opened."""
    return rx.el.details(
        rx.el.summary(
            rx.el.span(t(lang, f"{key}-question")),
            lucide_icon(
                "chevron-down",
                size=20,
                aria_hidden="true",
                class_name="shrink-0 text-violet-600 transition-transform duration-300 group-open:rotate-180",
            ),
            class_name=(
                "flex cursor-pointer list-none items-center justify-between gap-4 p-5 text-left font-semibold "
                f"text-slate-900 marker:hidden {FOCUS_RING} [&::-webkit-details-marker]:hidden"
            ),
        ),
        rx.el.p(t(lang, f"{key}-answer"), class_name="px-5 pb-5 leading-relaxed text-slate-600"),
        class_name="group rounded-2xl border border-slate-200 bg-white shadow-sm transition open:border-violet-200 open:shadow-md",
        custom_attrs={"name": ACCORDION_NAME, "data-testid": f"faq-item-{key}"},
    )


def faq_section(lang: str) -> rx.Component:
    """The FAQ: first half of the items in the left column, second half in the right."""
    half = len(FAQ_KEYS) // 2
    columns = (FAQ_KEYS[:half], FAQ_KEYS[half:])
    return home_section(
        lang,
        "faq",
        rx.el.div(
            *[
                rx.el.div(
                    *[faq_item(lang, key) for key in column],
                    class_name="flex flex-col gap-4",
                    custom_attrs={**reveal_attrs(index), "data-testid": f"faq-column-{index + 1}"},
                )
                for index, column in enumerate(columns)
            ],
            class_name="mx-auto mt-12 grid max-w-6xl items-start gap-4 lg:grid-cols-2",
        ),
        id="faq",
    )
