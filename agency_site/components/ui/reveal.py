"""Scroll reveal (docs/product.md §9): a block's content fades in as the block is scrolled to.

How to use it: wrap a block in `reveal(...)`, or give an element `reveal_attrs(index)`
through `custom_attrs`. `index` staggers siblings: each starts a step later.

    rx.el.div(*[reveal(card(item), index=i) for i, item in enumerate(items)])

CSS only (assets/styles.css, 'Motion'): the block's position flips a switch, a
scroll-driven animation that says "shown" once 10 % of the block is in view (5 % below
768 px, docs/product.md's thresholds); the block's children, what fades, follow the switch with a
short fade in time, each `index` starting docs/product.md's stagger later (index x 100 ms, half
below 768 px). A block at rest is hidden or fully shown, never half-faded, so its text
keeps its contrast; its own box (a card's border and background) does not fade.

What is on the first screen when the page loads is already shown, so it stays as it was
painted, without a fade (fading it in delayed /about's largest paint from ~1.0 s to
2.6 s in Lighthouse's mobile run). With `prefers-reduced-motion: reduce` or in a browser
without scroll-driven animations nothing is hidden and nothing moves. Without JavaScript
it works the same: the animation needs no script.
"""

from __future__ import annotations

import reflex as rx

REVEAL_ATTRIBUTE = "data-reveal"
# assets/styles.css has a stagger step for each index up to this one; later siblings
# share the last step.
REVEAL_MAX_INDEX = 7


def reveal_attrs(index: int = 0) -> dict[str, str]:
    """Attributes that make an element reveal on scroll, `index` steps after its first sibling."""
    return {REVEAL_ATTRIBUTE: str(min(max(index, 0), REVEAL_MAX_INDEX))}


def reveal(*children: rx.Component, index: int = 0, class_name: str = "") -> rx.Component:
    """A block that fades in as it scrolls into view."""
    return rx.el.div(*children, class_name=class_name, custom_attrs=reveal_attrs(index))
