"""The one carousel of the site: `embla-carousel-react`, wrapped as a Reflex component.

docs/product.md §9 options come from constants (drag threshold 10, duration 25, centre
alignment); previous/next are disabled at the ends unless the carousel loops (§4).

How to use it:

    carousel(
        [card(item) for item in items],
        lang=lang,
        label=t(lang, "home-features-title"),   # names the region for screen readers
        loop=True,
        mobile_only=True,          # a carousel below 768 px, the track's grid above
        track_class_name="md:grid md:grid-cols-3 md:gap-6",
        slide_class_name="basis-[85%] sm:basis-[60%] md:basis-auto",
        testid="feature-cards",
    )

Slides are laid out by the markup alone (a flex row that can be dragged once the
script is in), so the prerendered page shows the first slides before any JavaScript.
The embla code is a separate chunk that `frontend/react/carousel.jsx` imports after the page has
hydrated, once the carousel is near the viewport, so it adds nothing to a page's initial
JavaScript; until it arrives the server markup stays as it is (same element, nothing
replaced). Arrow keys move between slides when the carousel has focus; with reduced motion
slides jump instead of gliding.
"""

from __future__ import annotations

import reflex as rx
from reflex import Var

from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING, FOCUS_RING_CARD
from agency_site.constants import (
    CAROUSEL_ALIGN,
    CAROUSEL_DRAG_THRESHOLD,
    CAROUSEL_DURATION,
    MOBILE_BREAKPOINT_PX,
)
from agency_site.frontend.react import jsx_library
from agency_site.i18n import t

EMBLA_PACKAGE = "embla-carousel-react@8.6.0"


class AgencyCarousel(rx.Component):
    """The carousel root, `frontend/react/carousel.jsx`: the same <div> on the server and in the
    browser; after hydration it imports embla (a chunk of its own) once the carousel is near
    the viewport and drives the previous/next buttons found by their data attributes."""

    library = jsx_library("carousel.jsx")
    tag = "AgencyCarousel"
    # Installs embla for the .jsx's dynamic import.
    lib_dependencies: list[str] = [EMBLA_PACKAGE]

    # embla options (loop, dragThreshold, duration, align, breakpoints).
    options: Var[dict]


def carousel_options(*, loop: bool, mobile_only: bool) -> dict:
    """embla options for docs/product.md §9; `mobile_only` switches it off from 768 px up."""
    options: dict = {
        "loop": loop,
        "dragThreshold": CAROUSEL_DRAG_THRESHOLD,
        "duration": CAROUSEL_DURATION,
        "align": CAROUSEL_ALIGN,
    }
    if mobile_only:
        options["active"] = False
        options["breakpoints"] = {f"(max-width: {MOBILE_BREAKPOINT_PX - 1}px)": {"active": True}}
    return options


_NAV_BUTTON = (
    "flex h-10 w-10 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 "
    "shadow-sm transition hover:border-violet-300 hover:text-violet-700 disabled:cursor-not-allowed "
    f"disabled:opacity-40 {FOCUS_RING}"
)


def _nav_button(label: str, icon: str, attribute: str) -> rx.Component:
    return rx.el.button(
        lucide_icon(icon, size=18, aria_hidden="true"),
        rx.el.span(label, class_name="sr-only"),
        type="button",
        class_name=_NAV_BUTTON,
        custom_attrs={attribute: "true"},
    )


def carousel(
    slides: list[rx.Component],
    *,
    lang: str,
    label: str,
    loop: bool = False,
    mobile_only: bool = False,
    track_class_name: str = "",
    slide_class_name: str = "basis-[85%] sm:basis-[60%]",
    class_name: str = "",
    testid: str = "",
) -> rx.Component:
    """A draggable row of `slides` with previous/next buttons (see the module docstring)."""
    count = len(slides)
    track = rx.el.div(
        *[
            rx.el.div(
                slide,
                role="group",
                class_name=f"min-w-0 shrink-0 grow-0 pl-4 {slide_class_name}",
                custom_attrs={
                    "aria-roledescription": t(lang, "carousel-slide"),
                    "aria-label": t(lang, "carousel-position", index=index + 1, count=count),
                    "data-carousel-slide": str(index),
                },
            )
            for index, slide in enumerate(slides)
        ],
        class_name=f"-ml-4 flex touch-pan-y {track_class_name}",
    )
    controls = rx.el.div(
        _nav_button(t(lang, "carousel-previous"), "chevron-left", "data-carousel-prev"),
        _nav_button(t(lang, "carousel-next"), "chevron-right", "data-carousel-next"),
        class_name=f"mt-6 flex justify-center gap-3 {'md:hidden' if mobile_only else ''}".strip(),
    )
    attrs = {
        "role": "region",
        "aria-roledescription": t(lang, "carousel"),
        "aria-label": label,
        "tabIndex": "0",
    }
    if testid:
        attrs["data-testid"] = testid
    return AgencyCarousel.create(
        rx.el.div(track, class_name="overflow-hidden", custom_attrs={"data-carousel-viewport": "true"}),
        controls,
        options=carousel_options(loop=loop, mobile_only=mobile_only),
        # Focusable for the arrow keys, so it shows a ring when focused from the keyboard.
        class_name=(f"relative rounded-3xl {FOCUS_RING_CARD} {class_name}").strip(),
        custom_attrs=attrs,
    )
