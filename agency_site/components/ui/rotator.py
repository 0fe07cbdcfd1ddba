"""Text rotator (SPEC.md §4 'Text rotator helper'): cycles a list of texts in place.

How to use it:

    text_rotator(["Apps", "Websites", "AI"], interval_ms=3500, fade_ms=700)

Defaults are 3000 ms per text and a 500 ms fade. Every `interval_ms` the current text
fades out, then the next one fades in; after the last comes the first again. The texts
share one grid cell, so the box keeps the width of the longest and nothing around it
moves.

CSS only (assets/styles.css, 'Motion'), no script: it runs before hydration and with
JavaScript off. Each text has one opacity animation over the whole cycle, started its
index x interval later, whose `linear()` easing draws its fade in, its time shown and its
fade out; opacity animations run on the compositor, so the cycle costs the main thread
nothing. The count, interval and fade are CSS custom properties set here. With
`prefers-reduced-motion: reduce` the texts still change, without the fade. A browser
without `linear()` easing shows the first text.
"""

from __future__ import annotations

import reflex as rx

from agency_site.constants import TEXT_ROTATOR_FADE_MS, TEXT_ROTATOR_INTERVAL_MS


def text_rotator(
    texts: list[str],
    *,
    interval_ms: int = TEXT_ROTATOR_INTERVAL_MS,
    fade_ms: int = TEXT_ROTATOR_FADE_MS,
    class_name: str = "",
    word_class_name: str = "",
) -> rx.Component:
    """An inline element showing one of `texts` at a time, changing every `interval_ms`."""
    if not 0 < 2 * fade_ms < interval_ms:
        msg = f"the fade out and in ({2 * fade_ms} ms) must fit in the interval ({interval_ms} ms)"
        raise ValueError(msg)
    return rx.el.span(
        *[
            rx.el.span(
                text,
                class_name=word_class_name,
                custom_attrs={"data-rotator-word": str(i), "style": {"--rotator-index": i}},
            )
            for i, text in enumerate(texts)
        ],
        class_name=f"rotator {class_name}".strip(),
        custom_attrs={
            "data-testid": "text-rotator",
            "style": {
                "--rotator-count": len(texts),
                "--rotator-interval": f"{interval_ms}ms",
                "--rotator-fade": f"{fade_ms}ms",
                # The fade as a share of one interval, for the phase arithmetic.
                "--rotator-fade-share": round(fade_ms / interval_ms, 6),
            },
        },
    )
