"""Legal notice (/impressum) and privacy policy (/datenschutz): SPEC.md §2."""

from __future__ import annotations

from agency_site.i18n import t
from agency_site.pages import Page
from agency_site.pages.placeholder import placeholder_page


def impressum_page(lang: str, path: str) -> Page:
    """The legal notice in `lang`."""
    return placeholder_page(
        lang, path, t(lang, "page-impressum-title"), t(lang, "page-impressum-description")
    )


def privacy_page(lang: str, path: str) -> Page:
    """The privacy policy in `lang`."""
    return placeholder_page(
        lang, path, t(lang, "page-datenschutz-title"), t(lang, "page-datenschutz-description")
    )
