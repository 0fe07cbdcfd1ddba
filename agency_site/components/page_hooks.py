"""The hooks and helpers of frontend/react/page_hooks.jsx, as Vars a component calls in
place, and the page's language they give (evaluated in the browser at render time)."""

from __future__ import annotations

from agency_site.constants import LANGUAGE_PREFIX
from agency_site.frontend.react import jsx_library
from agency_site.reflex_adapter import FunctionStringVar, VarData

PAGE_HOOKS = jsx_library("page_hooks.jsx")


def page_hook(name: str) -> FunctionStringVar:
    """A hook or helper exported by frontend/react/page_hooks.jsx, to call in place."""
    return FunctionStringVar.create(name, _var_data=VarData(imports={PAGE_HOOKS: [name]}))


# "de" on a German page, else "en": for <html lang> and the one not-found page.
page_language = page_hook("usePageLanguage").call(LANGUAGE_PREFIX["de"]).to(str)
# True while the current URL is a German page; evaluated in the browser at render time.
is_german_path = page_language == "de"
