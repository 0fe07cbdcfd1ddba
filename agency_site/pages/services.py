"""Services list (/services) and service detail (/services/{id}): SPEC.md §2."""

from __future__ import annotations

from collections.abc import Callable

from agency_site.i18n import t
from agency_site.pages import Page
from agency_site.pages.placeholder import placeholder_page


def services_page(lang: str, path: str) -> Page:
    """The grid of all eight services."""
    return placeholder_page(lang, path, t(lang, "page-services-title"), t(lang, "page-services-description"))


def service_detail_page(service_id: str) -> Callable[[str, str], Page]:
    """The detail page of one known service id."""

    def build(lang: str, path: str) -> Page:
        title = t(lang, f"service-{service_id}-title")
        return placeholder_page(
            lang,
            path,
            title,
            t(lang, "page-service-description", service=title),
            eyebrow=t(lang, "page-services-title"),
        )

    return build


def unknown_service_page(lang: str, path: str) -> Page:
    """Any other id under /services/ (SPEC.md §8: 'Animation not found for this service')."""
    return placeholder_page(
        lang,
        path,
        t(lang, "page-services-title"),
        t(lang, "page-services-description"),
        canonical_path="/services",
        noindex=True,
    )
