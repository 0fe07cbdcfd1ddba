"""What a page says to the server: the websockets it opens and the socket client it loads."""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import Page, Request, WebSocket

# Only socket.io's client asks for this protocol (engine.io's query parameter).
SOCKET_CLIENT_MARK = "EIO="


@dataclass
class ServerTraffic:
    """Websockets a page opened, polling requests to the event endpoint, scripts it loaded."""

    page: Page
    websockets: list[str] = field(default_factory=list)
    event_requests: list[str] = field(default_factory=list)
    scripts: list[str] = field(default_factory=list)
    _holds_client: dict[str, bool] = field(default_factory=dict)

    def socket_client_scripts(self) -> list[str]:
        """The loaded scripts that hold the socket client (fetched again to read them)."""
        for url in self.scripts:
            if url not in self._holds_client:
                self._holds_client[url] = SOCKET_CLIENT_MARK in self.page.context.request.get(url).text()
        return [url for url, holds in self._holds_client.items() if holds]

    @property
    def none(self) -> bool:
        return not (self.websockets or self.event_requests or self.socket_client_scripts())

    def __str__(self) -> str:
        return (
            f"websockets={self.websockets} event requests={self.event_requests} "
            f"socket client scripts={self.socket_client_scripts()}"
        )


def record_server_traffic(page: Page) -> ServerTraffic:
    """Start recording what `page` says to the server (call before it loads anything)."""
    traffic = ServerTraffic(page)

    def websocket(socket: WebSocket) -> None:
        traffic.websockets.append(socket.url)

    def request(request: Request) -> None:
        if "/_event" in request.url:
            traffic.event_requests.append(request.url)
        elif request.resource_type == "script" and "/assets/" in request.url:
            traffic.scripts.append(request.url)

    page.on("websocket", websocket)
    page.on("request", request)
    return traffic
