"""The security headers on every response of `make run`'s server (reflex run --env prod
--single-port); nginx sends the same ones from the files the build writes for it."""

from __future__ import annotations

import json
from pathlib import Path

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from agency_site.i18n import split_language
from agency_site.server import build_output
from agency_site.server.asgi import Middleware, on_response_start
from agency_site.server.build_output import HASHES_FILE, NOT_FOUND_PAGE, NOT_FOUND_PAGES
from agency_site.server.security_policy import DESK_HEADERS, is_desk_page, page_policy, static_headers


def page_file(path: str, status: int, known: dict[str, list[str]]) -> str:
    """The build's page file a request path was answered with, as CleanUrls and Reflex's
    static files resolve it: '/about' -> 'about/index.html'; anything else gets the
    not-found page of the path's language (404.html, 404-de.html under /de), with status
    404, or 200 when it matches a dynamic route ('/blog/no-such-article')."""
    relative = path.strip("/")
    if status == 404:
        return NOT_FOUND_PAGES[split_language(path)[0]]
    if not relative:
        return "index.html"
    for candidate in (f"{relative}/index.html", f"{relative}.html", relative):
        if candidate in known:
            return candidate
    return NOT_FOUND_PAGE


class SecurityHeaders(Middleware):
    """Adds the security headers to every HTTP response of the app (pages, files, API),
    with the page's own script hashes in the HTML's Content-Security-Policy."""

    def __init__(self, app: ASGIApp, hashes_file: Path | None = None) -> None:
        super().__init__(app)
        self.hashes_file = hashes_file
        self._pages: dict[str, list[str]] | None = None
        self._mtime: float | None = None

    def _hashes_path(self) -> Path:
        if self.hashes_file is not None:
            return self.hashes_file
        return build_output.static_dir().parent / HASHES_FILE

    def pages(self) -> dict[str, list[str]]:
        """The build's hashes, reread when a new build replaced them."""
        path = self._hashes_path()
        try:
            mtime = path.stat().st_mtime
        except FileNotFoundError:
            return {}
        if self._pages is None or mtime != self._mtime:
            pages: dict[str, list[str]] = json.loads(path.read_text(encoding="utf-8"))
            self._pages, self._mtime = pages, mtime
        return self._pages

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        https = scope.get("scheme") == "https"

        def add_headers(message: Message, headers: MutableHeaders) -> None:
            for name, value in static_headers(https=https).items():
                headers.setdefault(name, value)
            # The policy governs documents only. On the ~30 scripts, styles and images
            # of a page it would be ~0.5 KB of header each, for nothing.
            if headers.get("content-type", "").startswith("text/html"):
                pages = self.pages()
                page = page_file(scope["path"], message["status"], pages)
                headers.setdefault("Content-Security-Policy", page_policy(page, pages.get(page, [])))
                if is_desk_page(page):
                    for name, value in DESK_HEADERS.items():
                        headers[name] = value

        await self.app(scope, receive, on_response_start(send, add_headers))
