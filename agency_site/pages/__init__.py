"""One module per screen; each exposes a function of the language returning a Page."""

from __future__ import annotations

from dataclasses import dataclass

import reflex as rx


@dataclass(frozen=True)
class Page:
    """A screen in one language: its content and its head texts.

    `content` is what the page shows between header and footer: the app puts it in the
    page shell, which it tells the page's path (agency_site.agency_site). `crumb` names the
    page in its breadcrumb trail where that differs from its title.
    """

    content: rx.Component
    title: str
    description: str
    crumb: str = ""
