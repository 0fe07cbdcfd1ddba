"""'Schedule a Call': the link to the agency's external scheduling page, in a new tab
(the header's button and the home page's closing call to action)."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.icon import lucide_icon
from agency_site.content import get_content
from agency_site.i18n import t


def schedule_call_link(
    lang: str, *, class_name: str, icon_size: int = 16, label_class: str = "", **props
) -> rx.Component:
    """The link, styled by `class_name`; its label says it opens a new tab to screen readers.
    `label_class` styles the visible label (the header hides it on narrow bars)."""
    return rx.el.a(
        lucide_icon("calendar-check", size=icon_size, aria_hidden="true"),
        rx.el.span(t(lang, "schedule-call"), class_name=label_class),
        rx.el.span(t(lang, "opens-new-tab"), class_name="sr-only"),
        href=str(get_content().site.links.scheduling_url),
        target="_blank",
        rel="noopener noreferrer",
        class_name=class_name,
        **props,
    )
