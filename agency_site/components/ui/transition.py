"""Page transition overlay (docs/product.md 'Page transition overlay', §4, §9).

A full-screen colour overlay with blur plays between pages: fade in, hold 500 ms, fade
out 700 ms; default colour white at 85 % opacity; a new start within 1200 ms of the
last one is ignored. A card click navigates after 200 ms below 768 px (300 ms above); a
back button goes back in history after 300 ms. With reduced motion the navigation
happens at once, without the overlay.

How to use it:

    transition_link(*children, href=localized_path(lang, "/services/ai-callers"),
                    colour="#dbeafe", class_name=..., data_testid=...)
    transition_link(*children, href=services_path, colour="#dbeafe", back=True)

Both are real `<a href>` links: before hydration and with JavaScript off they simply
open `href` (then without the overlay). A `back=True` link goes back in history when a
page of this site is behind the visitor, else to `href`.

The pieces:
- The overlay's state is Reflex client-side state: `OVERLAY_COLOUR`, the colour now
  playing ("" when idle). The overlay element (`page_transition_overlay`) sits once
  in the app's root, outside the pages, so it keeps playing over the next page; its
  CSS animation (assets/styles.css, 'Motion') is the fade in, hold and fade out, and
  at its end an event chain sets the state back to idle.
- The click timing (the delay before navigating, the 1200 ms lock, history back with
  its fallback) is `agency_site/frontend/react/page_transition.jsx`, wrapped here; it starts the
  overlay by calling its `on_start` event chain, which sets `OVERLAY_COLOUR`.
"""

from __future__ import annotations

import reflex as rx
from reflex import Var

from agency_site.constants import (
    BACK_NAVIGATION_DELAY_MS,
    CARD_NAVIGATION_DELAY_DESKTOP_MS,
    CARD_NAVIGATION_DELAY_MOBILE_MS,
    MOBILE_BREAKPOINT_PX,
    OVERLAY_DEFAULT_COLOUR,
    TRANSITION_LOCK_MS,
)
from agency_site.frontend.react import jsx_library
from agency_site.reflex_adapter import ClientStateVar, ComponentWithAppWrap, Div, no_args_event_spec

OVERLAY_ID = "page-transition-overlay"
MOBILE_QUERY = f"(max-width: {MOBILE_BREAKPOINT_PX - 1}px)"

# The colour of the overlay now playing; "" while idle. Global: the links of every page
# set it, the one overlay in the app's root shows it.
OVERLAY_COLOUR = ClientStateVar.create("pageTransitionColour", default="")


class _OverlayElement(Div):
    """A div that reports the end of its CSS animation."""

    on_animation_end: rx.EventHandler[no_args_event_spec]


def page_transition_overlay() -> rx.Component:
    """The overlay: idle, or playing its animation in `OVERLAY_COLOUR`, then idle again."""
    colour = OVERLAY_COLOUR.value
    return _OverlayElement.create(
        id=OVERLAY_ID,
        aria_hidden="true",
        data_state=rx.cond(colour == "", "idle", "playing"),
        data_testid="page-transition-overlay",
        # A plain style attribute, not an emotion class per colour.
        custom_attrs={"style": {"backgroundColor": colour}},
        on_animation_end=OVERLAY_COLOUR.set_value(""),
    )


class PageTransitionLink(ComponentWithAppWrap):
    """`PageTransition` of page_transition.jsx (see its header): a React Router link that
    calls `on_start` and navigates after its delay, or goes back in history."""

    library = jsx_library("page_transition.jsx")
    tag = "PageTransition"

    to: Var[str]
    back: Var[bool]
    delay_ms: Var[int]
    mobile_delay_ms: Var[int]
    mobile_query: Var[str]
    lock_ms: Var[int]
    on_start: rx.EventHandler[no_args_event_spec]

    @staticmethod
    def app_wrap() -> dict[tuple[int, str], rx.Component]:
        # Once in the app's root, beside the pages: a page change keeps it playing.
        return {(3, "PageTransitionOverlay"): rx.fragment(page_transition_overlay())}


def transition_link(
    *children: rx.Component | str,
    href: str,
    colour: str = OVERLAY_DEFAULT_COLOUR,
    back: bool = False,
    **props,
) -> rx.Component:
    """A link to `href` that plays the overlay in `colour` first (see the module docstring)."""
    if back:
        delays = {"delay_ms": BACK_NAVIGATION_DELAY_MS, "mobile_delay_ms": BACK_NAVIGATION_DELAY_MS}
    else:
        delays = {
            "delay_ms": CARD_NAVIGATION_DELAY_DESKTOP_MS,
            "mobile_delay_ms": CARD_NAVIGATION_DELAY_MOBILE_MS,
        }
    # Names the link's kind for tests and CSS; the behaviour is the component's.
    custom_attrs = {"data-page-transition": "back" if back else "link", **props.pop("custom_attrs", {})}
    return PageTransitionLink.create(
        *children,
        custom_attrs=custom_attrs,
        to=href,
        back=back,
        mobile_query=MOBILE_QUERY,
        lock_ms=TRANSITION_LOCK_MS,
        on_start=OVERLAY_COLOUR.set_value(colour),
        **delays,
        **props,
    )
