"""What a visitor should see: expected titles per route, from the content files."""

from __future__ import annotations

from dataclasses import dataclass

from agency_site.i18n import localized_path
from tests.support.content import (
    catalogue,
    keys_of,
    legal_headings,
    legal_updated,
    post,
    text,
    texts,
    texts_of,
)

__all__ = ["keys_of", "legal_headings", "legal_updated", "post", "text", "texts", "texts_of"]

# What docs/product.md fixes about the catalog and the blog: the services, projects and posts it
# names, with their colours, tabs and order. The content files may add more (docs/content-editors.md,
# 'Adding content'): tests/unit/content/test_catalog.py and test_blog.py check that the spec's own
# are there as it says, and every other test expects what the files list today
# (tests/support/content.py `catalogue()`), so following a recipe keeps the tests green.
SPEC_SERVICE_COLOURS: dict[str, str] = {  # docs/product.md §3, in the services page's order
    "ai-automation": "purple",
    "ai-callers": "blue",
    "chatbot-development": "orange",
    "software-development": "pink",
    "app-development": "green",
    "web-development": "red",
    "ai-agents": "yellow",
    "ai-avatars": "indigo",
}
FEATURED_SERVICE_IDS = ("ai-callers", "app-development", "software-development", "ai-agents")
FOOTER_SERVICE_IDS = ("ai-automation", "ai-callers", "chatbot-development", "software-development")
PURCHASABLE_SERVICE_IDS = ("chatbot-development", "ai-callers", "ai-avatars")
# docs/product.md §9 'Counts': what the content files hold (the app counts nothing).
FAQ_ITEM_COUNT = 8
STOCK_IMAGE_COUNT = 22
SPEC_PROJECT_SLUGS: dict[int, str] = {  # docs/product.md §2 'Project detail'
    100: "business-formation",
    101: "ikigai-app",
    102: "ikigai-web",
    103: "metatrader",
    104: "ai-avatar",
    105: "smart-start",
    106: "ai-caller",
}
# docs/product.md §3 'Projects per service', by portfolio tab, in listing order.
SPEC_PROJECTS_PER_TAB: dict[str, list[int]] = {
    "all": [100, 101, 102, 103, 104, 105, 106],
    "ai-callers": [106],
    "software-development": [103],
    "app-development": [101],
    "web-development": [100, 102, 105],
    "ai-avatars": [104],
}
# The six home-teaser posts of docs/product.md §2 first, then the two list-only posts.
SPEC_BLOG_POST_IDS = (
    "ai-everyday-life",
    "ai-healthcare",
    "ai-cybersecurity",
    "ethical-ai",
    "ai-automation",
    "ai-data-analytics",
    "ai-customer-service",
    "future-of-ai-agents",
)

# What the content files list today (tests/support/content.py reads them, not the app's loaders).
SERVICE_COLOURS: dict[str, str] = catalogue().service_colours
SERVICE_IDS = tuple(SERVICE_COLOURS)
PROJECT_SLUGS: dict[int, str] = catalogue().project_slugs
PROJECT_IDS = tuple(PROJECT_SLUGS)
PORTFOLIO_TABS = catalogue().portfolio_tabs
PROJECTS_PER_TAB: dict[str, list[int]] = {tab: catalogue().projects_of(tab) for tab in PORTFOLIO_TABS}
BLOG_POST_IDS = catalogue().post_ids  # newest first: the home page shows the first six


@dataclass(frozen=True)
class Screen:
    path: str  # the spec's path
    title_key: str
    final_path: str | None = None  # where the visitor ends up, when redirected

    def title(self, lang: str) -> str:
        return text(lang, self.title_key)

    def landing(self, lang: str) -> str:
        return localized_path(lang, self.final_path or self.path)


@dataclass(frozen=True)
class PostScreen(Screen):
    """A blog article: its heading is the post's own title."""

    title_key: str = ""

    def title(self, lang: str) -> str:
        return post(lang, self.path.rsplit("/", 1)[-1]).title


STATIC_SCREENS: list[Screen] = [
    Screen("/", "page-home-title"),
    Screen("/services", "page-services-title"),
    *[Screen(f"/services/{sid}", f"service-{sid}-title") for sid in SERVICE_IDS],
    Screen("/portfolio", "page-portfolio-title", final_path="/portfolio/all"),
    *[Screen(f"/portfolio/{tab}", "page-portfolio-title") for tab in PORTFOLIO_TABS],
    *[Screen(f"/project/{pid}", f"project-{PROJECT_SLUGS[pid]}-title") for pid in PROJECT_IDS],
    Screen("/blog", "page-blog-title"),
    *[PostScreen(f"/blog/{post}") for post in BLOG_POST_IDS],
    Screen("/about", "page-about-title"),
    Screen("/contact", "page-contact-title"),
    Screen("/impressum", "page-impressum-title"),
    Screen("/datenschutz", "page-datenschutz-title"),
]

# Unknown ids under a dynamic route: what docs/product.md §8 says each shows for now.
DYNAMIC_SCREENS: list[Screen] = [
    Screen("/services/no-such-service", "page-services-title"),
    Screen("/project/999", "project-business-formation-title"),
    Screen("/blog/no-such-post", "blog-not-found-title"),
    Screen("/portfolio/no-such-tab", "page-portfolio-title", final_path="/portfolio/all"),
]

# One page of every type (docs/product.md §2), by English path; the German one is localized.
PAGE_TYPES = {
    "home": "/",
    "services": "/services",
    "service-detail": "/services/ai-callers",
    "unknown-service": "/services/no-such-service",
    "portfolio-tab": "/portfolio/all",
    "project": "/project/103",  # a screenshot carousel
    "project-video": "/project/104",
    "project-voice": "/project/106",
    "blog": "/blog",
    "article": "/blog/ai-everyday-life",
    "unknown-article": "/blog/no-such-article",
    "about": "/about",
    "contact": "/contact",
    "legal-notice": "/impressum",
    "privacy-policy": "/datenschutz",
    "not-found": "/no-such-page",
}

HEADER_LINKS = ["/", "/services", "/botagent", "/portfolio", "/about", "/contact", "/blog"]
HEADER_LABEL_KEYS = [
    "nav-home",
    "nav-services",
    "nav-botagent",
    "nav-portfolio",
    "nav-about",
    "nav-contact",
    "nav-blog",
]
