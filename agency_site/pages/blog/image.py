"""Blog images with docs/product.md §4's state machine: loading (skeleton), loaded, failed
(placeholder plus 'Image unavailable'), and the article hero's fall-back to the placeholder.

The image is the kit's `picture(..., with_state=True)` (components/ui/picture.py,
frontend/react/blog_image.jsx): it keeps its state in its `data-image-state` attribute, from which CSS (assets/styles.css, 'Blog' block) shows the
card's skeleton or failure panel. The skeleton sits behind the image, so before React
hydrates, and without JavaScript, it shows until the image covers it.
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.picture import CARD_GRID_SIZES, picture
from agency_site.content.blog import BlogPost

# The article's image: the page's content box up to max-w-5xl (1024 px).
ARTICLE_IMAGE_SIZES = "(min-width: 1088px) 1024px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"


def _post_picture(src: str, post: BlogPost, sizes: str, **props) -> rx.Component:
    # Every image of a post (its own, the placeholder) has the size the post records.
    return picture(src, width=post.image_width, height=post.image_height, sizes=sizes, **props)


def card_image(lang_unavailable: str, post: BlogPost, *, eager: bool) -> rx.Component:
    """A card's 16:9 image: skeleton while loading, placeholder and a note when it fails."""
    return rx.el.div(
        rx.el.div(aria_hidden="true", class_name="blog-image-skeleton absolute inset-0"),
        _post_picture(
            post.image,
            post,
            CARD_GRID_SIZES,
            alt=post.image_alt,
            eager=eager,
            with_state=True,
            class_name="relative h-full w-full object-cover transition duration-500 group-hover:scale-105",
        ),
        rx.el.div(
            # Lazy: fetched only if the failure panel is ever shown.
            _post_picture(
                post.placeholder,
                post,
                CARD_GRID_SIZES,
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
    """The article's image; on a load error it shows the placeholder instead (docs/product.md §8)."""
    return _post_picture(
        post.image,
        post,
        ARTICLE_IMAGE_SIZES,
        alt=post.image_alt,
        # The article's largest paint: fetched before the page's scripts and other images.
        priority=True,
        with_state=True,
        fallback_src=post.placeholder,
        data_testid="article-image",
        class_name="aspect-[16/9] h-auto max-h-[560px] w-full rounded-3xl bg-slate-100 object-cover shadow-sm",
    )
