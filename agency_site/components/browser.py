"""Behaviour that runs only in the browser, with no server round trip (DESIGN.md §4)."""

from __future__ import annotations

import json

import reflex as rx
from reflex.event import EventChain
from reflex.vars.base import Var, VarData
from reflex.vars.function import FunctionVar

from agency_site.constants import (
    HEADER_SCROLL_THRESHOLD_PX,
    LANGUAGE_PREFIX,
    LANGUAGE_STORAGE_KEY,
)

_GERMAN_PREFIX = LANGUAGE_PREFIX["de"]

# Runs in <head> before anything is painted: a visitor who chose German and opens an
# unprefixed URL is sent to its /de twin at once (SPEC.md §4, DESIGN.md §2). Only the
# exact value "de" counts; anything else stored means English.
LANGUAGE_REDIRECT_SCRIPT = f"""
(function () {{
  try {{
    var stored = window.localStorage.getItem({json.dumps(LANGUAGE_STORAGE_KEY)});
    var path = window.location.pathname;
    var prefix = {json.dumps(_GERMAN_PREFIX)};
    var isGerman = path === prefix || path.indexOf(prefix + "/") === 0;
    if (stored === "de" && !isGerman) {{
      document.documentElement.style.visibility = "hidden";
      window.location.replace(prefix + (path === "/" ? "" : path) + window.location.search + window.location.hash);
    }}
  }} catch (error) {{
    /* Storage blocked (private mode, policy): stay on the page as opened. */
  }}
}})();
"""


def language_redirect_script() -> rx.Component:
    """The inline head script that applies the stored language before first paint."""
    return rx.el.script(LANGUAGE_REDIRECT_SCRIPT)


def js_handler(code: str) -> Var:
    """A literal JavaScript function used directly as an event trigger.

    It never enters Reflex's event queue, so it works while the backend is unreachable.
    """
    return Var(_js_expr=code).to(FunctionVar, EventChain)


def switch_language_handler() -> Var:
    """onChange of the language select: store the choice, then open the twin page."""
    return js_handler(
        f"""((event) => {{
  const lang = event.target.value === "de" ? "de" : "en";
  try {{ window.localStorage.setItem({json.dumps(LANGUAGE_STORAGE_KEY)}, lang); }}
  catch (error) {{ console.warn("Language preference not stored", error); }}
  const prefix = {json.dumps(_GERMAN_PREFIX)};
  const path = window.location.pathname.replace(new RegExp("^" + prefix + "(?=/|$)"), "") || "/";
  const twin = lang === "de" ? prefix + (path === "/" ? "" : path) : path;
  window.location.assign(twin + window.location.search + window.location.hash);
}})"""
    )


_ROUTER_LOCATION = VarData(
    imports={"react-router": ["useLocation"]},
    hooks={"const routerLocation = useLocation();": None},
)

# True while the current URL is a German page; evaluated in the browser at render time.
is_german_path = Var(
    _js_expr=f'(routerLocation.pathname === "{_GERMAN_PREFIX}" || routerLocation.pathname.startsWith("{_GERMAN_PREFIX}/"))',
    _var_type=bool,
    _var_data=VarData.merge(
        _ROUTER_LOCATION,
        VarData(imports={"react-router": ["useLocation"]}),
    ),
)


HEADER_ID = "site-header"


def hooks_var(name: str, *hooks: str, imports: dict[str, list[str]] | None = None) -> Var:
    """A constant Var that carries React hooks into whichever component renders it.

    Put it in a `data_*` prop of the element the behaviour belongs to; it renders as
    that attribute's value (`name`) and the hooks run in that element's component.
    """
    return Var(
        _js_expr=json.dumps(name),
        _var_type=str,
        _var_data=VarData(imports=imports or {}, hooks={hook: None for hook in hooks}),
    )


class HeaderScrollFlag(rx.Fragment):
    """Marks the header with data-scrolled="true" once the page scrolls past 50 px.

    The attribute is written straight to the DOM (React does not own it), so scrolling
    never re-renders the page.
    """

    def add_imports(self) -> dict:
        return {"react": ["useEffect"]}

    def add_hooks(self) -> list[str]:
        return [
            f"""useEffect(() => {{
  const element = document.getElementById({json.dumps(HEADER_ID)});
  if (!element) return;
  const update = () => {{ element.dataset.scrolled = String(window.scrollY > {HEADER_SCROLL_THRESHOLD_PX}); }};
  update();
  window.addEventListener("scroll", update, {{ passive: true }});
  return () => window.removeEventListener("scroll", update);
}}, []);"""
        ]
