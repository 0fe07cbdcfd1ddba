"""The office map (SPEC.md §2 'Contact', 450 px high). DESIGN.md §6: nothing is requested
from the map provider until the visitor clicks the placeholder."""

from __future__ import annotations

import reflex as rx

from agency_site.constants import MAP_HEIGHT_PX
from agency_site.i18n import t
from agency_site.pages.blocks import section_heading


def office_map(lang: str) -> rx.Component:
    """The map section; the click-to-load placeholder comes from components/embeds."""
    return rx.el.section(
        section_heading(t(lang, "contact-map-title")),
        rx.el.div(
            style={"height": f"{MAP_HEIGHT_PX}px"},
            class_name="mt-6 overflow-hidden rounded-3xl border border-slate-200 bg-slate-100",
        ),
        class_name="mt-16",
        aria_label=t(lang, "contact-map-label"),
    )
