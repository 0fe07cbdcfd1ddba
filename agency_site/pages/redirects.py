"""Pages whose only job is to send the visitor elsewhere: portfolio and botagent."""

from __future__ import annotations

import reflex as rx
from reflex import Var

from agency_site.components.page_hooks import PAGE_HOOKS
from agency_site.components.ui.heading import heading
from agency_site.constants import BOTAGENT_FALLBACK_MS, DEFAULT_PORTFOLIO_TAB, LANGUAGES
from agency_site.content import get_content
from agency_site.i18n import localized_path, t
from agency_site.pages import Page


def _spinner() -> rx.Component:
    return rx.el.div(
        class_name="h-10 w-10 animate-spin rounded-full border-4 border-violet-200 border-t-violet-600 motion-reduce:animate-none",
        role="presentation",
    )


class NoScriptRedirect(rx.Component):
    """In the document's <head>: on a page whose only job is to send the visitor
    elsewhere, a <noscript> refresh to `targets[path]`, which the browser follows with
    JavaScript off (with script on, a <noscript> is inert). HTML allows that <meta> only
    in the head, so it is one head component for every page, not part of the page's body
    (frontend/react/page_hooks.jsx; the page's path is known when each page is prerendered)."""

    library = PAGE_HOOKS
    tag = "NoScriptRedirect"

    targets: Var[dict[str, str]]


def no_script_redirects() -> dict[str, str]:
    """Where each redirecting page sends a visitor without JavaScript, by path."""
    botagent = str(get_content().site.links.botagent_url)
    targets: dict[str, str] = {}
    for lang in LANGUAGES:
        targets[localized_path(lang, "/portfolio")] = localized_path(
            lang, f"/portfolio/{DEFAULT_PORTFOLIO_TAB}"
        )
        targets[localized_path(lang, "/botagent")] = botagent
    return targets


def portfolio_redirect_page(lang: str) -> Page:
    """`/portfolio` and unknown tabs: replace the history entry with `/portfolio/all`."""
    target = localized_path(lang, f"/portfolio/{DEFAULT_PORTFOLIO_TAB}")
    body = rx.el.div(
        _spinner(),
        rx.el.p(t(lang, "page-portfolio-redirect"), role="status", class_name="text-slate-600"),
        # Reflex's redirect is a browser-only event: it runs without the backend.
        on_mount=rx.redirect(target, replace=True),
        class_name="flex min-h-[50vh] flex-col items-center justify-center gap-4",
    )
    return Page(
        content=body,
        title=t(lang, "page-portfolio-title"),
        description=t(lang, "page-portfolio-description"),
        crumb=t(lang, "nav-portfolio"),
    )


class LeaveFor(rx.Component):
    """Leaves for `href` at once (replacing the history entry), and goes to `fallback_path`
    if still here after `fallback_ms` (frontend/react/page_hooks.jsx)."""

    library = PAGE_HOOKS
    tag = "LeaveFor"

    href: Var[str]
    fallback_path: Var[str]
    fallback_ms: Var[int]


def botagent_page(lang: str) -> Page:
    """docs/product.md 'Botagent': redirect, spinner, a manual link, /services after 5 s."""
    url = str(get_content().site.links.botagent_url)
    body = rx.el.div(
        _spinner(),
        heading(
            1,
            t(lang, "botagent-redirecting"),
            data_testid="screen-title",
            class_name="text-xl font-semibold text-slate-900",
        ),
        rx.el.p(
            t(lang, "botagent-fallback"),
            " ",
            rx.el.a(
                t(lang, "botagent-click-here"),
                href=url,
                class_name="font-semibold text-violet-700 underline underline-offset-4",
            ),
            class_name="text-slate-600",
        ),
        LeaveFor.create(
            href=url, fallback_path=localized_path(lang, "/services"), fallback_ms=BOTAGENT_FALLBACK_MS
        ),
        class_name="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center",
    )
    return Page(
        content=body,
        title=t(lang, "page-botagent-title"),
        description=t(lang, "page-botagent-description"),
    )
