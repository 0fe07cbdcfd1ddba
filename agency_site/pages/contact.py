"""Contact (/contact): SPEC.md §2 'Contact'; the form's server side is agency_site.state.contact_form."""

from __future__ import annotations

from agency_site.i18n import t
from agency_site.pages import Page
from agency_site.pages.placeholder import placeholder_page


def contact_page(lang: str, path: str) -> Page:
    """The contact page in `lang`."""
    return placeholder_page(lang, path, t(lang, "page-contact-title"), t(lang, "page-contact-description"))
