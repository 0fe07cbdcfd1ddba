"""The not-found page (docs/product.md 'Not-found page', §8), one page for both languages.

Every unknown URL gets the same 404 document, so the language is decided in the
browser from the path: /de/... shows German, anything else English.
"""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx
from reflex import Var

from agency_site.components.layout.shell import page_shell
from agency_site.components.page_hooks import PAGE_HOOKS, is_german_path
from agency_site.components.ui.heading import heading
from agency_site.components.ui.icon import lucide_icon
from agency_site.i18n import localized_path, t

NOT_FOUND_LOG = "404 Error: User attempted to access non-existent route:"


class MissingPathLog(rx.Component):
    """Logs `message` and the missing path to the console (frontend/react/page_hooks.jsx)."""

    library = PAGE_HOOKS
    tag = "MissingPathLog"

    message: Var[str]


def _message(lang: str) -> rx.Component:
    return rx.el.section(
        rx.el.p(
            t(lang, "notfound-code"),
            class_name="bg-gradient-to-r from-violet-600 to-indigo-600 bg-clip-text text-8xl font-extrabold text-transparent",
        ),
        heading(
            1,
            t(lang, "notfound-title"),
            data_testid="screen-title",
            class_name="mt-4 text-3xl font-bold text-slate-900",
        ),
        rx.el.p(t(lang, "notfound-description"), class_name="mt-4 max-w-md text-slate-600"),
        rx.el.a(
            lucide_icon("house", size=18, aria_hidden="true"),
            t(lang, "notfound-home"),
            href=localized_path(lang, "/"),
            class_name=(
                "mt-8 inline-flex items-center gap-2 rounded-full bg-slate-900 px-6 py-3 text-sm "
                "font-semibold text-white transition hover:bg-violet-700"
            ),
        ),
        lang=lang,
        class_name="flex min-h-[60vh] flex-col items-center justify-center py-16 text-center",
    )


def _layout(lang: str) -> rx.Component:
    return page_shell(lang, None, _message(lang))


def _in_path_language(text_in: Callable[[str], str]) -> Var:
    return rx.cond(is_german_path(), text_in("de"), text_in("en"))


def not_found_title() -> Var:
    """The document title, in the language of the requested path."""
    return _in_path_language(
        lambda lang: f"{t(lang, 'page-notfound-title')} | {t(lang, 'site-title-suffix')}"
    )


def not_found_description() -> Var:
    """The meta description, in the language of the requested path."""
    return _in_path_language(lambda lang: t(lang, "notfound-description"))


def not_found_page() -> rx.Component:
    """The 404 page; the language follows the requested path."""
    return rx.fragment(
        MissingPathLog.create(message=NOT_FOUND_LOG),
        rx.cond(is_german_path(), _layout("de"), _layout("en")),
    )
