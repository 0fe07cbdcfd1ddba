"""'Back to services' (SPEC.md §2): a short colour transition, then history back.

It is a real link to the services list, so it works before hydration and without
JavaScript. Once hydrated, a click plays the page-transition overlay in the service's
colour (`window.agencyTransition`, components/ui/transition.py, when present) and after
300 ms goes back in history; a visitor who arrived directly, with no page of this site
behind them, goes to the services list instead.
"""

from __future__ import annotations

import json

import reflex as rx
from reflex.vars.base import Var, VarData

from agency_site.components.browser import ROUTER_NAVIGATE_HOOK
from agency_site.components.ui.kit import FOCUS_RING
from agency_site.constants import BACK_NAVIGATION_DELAY_MS
from agency_site.i18n import localized_path, t
from agency_site.pages.catalog.ui import Tone


def _back_handler(colour: str, fallback_path: str) -> Var:
    return Var(
        _js_expr=f"""(event) => {{
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  // React Router numbers its history entries; idx > 0 means a page of this site is behind us.
  const state = window.history.state;
  const sameSiteReferrer = document.referrer.startsWith(window.location.origin + "/");
  const hasHistory = (state && state.idx > 0) || (sameSiteReferrer && window.history.length > 1);
  if (window.agencyTransition) window.agencyTransition.start({json.dumps(colour)});
  setTimeout(() => {{
    if (hasHistory) routerNavigate(-1);
    else routerNavigate({json.dumps(fallback_path)});
  }}, {BACK_NAVIGATION_DELAY_MS});
}}""",
        _var_data=VarData(imports={"react-router": ["useNavigate"]}, hooks={ROUTER_NAVIGATE_HOOK: None}),
    )


def back_to_services(lang: str, tone: Tone) -> rx.Component:
    """The back button of a service page."""
    services_path = localized_path(lang, "/services")
    return rx.el.a(
        rx.icon("arrow-left", size=18, aria_hidden="true"),
        t(lang, "service-back"),
        href=services_path,
        data_testid="back-to-services",
        custom_attrs={"onClick": _back_handler(tone.hex_soft, services_path)},
        class_name=f"inline-flex items-center gap-2 rounded-full px-1 py-1 text-sm font-semibold text-slate-600 transition hover:text-violet-700 {FOCUS_RING}",
    )
