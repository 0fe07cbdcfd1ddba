"""What a page says to the server: the websockets it opens and the socket client it loads (issue 12)."""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import Page, Response, WebSocket

# Only socket.io's client asks for this protocol (engine.io's query parameter).
SOCKET_CLIENT_MARK = "EIO="


@dataclass
class ServerTraffic:
    """Websockets a page opened, polling requests to the event endpoint, socket-client scripts."""

    websockets: list[str] = field(default_factory=list)
    event_requests: list[str] = field(default_factory=list)
    socket_client_scripts: list[str] = field(default_factory=list)

    @property
    def none(self) -> bool:
        return not (self.websockets or self.event_requests or self.socket_client_scripts)


def record_server_traffic(page: Page) -> ServerTraffic:
    """Start recording what `page` says to the server (call before it loads anything)."""
    traffic = ServerTraffic()

    def websocket(socket: WebSocket) -> None:
        traffic.websockets.append(socket.url)

    def request(request) -> None:
        if "/_event" in request.url:
            traffic.event_requests.append(request.url)

    def response(response: Response) -> None:
        if response.request.resource_type != "script" or "/assets/" not in response.url:
            return
        try:
            body = response.text()
        except Exception:  # the page navigated away before the body was read
            return
        if SOCKET_CLIENT_MARK in body:
            traffic.socket_client_scripts.append(response.url)

    page.on("websocket", websocket)
    page.on("request", request)
    page.on("response", response)
    return traffic
