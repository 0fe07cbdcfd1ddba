"""Behaviour that runs only in the browser, with no server round trip (DESIGN.md §4)."""

from __future__ import annotations

import json

import reflex as rx
from reflex import Var

from agency_site.constants import LANGUAGE_PREFIX, LANGUAGE_STORAGE_KEY
from agency_site.content.slugs import get_german_urls
from agency_site.react import REACT_FOLDER, jsx_library
from agency_site.reflex_adapter import FunctionStringVar, LiteralPosition, VarData, resolved_color_mode

_GERMAN_PREFIX = LANGUAGE_PREFIX["de"]
HEAD_SCRIPT_FILE = REACT_FOLDER / "language_redirect.js"
# Marks a link of the language dropdown; its value is the language it stores.
LANGUAGE_CHOICE_ATTRIBUTE = "data-language-choice"


def head_script_text() -> str:
    """`language_redirect.js` without its header comment (it is inlined into every page)."""
    lines = HEAD_SCRIPT_FILE.read_text(encoding="utf-8").splitlines()
    while lines and lines[0].startswith("//"):
        lines.pop(0)
    return "\n".join(lines).strip() + "\n"


def head_script() -> rx.Component:
    """The inline head script (react/language_redirect.js): the stored language before
    first paint, storing a choice, closing a popover when one of its links is tapped.
    Its constants travel as data attributes, so they live only in agency_site.constants
    and the content files: the German word of each section (content/slugs.yaml) makes the
    twin of a URL no page names in its head (an unknown id: /projekt/999)."""
    return rx.el.script(
        head_script_text(),
        custom_attrs={
            "data-german-prefix": _GERMAN_PREFIX,
            "data-storage-key": LANGUAGE_STORAGE_KEY,
            "data-german-sections": json.dumps(get_german_urls().sections, separators=(",", ":")),
        },
    )


PAGE_HOOKS = jsx_library("page_hooks.jsx")


def page_hook(name: str) -> FunctionStringVar:
    """A hook or helper exported by react/page_hooks.jsx, to call in place."""
    return FunctionStringVar.create(name, _var_data=VarData(imports={PAGE_HOOKS: [name]}))


# "de" on a German page, else "en": for <html lang> and the one not-found page.
page_language = page_hook("usePageLanguage").call(_GERMAN_PREFIX).to(str)
# True while the current URL is a German page; evaluated in the browser at render time.
is_german_path = page_language == "de"


HEADER_ID = "site-header"

SONNER_PACKAGE = "sonner@2.0.8"


class LazyToaster(rx.Component):
    """Reflex's sonner toaster, loaded on the first toast instead of in the first bundle.

    Toasts only follow a visitor's action (the contact form, 'purchase now'), so sonner
    (~9 KB) is neither in the bundle nor fetched while the page loads; see
    react/lazy_toaster.jsx. The props and defaults are those of Reflex's `rx.toast.provider`.
    """

    library = jsx_library("lazy_toaster.jsx")
    tag = "AgencyToaster"
    lib_dependencies: list[str] = [SONNER_PACKAGE]

    theme: Var[str] = resolved_color_mode
    rich_colors: Var[bool] = Var.create(True)
    expand: Var[bool] = Var.create(True)
    position: Var[LiteralPosition] = Var.create("bottom-right")
    close_button: Var[bool] = Var.create(False)


def lazy_toaster() -> rx.Component:
    """The toast provider for `rx.App(toaster=...)`."""
    return LazyToaster.create()
