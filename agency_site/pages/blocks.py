"""Building blocks shared by the blog, about, contact and legal pages.

A page hero (eyebrow, the page's <h1>, a subtitle), a closing call-to-action block, the
card surface, and a hook that scrolls to the top when a page opens.
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.browser import hooks_var

CARD = "rounded-3xl border border-slate-200 bg-white shadow-sm"
BUTTON_PRIMARY = (
    "inline-flex items-center justify-center gap-2 rounded-full bg-violet-600 px-6 py-3 text-sm "
    "font-semibold text-white shadow-sm transition hover:bg-violet-700 focus-visible:outline-2 "
    "focus-visible:outline-offset-2 focus-visible:outline-violet-600"
)
BUTTON_LIGHT = (
    "inline-flex items-center justify-center gap-2 rounded-full bg-white px-6 py-3 text-sm "
    "font-semibold text-violet-700 shadow-sm transition hover:bg-violet-50 focus-visible:outline-2 "
    "focus-visible:outline-offset-2 focus-visible:outline-white"
)
LINK = "font-medium text-violet-700 underline decoration-violet-300 underline-offset-4 hover:decoration-violet-600"

# SPEC.md §2 (contact, services): the page opens at its top, also after in-app navigation.
SCROLL_TOP_ON_OPEN = hooks_var(
    "scroll-top",
    "useEffect(() => { if (!window.location.hash) window.scrollTo(0, 0); }, []);",
    imports={"react": ["useEffect"]},
)


def eyebrow(text: str, *, light: bool = False) -> rx.Component:
    """The small upper-case line above a heading."""
    colour = "text-violet-200" if light else "text-violet-600"
    return rx.el.p(text, class_name=f"text-sm font-semibold uppercase tracking-widest {colour}")


def page_hero(kicker: str, title: str, subtitle: str, *extra: rx.Component) -> rx.Component:
    """The top of a page: eyebrow, the page's one <h1> (tests find it by test id), subtitle."""
    return rx.el.header(
        eyebrow(kicker),
        rx.el.h1(
            title,
            data_testid="screen-title",
            class_name="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl",
        ),
        rx.el.p(subtitle, class_name="mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600"),
        *extra,
        class_name="pb-10 pt-12 sm:pb-14 sm:pt-20",
    )


def section_heading(title: str, text: str = "", *, heading_id: str | None = None) -> rx.Component:
    """A section's <h2> and optional lead paragraph."""
    return rx.el.div(
        rx.el.h2(
            title, id=heading_id, class_name="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
        ),
        rx.el.p(text, class_name="mt-3 max-w-2xl text-base leading-relaxed text-slate-600")
        if text
        else rx.fragment(),
    )


def icon_badge(icon: str) -> rx.Component:
    """A violet rounded square holding a lucide icon."""
    return rx.el.span(
        rx.icon(icon, size=22, aria_hidden="true"),
        class_name="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-violet-100 text-violet-700",
    )


def closing_block(title: str, text: str, button: rx.Component, **props) -> rx.Component:
    """The violet call-to-action block that ends a page."""
    return rx.el.section(
        rx.el.div(
            rx.el.h2(title, class_name="text-2xl font-bold tracking-tight text-white sm:text-3xl"),
            rx.el.p(text, class_name="mt-3 max-w-2xl text-base leading-relaxed text-violet-100"),
            class_name="max-w-2xl",
        ),
        button,
        class_name=(
            "mt-16 flex flex-col items-start gap-6 rounded-3xl bg-gradient-to-br from-violet-700 "
            "via-violet-600 to-indigo-600 p-8 shadow-lg sm:p-12 lg:flex-row lg:items-center lg:justify-between"
        ),
        **props,
    )
