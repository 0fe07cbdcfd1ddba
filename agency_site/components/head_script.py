"""The inline head script (frontend/language_redirect.js), in every page's <head>: the
stored language before first paint, storing a choice, closing a popover when one of its
links is tapped."""

from __future__ import annotations

import json
from pathlib import Path

import reflex as rx

from agency_site.constants import LANGUAGE_STORAGE_KEY
from agency_site.i18n import browser_languages

HEAD_SCRIPT_FILE = Path(__file__).parent.parent / "frontend" / "language_redirect.js"
# Marks a link of the language dropdown; its value is the language it stores.
LANGUAGE_CHOICE_ATTRIBUTE = "data-language-choice"


def head_script_text() -> str:
    """`language_redirect.js` without its header comment (it is inlined into every page)."""
    lines = HEAD_SCRIPT_FILE.read_text(encoding="utf-8").splitlines()
    while lines and lines[0].startswith("//"):
        lines.pop(0)
    return "\n".join(lines).strip() + "\n"


def head_script() -> rx.Component:
    """The inline head script. Its constants travel as data attributes, so they live only
    in agency_site.constants and the content files: the German word of each section
    (content/slugs.yaml) makes the twin of a URL no page names in its head (an unknown id:
    /projekt/999)."""
    return rx.el.script(
        head_script_text(),
        custom_attrs={
            "data-languages": json.dumps(browser_languages(), separators=(",", ":")),
            "data-storage-key": LANGUAGE_STORAGE_KEY,
        },
    )
