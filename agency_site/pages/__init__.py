"""One module per screen; each exposes a function of the language returning a Page."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx
from reflex.event import EventType


@dataclass(frozen=True)
class Page:
    """A compiled screen in one language: its component, its head texts, and what the
    server runs when a browser connected to it loads it (only the contact page has any).

    `crumb` names the page in its breadcrumb trail where that differs from its title.
    """

    component: rx.Component
    title: str
    description: str
    crumb: str = ""
    on_load: EventType[()] | None = None
