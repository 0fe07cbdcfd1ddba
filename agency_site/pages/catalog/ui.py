"""Pieces shared by the services, portfolio and project pages: the service colours and
the page intro (the UI kit is components/ui/kit.py)."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx

from agency_site.components.ui.heading import page_title
from agency_site.components.ui.kit import eyebrow


@dataclass(frozen=True)
class Tone:
    """Tailwind classes of one service colour (docs/product.md §3 service-bg-{colour})."""

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


def page_intro(kicker: str, title: str, intro: str) -> rx.Component:
    """The top of the services and portfolio pages: eyebrow, the page's <h1>, a lead paragraph."""
    return rx.el.header(
        eyebrow(kicker),
        page_title(title, class_name="mt-3"),
        rx.el.p(intro, class_name="mt-5 max-w-2xl text-lg leading-relaxed text-slate-600"),
        class_name="py-10 sm:py-14",
    )
