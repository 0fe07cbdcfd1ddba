"""About (/about): SPEC.md §2 'About'."""

from __future__ import annotations

from agency_site.i18n import t
from agency_site.pages import Page
from agency_site.pages.placeholder import placeholder_page


def about_page(lang: str, path: str) -> Page:
    """The about page in `lang`."""
    return placeholder_page(lang, path, t(lang, "page-about-title"), t(lang, "page-about-description"))
