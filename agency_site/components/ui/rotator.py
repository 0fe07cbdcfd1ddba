"""Text rotator (SPEC.md §4 'Text rotator helper'): cycles a list of texts in place.

How to use it:

    text_rotator(["Apps", "Websites", "AI"], interval_ms=3500, fade_ms=700)

Defaults are 3000 ms per text and a 500 ms fade. The words share one grid cell, so
the box keeps the width of the longest and nothing around it moves. The first text
shows before any script runs; one document-level script (see `behaviours.py`) then
fades the current text out and the next one in every `interval_ms`. With
`prefers-reduced-motion: reduce` the texts still change, without the fade.
"""

from __future__ import annotations

import reflex as rx

from agency_site.constants import TEXT_ROTATOR_FADE_MS, TEXT_ROTATOR_INTERVAL_MS

ROTATOR_ATTRIBUTE = "data-rotator"


def text_rotator(
    texts: list[str],
    *,
    interval_ms: int = TEXT_ROTATOR_INTERVAL_MS,
    fade_ms: int = TEXT_ROTATOR_FADE_MS,
    class_name: str = "",
    word_class_name: str = "",
) -> rx.Component:
    """An inline element showing one of `texts` at a time, changing every `interval_ms`."""
    return rx.el.span(
        *[
            rx.el.span(text, class_name=word_class_name, custom_attrs={"data-rotator-word": str(i)})
            for i, text in enumerate(texts)
        ],
        class_name=f"rotator {class_name}".strip(),
        style={"--rotator-fade": f"{fade_ms}ms"},
        custom_attrs={ROTATOR_ATTRIBUTE: str(interval_ms), "data-testid": "text-rotator"},
    )


# The current word is marked with data-active (not a React prop, so React leaves it
# alone). `agencyEnhance` (behaviours.py) also sets up rotators that a client-side page
# change adds; a timer stops once its element has left the document.
ROTATOR_SCRIPT = """
agencyEnhance("[data-rotator]", function (rotator) {
  var words = rotator.querySelectorAll("[data-rotator-word]");
  if (words.length < 2) return;
  var reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
  var fade = parseInt(getComputedStyle(rotator).getPropertyValue("--rotator-fade"), 10) || 0;
  var current = 0;
  words[0].setAttribute("data-active", "true");
  rotator.setAttribute("data-started", "true");
  var timer = setInterval(function () {
    if (!rotator.isConnected) { clearInterval(timer); return; }
    // Fade the current text out, then the next one in.
    words[current].removeAttribute("data-active");
    current = (current + 1) % words.length;
    var next = words[current];
    setTimeout(function () {
      next.setAttribute("data-active", "true");
      rotator.setAttribute("data-current", String(current));
    }, reduce.matches ? 0 : fade);
  }, parseInt(rotator.getAttribute("data-rotator"), 10) || 3000);
});
"""
