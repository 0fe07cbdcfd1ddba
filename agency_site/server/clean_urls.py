"""Clean URLs: `/about` is answered with the prerendered `about/index.html`.

Reflex prerenders `/about` as `about/index.html`, and Starlette's static files answer
`/about` with a redirect to `/about/`. Our canonical URLs have no trailing slash, so the
server serves the prerendered file for the clean URL directly instead. Deployments behind
another web server do the same with e.g. nginx `try_files $uri $uri.html $uri/index.html`.
"""

from __future__ import annotations

from pathlib import Path

from starlette.types import ASGIApp, Receive, Scope, Send

from agency_site.server import build_output
from agency_site.server.asgi import Middleware


class CleanUrls(Middleware):
    """Rewrites `/page` to `/page/` internally when `page/index.html` was prerendered."""

    methods = ("GET", "HEAD")

    def __init__(self, app: ASGIApp, static_dir: Path | None = None) -> None:
        super().__init__(app)
        self.static_dir = static_dir

    def _has_prerendered_index(self, path: str) -> bool:
        static_dir = self.static_dir or build_output.static_dir()
        relative = path.strip("/")
        if not relative or ".." in relative.split("/"):
            return False
        return (static_dir / relative / "index.html").is_file()

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"]
        last_segment = path.rsplit("/", 1)[-1]
        if path != "/" and not path.endswith("/") and "." not in last_segment:
            if self._has_prerendered_index(path):
                scope = dict(scope, path=path + "/", raw_path=(path + "/").encode())
        await self.app(scope, receive, send)
