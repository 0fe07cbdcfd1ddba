"""Building blocks shared by the blog, about, contact and legal pages.

A page hero (eyebrow, the page's <h1>, a subtitle) and a hook that scrolls to the top when
a page opens (the UI kit is components/ui/kit.py; the closing call to action is
components/ui/closing_cta.py).
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.page_hooks import page_hook
from agency_site.components.ui.kit import eyebrow

# Longest word (in characters) that fits a phone-wide <h1> at the usual size.
LONG_WORD = 14
LINK = "font-medium text-violet-700 underline decoration-violet-300 underline-offset-4 hover:decoration-violet-600"

# SPEC.md §2 (contact): the page opens at its top, also after in-app navigation; the legal
# pages and blog articles do the same.
# Used as an attribute's value (`data_scroll=SCROLL_TOP_ON_OPEN`): the hook of
# frontend/react/page_hooks.jsx runs in that element's component and returns the value "top".
SCROLL_TOP_ON_OPEN = page_hook("useScrollTopOnOpen").call("top").to(str)


def page_hero(kicker: str, title: str, subtitle: str, *extra: rx.Component) -> rx.Component:
    """The top of a page: eyebrow, the page's one <h1> (tests find it by test id), subtitle."""
    # German compounds ('Datenschutzerklärung') are wider than a phone at the usual size.
    mobile_size = "text-[1.75rem]" if max(len(word) for word in title.split()) > LONG_WORD else "text-4xl"
    return rx.el.header(
        eyebrow(kicker),
        rx.el.h1(
            title,
            data_testid="screen-title",
            class_name=(
                f"mt-3 {mobile_size} font-bold tracking-tight text-balance break-words hyphens-auto "
                "text-slate-900 sm:text-5xl"
            ),
        ),
        rx.el.p(subtitle, class_name="mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600"),
        *extra,
        class_name="pb-10 pt-12 sm:pb-14 sm:pt-20",
    )
