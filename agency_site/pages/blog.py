"""Blog list (/blog) and article (/blog/{id}): SPEC.md §2 'Blog'."""

from __future__ import annotations

from collections.abc import Callable

from agency_site.i18n import t
from agency_site.pages import Page
from agency_site.pages.placeholder import placeholder_page


def blog_page(lang: str, path: str) -> Page:
    """The searchable list of all posts."""
    return placeholder_page(lang, path, t(lang, "page-blog-title"), t(lang, "page-blog-description"))


def article_page(post_id: str) -> Callable[[str, str], Page]:
    """One known post."""

    def build(lang: str, path: str) -> Page:
        return placeholder_page(
            lang, path, t(lang, "page-article-title"), t(lang, "page-article-description")
        )

    return build


def unknown_article_page(lang: str, path: str) -> Page:
    """Any other id under /blog/ (SPEC.md §8: 'Blog Post Not Found')."""
    return placeholder_page(
        lang,
        path,
        t(lang, "page-article-title"),
        t(lang, "page-article-description"),
        canonical_path="/blog",
        noindex=True,
    )
