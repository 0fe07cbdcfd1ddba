"""One article (/blog/{id}) and the page for an unknown id (docs/product.md §2, §8)."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx

from agency_site.components.ui.closing_cta import closing_cta
from agency_site.components.ui.heading import heading, page_title
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import LIGHT_BUTTON_ON_VIOLET, PRIMARY_BUTTON, internal_link
from agency_site.content.blog import BlogPost, get_post, get_post_ids, get_posts
from agency_site.i18n import localized_path, t
from agency_site.pages import Page
from agency_site.pages.blocks import SCROLL_TOP_ON_OPEN
from agency_site.pages.blog.card import post_card, post_meta
from agency_site.pages.blog.image import hero_image


def _back_link(lang: str) -> rx.Component:
    return rx.el.a(
        lucide_icon("arrow-left", size=16, aria_hidden="true"),
        t(lang, "blog-back"),
        href=localized_path(lang, "/blog"),
        data_testid="back-to-blog",
        class_name="inline-flex items-center gap-2 text-sm font-semibold text-violet-700 hover:text-violet-900",
    )


def _header(lang: str, post: BlogPost) -> rx.Component:
    return rx.el.header(
        _back_link(lang),
        page_title(post.title, class_name="mt-8"),
        rx.el.p(post.excerpt, class_name="mt-5 text-lg leading-relaxed text-pretty text-slate-600"),
        rx.el.div(
            rx.el.p(
                lucide_icon("user-round", size=14, aria_hidden="true"),
                t(lang, "blog-by", author=post.author),
                data_testid="article-author",
                class_name="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700",
            ),
            post_meta(lang, post),
            class_name="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2",
        ),
        class_name="mx-auto max-w-3xl pt-10 sm:pt-16",
    )


def _body(lang: str, post: BlogPost) -> rx.Component:
    if not post.html:
        return rx.el.p(
            t(lang, "blog-content-coming"), data_testid="article-body", class_name="text-lg text-slate-500"
        )
    return rx.html(post.html, data_testid="article-body", class_name="article-body")


# How many other posts the article suggests at its end.
MORE_ARTICLES = 3


def _more_articles(lang: str, post: BlogPost) -> rx.Component:
    """The next posts in list order (wrapping round), never the current one."""
    posts = get_posts(lang)
    # By id, so the article reads (and is rebuilt for) only the posts it suggests.
    start = get_post_ids().index(post.id)
    others = [posts[(start + step) % len(posts)] for step in range(1, MORE_ARTICLES + 1)]
    return rx.el.section(
        heading(
            2,
            t(lang, "blog-more-title"),
            class_name="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl",
        ),
        rx.el.div(
            *[post_card(lang, other, level=3) for other in others],
            class_name="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3",
        ),
        data_testid="more-articles",
        class_name="mt-20",
    )


def _cta(lang: str) -> rx.Component:
    return closing_cta(
        t(lang, "blog-article-cta-title"),
        t(lang, "blog-article-cta-text"),
        internal_link(lang, t(lang, "blog-article-cta-button"), "/contact", style=LIGHT_BUTTON_ON_VIOLET),
    )


def article_page(post_id: str) -> Callable[[str], Page]:
    """The page of one known post; its head title and description are the post's own."""

    def build(lang: str) -> Page:
        post = get_post(lang, post_id)
        if post is None:
            raise ValueError(f"no blog post {post_id!r} in {lang!r}")
        body = rx.el.article(
            _header(lang, post),
            rx.el.div(hero_image(post), class_name="mx-auto mt-10 max-w-5xl"),
            rx.el.div(_body(lang, post), class_name="mx-auto mt-12 max-w-3xl"),
            _more_articles(lang, post),
            _cta(lang),
            data_scroll=SCROLL_TOP_ON_OPEN,
        )
        return Page(content=body, title=post.title, description=post.excerpt)

    return build


def unknown_article_page(lang: str) -> Page:
    """Any other id under /blog/: 'Blog Post Not Found' with a way back (docs/product.md §8)."""
    title = t(lang, "blog-not-found-title")
    body = rx.el.section(
        rx.el.span(
            lucide_icon("file-question", size=32, aria_hidden="true"),
            class_name="inline-flex h-16 w-16 items-center justify-center rounded-3xl bg-violet-100 text-violet-700",
        ),
        heading(
            1,
            title,
            data_testid="screen-title",
            class_name="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl",
        ),
        rx.el.p(t(lang, "blog-not-found-text"), class_name="mx-auto mt-4 max-w-md text-lg text-slate-600"),
        rx.el.a(
            lucide_icon("arrow-left", size=18, aria_hidden="true"),
            t(lang, "blog-not-found-link"),
            href=localized_path(lang, "/blog"),
            data_testid="back-to-blog",
            class_name=f"{PRIMARY_BUTTON} mt-8",
        ),
        class_name="py-20 text-center sm:py-28",
    )
    return Page(
        content=body,
        title=title,
        description=t(lang, "blog-not-found-text"),
    )
