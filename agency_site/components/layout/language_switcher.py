"""The language dropdown (docs/product.md §2: English and Deutsch): a native popover of two links.

The button opens it with `popovertarget` (light dismiss, Escape and focus return come
with the browser, before hydration and without script). Each option is a real link to
the current page in that language, so it works with JavaScript off; the head script
(frontend/language_redirect.js) stores the choice when one is clicked and completes the
link with the URL's query and hash. A plain <a>, not a router link: the other language
is another document (its <html lang>, its head), loaded as such.
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.head_script import LANGUAGE_CHOICE_ATTRIBUTE
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING_TIGHT
from agency_site.constants import LANGUAGES
from agency_site.i18n import t
from agency_site.reflex_adapter import PlainAnchor


def _option(lang: str, code: str, href: str) -> rx.Component:
    current = code == lang
    return rx.el.li(
        # components/ui/kit.py's plain_link, with our own attributes.
        PlainAnchor.create(
            rx.el.span(t(lang, f"language-{code}")),
            lucide_icon(
                "check",
                size=16,
                aria_hidden="true",
                class_name="text-violet-600" if current else "invisible",
            ),
            href=href,
            lang=code,
            custom_attrs={
                "hrefLang": code,
                LANGUAGE_CHOICE_ATTRIBUTE: code,
                **({"aria-current": "page"} if current else {}),
            },
            data_testid=f"language-option-{code}",
            class_name=(
                "flex items-center justify-between gap-6 rounded-lg px-3 py-2 text-sm font-medium "
                "text-slate-700 hover:bg-violet-50 hover:text-violet-700 aria-[current=page]:font-semibold "
                f"aria-[current=page]:text-violet-700 {FOCUS_RING_TIGHT}"
            ),
        )
    )


def language_switcher(lang: str, control_id: str, twins: dict[str, str]) -> rx.Component:
    """The button showing the current language and its dropdown; `control_id` names this
    instance (the desktop bar and the mobile menu each have one), `twins` is the address
    of the page being shown in each language."""
    options_id = f"{control_id}-options"
    anchor = f"--{control_id}"
    return rx.el.div(
        rx.el.button(
            rx.el.span(t(lang, "language-label"), ": ", class_name="sr-only"),
            rx.el.span(t(lang, f"language-{lang}")),
            lucide_icon("chevron-down", size=14, aria_hidden="true", class_name="text-slate-500"),
            type="button",
            id=control_id,
            custom_attrs={"popoverTarget": options_id},
            data_testid="language-switcher",
            class_name=(
                f"inline-flex h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-full "
                f"border border-slate-300 bg-white/80 px-3 text-sm font-medium text-slate-800 "
                f"hover:bg-white {FOCUS_RING_TIGHT} [anchor-name:{anchor}]"
            ),
        ),
        rx.el.ul(
            *[_option(lang, code, twins[code]) for code in LANGUAGES],
            id=options_id,
            custom_attrs={"popover": "auto", "aria-label": t(lang, "language-label")},
            data_testid="language-options",
            class_name=(
                "m-0 mt-2 min-w-40 rounded-xl border border-slate-200 bg-white p-1.5 text-slate-800 shadow-xl "
                f"[position-anchor:{anchor}] [inset:auto] [position-area:bottom_span-left] "
                "[position-try-fallbacks:flip-block]"
            ),
        ),
        class_name="relative",
    )
