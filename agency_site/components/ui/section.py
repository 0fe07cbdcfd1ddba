"""A page section with the site's vertical rhythm, and the arrow label of a card link."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.icon import lucide_icon


def section(
    *children: rx.Component, labelled_by: str = "", id: str = "", class_name: str = ""
) -> rx.Component:
    """A page section with the site's vertical rhythm."""
    attrs = {"aria-labelledby": labelled_by} if labelled_by else {}
    return rx.el.section(
        *children,
        id=id or None,
        class_name=f"scroll-mt-24 py-12 sm:py-20 lg:py-24 {class_name}".strip(),
        custom_attrs=attrs,
    )


def arrow_label(text: str) -> rx.Component:
    """'Learn more →' at the foot of a card link; the arrow nudges on hover of the `group`."""
    return rx.el.span(
        text,
        lucide_icon(
            "arrow-right", size=16, aria_hidden="true", class_name="transition group-hover:translate-x-1"
        ),
        class_name="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-slate-900",
    )
