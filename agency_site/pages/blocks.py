"""Building blocks shared by the blog, about, contact and legal pages.

A page hero (eyebrow, the page's <h1>, a subtitle) and a hook that scrolls to the top when
a page opens (the UI kit is components/ui/kit.py; the closing call to action is
components/ui/closing_cta.py).
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.page_hooks import page_hook
from agency_site.components.ui.heading import page_title
from agency_site.components.ui.kit import eyebrow

LINK = "font-medium text-violet-700 underline decoration-violet-300 underline-offset-4 hover:decoration-violet-600"

# docs/product.md §2 (contact): the page opens at its top, also after in-app navigation; the legal
# pages and blog articles do the same.
# Used as an attribute's value (`data_scroll=SCROLL_TOP_ON_OPEN`): the hook of
# frontend/react/page_hooks.jsx runs in that element's component and returns the value "top".
SCROLL_TOP_ON_OPEN = page_hook("useScrollTopOnOpen").call("top").to(str)


def page_hero(kicker: str, title: str, subtitle: str, *extra: rx.Component) -> rx.Component:
    """The top of a page: eyebrow, the page's one <h1> (tests find it by test id), subtitle."""
    return rx.el.header(
        eyebrow(kicker),
        page_title(title, class_name="mt-3"),
        rx.el.p(subtitle, class_name="mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600"),
        *extra,
        class_name="pb-10 pt-12 sm:pb-14 sm:pt-20",
    )
