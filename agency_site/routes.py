"""The route table of SPEC.md §2: every (path, page) pair, registered for both languages.

Known ids each get a static route so they are prerendered; a dynamic route per
family handles unknown ids (DESIGN.md §3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from agency_site.constants import (
    BLOG_POST_IDS,
    FALLBACK_PROJECT_ID,
    PORTFOLIO_TABS,
    PROJECT_IDS,
    PROJECT_SLUGS,
    SERVICE_IDS,
)
from agency_site.i18n import t
from agency_site.pages import Page
from agency_site.pages.placeholder import placeholder_page
from agency_site.pages.redirects import botagent_page, portfolio_redirect_page


@dataclass(frozen=True)
class Route:
    """One screen at one spec path; `build(lang, path)` makes its page in a language."""

    path: str
    build: Callable[[str, str], Page]

    @property
    def is_dynamic(self) -> bool:
        return "[" in self.path


def _screen(title_key: str, description_key: str, **options) -> Callable[[str, str], Page]:
    def build(lang: str, path: str) -> Page:
        return placeholder_page(lang, path, t(lang, title_key), t(lang, description_key), **options)

    return build


def _service(service_id: str) -> Callable[[str, str], Page]:
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


def _portfolio_tab(tab: str) -> Callable[[str, str], Page]:
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


def _project(project_id: int, **options) -> Callable[[str, str], Page]:
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


def route_table() -> list[Route]:
    """Every route of SPEC.md §2, static ones before the dynamic fallbacks."""
    routes = [
        Route("/", _screen("page-home-title", "page-home-description")),
        Route("/services", _screen("page-services-title", "page-services-description")),
        *[Route(f"/services/{sid}", _service(sid)) for sid in SERVICE_IDS],
        # Unknown service: the services issue shows 'Animation not found for this service'.
        Route(
            "/services/[service_id]",
            _screen(
                "page-services-title",
                "page-services-description",
                canonical_path="/services",
                noindex=True,
            ),
        ),
        Route("/portfolio", portfolio_redirect_page),
        *[Route(f"/portfolio/{tab}", _portfolio_tab(tab)) for tab in PORTFOLIO_TABS],
        Route("/portfolio/[tab]", portfolio_redirect_page),
        *[Route(f"/project/{pid}", _project(pid)) for pid in PROJECT_IDS],
        # SPEC.md §8: any other project id shows project 100.
        Route(
            "/project/[project_id]",
            _project(FALLBACK_PROJECT_ID, canonical_path=f"/project/{FALLBACK_PROJECT_ID}"),
        ),
        Route("/blog", _screen("page-blog-title", "page-blog-description")),
        *[
            Route(
                f"/blog/{post_id}",
                _screen("page-article-title", "page-article-description"),
            )
            for post_id in BLOG_POST_IDS
        ],
        Route(
            "/blog/[blog_id]",
            _screen(
                "page-article-title",
                "page-article-description",
                canonical_path="/blog",
                noindex=True,
            ),
        ),
        Route("/about", _screen("page-about-title", "page-about-description")),
        Route("/contact", _screen("page-contact-title", "page-contact-description")),
        Route("/botagent", botagent_page),
        Route("/impressum", _screen("page-impressum-title", "page-impressum-description")),
        Route(
            "/datenschutz",
            _screen("page-datenschutz-title", "page-datenschutz-description"),
        ),
    ]
    return routes
