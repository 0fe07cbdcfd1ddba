"""Which backend instance holds a page's websocket, asked of the instances themselves.

Behind nginx, counting or listing the TCP connections to each instance cannot say it:
nginx keeps idle connections to the instances (`keepalive` in the site's upstream) and
sends a websocket's upgrade request over one of them when it has one, so the websocket
often opens no new connection at all. What does say it is the Engine.IO session: the
instance that accepts a websocket names its session in the first frame it sends (OPEN,
`0{"sid": ...}`), and only that instance knows the session. Asked directly for it over
plain HTTP, the holder answers that the session takes no HTTP requests (it is on a
websocket) and any other instance that it has no such session; neither answer touches
the session.
"""

from __future__ import annotations

import json

import httpx
from playwright.sync_api import Page, WebSocket

# python-engineio's answers (400 both) to an HTTP request naming a session.
_HELD = "Unexpected HTTP request"  # the session is this instance's, on a websocket
_UNKNOWN = "Invalid session"  # this instance has no such session


def _opened_session(payload: str | bytes) -> str | None:
    """The session id of an Engine.IO OPEN frame; None for any other frame."""
    if isinstance(payload, str) and payload.startswith("0{"):
        return json.loads(payload[1:])["sid"]
    return None


class SessionWatch:
    """The Engine.IO session of each websocket a page opens (start before it opens one)."""

    def __init__(self, page: Page) -> None:
        self.sockets: list[WebSocket] = []
        self._sessions: dict[int, str] = {}
        page.on("websocket", self._opened)

    def _opened(self, socket: WebSocket) -> None:
        self.sockets.append(socket)
        socket.on("framereceived", lambda payload: self._received(socket, payload))

    def _received(self, socket: WebSocket, payload: str | bytes) -> None:
        session = _opened_session(payload)
        if session is not None:
            self._sessions.setdefault(id(socket), session)

    def session_of(self, socket: WebSocket, timeout_ms: float = 20_000) -> str:
        """`socket`'s session, waiting for its OPEN frame if it has not come yet. (The sync
        API delivers events only inside its calls, so none can slip in between the look
        and the wait.)"""
        if id(socket) not in self._sessions:
            payload = socket.wait_for_event(
                "framereceived",
                predicate=lambda frame: _opened_session(frame) is not None,
                timeout=timeout_ms,
            )
            self._sessions.setdefault(id(socket), _opened_session(payload) or "")
        return self._sessions[id(socket)]

    def latest_session(self) -> str:
        """The session of the websocket the page opened last."""
        assert self.sockets, "the page opened no websocket"
        return self.session_of(self.sockets[-1])


def instances_holding(session: str, ports: tuple[int, ...]) -> list[int]:
    """The backend instances (their ports on 127.0.0.1) that hold Engine.IO `session`; a
    stopped instance holds none. Any answer but the two known ones fails, saying it."""
    holders = []
    for port in ports:
        try:
            answer = httpx.get(
                f"http://127.0.0.1:{port}/_event/",
                params={"EIO": "4", "transport": "websocket", "sid": session},
                timeout=10,
            )
        except httpx.ConnectError:
            continue
        if answer.status_code == 400 and _HELD in answer.text:
            holders.append(port)
        elif not (answer.status_code == 400 and _UNKNOWN in answer.text):
            raise AssertionError(
                f"instance :{port} about session {session}: {answer.status_code} {answer.text!r}"
            )
    return holders
