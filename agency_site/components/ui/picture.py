"""The one image helper: every raster image a page shows is a `<picture>`.

    picture("/blog/stock-05.webp", width=1200, height=675, sizes=CARD_SIZES)

gives an AVIF and a WebP `<source>` with every width of the image (agency_site/images/,
made when the app is compiled) and the `sizes` the caller states for its layout, so the
browser fetches the smallest file that fills the box at the screen's pixel density; the
`<img>` inside keeps the original file (browsers without either format) and the image's
`width` and `height`, so the box is reserved before anything arrives. The `<picture>` is
`display: contents`: the `<img>` lays out as if it were its parent's child, and its classes
size it as before.

`priority=True` marks the page's largest image: fetched eagerly and first
(`fetchpriority="high"`) and decoded with the page, not after it. `with_state=True` makes
the image report whether it is loading, loaded or failed (`data-image-state`, for the
blog's skeleton and failure panel; `StatefulImage`, agency_site/frontend/react/blog_image.jsx),
and with `fallback_src` a failed image shows that file instead.
"""

from __future__ import annotations

import reflex as rx
from reflex import Var

from agency_site.constants import CONTENT_MAX_WIDTH_PX
from agency_site.frontend.react import jsx_library
from agency_site.images.variants import FORMATS, MEDIA_TYPES, responsive_image


class StatefulImage(rx.Component):
    """A `<picture>` whose `<img>` knows whether it is loading, loaded or failed (see
    blog_image.jsx); with `fallback_src`, a failed image shows that instead."""

    library = jsx_library("blog_image.jsx")
    tag = "BlogImage"

    src: Var[str]
    fallback_src: Var[str]
    sources: Var[list[dict[str, str]]]
    sizes: Var[str]
    alt: Var[str]
    loading: Var[str]
    decoding: Var[str]


def image_sources(src: str) -> list[dict[str, str]]:
    """The `<source>` elements of `src`, best format first: `type` and `srcSet`."""
    image = responsive_image(src)
    if not image.variants:
        return []
    return [
        {"type": MEDIA_TYPES[image_format], "srcSet": image.srcset(image_format)} for image_format in FORMATS
    ]


def picture(
    src: str,
    *,
    width: int,
    height: int,
    sizes: str,
    alt: str = "",
    eager: bool = False,
    priority: bool = False,
    class_name: str = "",
    with_state: bool = False,
    fallback_src: str | None = None,
    **props,
) -> rx.Component:
    """`src` (a path under assets/) as a responsive `<picture>` (see the module docstring);
    `props` go to the `<img>` (e.g. `data_testid`)."""
    # Attributes, not props: Reflex would turn width/height props into inline CSS sizes.
    attrs = {"width": str(width), "height": str(height)}
    if priority:
        attrs["fetchPriority"] = "high"
    image_props = {
        "src": src,
        "alt": alt,
        "loading": "eager" if eager or priority else "lazy",
        # The largest image is decoded with the frame that shows it; the others need not hold it.
        **({} if priority else {"decoding": "async"}),
        "custom_attrs": attrs,
        "class_name": class_name,
        **props,
    }
    sources = image_sources(src)
    if with_state:
        return StatefulImage.create(
            sources=sources,
            sizes=sizes,
            **({"fallback_src": fallback_src} if fallback_src else {}),
            **image_props,
        )
    return rx.el.picture(
        *[rx.el.source(type=source["type"], src_set=source["srcSet"], sizes=sizes) for source in sources],
        rx.el.img(**image_props),
        class_name="contents",
    )


# `sizes` of a card in a grid of one, two and three columns (`sm:grid-cols-2
# lg:grid-cols-3`) in the page's content box (components/layout/shell.py: at most
# 1400 px, padded 16, 24 and 32 px), gaps of 24-32 px.
CARD_GRID_SIZES = (
    f"(min-width: {CONTENT_MAX_WIDTH_PX}px) {(CONTENT_MAX_WIDTH_PX - 128) // 3}px, "
    "(min-width: 1024px) calc((100vw - 128px) / 3), "
    "(min-width: 640px) calc((100vw - 80px) / 2), calc(100vw - 32px)"
)
# The page's content box, whole: at most 1400 px less its padding.
CONTENT_SIZES = (
    f"(min-width: {CONTENT_MAX_WIDTH_PX}px) {CONTENT_MAX_WIDTH_PX - 64}px, "
    "(min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
)
# One of two columns from 1024 px up (`lg:grid-cols-2`), the whole box below.
HALF_COLUMN_SIZES = (
    f"(min-width: {CONTENT_MAX_WIDTH_PX}px) {CONTENT_MAX_WIDTH_PX // 2 - 40}px, "
    "(min-width: 1024px) calc(50vw - 48px), calc(100vw - 32px)"
)
# A block of at most max-w-4xl (896 px).
NARROW_SIZES = "(min-width: 960px) 896px, calc(100vw - 32px)"
