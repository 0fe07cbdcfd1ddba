"""Scroll reveal (SPEC.md §9): blocks fade and rise into view as they are scrolled to.

How to use it: wrap a block in `reveal(...)`, or give an element `reveal_attrs(index)`
through `custom_attrs`. `index` staggers siblings: each waits index × 100 ms (× 50 ms
below 768 px) before it appears.

    rx.el.div(*[reveal(card(item), index=i) for i, item in enumerate(items)])

One document-level script (see `behaviours.py`) observes every `[data-reveal]` element,
also those a client-side page change adds, with an IntersectionObserver at threshold
0.1 (0.05 below 768 px) and marks it `data-revealed` once seen. Content is hidden
only after that script has run and only when motion is welcome (`html[data-reveal-ready]`
is set by it), so with JavaScript off or `prefers-reduced-motion: reduce` nothing is
ever hidden.

Blocks fade in *on scroll*: what is already on the first screen when the page loads
stays as it was painted, without a fade. Hiding it and fading it back in would only
delay the page's largest paint (on /about the intro paragraph's LCP went from ~1.0 s to
2.6 s in Lighthouse's mobile run).
"""

from __future__ import annotations

import reflex as rx

from agency_site.constants import (
    MOBILE_BREAKPOINT_PX,
    REVEAL_STAGGER_MS,
    REVEAL_THRESHOLD,
    REVEAL_THRESHOLD_MOBILE,
)

REVEAL_ATTRIBUTE = "data-reveal"


def reveal_attrs(index: int = 0) -> dict[str, str]:
    """Attributes that make an element reveal on scroll, `index` steps after its first sibling."""
    return {REVEAL_ATTRIBUTE: str(index)}


def reveal(*children: rx.Component, index: int = 0, class_name: str = "") -> rx.Component:
    """A block that fades in as it scrolls into view."""
    return rx.el.div(*children, class_name=class_name, custom_attrs=reveal_attrs(index))


# The element attributes written here (data-revealed, the delay) are not React props,
# so React never overwrites them when it re-renders.
REVEAL_SCRIPT = f"""
(function () {{
  var root = document.documentElement;
  if (!("IntersectionObserver" in window)) return;
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  var mobile = window.matchMedia("(max-width: {MOBILE_BREAKPOINT_PX - 1}px)").matches;
  var stagger = mobile ? {REVEAL_STAGGER_MS // 2} : {REVEAL_STAGGER_MS};
  var observer = new IntersectionObserver(function (entries) {{
    entries.forEach(function (entry) {{
      if (!entry.isIntersecting) return;
      var element = entry.target;
      var index = parseInt(element.getAttribute("{REVEAL_ATTRIBUTE}"), 10) || 0;
      element.style.transitionDelay = index * stagger + "ms";
      element.setAttribute("data-revealed", "true");
      observer.unobserve(element);
    }});
  }}, {{ threshold: mobile ? {REVEAL_THRESHOLD_MOBILE} : {REVEAL_THRESHOLD} }});

  function onFirstScreen(element) {{
    var box = element.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  }}
  // The first pass (the parsed document) runs before anything is hidden: blocks already
  // on screen are marked revealed, so they stay painted; the rest are hidden once the
  // pass is over (a microtask, still before the next paint). Blocks a client-side page
  // change adds later fade in, also on the first screen.
  var hidingScheduled = false;
  agencyEnhance("[{REVEAL_ATTRIBUTE}]", function (element) {{
    if (element.hasAttribute("data-revealed")) return;
    if (!root.hasAttribute("data-reveal-ready") && onFirstScreen(element)) {{
      element.setAttribute("data-revealed", "true");
    }} else {{
      observer.observe(element);
    }}
    if (hidingScheduled) return;
    hidingScheduled = true;
    queueMicrotask(function () {{ root.setAttribute("data-reveal-ready", "true"); }});
  }});
}})();
"""
