"""A visit costs the server nothing until the visitor writes to us.

Stock Reflex connects every page to the backend as soon as it hydrates: it opens the
websocket, sends `hydrate`, and the server builds and keeps a state for the tab, whenever
the app has any state at all (ours has the contact form's). Every page also downloads the
socket client with the runtime. On a marketing site read a thousand times per message,
that makes the server's cost grow with its readers.

These patches of Reflex's `utils/state.js` (the code is in `connect_on_intent.js`, applied
by `anchored.PatchGeneratedFrontend`) change three things:

- a page connects only when an event that needs the server is queued. Today that is the
  contact form, which sends one when the visitor first focuses it, types or sends
  (`frontend/react/form_session.jsx`). Reading and navigating, in either language, opens
  no websocket, runs no `hydrate` or on_load, and creates no state on the server;
- socket.io-client is imported by the first connection, so it is a chunk of its own that
  readers never download;
- each page load starts a new session instead of resuming the tab's last one.

Everything else (reconnecting with backoff, queueing events while disconnected, hydrate
on (re)connect, the page's on_load) is Reflex's own code, unchanged.
"""

from __future__ import annotations

from pathlib import Path

from agency_site.frontend.patches.anchored import AnchoredPatch

STATE_JS = "utils/state.js"
_CODE = Path(__file__).with_name("connect_on_intent.js")


def _patch(name: str, anchor: str, where, why: str) -> AnchoredPatch:
    return AnchoredPatch(name=name, file=STATE_JS, anchor=anchor, where=where, source=_CODE, why=why)


CONNECT_ON_INTENT: tuple[AnchoredPatch, ...] = (
    _patch(
        "lazy-socket-client",
        'import io from "socket.io-client";\n',
        "instead",
        "socket.io-client is imported dynamically by the first connection, not with the runtime",
    ),
    _patch(
        "no-static-cookies",
        'import Cookies from "universal-cookie";\n',
        "instead",
        "universal-cookie is imported with the socket client, not with the runtime",
    ),
    _patch(
        "no-cookie-instance",
        "const cookies = new Cookies();\n",
        "instead",
        "the cookie jar is created when universal-cookie arrives",
    ),
    _patch(
        "remove-cookie-loads-cookies",
        "    cookies.remove(event.payload.key, { ...event.payload.options });\n",
        "before",
        "the remove-cookie event loads the cookie jar first",
    ),
    _patch(
        "cookies-once-loaded",
        "  if (client_storage.cookies) {\n    for (const state_key in client_storage.cookies) {\n",
        "instead",
        "cookie vars are read once the cookie jar is loaded",
    ),
    _patch(
        "token-per-page-view",
        'const TOKEN_KEY = "token";\n',
        "after",
        "each page load starts a new session (Reflex keeps the session token in sessionStorage)",
    ),
    _patch(
        "no-warm-socket",
        "      socketStarted ||\n",
        "after",
        "no transport is opened while the page loads (Reflex's early 'warm socket')",
    ),
    _patch(
        "connect-loads-socket-client",
        "  // Socket already allocated, just reconnect it if needed.\n",
        "before",
        "connect() loads the socket client first",
    ),
    _patch(
        "connect-only-when-wanted",
        "      Object.keys(app.initialState).length > 1 &&\n",
        "instead",
        "the event loop connects once the page asked for the server, not because the app has state",
    ),
    _patch(
        "intent-opens-connection",
        "    if (!event_actions?.temporal) {\n      // Reconnect socket if needed for non-temporal events.\n",
        "before",
        "the first event that needs the server (not an error report) opens the connection",
    ),
    _patch(
        "on-load-only-when-connected",
        "    addEvents(app.onLoadInternalEvent());\n",
        "instead",
        "client-side navigation sends on_load only on a page that connected",
    ),
)
