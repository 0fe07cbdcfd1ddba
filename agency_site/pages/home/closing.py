"""Closing call to action: schedule a call (new tab) or get in touch."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.closing_cta import closing_cta
from agency_site.components.ui.kit import FOCUS_RING_ON_DARK, SECONDARY_BUTTON, button_link
from agency_site.components.ui.schedule_call import schedule_call_link
from agency_site.i18n import localized_path, t


def home_closing(lang: str) -> rx.Component:
    """The last section: a violet panel with the two main actions."""
    return closing_cta(
        t(lang, "home-cta-title"),
        t(lang, "home-cta-text"),
        schedule_call_link(
            lang,
            icon_size=18,
            class_name=(
                "inline-flex items-center justify-center gap-2 rounded-full bg-white px-6 py-3 text-sm font-semibold "
                f"text-violet-700 shadow-lg transition hover:bg-violet-50 {FOCUS_RING_ON_DARK}"
            ),
        ),
        button_link(t(lang, "home-cta-contact"), localized_path(lang, "/contact"), style=SECONDARY_BUTTON),
        variant="home",
        heading_id="cta-title",
    )
