"""A file the build does not hold answers 404, not the app's HTML shell."""

from __future__ import annotations

from pathlib import Path

from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from agency_site.server import build_output
from agency_site.server.asgi import Middleware


class MissingFiles(Middleware):
    """A file path (its last segment has an extension: an image, a script, a feed) that the
    build does not hold answers 404, not the app's HTML shell with 200: a mistyped image
    in a content file shows as a broken image and a 404 in the browser's console, and a
    crawler is not told that an HTML page lives at `/og/careers-en.jpg`. Only where a
    build is served (make run); the dev backend serves no files."""

    methods = ("GET", "HEAD")

    def __init__(self, app: ASGIApp, static_dir: Path | None = None) -> None:
        super().__init__(app)
        self.static_dir = static_dir

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"]
        static_dir = self.static_dir or build_output.static_dir()
        relative = path.strip("/")
        if "." in path.rsplit("/", 1)[-1] and static_dir.is_dir() and ".." not in relative.split("/"):
            if not (static_dir / relative).is_file():
                await PlainTextResponse("Not Found", status_code=404)(scope, receive, send)
                return
        await self.app(scope, receive, send)
