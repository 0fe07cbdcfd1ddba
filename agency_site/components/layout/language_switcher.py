"""The language dropdown: English / Deutsch, stored and applied in the browser."""

from __future__ import annotations

import reflex as rx

from agency_site.components.browser import SWITCHER_ATTRIBUTE
from agency_site.constants import LANGUAGES
from agency_site.i18n import t


def language_switcher(lang: str, control_id: str, *, dark: bool = False) -> rx.Component:
    """A labelled native select; native so it works with keyboard, screen readers and phones."""
    tone = "bg-white/10 text-white border-white/30" if dark else "bg-white/80 text-slate-800 border-slate-300"
    return rx.el.div(
        rx.el.label(t(lang, "language-label"), html_for=control_id, class_name="sr-only"),
        rx.el.select(
            *[rx.el.option(t(lang, f"language-{code}"), value=code, lang=code) for code in LANGUAGES],
            id=control_id,
            default_value=lang,
            # Switching is handled by the head script (components/browser.py).
            custom_attrs={SWITCHER_ATTRIBUTE: ""},
            data_testid="language-switcher",
            class_name=(
                "h-10 cursor-pointer rounded-full border px-3 pr-8 text-sm font-medium "
                "focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-500 " + tone
            ),
        ),
        class_name="relative",
    )
