"""A local webhook for the leads tests (unit and e2e): records what it is sent, fails on request."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CONTROL_PATH = "/control"


class WebhookReceiver:
    """Answers `refusal` (503) to the first `failures` requests and while `down` is set,
    else 200; keeps each request's body and headers. A refusal carries `retry_after` as its
    Retry-After header if set, and with `echo` the request's body as its own (as FastAPI's
    422 quotes what it could not take). Between `hold()` and `release()` a request gets no
    answer at all until the release."""

    def __init__(self, failures: int = 0, refusal: int = 503):
        self.failures = failures
        self.refusal = refusal
        self.down = threading.Event()
        self._released = threading.Event()
        self._released.set()
        self.requests: list[dict] = []
        # (raw body, headers) of each request, for signature checks
        self.raw: list[tuple[bytes, dict[str, str]]] = []
        self.accepted: list[dict] = []
        self.retry_after: str | None = None
        self.echo = False
        self.arrived = threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                raw = self.rfile.read(int(self.headers["Content-Length"]))
                body = json.loads(raw)
                if self.path == CONTROL_PATH:  # a test in another process sets `down`
                    receiver.down.set() if body["down"] else receiver.down.clear()
                    self.send_response(204)
                    self.end_headers()
                    return
                receiver._released.wait()
                receiver.raw.append((raw, dict(self.headers.items())))
                status = receiver._answer(body)
                self.send_response(status)
                if status != 200 and receiver.retry_after is not None:
                    self.send_header("Retry-After", receiver.retry_after)
                answer = raw if status != 200 and receiver.echo else b""
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def do_GET(self) -> None:  # noqa: N802
                # What `subjects()` returns, for a test in another process (pytest-xdist).
                payload = json.dumps(receiver.subjects()).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/leads"
        threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        ).start()

    def _answer(self, body: dict) -> int:
        self.requests.append(body)
        if len(self.requests) <= self.failures or self.down.is_set():
            return self.refusal
        self.accepted.append(body)
        self.arrived.set()
        return 200

    def subjects(self) -> list[str]:
        """Subjects of the messages it accepted, in arrival order."""
        return [body["subject"] for body in self.accepted]

    def hold(self) -> None:
        """Answer no request until `release()`: a receiver that hangs."""
        self._released.clear()

    def release(self) -> None:
        """Answer the held requests, and every request from now on, at once."""
        self._released.set()

    def stop(self) -> None:
        self.release()
        self._server.shutdown()
        self._server.server_close()


class RemoteWebhook:
    """A WebhookReceiver running in another process (the pytest-xdist controller), driven
    over HTTP: the same `url`, `subjects()` and `down.set()`/`down.clear()`."""

    def __init__(self, url: str):
        self.url = url
        self.down = _RemoteFlag(url.rsplit("/", 1)[0] + CONTROL_PATH)

    def subjects(self) -> list[str]:
        import httpx

        return httpx.get(self.url, timeout=5).json()

    def stop(self) -> None:
        pass


class _RemoteFlag:
    def __init__(self, url: str):
        self._url = url

    def _send(self, down: bool) -> None:
        import httpx

        httpx.post(self._url, json={"down": down}, timeout=5).raise_for_status()

    def set(self) -> None:
        self._send(True)

    def clear(self) -> None:
        self._send(False)
