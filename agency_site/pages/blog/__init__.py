"""Blog list (/blog) and articles (/blog/{id}): docs/product.md §2 'Blog'."""

from __future__ import annotations

from agency_site.pages.blog.article import article_page, unknown_article_page
from agency_site.pages.blog.listing import blog_page

__all__ = ["article_page", "blog_page", "unknown_article_page"]
