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
    """One screen at one spec path; `build(lang, path)` makes its page in a language.

    `kind` is the page type (agency_site.seo.PAGE_KINDS: its sharing image and structured
    data). `listed` pages are in the sitemap: every static page whose canonical URL is its
    own; `noindex` asks search engines to leave a page out (a redirect to another site).
    """

    path: str
    build: Callable[[str, str], Page]
    kind: str
    listed: bool = True
    noindex: bool = False

    @property
    def is_dynamic(self) -> bool:
        return "[" in self.path

    @property
    def in_sitemap(self) -> bool:
        return self.listed and not self.noindex and not self.is_dynamic


def route_table() -> list[Route]:
    """Every route of SPEC.md §2, static ones before the dynamic fallbacks."""
    return [
        Route("/", home_page, "home"),
        Route("/services", services_page, "services"),
        *[Route(f"/services/{sid}", service_detail_page(sid), "service") for sid in SERVICE_IDS],
        Route("/services/[service_id]", unknown_service_page, "services"),
        # Canonical is /portfolio/all, where it sends the visitor.
        Route("/portfolio", portfolio_redirect_page, "portfolio", listed=False),
        *[Route(f"/portfolio/{tab}", portfolio_tab_page(tab), "portfolio") for tab in PORTFOLIO_TABS],
        Route("/portfolio/[tab]", portfolio_redirect_page, "portfolio"),
        *[Route(f"/project/{pid}", project_page(pid), "project") for pid in PROJECT_IDS],
        # SPEC.md §8: any other project id shows project 100.
        Route(
            "/project/[project_id]",
            project_page(FALLBACK_PROJECT_ID, canonical_path=f"/project/{FALLBACK_PROJECT_ID}"),
            "project",
        ),
        Route("/blog", blog_page, "blog"),
        *[Route(f"/blog/{post_id}", article_page(post_id), "article") for post_id in BLOG_POST_IDS],
        Route("/blog/[blog_id]", unknown_article_page, "not-found"),
        Route("/about", about_page, "about"),
        Route("/contact", contact_page, "contact"),
        # Only sends the visitor to the BotAgent site; nothing to find here.
        Route("/botagent", botagent_page, "home", noindex=True),
        Route("/impressum", impressum_page, "impressum"),
        Route("/datenschutz", privacy_page, "privacy"),
    ]
