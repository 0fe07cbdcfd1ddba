"""Caching headers: hashed build assets are cached for a year, HTML is revalidated
(deploy/nginx/agency-site.conf.template does the same for `reflex export`)."""

from __future__ import annotations

import re

from starlette.datastructures import MutableHeaders
from starlette.types import Message, Receive, Scope, Send

from agency_site.server.asgi import Middleware, on_response_start

# Vite's content-hashed build output ('/assets/index-BXk3q9aZ.js') and the images' widths
# ('/assets/img/blog/stock-05-400w-b7806d9cf3.avif', agency_site/images/). The hash changes
# with the content, so a browser may keep these forever.
HASHED_ASSET = re.compile(r"^/assets/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$")
IMMUTABLE = "public, max-age=31536000, immutable"
# HTML must be revalidated on every visit, or a deploy would leave visitors on stale
# pages pointing at deleted assets.
REVALIDATE = "no-cache"
# Our own unhashed files (images, styles.css, sitemap, feeds): an hour.
SHORT = "public, max-age=3600"


def cache_control(path: str, content_type: str) -> str:
    """The Cache-Control of a static file, by its URL path and media type."""
    if HASHED_ASSET.match(path):
        return IMMUTABLE
    if content_type.startswith("text/html"):
        return REVALIDATE
    return SHORT


class CachingHeaders(Middleware):
    """Adds Cache-Control to static-file responses (those with an ETag or Last-Modified),
    unless the response already has one; API and event responses are left alone."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"]

        def add_caching(message: Message, headers: MutableHeaders) -> None:
            is_static = "etag" in headers or "last-modified" in headers
            if is_static and "cache-control" not in headers:
                headers["Cache-Control"] = cache_control(path, headers.get("content-type", ""))

        await self.app(scope, receive, on_response_start(send, add_caching))
