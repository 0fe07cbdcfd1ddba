"""Blog images with SPEC.md §4's state machine: loading (skeleton), loaded, failed
(placeholder plus 'Image unavailable'), and the article hero's fall-back to the placeholder.

The image is `BlogImage` (agency_site/frontend/react/blog_image.jsx): it keeps its state in its
`data-image-state` attribute, from which CSS (assets/styles.css, 'Blog' block) shows the
card's skeleton or failure panel. The skeleton sits behind the image, so before React
hydrates, and without JavaScript, it shows until the image covers it.
"""

from __future__ import annotations

import reflex as rx
from reflex import Var

from agency_site.components.ui.icon import lucide_icon
from agency_site.content.blog import BlogPost
from agency_site.frontend.react import jsx_library


class BlogImage(rx.Component):
    """An `<img>` that knows whether it is loading, loaded or failed (see blog_image.jsx);
    with `fallback_src`, a failed image shows that instead."""

    library = jsx_library("blog_image.jsx")
    tag = "BlogImage"

    src: Var[str]
    fallback_src: Var[str]
    alt: Var[str]
    loading: Var[str]
    decoding: Var[str]


def _size(post: BlogPost) -> dict[str, str]:
    # As HTML attributes: Reflex would turn width/height props into fixed CSS sizes.
    return {"width": str(post.image_width), "height": str(post.image_height)}


def card_image(lang_unavailable: str, post: BlogPost, *, eager: bool) -> rx.Component:
    """A card's 16:9 image: skeleton while loading, placeholder and a note when it fails."""
    return rx.el.div(
        rx.el.div(aria_hidden="true", class_name="blog-image-skeleton absolute inset-0"),
        BlogImage.create(
            src=post.image,
            alt="",
            loading="eager" if eager else "lazy",
            decoding="async",
            custom_attrs=_size(post),
            class_name="relative h-full w-full object-cover transition duration-500 group-hover:scale-105",
        ),
        rx.el.div(
            rx.el.img(
                src=post.placeholder,
                alt="",
                # Lazy: fetched only if the failure panel is ever shown.
                loading="lazy",
                custom_attrs=_size(post),
                class_name="absolute inset-0 h-full w-full object-cover",
            ),
            rx.el.span(
                lucide_icon("image-off", size=18, aria_hidden="true"),
                lang_unavailable,
                class_name="relative inline-flex items-center gap-2 rounded-full bg-white/90 px-3 py-1.5 text-sm font-medium text-slate-600",
            ),
            data_testid="image-unavailable",
            class_name="blog-image-failed absolute inset-0 items-end justify-center pb-4",
        ),
        data_testid="card-image",
        class_name="blog-image relative aspect-[16/9] overflow-hidden bg-slate-100",
    )


def hero_image(post: BlogPost) -> rx.Component:
    """The article's image; on a load error it shows the placeholder instead (SPEC.md §8)."""
    return BlogImage.create(
        src=post.image,
        fallback_src=post.placeholder,
        alt="",
        data_testid="article-image",
        # The article's largest paint: fetched before the page's scripts and other images.
        custom_attrs=_size(post) | {"fetchPriority": "high"},
        class_name="aspect-[16/9] h-auto max-h-[560px] w-full rounded-3xl bg-slate-100 object-cover shadow-sm",
    )
