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
    SERVICE_IDS,
)
from agency_site.pages import Page
from agency_site.pages.about import about_page
from agency_site.pages.blog import article_page, blog_page, unknown_article_page
from agency_site.pages.contact import contact_page
from agency_site.pages.home import home_page
from agency_site.pages.legal import impressum_page, privacy_page
from agency_site.pages.portfolio import portfolio_tab_page, project_page
from agency_site.pages.redirects import botagent_page, portfolio_redirect_page
from agency_site.pages.services import service_detail_page, services_page, unknown_service_page


@dataclass(frozen=True)
class Route:
    """One screen at one spec path; `build(lang, path)` makes its page in a language."""

    path: str
    build: Callable[[str, str], Page]

    @property
    def is_dynamic(self) -> bool:
        return "[" in self.path


def route_table() -> list[Route]:
    """Every route of SPEC.md §2, static ones before the dynamic fallbacks."""
    return [
        Route("/", home_page),
        Route("/services", services_page),
        *[Route(f"/services/{sid}", service_detail_page(sid)) for sid in SERVICE_IDS],
        Route("/services/[service_id]", unknown_service_page),
        Route("/portfolio", portfolio_redirect_page),
        *[Route(f"/portfolio/{tab}", portfolio_tab_page(tab)) for tab in PORTFOLIO_TABS],
        Route("/portfolio/[tab]", portfolio_redirect_page),
        *[Route(f"/project/{pid}", project_page(pid)) for pid in PROJECT_IDS],
        # SPEC.md §8: any other project id shows project 100.
        Route(
            "/project/[project_id]",
            project_page(FALLBACK_PROJECT_ID, canonical_path=f"/project/{FALLBACK_PROJECT_ID}"),
        ),
        Route("/blog", blog_page),
        *[Route(f"/blog/{post_id}", article_page(post_id)) for post_id in BLOG_POST_IDS],
        Route("/blog/[blog_id]", unknown_article_page),
        Route("/about", about_page),
        Route("/contact", contact_page),
        Route("/botagent", botagent_page),
        Route("/impressum", impressum_page),
        Route("/datenschutz", privacy_page),
    ]
