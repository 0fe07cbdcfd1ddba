"""Portfolio tabs (/portfolio/{tab}) and project detail (/project/{id}): SPEC.md §2."""

from __future__ import annotations

from collections.abc import Callable

from agency_site.constants import PROJECT_SLUGS
from agency_site.i18n import t
from agency_site.pages import Page
from agency_site.pages.placeholder import placeholder_page


def portfolio_tab_page(tab: str) -> Callable[[str, str], Page]:
    """The portfolio with `tab` selected."""

    def build(lang: str, path: str) -> Page:
        label = t(lang, "portfolio-tab-all" if tab == "all" else f"service-{tab}-title")
        return placeholder_page(
            lang,
            path,
            t(lang, "page-portfolio-title"),
            t(lang, "page-portfolio-description"),
            eyebrow=label,
        )

    return build


def project_page(project_id: int, **options) -> Callable[[str, str], Page]:
    """The detail page of one project; `options` go to the page shell (canonical_path...)."""

    def build(lang: str, path: str) -> Page:
        title = t(lang, f"project-{PROJECT_SLUGS[project_id]}-title")
        return placeholder_page(
            lang,
            path,
            title,
            t(lang, "page-project-description", project=title),
            eyebrow=t(lang, "page-portfolio-title"),
            **options,
        )

    return build
