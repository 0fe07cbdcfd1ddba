"""The navigation items of SPEC.md §2 'Shared layout', in their order."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NavItem:
    """A link in the header: its translation key and the spec's (unprefixed) path."""

    label_key: str
    path: str


HEADER_NAV: tuple[NavItem, ...] = (
    NavItem("nav-home", "/"),
    NavItem("nav-services", "/services"),
    NavItem("nav-botagent", "/botagent"),
    NavItem("nav-portfolio", "/portfolio"),
    NavItem("nav-about", "/about"),
    NavItem("nav-contact", "/contact"),
    NavItem("nav-blog", "/blog"),
)

FOOTER_COMPANY_NAV: tuple[NavItem, ...] = (
    NavItem("nav-home", "/"),
    NavItem("nav-about", "/about"),
    NavItem("nav-blog", "/blog"),
    NavItem("nav-contact", "/contact"),
)

FOOTER_LEGAL_NAV: tuple[NavItem, ...] = (
    NavItem("footer-privacy", "/datenschutz"),
    NavItem("footer-impressum", "/impressum"),
)
