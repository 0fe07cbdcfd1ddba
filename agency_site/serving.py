"""ASGI middleware for the production server (frontend and backend on one port).

Reflex prerenders `/about` as `about/index.html`, and Starlette's static files answer
`/about` with a redirect to `/about/`. Our canonical URLs have no trailing slash, so
this middleware serves the prerendered file for the clean URL directly instead.
Deployments behind another web server do the same with e.g. nginx `try_files
$uri $uri.html $uri/index.html`.
"""

from __future__ import annotations

from pathlib import Path

from starlette.types import ASGIApp, Receive, Scope, Send


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
