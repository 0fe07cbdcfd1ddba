"""Every redirect the server answers points at a path of this site.

Starlette's static files still redirect a directory URL that CleanUrls leaves alone
('/x/../about' to 'http://<Host header>/x/../about/'), with the request's own characters
and host in Location.
"""

from __future__ import annotations

import re

from starlette.datastructures import MutableHeaders
from starlette.types import Message, Receive, Scope, Send

from agency_site.server.asgi import Middleware, on_response_start

# A path that is a path on this site however a browser reads it: URL-safe characters, and a
# first segment that does not start with '/' or a backslash (browsers read '/\evil.com' and
# '//evil.com' as another host). The query string keeps its usual characters only.
SAFE_REDIRECT_PATH = re.compile(r"^/(?:[A-Za-z0-9_~.-][A-Za-z0-9._~/-]{0,1023})?$")
SAFE_REDIRECT_QUERY = re.compile(r"^[A-Za-z0-9._~%&=+-]{0,1024}$")
# A fragment names an element of the page (the contact form's '#contact-sent'); only an id
# of plain characters is kept.
SAFE_REDIRECT_FRAGMENT = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def safe_location(location: str) -> str | None:
    """The same-site relative form of a redirect's `location`, or None when it has none
    (another scheme, characters outside SAFE_REDIRECT_PATH). An absolute http(s) URL is
    taken for this site's whatever its host: Starlette builds it from the Host header."""
    if re.match(r"^https?://[^/?#\\]*/", location):
        location = "/" + location.split("/", 3)[3]
    location, _, fragment = location.partition("#")
    path, _, query = location.partition("?")
    if not SAFE_REDIRECT_PATH.match(path):
        return None
    query = query if SAFE_REDIRECT_QUERY.match(query) else ""
    fragment = fragment if SAFE_REDIRECT_FRAGMENT.match(fragment) else ""
    return path + (f"?{query}" if query else "") + (f"#{fragment}" if fragment else "")


def _keep_on_site(message: Message, headers: MutableHeaders) -> None:
    if not 300 <= message["status"] < 400:
        return
    location = headers.get("location")
    if location is None:
        return
    safe = safe_location(location)
    if safe is None:
        message["status"] = 404
        del headers["location"]
    else:
        headers["location"] = safe


class SafeRedirects(Middleware):
    """Rewrites the Location of every redirect to a relative path on this site; a redirect
    without one (hostile characters, another host) becomes a plain 404."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, on_response_start(send, _keep_on_site))
