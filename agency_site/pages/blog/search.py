"""The blog list's live search (docs/product.md §2 'Blog', §5): filters the cards by title or
excerpt, case-insensitively, as the visitor types; entirely in the browser.

The query is Reflex client-side state (`rx._x.client_state`), set by the search box.
Each prerendered card's `hidden`, the clear button (shown while the filter hides posts),
the empty state and the live result count are Vars computed from it, so React renders
them; nothing goes to the server. The prerendered page, and a browser without
JavaScript, shows every card.
"""

from __future__ import annotations

import reflex as rx
from reflex import Var

from agency_site.components.ui.heading import heading
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FIELD_FOCUS
from agency_site.i18n import t
from agency_site.pages.blog.refs import mounted_element
from agency_site.reflex_adapter import ArrayVar, ClientStateVar, NumberVar, StringVar

SEARCH_ID = "blog-search"
CLEAR_ID = "blog-clear-search"
EMPTY_ID = "blog-empty"
COUNT_ID = "blog-count"

# What the visitor typed into the search box. Global (Reflex keeps it in `refs`), as the
# cards, the button, the count and the box are each rendered by a component of their own.
QUERY = ClientStateVar.create("blog_query", "")


def _needle() -> StringVar:
    """The query as the cards are matched against it: trimmed, lower case."""
    return QUERY.value.to(str).strip().lower()


def search_text(title: str, excerpt: str) -> str:
    """What the search matches against: title and excerpt, lower-cased."""
    return f"{title}\n{excerpt}".lower()


def hidden_unless_found(text: str) -> Var:
    """A card's `hidden`: true while the query is not in its search text."""
    return ~Var.create(text).to(str).contains(_needle())


def _shown(texts: list[str]) -> NumberVar:
    """How many of the cards' search texts contain the query."""
    return Var.create(texts).to(ArrayVar).filter(lambda text: text.contains(_needle())).length()


def search_bar(lang: str, texts: list[str]) -> rx.Component:
    """The search box, the clear button and the live result count, for the cards whose
    search texts are `texts`."""
    total = len(texts)
    shown = _shown(texts)
    search_box = rx.el.input(
        id=SEARCH_ID,
        type="search",
        placeholder=t(lang, "blog-search-placeholder"),
        auto_complete="off",
        value=QUERY.value,
        on_change=QUERY.set,
        # Text typed before React hydrated is in the box, not yet in the query.
        on_mount=QUERY.set_value(mounted_element(SEARCH_ID).value),
        # A later visit to the list, in the same document, starts with every post.
        on_unmount=QUERY.set_value(""),
        class_name=(
            "w-full rounded-full border border-slate-300 bg-white py-3.5 pl-12 pr-4 text-base text-slate-900 "
            f"shadow-sm placeholder:text-slate-400 {FIELD_FOCUS}"
        ),
    )
    return rx.el.div(
        rx.el.div(
            rx.el.label(t(lang, "blog-search-label"), html_for=SEARCH_ID, class_name="sr-only"),
            lucide_icon(
                "search",
                size=20,
                aria_hidden="true",
                class_name="pointer-events-none absolute left-4 top-1/2 -translate-y-1/2 text-slate-400",
            ),
            search_box,
            class_name="relative w-full sm:max-w-md",
        ),
        rx.el.button(
            lucide_icon("x", size=16, aria_hidden="true"),
            t(lang, "blog-clear-search"),
            id=CLEAR_ID,
            type="button",
            hidden=shown == total,
            on_click=[QUERY.set_value(""), rx.set_focus(SEARCH_ID)],
            class_name=(
                "inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm "
                "font-medium text-slate-700 transition hover:border-violet-300 hover:text-violet-700"
            ),
        ),
        rx.el.p(
            t(lang, "blog-results", count=shown, total=total),
            id=COUNT_ID,
            role="status",
            class_name="text-sm text-slate-500 sm:ml-auto",
        ),
        class_name="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4",
    )


def empty_state(lang: str, texts: list[str]) -> rx.Component:
    """Shown by the search when no post matches."""
    return rx.el.div(
        lucide_icon("search-x", size=32, aria_hidden="true", class_name="mx-auto text-violet-500"),
        heading(2, t(lang, "blog-empty-title"), class_name="mt-4 text-xl font-semibold text-slate-900"),
        rx.el.p(t(lang, "blog-empty-text"), class_name="mx-auto mt-2 max-w-md text-slate-600"),
        id=EMPTY_ID,
        hidden=_shown(texts) > 0,
        class_name="mt-10 rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center",
    )
