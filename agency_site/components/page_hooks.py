"""The hooks and helpers of frontend/react/page_hooks.jsx, as Vars a component calls in
place, and the page's language they give (evaluated in the browser at render time)."""

from __future__ import annotations

from reflex import Var

from agency_site.frontend.react import jsx_library
from agency_site.i18n import browser_languages
from agency_site.reflex_adapter import FunctionStringVar, imported_function

PAGE_HOOKS = jsx_library("page_hooks.jsx")


def page_hook(name: str) -> FunctionStringVar:
    """A hook or helper exported by frontend/react/page_hooks.jsx, to call in place."""
    return imported_function(name, PAGE_HOOKS)


def page_language() -> Var[str]:
    """ "de" on a German page, else "en", evaluated in the browser at render time: for
    <html lang> and the one not-found page. A function, not a constant: the languages'
    value reads the content files, which happens when the app is built, not at import."""
    return page_hook("usePageLanguage").call(browser_languages()).to(str)


def is_german_path() -> Var[bool]:
    """True while the current URL is a German page (in the browser, at render time)."""
    return page_language() == "de"
