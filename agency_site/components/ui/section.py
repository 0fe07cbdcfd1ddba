"""Shared section pieces: the heading block every section opens with, and button links."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.reveal import reveal_attrs

PRIMARY_BUTTON = (
    "inline-flex items-center justify-center gap-2 rounded-full bg-violet-600 px-6 py-3 text-sm font-semibold "
    "text-white shadow-lg shadow-violet-600/25 transition hover:bg-violet-700 focus-visible:outline-2 "
    "focus-visible:outline-offset-2 focus-visible:outline-violet-600"
)
SECONDARY_BUTTON = (
    "inline-flex items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-6 py-3 "
    "text-sm font-semibold text-slate-900 transition hover:border-violet-400 hover:text-violet-700 "
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
)


def section_heading(
    eyebrow: str, title: str, subtitle: str = "", *, heading_id: str = "", dark: bool = False
) -> rx.Component:
    """Eyebrow, h2 and an optional lead paragraph, centred above a section's content.

    `dark` is for sections on a dark panel.
    """
    return rx.el.div(
        rx.el.p(
            eyebrow,
            class_name="text-sm font-semibold uppercase tracking-widest "
            + ("text-violet-300" if dark else "text-violet-600"),
        ),
        rx.el.h2(
            title,
            id=heading_id or None,
            class_name="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl "
            + ("text-white" if dark else "text-slate-900"),
        ),
        rx.el.p(
            subtitle,
            class_name="mt-4 text-lg leading-relaxed text-pretty "
            + ("text-slate-300" if dark else "text-slate-600"),
        )
        if subtitle
        else rx.fragment(),
        class_name="mx-auto max-w-3xl text-center",
        custom_attrs=reveal_attrs(),
    )


def button_link(label: str, href: str, *, primary: bool = True, icon: str = "arrow-right") -> rx.Component:
    """An internal link styled as a button (React Router link: no full page load)."""
    return rx.el.a(
        label,
        rx.icon(icon, size=18, aria_hidden="true") if icon else rx.fragment(),
        href=href,
        class_name=PRIMARY_BUTTON if primary else SECONDARY_BUTTON,
    )


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
        rx.icon(
            "arrow-right", size=16, aria_hidden="true", class_name="transition group-hover:translate-x-1"
        ),
        class_name="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-slate-900",
    )
