"""Blog teaser: the six home posts of docs/product.md §2 and 'View All Articles' (posts from the blog loader)."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.heading import heading, wrapping
from agency_site.components.ui.kit import FOCUS_RING_WITHIN
from agency_site.components.ui.picture import CARD_GRID_SIZES, picture
from agency_site.components.ui.reveal import reveal_attrs
from agency_site.components.ui.section import arrow_label
from agency_site.constants import HOME_BLOG_TEASER_COUNT
from agency_site.content.blog import BlogPost, get_posts
from agency_site.formats import month_name
from agency_site.i18n import localized_path, t
from agency_site.pages.home.common import home_section


def teaser_posts(lang: str) -> list[BlogPost]:
    """The newest posts (docs/product.md §2's six), newest first."""
    return get_posts(lang)[:HOME_BLOG_TEASER_COUNT]


def short_date(lang: str, post: BlogPost) -> str:
    """The month of the post: what docs/product.md §3's rule (the date up to its first space)
    gives for 'April 15, 2024'. German writes the day first ('15. April 2024'), where
    that rule would leave a bare '15.', so the month is taken by name in every language.
    """
    return month_name(lang, post.published)


def post_card(lang: str, post: BlogPost, index: int) -> rx.Component:
    """Image, date, read time, title and excerpt; the title's link stretches over the card,
    so a screen reader hears the title as the link and the rest as its description."""
    meta_id, excerpt_id = f"home-post-{post.id}-meta", f"home-post-{post.id}-excerpt"
    return rx.el.article(
        rx.el.div(
            picture(
                post.image,
                width=post.image_width,
                height=post.image_height,
                sizes=CARD_GRID_SIZES,
                alt=post.image_alt,
                class_name="h-full w-full object-cover transition duration-500 group-hover:scale-105",
            ),
            class_name="aspect-[16/9] overflow-hidden bg-slate-100",
        ),
        rx.el.div(
            rx.el.p(
                rx.el.time(
                    short_date(lang, post),
                    date_time=post.published.isoformat(),
                    title=post.date,
                    custom_attrs={"data-testid": "post-date"},
                ),
                rx.el.span("·", aria_hidden="true"),
                rx.el.span(t(lang, "blog-min-read", minutes=post.read_minutes)),
                id=meta_id,
                class_name="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-violet-700",
            ),
            heading(
                3,
                rx.el.a(
                    wrapping(post.title),
                    href=localized_path(lang, post.path),
                    aria_describedby=f"{excerpt_id} {meta_id}",
                    class_name="after:absolute after:inset-0 after:rounded-3xl",
                ),
                class_name="mt-3 text-lg font-semibold leading-snug text-slate-900 group-hover:text-violet-700",
            ),
            rx.el.p(
                post.excerpt,
                id=excerpt_id,
                class_name="mt-2 line-clamp-3 flex-1 text-sm leading-relaxed text-slate-600",
            ),
            # The whole card is the link: 'Read more' only repeats that, on screen.
            rx.el.span(arrow_label(t(lang, "blog-read-more")), aria_hidden="true"),
            class_name="flex flex-1 flex-col p-6",
        ),
        class_name=(
            "group relative flex h-full flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm "
            f"transition hover:-translate-y-1 hover:shadow-lg {FOCUS_RING_WITHIN}"
        ),
        custom_attrs={**reveal_attrs(index % 3), "data-testid": f"home-post-{post.id}"},
    )


def blog_teaser(lang: str) -> rx.Component:
    """Six post cards and the button to the blog."""
    return home_section(
        lang,
        "blog",
        rx.el.div(
            *[post_card(lang, post, index) for index, post in enumerate(teaser_posts(lang))],
            class_name="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3",
        ),
        action=("home-blog-view-all", "/blog"),
    )
