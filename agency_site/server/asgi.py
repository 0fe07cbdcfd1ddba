"""What every middleware of the server shares: passing through what it does not handle,
rewriting a response's start, answering by itself.

A middleware of ours subclasses `Middleware`, names the scope types and methods it looks
at, and writes only `handle`; anything else goes straight to the app it wraps.
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class Middleware:
    """An ASGI middleware that handles `scope_types` requests with one of `methods`
    (any method when empty) and passes everything else through untouched."""

    scope_types: tuple[str, ...] = ("http",)
    methods: tuple[str, ...] = ()

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in self.scope_types or (
            self.methods and scope.get("method") not in self.methods
        ):
            await self.app(scope, receive, send)
            return
        await self.handle(scope, receive, send)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer, or change the request or the response on the way; by default pass on."""
        await self.app(scope, receive, send)


def on_response_start(send: Send, edit: Callable[[Message, MutableHeaders], None]) -> Send:
    """`send`, with `edit(message, headers)` called on the response's start before it goes
    out: the place to add or change a header or the status."""

    async def send_edited(message: Message) -> None:
        if message["type"] == "http.response.start":
            edit(message, MutableHeaders(scope=message))
        await send(message)

    return send_edited


async def respond(
    send: Send, status: int, body: bytes = b"", headers: dict[str, str] | None = None, *, head: bool = False
) -> None:
    """Answer by itself: `status`, `headers` and a Content-Length, then `body` (none for
    a HEAD request)."""
    raw = [(name.lower().encode("latin-1"), value.encode("utf-8")) for name, value in (headers or {}).items()]
    raw.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": b"" if head else body})
