"""Keeps the websocket on the page's own port when the site is served over https from
`localhost` on a port other than 443 (the stack of `make stack`: https://localhost:8443).

Reflex's `getBackendURL` (`.web/utils/state.js`) points a backend URL whose host is
`localhost` at the page's host, and on https pages also clears the port ("Assume websocket
is on https port via load balancer"). At https://localhost:8443 the websocket would then
go to wss://localhost:443, where nothing listens. Behind a real domain on port 443 the
branch never runs (the API URL's host is not `localhost`), and on http (`make run`) it
does not clear the port, so using the page's own port changes nothing there.

Neither an API URL baked at export (any `localhost` URL is rewritten the same way; another
host name such as 127.0.0.1 would be another origin, outside `connect-src 'self'`) nor
nginx (the browser never asks port 8443) can avoid it, so this replaces that one line,
through the same anchored patches as connect_on_intent.py (anchored.py): the build
and tests/unit/frontend/test_frontend_patches.py fail naming the file when a Reflex upgrade changes it.
"""

from __future__ import annotations

from pathlib import Path

from agency_site.frontend.patches.anchored import AnchoredPatch

SAME_ORIGIN_PORT: tuple[AnchoredPatch, ...] = (
    AnchoredPatch(
        name="same-origin-port",
        file="utils/state.js",
        anchor='      endpoint.port = ""; // Assume websocket is on https port via load balancer.\n',
        where="instead",
        source=Path(__file__).with_name("backend_url.js"),
        why="the websocket stays on the page's own port on https (the stack at https://localhost:8443)",
    ),
)
