"""Blog images with SPEC.md §4's state machine: loading (skeleton), loaded, failed
(placeholder plus 'Image unavailable'), and the article hero's fall-back to the placeholder.

The state lives in a `data-image-state` attribute that the image's own load/error handlers
write; CSS (assets/styles.css, 'Blog' block) shows the skeleton or the failure panel. An
image that finished before React hydrated fired its event too early, so IMAGE_STATE_SYNC
reads `complete`/`naturalWidth` once on mount.
"""

from __future__ import annotations

import reflex as rx
from reflex.vars import Var

from agency_site.components.browser import hooks_var
from agency_site.content.blog import BlogPost

_ON_LOAD = Var(_js_expr="(e) => { e.currentTarget.parentElement.dataset.imageState = 'loaded'; }")
_ON_ERROR = Var(
    _js_expr=(
        "(e) => { const img = e.currentTarget; console.error('Blog image failed to load:', img.currentSrc || img.src);"
        " img.parentElement.dataset.imageState = 'failed'; }"
    )
)

IMAGE_STATE_SYNC = hooks_var(
    "image-state",
    """useEffect(() => {
  for (const img of document.querySelectorAll('[data-image-state="loading"] > img')) {
    if (!img.complete) continue;
    if (img.naturalWidth > 0) img.parentElement.dataset.imageState = 'loaded';
    else { console.error('Blog image failed to load:', img.currentSrc || img.src); img.parentElement.dataset.imageState = 'failed'; }
  }
  for (const img of document.querySelectorAll('img[data-fallback-src]')) {
    if (img.complete && img.naturalWidth === 0 && img.src !== new URL(img.dataset.fallbackSrc, location.href).href) {
      console.error('Blog image failed to load:', img.src); img.src = img.dataset.fallbackSrc;
    }
  }
}, []);""",
    imports={"react": ["useEffect"]},
)


def _size(post: BlogPost) -> dict[str, str]:
    # As HTML attributes: Reflex would turn width/height props into fixed CSS sizes.
    return {"width": str(post.image_width), "height": str(post.image_height)}


def card_image(lang_unavailable: str, post: BlogPost, *, eager: bool) -> rx.Component:
    """A card's 16:9 image: skeleton while loading, placeholder and a note when it fails."""
    return rx.el.div(
        rx.el.div(aria_hidden="true", class_name="blog-image-skeleton absolute inset-0"),
        rx.el.img(
            src=post.image,
            alt="",
            loading="eager" if eager else "lazy",
            decoding="async",
            custom_attrs={**_size(post), "onLoad": _ON_LOAD, "onError": _ON_ERROR},
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
                rx.icon("image-off", size=18, aria_hidden="true"),
                lang_unavailable,
                class_name="relative inline-flex items-center gap-2 rounded-full bg-white/90 px-3 py-1.5 text-sm font-medium text-slate-600",
            ),
            data_testid="image-unavailable",
            class_name="blog-image-failed absolute inset-0 items-end justify-center pb-4",
        ),
        data_image_state="loading",
        data_testid="card-image",
        class_name="blog-image relative aspect-[16/9] overflow-hidden bg-slate-100",
    )


def hero_image(post: BlogPost) -> rx.Component:
    """The article's image; on a load error it shows the placeholder instead (SPEC.md §8)."""
    on_error = Var(
        _js_expr=(
            "(e) => { const img = e.currentTarget; const fallback = img.dataset.fallbackSrc;"
            " if (img.src !== new URL(fallback, location.href).href) {"
            " console.error('Blog image failed to load:', img.src); img.src = fallback; } }"
        )
    )
    return rx.el.img(
        src=post.image,
        alt="",
        data_fallback_src=post.placeholder,
        data_testid="article-image",
        custom_attrs={**_size(post), "onError": on_error},
        class_name="aspect-[16/9] h-auto max-h-[560px] w-full rounded-3xl bg-slate-100 object-cover shadow-sm",
    )
