"""The site's UI kit: focus rings, buttons, cards, eyebrows, section headings and icon
badges, each defined once. Pages and components take their look from here, so a change
of style is one edit; where a variant exists (a button on a dark panel, the home page's
larger headings) it is named here, not re-typed where it is used.
"""

from __future__ import annotations

from typing import Literal

import reflex as rx

from agency_site.components.ui.heading import heading
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.reveal import reveal_attrs
from agency_site.i18n import localized_path
from agency_site.reflex_adapter import PlainAnchor

# Tailwind finds class names in the compiled pages, so composing them here is safe.


# The one focus style lives in assets/styles.css ('Accessibility'): every focused element
# gets a two-colour ring (a dark outline around a white halo) that shows on any background.
# These classes name the variants of its geometry; a page never types a focus colour.
FOCUS_RING = "focus-ring"
# Two colours read on dark and violet panels too: the same ring.
FOCUS_RING_ON_DARK = FOCUS_RING
# On the element's edge: links inside text, icon buttons, the header's links.
FOCUS_RING_TIGHT = "focus-ring-tight"
# Cards that lift on hover: the ring keeps clear of the lifted shadow.
FOCUS_RING_CARD = "focus-ring-card"
# Inside a positioned box, over everything in it (posters in boxes that clip their overflow).
FOCUS_RING_INSET = "focus-ring-inset"
# On a card whose link stretches over it; FOCUS_RING_PEER on the label of a hidden control.
FOCUS_RING_WITHIN = "focus-ring-within"
FOCUS_RING_PEER = "focus-ring-peer"
# Text fields: the same ring, and a violet border while focused.
FIELD_FOCUS = f"focus:border-violet-500 {FOCUS_RING}"

# Buttons: pill-shaped links and <button>s.
_BUTTON = (
    "inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-sm font-semibold transition"
)
PRIMARY_BUTTON = f"{_BUTTON} bg-violet-600 text-white shadow-sm hover:bg-violet-700 {FOCUS_RING}"
# The home page's primary buttons glow in their colour.
PRIMARY_BUTTON_RAISED = (
    f"{_BUTTON} bg-violet-600 text-white shadow-lg shadow-violet-600/25 hover:bg-violet-700 {FOCUS_RING}"
)
SECONDARY_BUTTON = (
    f"{_BUTTON} border border-slate-300 bg-white text-slate-900 hover:border-violet-400 "
    f"hover:text-violet-700 {FOCUS_RING}"
)
# On the dark closing panels: white, and white ghost beside it.
LIGHT_BUTTON = f"{_BUTTON} bg-white text-slate-900 shadow-sm hover:bg-violet-50 {FOCUS_RING_ON_DARK}"
GHOST_BUTTON = f"{_BUTTON} border border-white/30 text-white hover:bg-white/10 {FOCUS_RING_ON_DARK}"
# On the violet closing panels: white with violet text.
LIGHT_BUTTON_ON_VIOLET = (
    f"{_BUTTON} bg-white text-violet-700 shadow-sm hover:bg-violet-50 {FOCUS_RING_ON_DARK}"
)

# The white card surface; CARD_PADDED for cards that hold text directly.
CARD = "rounded-3xl border border-slate-200 bg-white shadow-sm"
CARD_PADDED = f"{CARD} p-6 sm:p-8"

Background = Literal["light", "dark"]
_EYEBROW_COLOURS: dict[str, str] = {"light": "text-violet-600", "dark": "text-violet-300"}


def eyebrow(text: str, *, on: Background = "light") -> rx.Component:
    """The small upper-case line above a heading, readable `on` its background."""
    return rx.el.p(text, class_name=f"text-sm font-semibold uppercase tracking-widest {_EYEBROW_COLOURS[on]}")


def button_link(
    label: str, href: str, *, style: str = PRIMARY_BUTTON, icon: str = "arrow-right", **props
) -> rx.Component:
    """A link styled as a button, with a trailing icon ("" for none). An internal `href`
    is a React Router link: no full page load."""
    return rx.el.a(
        label,
        lucide_icon(icon, size=18, aria_hidden="true") if icon else rx.fragment(),
        href=href,
        class_name=style,
        **props,
    )


def icon_badge(
    icon: str, *, colours: str = "bg-violet-100 text-violet-700", size: str = "h-11 w-11", icon_size: int = 22
) -> rx.Component:
    """A rounded square holding a lucide icon; `colours` are its background and icon colour
    (a service's solid tone on the catalog pages)."""
    return rx.el.span(
        lucide_icon(icon, size=icon_size, aria_hidden="true"),
        class_name=f"inline-flex {size} shrink-0 items-center justify-center rounded-2xl {colours}",
    )


def section_heading(
    title: str,
    lead: str = "",
    *,
    eyebrow_text: str = "",
    heading_id: str | None = None,
    display: bool = False,
    centered: bool = False,
    dark: bool = False,
) -> rx.Component:
    """A section's <h2>, with an optional eyebrow above and lead paragraph below.

    `display` is the home page's larger, centred heading that fades in (`dark` on a dark
    panel); otherwise the in-page heading, `centered` or not.
    """
    if display:
        return rx.el.div(
            eyebrow(eyebrow_text, on="dark" if dark else "light"),
            heading(
                2,
                title,
                id=heading_id or None,
                class_name="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl "
                + ("text-white" if dark else "text-slate-900"),
            ),
            rx.el.p(
                lead,
                class_name="mt-4 text-lg leading-relaxed text-pretty "
                + ("text-slate-300" if dark else "text-slate-600"),
            )
            if lead
            else rx.fragment(),
            class_name="mx-auto max-w-3xl text-center",
            custom_attrs=reveal_attrs(),
        )
    return rx.el.div(
        eyebrow(eyebrow_text) if eyebrow_text else rx.fragment(),
        heading(
            2,
            title,
            id=heading_id or None,
            class_name="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl",
        ),
        rx.el.p(lead, class_name="mt-3 text-lg text-slate-600") if lead else rx.fragment(),
        class_name=f"max-w-2xl {'mx-auto text-center' if centered else ''}".strip(),
    )


def internal_link(lang: str, label: str, path: str, **options) -> rx.Component:
    """`button_link` to one of the site's pages (a spec path) in `lang`."""
    return button_link(label, localized_path(lang, path), **options)


def plain_link(*children: rx.Component | str, href: str, **props) -> rx.Component:
    """An `<a>` the browser follows itself. `rx.el.a` is a React Router link, which would
    resolve '#section' against the route and keep a page of the other language inside the
    app; a plain link is right for in-page anchors, `tel:` numbers, other sites and the
    language switch."""
    return PlainAnchor.create(*children, href=href, **props)
