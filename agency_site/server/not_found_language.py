"""An unknown page under /de is answered with the German not-found page."""

from __future__ import annotations

from pathlib import Path

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from agency_site.i18n import split_language
from agency_site.server import build_output
from agency_site.server.asgi import Middleware
from agency_site.server.build_output import NOT_FOUND_PAGES


class NotFoundInPathLanguage(Middleware):
    """Reflex's static files send one not-found document, the English one, for every
    unknown path; under /de this sends the German one instead (agency_site/seo/
    not_found_head.py), so its `<html lang>`, title and description are German in the
    server's HTML, before (and without) any script. nginx does the same by `error_page`."""

    methods = ("GET", "HEAD")

    def __init__(self, app: ASGIApp, static_dir: Path | None = None) -> None:
        super().__init__(app)
        self.static_dir = static_dir

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        lang = split_language(scope["path"])[0]
        if lang == "en":
            await self.app(scope, receive, send)
            return
        page = (self.static_dir or build_output.static_dir()) / NOT_FOUND_PAGES[lang]
        replaced = False

        async def send_in_language(message: Message) -> None:
            nonlocal replaced
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                html = headers.get("content-type", "").startswith("text/html")
                if message["status"] == 404 and html and page.is_file():
                    replaced = True
                    body = page.read_bytes()
                    for name in ("content-encoding", "etag", "last-modified"):
                        if name in headers:
                            del headers[name]
                    headers["content-length"] = str(len(body))
                    await send(message)
                    await send(
                        {"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body}
                    )
                    return
            elif replaced:
                return  # the English document's body
            await send(message)

        await self.app(scope, receive, send_in_language)
