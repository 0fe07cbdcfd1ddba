"""Scroll reveal (SPEC.md §9): blocks fade into view as they are scrolled to (they do not
move: assets/styles.css says why).

How to use it: wrap a block in `reveal(...)`, or give an element `reveal_attrs(index)`
through `custom_attrs`. `index` staggers siblings: each starts a step later.

    rx.el.div(*[reveal(card(item), index=i) for i, item in enumerate(items)])

CSS only (assets/styles.css, 'Motion'): a scroll-driven animation (`animation-timeline:
view()`) whose progress is how far the block has entered the viewport. It starts once
10 % of the block is in view (5 % below 768 px, SPEC.md's thresholds) and ends well
before the block is fully in; each `index` moves that range a step further in
(SPEC.md's stagger of index × 100 ms, half below 768 px, as a scroll distance: a
scroll-driven animation has no time).

What is on the first screen when the page loads is already fully in view, so it stays
as it was painted, without a fade (fading it in delayed /about's largest paint from
~1.0 s to 2.6 s in Lighthouse's mobile run). With `prefers-reduced-motion: reduce` or in
a browser without scroll-driven animations nothing is hidden and nothing moves.
Without JavaScript it works the same: the animation needs no script.
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
