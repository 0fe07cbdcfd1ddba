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
nginx (the browser never asks port 8443) can avoid it, so this patches that one line.
`patch_backend_port` fails loudly, naming the file, when a Reflex upgrade changes it.
"""

from __future__ import annotations

from reflex.plugins import Plugin
from reflex_base.constants.base import Dirs

STATE_JS = f"{Dirs.STATE_PATH}.js"
REFLEX_LINE = 'endpoint.port = ""; // Assume websocket is on https port via load balancer.'
OUR_LINE = "endpoint.port = window.location.port; // agency-site: the page's own port (backend_url.py)"


class GeneratedFrontendChanged(RuntimeError):
    """The generated frontend no longer contains what a patch relies on."""


def patch_backend_port(state_js: str) -> str:
    """`state.js` with the https branch keeping the page's port; unchanged if already patched."""
    if OUR_LINE in state_js:
        return state_js
    if state_js.count(REFLEX_LINE) != 1:
        raise GeneratedFrontendChanged(
            f".web/{STATE_JS}: getBackendURL no longer has the line {REFLEX_LINE!r}; "
            "check whether Reflex still clears the port on https pages and update agency_site/backend_url.py"
        )
    return state_js.replace(REFLEX_LINE, OUR_LINE)


class SameOriginBackendPort(Plugin):
    """Applies `patch_backend_port` to the generated `state.js` (see the module docstring)."""

    def pre_compile(self, **context) -> None:
        context["add_modify_task"](STATE_JS, patch_backend_port)
