"""The blog list's live search (SPEC.md §2 'Blog', §5): filters the cards by title or
excerpt, case-insensitively, as the visitor types; entirely in the browser.

The cards are prerendered; each carries its searchable text in `data-search`. One effect
listens to the search box and toggles the cards' `hidden` attribute, the clear button
(shown while the filter hides posts), the empty state and the live result count. React
never re-renders these elements, so writing the attributes directly is safe.
"""

from __future__ import annotations

import json

import reflex as rx

from agency_site.components.browser import hooks_var
from agency_site.components.ui.kit import FIELD_FOCUS
from agency_site.i18n import t

SEARCH_ID = "blog-search"
CLEAR_ID = "blog-clear-search"
EMPTY_ID = "blog-empty"
COUNT_ID = "blog-count"
CARD_ATTRIBUTE = "data-blog-card"

SEARCH_FILTER = hooks_var(
    "blog-search",
    f"""useEffect(() => {{
  const input = document.getElementById({json.dumps(SEARCH_ID)});
  const clear = document.getElementById({json.dumps(CLEAR_ID)});
  const empty = document.getElementById({json.dumps(EMPTY_ID)});
  const count = document.getElementById({json.dumps(COUNT_ID)});
  const cards = [...document.querySelectorAll("[{CARD_ATTRIBUTE}]")];
  if (!input) return;
  const apply = () => {{
    const query = input.value.trim().toLowerCase();
    let shown = 0;
    for (const card of cards) {{
      const match = !query || card.dataset.search.toLowerCase().includes(query);
      card.hidden = !match;
      if (match) shown += 1;
    }}
    empty.hidden = shown > 0;
    clear.hidden = shown === cards.length;
    count.textContent = count.dataset.template.replace("{{count}}", shown).replace("{{total}}", cards.length);
  }};
  const reset = () => {{ input.value = ""; apply(); input.focus(); }};
  input.addEventListener("input", apply);
  clear.addEventListener("click", reset);
  apply();  // text typed before hydration counts too
  return () => {{ input.removeEventListener("input", apply); clear.removeEventListener("click", reset); }};
}}, []);""",
    imports={"react": ["useEffect"]},
)


def search_text(title: str, excerpt: str) -> str:
    """What the search matches against: title and excerpt, lower-cased."""
    return f"{title}\n{excerpt}".lower()


def search_bar(lang: str, total: int) -> rx.Component:
    """The search box, the clear button and the live result count."""
    return rx.el.div(
        rx.el.div(
            rx.el.label(t(lang, "blog-search-label"), html_for=SEARCH_ID, class_name="sr-only"),
            rx.icon(
                "search",
                size=20,
                aria_hidden="true",
                class_name="pointer-events-none absolute left-4 top-1/2 -translate-y-1/2 text-slate-400",
            ),
            rx.el.input(
                id=SEARCH_ID,
                type="search",
                placeholder=t(lang, "blog-search-placeholder"),
                auto_complete="off",
                class_name=(
                    "w-full rounded-full border border-slate-300 bg-white py-3.5 pl-12 pr-4 text-base text-slate-900 "
                    f"shadow-sm placeholder:text-slate-400 focus:border-violet-500 {FIELD_FOCUS}"
                ),
            ),
            class_name="relative w-full sm:max-w-md",
        ),
        rx.el.button(
            rx.icon("x", size=16, aria_hidden="true"),
            t(lang, "blog-clear-search"),
            id=CLEAR_ID,
            type="button",
            hidden=True,
            class_name=(
                "inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm "
                "font-medium text-slate-700 transition hover:border-violet-300 hover:text-violet-700"
            ),
        ),
        rx.el.p(
            t(lang, "blog-results", count=total, total=total),
            id=COUNT_ID,
            role="status",
            data_template=t(lang, "blog-results", count="{count}", total="{total}"),
            class_name="text-sm text-slate-500 sm:ml-auto",
        ),
        class_name="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4",
    )


def empty_state(lang: str) -> rx.Component:
    """Shown by the search when no post matches."""
    return rx.el.div(
        rx.icon("search-x", size=32, aria_hidden="true", class_name="mx-auto text-violet-500"),
        rx.el.h2(t(lang, "blog-empty-title"), class_name="mt-4 text-xl font-semibold text-slate-900"),
        rx.el.p(t(lang, "blog-empty-text"), class_name="mx-auto mt-2 max-w-md text-slate-600"),
        id=EMPTY_ID,
        hidden=True,
        class_name="mt-10 rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center",
    )
