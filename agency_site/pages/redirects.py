"""Pages whose only job is to send the visitor elsewhere: portfolio and botagent."""

from __future__ import annotations

import json

import reflex as rx
from reflex.vars.base import Var

from agency_site.components.browser import ROUTER_NAVIGATE_HOOK, hooks_var
from agency_site.components.layout.shell import page_shell
from agency_site.constants import BOTAGENT_FALLBACK_MS, DEFAULT_PORTFOLIO_TAB
from agency_site.content import get_content
from agency_site.i18n import localized_path, t
from agency_site.pages import Page


def _spinner() -> rx.Component:
    return rx.el.div(
        class_name="h-10 w-10 animate-spin rounded-full border-4 border-violet-200 border-t-violet-600 motion-reduce:animate-none",
        role="presentation",
    )


def _replace_with(target: str) -> Var:
    # React Router's navigate, not a Reflex event: queued behind a page-load event, a
    # Reflex redirect would wait for the backend, and this must work without it.
    return hooks_var(
        "replace-location",
        ROUTER_NAVIGATE_HOOK,
        f"useEffect(() => {{ routerNavigate({json.dumps(target)}, {{ replace: true }}); }}, []);",
        imports={"react": ["useEffect"], "react-router": ["useNavigate"]},
    )


def portfolio_redirect_page(lang: str) -> Page:
    """`/portfolio` and unknown tabs: replace the history entry with `/portfolio/all`."""
    target = localized_path(lang, f"/portfolio/{DEFAULT_PORTFOLIO_TAB}")
    body = rx.el.div(
        _spinner(),
        rx.el.p(t(lang, "page-portfolio-redirect"), role="status", class_name="text-slate-600"),
        data_behaviour=_replace_with(target),
        class_name="flex min-h-[50vh] flex-col items-center justify-center gap-4",
    )
    return Page(
        component=page_shell(lang, body),
        title=t(lang, "page-portfolio-title"),
        description=t(lang, "page-portfolio-description"),
        crumb=t(lang, "nav-portfolio"),
    )


def _botagent_redirect_behaviour(url: str, fallback_path: str) -> Var:
    return hooks_var(
        "botagent-redirect",
        ROUTER_NAVIGATE_HOOK,
        f"""useEffect(() => {{
  // replace(): the back button returns to where the visitor came from, not here.
  window.location.replace({json.dumps(url)});
  const timer = setTimeout(() => routerNavigate({json.dumps(fallback_path)}), {BOTAGENT_FALLBACK_MS});
  return () => clearTimeout(timer);
}}, []);""",
        imports={"react": ["useEffect"], "react-router": ["useNavigate"]},
    )


def botagent_page(lang: str) -> Page:
    """SPEC.md 'Botagent': redirect, spinner, a manual link, /services after 5 s."""
    url = str(get_content().site.links.botagent_url)
    body = rx.el.div(
        _spinner(),
        rx.el.h1(
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
        data_behaviour=_botagent_redirect_behaviour(url, localized_path(lang, "/services")),
        class_name="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center",
    )
    return Page(
        component=page_shell(lang, body),
        title=t(lang, "page-botagent-title"),
        description=t(lang, "page-botagent-description"),
    )
