"""The blog list: hero, live search, the eight post cards, the empty state."""

from __future__ import annotations

import reflex as rx

from agency_site.content.blog import get_posts
from agency_site.i18n import t
from agency_site.pages import Page
from agency_site.pages.blocks import page_hero
from agency_site.pages.blog.card import post_card
from agency_site.pages.blog.search import empty_state, hidden_unless_found, search_bar, search_text

# Cards in the first row are above the fold on desktop: load them at once.
EAGER_CARDS = 3


def blog_page(lang: str) -> Page:
    """The searchable list of all posts."""
    posts = get_posts(lang)
    texts = [search_text(post.title, post.excerpt) for post in posts]
    title = t(lang, "page-blog-title")
    body = rx.el.div(
        page_hero(t(lang, "blog-hero-eyebrow"), title, t(lang, "blog-hero-subtitle")),
        search_bar(lang, texts),
        rx.el.div(
            *[
                post_card(lang, post, eager=index < EAGER_CARDS, hidden=hidden_unless_found(text))
                for index, (post, text) in enumerate(zip(posts, texts, strict=True))
            ],
            data_testid="blog-list",
            class_name="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3",
        ),
        empty_state(lang, texts),
    )
    return Page(
        content=body,
        title=title,
        description=t(lang, "page-blog-description"),
    )
