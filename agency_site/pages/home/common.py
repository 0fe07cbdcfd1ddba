"""The frame every home section shares: heading from its keys, content, an optional button."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.kit import SECONDARY_BUTTON, button_link, section_heading
from agency_site.components.ui.section import section
from agency_site.i18n import localized_path, t


def home_section(
    lang: str,
    name: str,
    *content: rx.Component,
    action: tuple[str, str] | None = None,
    id: str = "",
    dark: bool = False,
) -> rx.Component:
    """A section headed by the texts `home-{name}-eyebrow`, `-title` and `-subtitle`.

    `action` is (label key, spec path) of a centred button below the content.
    """
    heading_id = f"{name}-title"
    footer = (
        [
            rx.el.div(
                button_link(t(lang, action[0]), localized_path(lang, action[1]), style=SECONDARY_BUTTON),
                class_name="mt-10 flex justify-center",
            )
        ]
        if action
        else []
    )
    return section(
        section_heading(
            t(lang, f"home-{name}-title"),
            t(lang, f"home-{name}-subtitle"),
            eyebrow_text=t(lang, f"home-{name}-eyebrow"),
            heading_id=heading_id,
            display=True,
            dark=dark,
        ),
        *content,
        *footer,
        id=id,
        labelled_by=heading_id,
    )
