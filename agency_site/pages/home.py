"""Home (/): SPEC.md §2 'Home'. Built by the home issue; a placeholder until then."""

from __future__ import annotations

from agency_site.i18n import t
from agency_site.pages import Page
from agency_site.pages.placeholder import placeholder_page


def home_page(lang: str, path: str) -> Page:
    """The home page in `lang`."""
    return placeholder_page(lang, path, t(lang, "page-home-title"), t(lang, "page-home-description"))
