"""The navigation items of docs/product.md §2 'Shared layout', in their order, and which of them
is the current page (decided when each page is built: every page is prerendered)."""

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
    # Where a visitor withdraws an 'always load' choice (components/embeds/consent.py).
    NavItem("footer-privacy-settings", "/datenschutz#privacy-settings"),
    NavItem("footer-impressum", "/impressum"),
)


def is_current(item_path: str, page_path: str | None) -> bool:
    """Whether a header link to `item_path` is the page at `page_path` (or its section):
    home matches only itself, a section also its sub-pages."""
    if page_path is None:
        return False
    if item_path == "/":
        return page_path == "/"
    return page_path == item_path or page_path.startswith(item_path + "/")
