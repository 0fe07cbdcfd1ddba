"""Text rotator (docs/product.md §4 'Text rotator helper'): cycles a list of texts in place.

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
nothing. The count, interval, fade and cycles are CSS custom properties set here.

It stops by itself after `cycles` cycles, on the first text, and `rotator_pause(label)`
is a control that holds it at once (WCAG 2.2.2: moving content can be paused): it holds
the rotators inside the nearest element of class `ROTATOR_SCOPE`, which must hold both
the control and its rotators. With
`prefers-reduced-motion: reduce`, and in a browser without `linear()` easing, it shows the
first text, still.
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING_PEER
from agency_site.constants import TEXT_ROTATOR_CYCLES, TEXT_ROTATOR_FADE_MS, TEXT_ROTATOR_INTERVAL_MS

# The class of the element around a pause control and the rotators it holds. The CSS
# reads the checkbox with a :has() anchored there, not at :root: Chrome restyles every
# element under a :has() subject whenever nodes are inserted below it, so on :root each
# node React inserts while streaming and hydrating restyled the whole document (on the
# home page three extra restyles of ~620 elements, Lighthouse mobile Style & Layout about
# 2.5x the page's before the control).
ROTATOR_SCOPE = "rotator-scope"


def text_rotator(
    texts: list[str],
    *,
    interval_ms: int = TEXT_ROTATOR_INTERVAL_MS,
    fade_ms: int = TEXT_ROTATOR_FADE_MS,
    cycles: int = TEXT_ROTATOR_CYCLES,
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
                "--rotator-cycles": cycles,
            },
        },
    )


def rotator_pause(label: str) -> rx.Component:
    """'Pause animation': a checkbox that holds every rotator inside the same
    `ROTATOR_SCOPE` element (assets/styles.css). Native, so it works before hydration and with JavaScript off;
    a small round button to the eye, a checkbox named `label` to a screen reader. Hidden
    with reduced motion, where nothing moves."""
    return rx.el.label(
        rx.el.input(type="checkbox", class_name="peer sr-only", custom_attrs={"data-rotator-pause": ""}),
        rx.el.span(
            lucide_icon("pause", size=14, aria_hidden="true", class_name="group-has-checked:hidden"),
            lucide_icon("play", size=14, aria_hidden="true", class_name="hidden group-has-checked:block"),
            rx.el.span(label, class_name="sr-only"),
            class_name=(
                "inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-full border "
                f"border-slate-300 bg-white text-slate-700 hover:bg-slate-50 {FOCUS_RING_PEER}"
            ),
        ),
        class_name="rotator-pause group inline-flex",
        data_testid="rotator-pause",
    )
