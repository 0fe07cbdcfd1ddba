"""ASGI middleware for the production server (frontend and backend on one port).

`CachingHeaders` gives hashed build assets a year of immutable caching and makes HTML
revalidate (deploy/nginx/agency-site.conf.template does the same for `reflex export`).

Reflex prerenders `/about` as `about/index.html`, and Starlette's static files answer
`/about` with a redirect to `/about/`. Our canonical URLs have no trailing slash, so
this middleware serves the prerendered file for the clean URL directly instead.
Deployments behind another web server do the same with e.g. nginx `try_files
$uri $uri.html $uri/index.html`.

`MetricsEndpoint` answers `GET /_metrics` (the leads figures for Prometheus) to loopback and
the METRICS_ALLOW networks only.

`SafeRedirects` makes every redirect the server answers point at a path of this site
(issue 24): Starlette's static files still redirect a directory URL that CleanUrls leaves
alone ('/x/../about' to 'http://<Host header>/x/../about/'), with the request's own
characters and host in Location.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
from pathlib import Path

from starlette.datastructures import MutableHeaders
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send


def _static_dir() -> Path:
    from reflex.constants import Dirs
    from reflex.utils.prerequisites import get_web_dir

    return get_web_dir() / Dirs.STATIC


class CleanUrls:
    """Rewrites `/page` to `/page/` internally when `page/index.html` was prerendered."""

    def __init__(self, app: ASGIApp, static_dir: Path | None = None) -> None:
        self.app = app
        self.static_dir = static_dir

    def _has_prerendered_index(self, path: str) -> bool:
        static_dir = self.static_dir or _static_dir()
        relative = path.strip("/")
        if not relative or ".." in relative.split("/"):
            return False
        return (static_dir / relative / "index.html").is_file()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method") in ("GET", "HEAD"):
            path: str = scope["path"]
            last_segment = path.rsplit("/", 1)[-1]
            if path != "/" and not path.endswith("/") and "." not in last_segment:
                if self._has_prerendered_index(path):
                    scope = dict(scope, path=path + "/", raw_path=(path + "/").encode())
        await self.app(scope, receive, send)


class MissingFiles:
    """A file path (its last segment has an extension: an image, a script, a feed) that the
    build does not hold answers 404, not the app's HTML shell with 200: a mistyped image
    in a content file shows as a broken image and a 404 in the browser's console, and a
    crawler is not told that an HTML page lives at `/og/careers-en.jpg`. Only where a
    build is served (make run); the dev backend serves no files."""

    def __init__(self, app: ASGIApp, static_dir: Path | None = None) -> None:
        self.app = app
        self.static_dir = static_dir

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method") in ("GET", "HEAD"):
            path: str = scope["path"]
            static_dir = self.static_dir or _static_dir()
            relative = path.strip("/")
            if "." in path.rsplit("/", 1)[-1] and static_dir.is_dir() and ".." not in relative.split("/"):
                if not (static_dir / relative).is_file():
                    await PlainTextResponse("Not Found", status_code=404)(scope, receive, send)
                    return
        await self.app(scope, receive, send)


# Vite's content-hashed build output: '/assets/index-BXk3q9aZ.js'. The hash changes with
# the content, so a browser may keep these forever.
HASHED_ASSET = re.compile(r"^/assets/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$")
IMMUTABLE = "public, max-age=31536000, immutable"
# HTML must be revalidated on every visit, or a deploy would leave visitors on stale
# pages pointing at deleted assets.
REVALIDATE = "no-cache"
# Our own unhashed files (images, styles.css, behaviours.js, sitemap, feeds): an hour.
SHORT = "public, max-age=3600"


def cache_control(path: str, content_type: str) -> str:
    """The Cache-Control of a static file, by its URL path and media type."""
    if HASHED_ASSET.match(path):
        return IMMUTABLE
    if content_type.startswith("text/html"):
        return REVALIDATE
    return SHORT


class CachingHeaders:
    """Adds Cache-Control to static-file responses (those with an ETag or Last-Modified),
    unless the response already has one; API and event responses are left alone."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]

        async def send_with_caching(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                is_static = "etag" in headers or "last-modified" in headers
                if is_static and "cache-control" not in headers:
                    headers["Cache-Control"] = cache_control(path, headers.get("content-type", ""))
            await send(message)

        await self.app(scope, receive, send_with_caching)


METRICS_PATH = "/_metrics"


def client_address(scope: Scope, trusted_proxy_hops: int) -> str:
    """The address of whoever asked: the peer, or behind `trusted_proxy_hops` proxies that
    append to X-Forwarded-For, the one the outermost trusted proxy saw (never a value the
    client wrote itself)."""
    peer = (scope.get("client") or ("", 0))[0]
    if trusted_proxy_hops <= 0:
        return peer
    forwarded = [
        part.strip()
        for name, value in scope.get("headers", [])
        if name == b"x-forwarded-for"
        for part in value.decode("latin-1").split(",")
    ]
    return forwarded[-trusted_proxy_hops] if len(forwarded) >= trusted_proxy_hops else peer


def may_read_metrics(
    address: str, allowed: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]
) -> bool:
    """Loopback, or an address in the METRICS_ALLOW networks."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # a dual-stack server's view of an IPv4 client
    if ip.is_loopback:
        return True
    return any(ip.version == network.version and ip in network for network in allowed)


class MetricsEndpoint:
    """`GET /_metrics`: the leads figures in Prometheus' text format (agency_site/leads/
    metrics.py), answered only to loopback and METRICS_ALLOW; anyone else gets 403. nginx
    (deploy/nginx/agency-site.conf.template) lets the same addresses through."""

    def __init__(self, app: ASGIApp, settings=None, engine=None) -> None:
        self.app = app
        self._settings = settings
        self._engine = engine

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != METRICS_PATH:
            await self.app(scope, receive, send)
            return
        from agency_site.settings import get_settings

        settings = self._settings or get_settings()
        if not may_read_metrics(client_address(scope, settings.trusted_proxy_hops), settings.metrics_allow):
            await _plain(send, 403, b"Forbidden\n")
            return
        if scope.get("method") not in ("GET", "HEAD"):
            await _plain(send, 405, b"Method Not Allowed\n")
            return
        from prometheus_client import CONTENT_TYPE_LATEST

        from agency_site.leads import metrics
        from agency_site.leads.database import default_engine

        engine = self._engine or default_engine()
        body = metrics.exposition(await asyncio.to_thread(metrics.read, engine))
        await _plain(send, 200, body, CONTENT_TYPE_LATEST, head=scope.get("method") == "HEAD")


async def _plain(
    send: Send, status: int, body: bytes, content_type: str = "text/plain", *, head=False
) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", content_type.encode()),
                (b"content-length", str(len(body)).encode()),
                (b"cache-control", b"no-store"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": b"" if head else body})


# A path that is a path on this site however a browser reads it: URL-safe characters, and a
# first segment that does not start with '/' or a backslash (browsers read '/\evil.com' and
# '//evil.com' as another host). The query string keeps its usual characters only.
SAFE_REDIRECT_PATH = re.compile(r"^/(?:[A-Za-z0-9_~.-][A-Za-z0-9._~/-]{0,1023})?$")
SAFE_REDIRECT_QUERY = re.compile(r"^[A-Za-z0-9._~%&=+-]{0,1024}$")


def safe_location(location: str) -> str | None:
    """The same-site relative form of a redirect's `location`, or None when it has none
    (another scheme, characters outside SAFE_REDIRECT_PATH). An absolute http(s) URL is
    taken for this site's whatever its host: Starlette builds it from the Host header."""
    if re.match(r"^https?://[^/?#\\]*/", location):
        location = "/" + location.split("/", 3)[3]
    path, _, query = location.partition("?")
    if not SAFE_REDIRECT_PATH.match(path):
        return None
    query = query if SAFE_REDIRECT_QUERY.match(query) else ""
    return path + (f"?{query}" if query else "")


class SafeRedirects:
    """Rewrites the Location of every redirect to a relative path on this site; a redirect
    without one (hostile characters, another host) becomes a plain 404."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_safely(message: Message) -> None:
            if message["type"] == "http.response.start" and 300 <= message["status"] < 400:
                headers = MutableHeaders(scope=message)
                location = headers.get("location")
                if location is not None:
                    safe = safe_location(location)
                    if safe is None:
                        message["status"] = 404
                        del headers["location"]
                    else:
                        headers["location"] = safe
            await send(message)

        await self.app(scope, receive, send_safely)
