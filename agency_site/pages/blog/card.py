"""One post in the blog list: image, date and read time, title, excerpt, author."""

from __future__ import annotations

import reflex as rx
from reflex import Var

from agency_site.components.ui.heading import HeadingLevel, heading, wrapping
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING_WITHIN
from agency_site.content.blog import BlogPost
from agency_site.i18n import localized_path, t
from agency_site.pages.blog.image import card_image


def post_meta(lang: str, post: BlogPost, **props) -> rx.Component:
    """Date and read time ('5 min read'), as on cards and the article header."""
    return rx.el.p(
        rx.el.span(
            lucide_icon("calendar", size=14, aria_hidden="true"),
            rx.el.time(post.date, date_time=post.published.isoformat()),
            class_name="inline-flex items-center gap-1.5",
        ),
        rx.el.span(
            lucide_icon("clock", size=14, aria_hidden="true"),
            t(lang, "blog-min-read", minutes=post.read_minutes),
            data_testid="read-time",
            class_name="inline-flex items-center gap-1.5",
        ),
        class_name="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500",
        **props,
    )


def post_card(
    lang: str, post: BlogPost, *, eager: bool = False, level: HeadingLevel = 2, hidden: Var | None = None
) -> rx.Component:
    """The card; the title's link stretches over the whole card. `level` is the title's
    heading level (3 where the cards sit under a section heading); `hidden`, the list's search
    filter (search.py). The link is named by the title; the excerpt, date and author are its
    description."""
    about = [f"post-{post.id}-{part}" for part in ("excerpt", "meta", "author")]
    return rx.el.article(
        card_image(t(lang, "blog-image-unavailable"), post, eager=eager),
        rx.el.div(
            post_meta(lang, post, id=about[1]),
            heading(
                level,
                rx.el.a(
                    wrapping(post.title),
                    href=localized_path(lang, post.path),
                    aria_describedby=" ".join(about),
                    class_name="after:absolute after:inset-0 after:rounded-3xl",
                ),
                class_name="mt-3 text-xl font-semibold leading-snug tracking-tight text-slate-900 group-hover:text-violet-700",
            ),
            rx.el.p(
                post.excerpt,
                id=about[0],
                class_name="mt-3 line-clamp-3 text-base leading-relaxed text-slate-600",
            ),
            rx.el.div(
                rx.el.span(post.author, id=about[2], class_name="text-sm font-medium text-slate-700"),
                rx.el.span(
                    t(lang, "blog-read-more"),
                    lucide_icon(
                        "arrow-right",
                        size=16,
                        aria_hidden="true",
                        class_name="transition group-hover:translate-x-1",
                    ),
                    aria_hidden="true",
                    class_name="inline-flex items-center gap-1 text-sm font-semibold text-violet-700",
                ),
                class_name="mt-auto flex items-center justify-between gap-4 pt-6",
            ),
            class_name="flex flex-1 flex-col p-6",
        ),
        hidden=hidden,
        data_testid="blog-card",
        class_name=(
            "motion-while-seen group relative flex flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm "
            f"transition hover:-translate-y-1 hover:shadow-lg {FOCUS_RING_WITHIN}"
        ),
    )
