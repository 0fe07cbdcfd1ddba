"""The route table of docs/product.md §2: every (path, page) pair, registered for both languages.

Known ids each get a static route so they are prerendered; a dynamic route per
family handles unknown ids (docs/architecture.md §3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, get_args

from agency_site.constants import DEFAULT_PORTFOLIO_TAB, FALLBACK_PROJECT_ID
from agency_site.content.blog import get_post_ids
from agency_site.content.catalog import get_catalog
from agency_site.pages import Page
from agency_site.pages.about import about_page
from agency_site.pages.blog import article_page, blog_page, unknown_article_page
from agency_site.pages.contact import CONTACT_PATH, contact_page
from agency_site.pages.home import home_page
from agency_site.pages.legal import impressum_page, privacy_page
from agency_site.pages.portfolio import portfolio_tab_page, project_page
from agency_site.pages.redirects import botagent_page, portfolio_redirect_page
from agency_site.pages.services import service_detail_page, services_page, unknown_service_page
from agency_site.reflex_adapter import EventType
from agency_site.state.contact_form import ContactFormState

ALL_PROJECTS_PATH = f"/portfolio/{DEFAULT_PORTFOLIO_TAB}"

# The page types: each has a sharing image of its own (scripts/og_artwork.py), its line on
# it (`seo-og-{kind}`) and the structured data agency_site.seo.head gives it.
PageKind = Literal[
    "home",
    "services",
    "service",
    "portfolio",
    "project",
    "blog",
    "article",
    "about",
    "contact",
    "impressum",
    "privacy",
    "not-found",
]
PAGE_KINDS: tuple[PageKind, ...] = get_args(PageKind)


@dataclass(frozen=True)
class Route:
    """One screen at one spec path; `build(lang)` makes its page in a language.

    The route, not the page, says what search engines are told (docs/architecture.md §2): `kind` is
    the page type (`PageKind`: its sharing image and structured data);
    `canonical` is the spec path of the page this one shows under another URL (an unknown
    id, a redirect), and `noindex` asks search engines to leave the page out. The head
    (agency_site.seo.head) and the sitemap read these, and nothing else decides them.
    `on_load` is what the server runs when a browser connected to the page loads it (only
    the contact page has any): the route says it, so a server can register it without
    building the page.
    """

    path: str
    build: Callable[[str], Page]
    kind: PageKind
    canonical: str | None = None
    noindex: bool = False
    on_load: EventType[()] | None = None

    def __post_init__(self) -> None:
        # A Literal is checked by the type checker only; a misspelt kind stops the build too.
        if self.kind not in PAGE_KINDS:
            raise ValueError(f"{self.path}: unknown page kind {self.kind!r}; add it to PageKind")

    @property
    def is_dynamic(self) -> bool:
        return "[" in self.path

    @property
    def canonical_path(self) -> str:
        """The spec path search engines should index for this route's content."""
        return self.canonical or self.path

    @property
    def in_sitemap(self) -> bool:
        """Static pages that are their own canonical and may be indexed."""
        return not self.noindex and not self.is_dynamic and self.canonical_path == self.path


def route_table() -> list[Route]:
    """Every route of docs/product.md §2, static ones before the dynamic fallbacks; the known ids
    come from the content files (services.yaml, projects.yaml, blog/)."""
    catalog = get_catalog()
    return [
        Route("/", home_page, "home"),
        Route("/services", services_page, "services"),
        *[Route(f"/services/{sid}", service_detail_page(sid), "service") for sid in catalog.service_ids],
        Route(
            "/services/[service_id]", unknown_service_page, "services", canonical="/services", noindex=True
        ),
        # Both send the visitor to /portfolio/all, which is their canonical.
        Route("/portfolio", portfolio_redirect_page, "portfolio", canonical=ALL_PROJECTS_PATH),
        *[Route(f"/portfolio/{tab}", portfolio_tab_page(tab), "portfolio") for tab in catalog.portfolio_tabs],
        Route("/portfolio/[tab]", portfolio_redirect_page, "portfolio", canonical=ALL_PROJECTS_PATH),
        *[Route(f"/project/{pid}", project_page(pid), "project") for pid in catalog.project_ids],
        # docs/product.md §8: any other project id shows project 100.
        Route(
            "/project/[project_id]",
            project_page(FALLBACK_PROJECT_ID),
            "project",
            canonical=f"/project/{FALLBACK_PROJECT_ID}",
        ),
        Route("/blog", blog_page, "blog"),
        *[Route(f"/blog/{post_id}", article_page(post_id), "article") for post_id in get_post_ids()],
        Route("/blog/[blog_id]", unknown_article_page, "not-found", canonical="/blog", noindex=True),
        Route("/about", about_page, "about"),
        Route(CONTACT_PATH, contact_page, "contact", on_load=ContactFormState.resume),
        # Only sends the visitor to the BotAgent site; nothing to find here.
        Route("/botagent", botagent_page, "home", noindex=True),
        Route("/impressum", impressum_page, "impressum"),
        Route("/datenschutz", privacy_page, "privacy"),
    ]
