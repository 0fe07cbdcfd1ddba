"""Small building blocks shared by the services, portfolio and project pages."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from agency_site.i18n import localized_path


@dataclass(frozen=True)
class Tone:
    """Tailwind classes of one service colour (SPEC.md §3 service-bg-{colour})."""

    soft: str  # the light surface: the spec's service-bg-{colour} class
    solid: str  # icon badges, accents
    text: str  # accent text on white
    hex_soft: str  # the transition overlay's colour


TONES: dict[str, Tone] = {
    "purple": Tone("service-bg-purple", "bg-purple-600 text-white", "text-purple-700", "#f3e8ff"),
    "blue": Tone("service-bg-blue", "bg-blue-600 text-white", "text-blue-700", "#dbeafe"),
    "orange": Tone("service-bg-orange", "bg-orange-500 text-white", "text-orange-700", "#ffedd5"),
    "pink": Tone("service-bg-pink", "bg-pink-600 text-white", "text-pink-700", "#fce7f3"),
    "green": Tone("service-bg-green", "bg-green-600 text-white", "text-green-700", "#dcfce7"),
    "red": Tone("service-bg-red", "bg-red-600 text-white", "text-red-700", "#fee2e2"),
    "yellow": Tone("service-bg-yellow", "bg-amber-500 text-white", "text-amber-700", "#fef9c3"),
    "indigo": Tone("service-bg-indigo", "bg-indigo-600 text-white", "text-indigo-700", "#e0e7ff"),
}

FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
PRIMARY_BUTTON = (
    "inline-flex items-center justify-center gap-2 rounded-full bg-violet-600 px-6 py-3 text-sm font-semibold "
    f"text-white shadow-sm transition hover:bg-violet-700 {FOCUS}"
)
SECONDARY_BUTTON = (
    "inline-flex items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-6 py-3 "
    f"text-sm font-semibold text-slate-800 transition hover:border-violet-400 hover:text-violet-700 {FOCUS}"
)
LIGHT_BUTTON = (
    "inline-flex items-center justify-center gap-2 rounded-full bg-white px-6 py-3 text-sm font-semibold "
    "text-slate-900 shadow-sm transition hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-offset-2 "
    "focus-visible:outline-white"
)
GHOST_BUTTON = (
    "inline-flex items-center justify-center gap-2 rounded-full border border-white/30 px-6 py-3 text-sm "
    "font-semibold text-white transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 "
    "focus-visible:outline-white"
)
CARD = "rounded-3xl border border-slate-200/80 bg-white p-6 shadow-sm sm:p-8"


def size_attrs(width: int, height: int) -> dict[str, str]:
    """`width`/`height` as HTML attributes. Reflex turns the `width=`/`height=` props of an
    <img> into inline CSS, which would beat the Tailwind sizing classes; attributes only
    reserve the aspect ratio, as intended."""
    return {"width": str(width), "height": str(height)}


def icon_badge(icon: str, tone: Tone, *, size: str = "h-12 w-12", icon_size: int = 24) -> rx.Component:
    """A rounded square in the service colour holding a lucide icon."""
    return rx.el.span(
        rx.icon(icon, size=icon_size, aria_hidden="true"),
        class_name=f"inline-flex shrink-0 items-center justify-center rounded-2xl {size} {tone.solid}",
    )


def eyebrow(text: str) -> rx.Component:
    """The small uppercase line above a heading."""
    return rx.el.p(text, class_name="text-sm font-semibold uppercase tracking-widest text-violet-600")


def page_heading(text: str, *, class_name: str = "") -> rx.Component:
    """The page's single <h1>; tests find it by its test id."""
    return rx.el.h1(
        text,
        data_testid="screen-title",
        # Long German compounds ("Firmengründungen") must wrap rather than widen a phone screen.
        class_name=f"text-3xl font-bold tracking-tight text-balance text-slate-900 [overflow-wrap:anywhere] sm:text-5xl {class_name}".strip(),
    )


def section_heading(text: str, intro: str = "", *, centered: bool = False) -> rx.Component:
    """An <h2> with an optional intro line."""
    align = "mx-auto text-center" if centered else ""
    return rx.el.div(
        rx.el.h2(text, class_name="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"),
        rx.el.p(intro, class_name="mt-3 text-lg text-slate-600") if intro else rx.fragment(),
        class_name=f"max-w-2xl {align}".strip(),
    )


def internal_link(
    lang: str, label: str, path: str, *, icon: str = "arrow-right", style: str = PRIMARY_BUTTON, **props
) -> rx.Component:
    """A router link to one of the site's pages in `lang`, with a trailing icon."""
    return rx.el.a(
        label,
        rx.icon(icon, size=18, aria_hidden="true"),
        href=localized_path(lang, path),
        class_name=style,
        **props,
    )


def closing_call(
    title: str, text: str, *actions: rx.Component, note: str = "", testid: str = ""
) -> rx.Component:
    """The dark call-to-action block that ends a page."""
    return rx.el.section(
        rx.el.div(
            rx.el.h2(title, class_name="text-2xl font-bold tracking-tight text-white sm:text-3xl"),
            rx.el.p(text, class_name="mt-4 text-lg text-slate-300"),
            rx.el.div(*actions, class_name="mt-8 flex flex-wrap justify-center gap-3"),
            rx.el.p(note, class_name="mt-6 text-sm text-slate-400") if note else rx.fragment(),
            class_name="mx-auto max-w-2xl text-center",
        ),
        custom_attrs={"data-testid": testid} if testid else {},
        class_name=(
            "mt-20 overflow-hidden rounded-3xl bg-gradient-to-br from-slate-900 via-slate-900 to-violet-900 "
            "px-6 py-14 sm:px-12 sm:py-16"
        ),
    )
