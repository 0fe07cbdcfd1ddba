"""The one document-level script behind the shared interactive pieces.

Mounted once per page by the page shell. Each piece (reveal, rotator, transition,
click-to-load embeds, video card, avatar) contributes a small plain-JavaScript part;
none needs React state, so all of them work from first paint, before the bundle has
hydrated, and without the backend (DESIGN.md §4), and they cost no bundle weight.
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.embeds.avatar import AVATAR_SCRIPT
from agency_site.components.embeds.click_to_load import CLICK_TO_LOAD_SCRIPT
from agency_site.components.embeds.video_card import VIDEO_SCRIPT
from agency_site.components.ui.reveal import REVEAL_SCRIPT
from agency_site.components.ui.rotator import ROTATOR_SCRIPT
from agency_site.components.ui.transition import TRANSITION_SCRIPT

# `agencyEnhance(selector, setUp)` calls `setUp(element)` once for every element that
# matches, now and whenever React adds one (a client-side page change). Elements are
# marked as set up with a property, not an attribute, so the markup stays React's.
ENHANCE_SCRIPT = """
window.agencyEnhance = (function () {
  var enhancers = [];
  function apply(node) {
    if (node.nodeType !== 1) return;
    enhancers.forEach(function (enhancer) {
      var found = Array.prototype.slice.call(node.querySelectorAll(enhancer.selector));
      if (node.matches(enhancer.selector)) found.unshift(node);
      found.forEach(function (element) {
        var done = element.__agencyEnhanced || (element.__agencyEnhanced = {});
        if (done[enhancer.selector]) return;
        done[enhancer.selector] = true;
        try { enhancer.setUp(element); } catch (error) { console.error(error); }
      });
    });
  }
  function start() {
    apply(document.body);
    new MutationObserver(function (records) {
      records.forEach(function (record) { record.addedNodes.forEach(apply); });
    }).observe(document.body, { childList: true, subtree: true });
  }
  if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
  return function (selector, setUp) {
    enhancers.push({ selector: selector, setUp: setUp });
    if (document.body) apply(document.body);
  };
})();
"""

BEHAVIOURS_SCRIPT = "".join(
    (
        "(function () {\nif (window.agencyEnhance) return;\n",
        ENHANCE_SCRIPT,
        REVEAL_SCRIPT,
        ROTATOR_SCRIPT,
        TRANSITION_SCRIPT,
        CLICK_TO_LOAD_SCRIPT,
        VIDEO_SCRIPT,
        AVATAR_SCRIPT,
        "})();\n",
    )
)


def behaviours_script() -> rx.Component:
    """The inline script element; put it once near the top of every page's body."""
    return rx.el.script(BEHAVIOURS_SCRIPT)
