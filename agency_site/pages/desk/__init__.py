"""The leads desk's pages (docs/desk.md): the front page with the inbox, and a lead's page.

They are not in the route table (agency_site/routes.py) on purpose: that table is the
public site, whose every page the sitemap, the hreflang alternates and the sharing tags
describe. The desk's pages are registered beside it (agency_site.agency_site), in both
languages, with their own head: noindex, no canonical URL, no sharing tags, no Referer to other sites.
Nothing links to them; its Content-Security-Policy is the desk's own (server/security_policy.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import reflex as rx

from agency_site.pages.desk.inbox import LEAD_PATH, inbox_screen
from agency_site.pages.desk.lead import lead_screen

DESK_PATH = "/desk"


@dataclass(frozen=True)
class DeskRoute:
    """A desk page at its (unprefixed) path, built for a language."""

    path: str
    build: Callable[[str], rx.Component]


def desk_routes() -> list[DeskRoute]:
    """The desk's pages."""
    return [DeskRoute(DESK_PATH, inbox_screen), DeskRoute(LEAD_PATH, lead_screen)]


def desk_head() -> list[rx.Component]:
    """The desk's head tags: kept out of search engines, and its addresses (a lead's id)
    never sent as a Referer to another site. Not `no-referrer`: under it Chromium sends
    `Origin: null` with the sign-in form's post, which the endpoint refuses as foreign."""
    return [
        rx.el.meta(name="robots", content="noindex, nofollow"),
        rx.el.meta(name="referrer", content="same-origin"),
    ]
