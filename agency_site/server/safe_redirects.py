"""Every redirect the server answers points at a path of this site, but one: the desk's
sign-in with the identity provider (`/_desk/oidc/start`) sends the browser to the
provider, on the origin of DESK_OIDC_ISSUER, and only there.

Starlette's static files still redirect a directory URL that CleanUrls leaves alone
('/x/../about' to 'http://<Host header>/x/../about/'), with the request's own characters
and host in Location.
"""

from __future__ import annotations

import re

from starlette.datastructures import MutableHeaders
from starlette.types import Message, Receive, Scope, Send

from agency_site.server.asgi import Middleware, on_response_start
from agency_site.settings import get_settings, origin_of

# The one path whose redirect leaves the site (desk/http.py's OIDC_START_PATH; not imported,
# so the server's middleware does not import the desk).
OIDC_START_PATH = "/_desk/oidc/start"

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


def to_identity_provider(location: str, issuer: str | None) -> bool:
    """Whether `location` is an address on the identity provider's origin (the issuer's)."""
    if not issuer:
        return False
    origin = origin_of(issuer)
    return (
        location.startswith(origin + "/")
        and SAFE_REDIRECT_QUERY.match(location.partition("?")[2]) is not None
    )


def _keep_on_site(message: Message, headers: MutableHeaders, *, to_provider: bool = False) -> None:
    if not 300 <= message["status"] < 400:
        return
    location = headers.get("location")
    if location is None:
        return
    if to_provider and to_identity_provider(location, get_settings().desk.oidc_issuer):
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
        if scope.get("path") == OIDC_START_PATH:
            await self.app(
                scope,
                receive,
                on_response_start(
                    send, lambda message, headers: _keep_on_site(message, headers, to_provider=True)
                ),
            )
            return
        await self.app(scope, receive, on_response_start(send, _keep_on_site))
