"""ASGI middleware for the production server (frontend and backend on one port).

`CachingHeaders` gives hashed build assets a year of immutable caching and makes HTML
revalidate (deploy/nginx/agency-site.conf.template does the same for `reflex export`).

Reflex prerenders `/about` as `about/index.html`, and Starlette's static files answer
`/about` with a redirect to `/about/`. Our canonical URLs have no trailing slash, so
this middleware serves the prerendered file for the clean URL directly instead.
Deployments behind another web server do the same with e.g. nginx `try_files
$uri $uri.html $uri/index.html`.
"""

from __future__ import annotations

import re
from pathlib import Path

from starlette.datastructures import MutableHeaders
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
