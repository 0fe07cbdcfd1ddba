"""One module per screen; each exposes a function of the language returning a Page."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx


@dataclass(frozen=True)
class Page:
    """A compiled screen in one language: its component and its head texts.

    `crumb` names the page in its breadcrumb trail where that differs from its title.
    """

    component: rx.Component
    title: str
    description: str
    crumb: str = ""
