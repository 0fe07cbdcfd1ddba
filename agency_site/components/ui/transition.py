"""Page transition overlay (SPEC.md 'Page transition overlay', §4, §9).

A full-screen colour overlay with blur plays between pages: fade in, hold 500 ms,
fade out 700 ms; default colour white at 85 % opacity; a new start within 1200 ms of
the last one is ignored. It runs from one document-level script (see
`behaviours.py`), so it needs no React state and works on every page.

How to use it: give any link or button the attributes of `transition_attrs(...)`.

    rx.el.a(..., href=localized_path(lang, "/services/ai-callers"),
            custom_attrs=transition_attrs(colour="#dbeafe"))
    rx.el.button(..., custom_attrs=transition_attrs(colour="#dbeafe", back=True))

A link plays the overlay in its colour and follows its `href` after the card-click
delay (200 ms below 768 px, 300 ms above), through React Router when hydrated. A
`back=True` button plays it and calls `history.back()` after 300 ms. With reduced
motion the navigation happens at once, without the overlay. From other scripts:
`window.agencyTransition.start(colour)` returns false while locked.
"""

from __future__ import annotations

import json

from agency_site.constants import (
    BACK_NAVIGATION_DELAY_MS,
    CARD_NAVIGATION_DELAY_DESKTOP_MS,
    CARD_NAVIGATION_DELAY_MOBILE_MS,
    MOBILE_BREAKPOINT_PX,
    OVERLAY_DEFAULT_COLOUR,
    OVERLAY_FADE_OUT_MS,
    OVERLAY_HOLD_MS,
    TRANSITION_LOCK_MS,
)

TRANSITION_ATTRIBUTE = "data-page-transition"
OVERLAY_ID = "page-transition-overlay"


def transition_attrs(colour: str = OVERLAY_DEFAULT_COLOUR, *, back: bool = False) -> dict[str, str]:
    """Attributes that make a link (or, with `back`, a button) play the page transition."""
    return {TRANSITION_ATTRIBUTE: "back" if back else "link", "data-transition-colour": colour}


# The overlay element is made by the script and appended to <body>, outside React's
# page tree: a page change unmounts the page's components but not the overlay, so it
# can fade out over the new page.
TRANSITION_SCRIPT = f"""
(function () {{
  var lockedUntil = 0;
  var reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
  var mobile = window.matchMedia("(max-width: {MOBILE_BREAKPOINT_PX - 1}px)");

  function overlay() {{
    var element = document.getElementById({json.dumps(OVERLAY_ID)});
    if (!element) {{
      element = document.createElement("div");
      element.id = {json.dumps(OVERLAY_ID)};
      element.setAttribute("aria-hidden", "true");
      element.dataset.state = "idle";
      document.body.appendChild(element);
    }}
    return element;
  }}

  // idle -> in -> (hold {OVERLAY_HOLD_MS} ms) -> out ({OVERLAY_FADE_OUT_MS} ms) -> idle
  function start(colour) {{
    var now = Date.now();
    if (now < lockedUntil) return false;
    lockedUntil = now + {TRANSITION_LOCK_MS};
    if (reduce.matches) return true;
    var element = overlay();
    element.style.backgroundColor = colour || {json.dumps(OVERLAY_DEFAULT_COLOUR)};
    element.dataset.state = "in";
    setTimeout(function () {{
      element.dataset.state = "out";
      setTimeout(function () {{ element.dataset.state = "idle"; }}, {OVERLAY_FADE_OUT_MS});
    }}, {OVERLAY_HOLD_MS});
    return true;
  }}

  window.agencyTransition = {{ start: start }};

  // Capture phase: runs before React Router's Link handler, which skips a click whose
  // default was prevented. The replayed click carries a flag and passes through.
  document.addEventListener("click", function (event) {{
    var target = event.target;
    var trigger = target && target.closest && target.closest("[{TRANSITION_ATTRIBUTE}]");
    if (!trigger || trigger.dataset.transitionReplay === "true") return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    var back = trigger.getAttribute("{TRANSITION_ATTRIBUTE}") === "back";
    if (!start(trigger.dataset.transitionColour)) return;
    var delay = reduce.matches ? 0 : back ? {BACK_NAVIGATION_DELAY_MS}
      : mobile.matches ? {CARD_NAVIGATION_DELAY_MOBILE_MS} : {CARD_NAVIGATION_DELAY_DESKTOP_MS};
    setTimeout(function () {{
      if (back) {{ window.history.back(); return; }}
      trigger.dataset.transitionReplay = "true";
      try {{ trigger.click(); }} finally {{ delete trigger.dataset.transitionReplay; }}
    }}, delay);
  }}, true);
}})();
"""
