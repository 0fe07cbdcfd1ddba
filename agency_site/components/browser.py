"""Behaviour that runs only in the browser, with no server round trip (DESIGN.md §4)."""

from __future__ import annotations

import json

import reflex as rx
from reflex.components.sonner.toast import LiteralPosition
from reflex.style import resolved_color_mode
from reflex.vars.base import Var, VarData

from agency_site.constants import (
    HEADER_SCROLL_THRESHOLD_PX,
    LANGUAGE_PREFIX,
    LANGUAGE_STORAGE_KEY,
)
from agency_site.state.menu import MENU_SCRIPT

_GERMAN_PREFIX = LANGUAGE_PREFIX["de"]
# Marks the language <select>s that the head script's listener serves.
SWITCHER_ATTRIBUTE = "data-language-switcher"

# Runs in <head> before anything is painted: a visitor who chose German and opens an
# unprefixed URL is sent to its /de twin at once (SPEC.md §4, DESIGN.md §2). Only the
# exact value "de" counts; anything else stored means English.
LANGUAGE_REDIRECT_SCRIPT = f"""
(function () {{
  var prefix = {json.dumps(_GERMAN_PREFIX)};

  function isGermanPath(path) {{
    return path === prefix || path.indexOf(prefix + "/") === 0;
  }}

  // The twin of the current URL in `lang`, keeping the rest of the path, query and hash.
  function twinPath(lang) {{
    var path = window.location.pathname;
    if (isGermanPath(path)) path = path.slice(prefix.length) || "/";
    var twin = lang === "de" ? prefix + (path === "/" ? "" : path) : path;
    return twin + window.location.search + window.location.hash;
  }}

  var isGerman = isGermanPath(window.location.pathname);
  // Pages served from the SPA fallback were prerendered for "/"; fix their language now.
  document.documentElement.lang = isGerman ? "de" : "en";
  try {{
    if (window.localStorage.getItem({json.dumps(LANGUAGE_STORAGE_KEY)}) === "de" && !isGerman) {{
      document.documentElement.style.visibility = "hidden";
      window.location.replace(twinPath("de"));
    }}
  }} catch (error) {{
    /* Storage blocked (private mode, policy): stay on the page as opened. */
  }}

  // The language switcher: one listener on the document, so it works before React
  // hydrates and while the backend is unreachable. Stores the choice, opens the twin.
  document.addEventListener("change", function (event) {{
    var select = event.target;
    if (!select || !select.matches || !select.matches("select[{SWITCHER_ATTRIBUTE}]")) return;
    var lang = select.value === "de" ? "de" : "en";
    try {{
      window.localStorage.setItem({json.dumps(LANGUAGE_STORAGE_KEY)}, lang);
    }} catch (error) {{
      console.warn("Language preference not stored", error);
    }}
    window.location.assign(twinPath(lang));
  }});
}})();
"""


ROUTER_LOCATION_HOOK = "const routerLocation = useLocation();"
ROUTER_NAVIGATE_HOOK = "const routerNavigate = useNavigate();"
_ROUTER_LOCATION = VarData(imports={"react-router": ["useLocation"]}, hooks={ROUTER_LOCATION_HOOK: None})


def german_path_test(pathname: str) -> str:
    """JavaScript that is true when the path expression `pathname` is a German page."""
    return f'({pathname} === "{_GERMAN_PREFIX}" || {pathname}.startsWith("{_GERMAN_PREFIX}/"))'


# True while the current URL is a German page; evaluated in the browser at render time.
is_german_path = Var(
    _js_expr=german_path_test("routerLocation.pathname"), _var_type=bool, _var_data=_ROUTER_LOCATION
)


def head_script() -> rx.Component:
    """The inline head script: stored language before first paint, the language switcher
    and the mobile menu, all working before React hydrates."""
    return rx.el.script(LANGUAGE_REDIRECT_SCRIPT + MENU_SCRIPT)


def current_page_marker(target_path: str) -> Var:
    """'page' while the browser is on `target_path` (or below it), for aria-current.

    Home pages ('/', '/de') match only themselves; sections match their sub-pages too.
    """
    pathname = '(routerLocation.pathname.length > 1 ? routerLocation.pathname.replace(/\\/+$/, "") : routerLocation.pathname)'
    target = json.dumps(target_path)
    if target_path in ("/", _GERMAN_PREFIX):
        matches = f"{pathname} === {target}"
    else:
        matches = f'({pathname} === {target} || {pathname}.startsWith({target} + "/"))'
    return Var(_js_expr=f'({matches} ? "page" : undefined)', _var_type=str, _var_data=_ROUTER_LOCATION)


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
  // Tells tests (and CSS, if ever needed) that React has taken over the page.
  element.dataset.hydrated = "true";
  const update = () => {{ element.dataset.scrolled = String(window.scrollY > {HEADER_SCROLL_THRESHOLD_PX}); }};
  update();
  window.addEventListener("scroll", update, {{ passive: true }});
  return () => window.removeEventListener("scroll", update);
}}, []);"""
        ]


SONNER_PACKAGE = "sonner@2.0.8"
SONNER_TOAST_METHODS = [
    "success",
    "error",
    "info",
    "warning",
    "loading",
    "message",
    "dismiss",
    "promise",
    "custom",
]

# `refs["__toast"]` (what rx.toast events and our handlers call) starts as a stand-in
# with sonner's API. The first call imports sonner, mounts its Toaster and replays the
# calls made meanwhile, once the Toaster has subscribed (a child's effects run before
# its parent's, so the parent's effect after the mount is late enough).
LAZY_TOASTER_CODE = f"""
function AgencyToaster(props) {{
  const [Toaster, setToaster] = useState(null);
  const pending = useRef([]);
  const sonner = useRef(null);
  useEffect(() => {{
    let loading = false;
    const call = (method) => (...args) => {{
      const toast = sonner.current;
      if (toast) return method ? toast[method](...args) : toast(...args);
      pending.current.push([method, args]);
      if (loading) return undefined;
      loading = true;
      import("sonner")
        .then((module) => {{
          sonner.current = module.toast;
          setToaster(() => module.Toaster);
        }})
        .catch((error) => console.error("Toasts could not load", error));
      return undefined;
    }};
    const standIn = call(null);
    {json.dumps(SONNER_TOAST_METHODS)}.forEach((method) => {{ standIn[method] = call(method); }});
    refs["__toast"] = standIn;
  }}, []);
  useEffect(() => {{
    if (!Toaster) return;
    refs["__toast"] = sonner.current;
    const calls = pending.current;
    pending.current = [];
    calls.forEach(([method, args]) => (method ? sonner.current[method] : sonner.current)(...args));
  }}, [Toaster]);
  return Toaster ? jsx(Toaster, props) : null;
}}
"""


class LazyToaster(rx.Component):
    """Reflex's sonner toaster, loaded on the first toast instead of in the first bundle.

    Toasts only follow a visitor's action (the contact form, 'purchase now'), so sonner
    (~9 KB) is neither in the bundle nor fetched while the page loads; see
    `LAZY_TOASTER_CODE`. The props and defaults are those of Reflex's `rx.toast.provider`.
    """

    tag = "AgencyToaster"
    lib_dependencies: list[str] = [SONNER_PACKAGE]

    theme: Var[str] = resolved_color_mode
    rich_colors: Var[bool] = Var.create(True)
    expand: Var[bool] = Var.create(True)
    position: Var[LiteralPosition] = Var.create("bottom-right")
    close_button: Var[bool] = Var.create(False)

    def add_imports(self) -> dict:
        return {"react": ["useEffect", "useRef", "useState"], "$/utils/state": ["refs"]}

    def add_custom_code(self) -> list[str]:
        return [LAZY_TOASTER_CODE]


def lazy_toaster() -> rx.Component:
    """The toast provider for `rx.App(toaster=...)`."""
    return LazyToaster.create()
