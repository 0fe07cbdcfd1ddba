"""Contact-form throughput: N visitors submit at the same moment, through the real websocket.

Each simulated visitor speaks Reflex's socket.io protocol exactly as the browser does
(engine.io over a websocket at /_event, the hydrate event in the CONNECT packet, then the
form's submit event with the browser's form-data encoding), waits until every visitor is
connected, then all submit at once. Prints messages per second, latency, and how many rows
arrived in the database. Figures only; nothing here passes or fails.

    .venv/bin/python benchmarks/contact_throughput.py -n 200
    .venv/bin/python benchmarks/contact_throughput.py -n 200 --url http://localhost:3000 \\
        --database-url sqlite:///agency_site.db

Without --url it builds and serves the app itself (`reflex run --env prod --single-port` on a
free port) with a throw-away SQLite database, or the one given by --database-url, and a rate
limit high enough for the run. With --url the server's own rate limit applies (5 per client).

--deliver also gives that server a local webhook receiver (signed with a secret) and a
loopback SMTP server for the team's email, and reports how long after the last visitor's
answer every message was delivered by every channel: delivery happens after the answer.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import ssl
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

from simple_websocket import AioClient
from simple_websocket.aiows import AioBase
from simple_websocket.errors import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agency_site.leads import store  # noqa: E402
from agency_site.leads.database import create_engine, migrate  # noqa: E402
from agency_site.state.contact_form import ContactFormState  # noqa: E402
from tests.support.server import free_port, production_server  # noqa: E402

SUBMIT = f"{ContactFormState.get_full_name()}.submit"
HYDRATE = "reflex___state____state.hydrate_and_load"
STATE = ContactFormState.get_full_name()
NAMESPACE = "/_event"
REFLEX_PROTOCOL = "0.10.1"  # the browser sends its Reflex version as the websocket subprotocol


class _Client(AioClient):
    """simple_websocket's client, optionally from a given local address (another loopback
    address stands for another visitor behind nginx) and with a TLS context of our own."""

    source: str | None = None

    async def _connect(self):
        if self.is_secure and self.ssl_context is None:
            self.ssl_context = ssl.create_default_context()
        local = (self.source, 0) if self.source else None
        self.rsock, self.wsock = await asyncio.open_connection(
            self.host, self.port, ssl=self.ssl_context, local_addr=local
        )
        await AioBase.connect(self)

    async def _task(self):
        # Frames that arrived in the same read as the handshake response (over TLS through
        # nginx, engine.io's OPEN usually does) wait in wsproto's buffer; simple_websocket
        # would see them only after the next read, the server's ping 25 s later.
        self.connected = await self._handle_events()
        await super()._task()


def _socketio(event: str, payload: object) -> str:
    return f"42{NAMESPACE}," + json.dumps([event, payload])


class Visitor:
    """One browser tab: a websocket, a token, and the status the server last reported."""

    def __init__(self, base_url: str, index: int, run_id: str, invalid: bool = False):
        self.base_url = base_url
        self.invalid = invalid
        self.index = index
        self.token = str(uuid.uuid4())
        self.subject = f"Benchmark {run_id} #{index:04d}"
        self.message = "We would like to talk about an AI caller for our clinic."
        self.ws: AioClient | None = None
        self.status = "idle"
        self.failure = ""
        self.latency_s: float | None = None

    async def connect(
        self,
        *,
        source: str | None = None,
        headers: dict[str, str] | None = None,
        ssl_context: ssl.SSLContext | None = None,
    ) -> None:
        """Open the socket and hydrate, as a page load does; from the local address
        `source`, with extra handshake `headers` (Origin, X-Forwarded-For), over https
        with `ssl_context`."""
        ws_url = (
            self.base_url.replace("http", "ws", 1)
            + f"{NAMESPACE}/?token={self.token}&EIO=4&transport=websocket"
        )
        self.ws = _Client(ws_url, subprotocols=[REFLEX_PROTOCOL], headers=headers, ssl_context=ssl_context)
        self.ws.source = source
        await self.ws._connect()
        await self.ws.receive()  # engine.io OPEN
        router = {"pathname": "/contact", "asPath": "/contact"}
        auth = {"event": {"name": HYDRATE, "payload": {}, "router_data": router}}
        await self.ws.send(f"40{NAMESPACE}," + json.dumps(auth))
        while not await self._hydrated():
            pass

    async def _packets(self) -> list:
        message = await self.ws.receive(timeout=120)
        if message is None:
            raise ConnectionError("socket closed")
        if message == "2":  # engine.io ping
            await self.ws.send("3")
            return []
        prefix = f"42{NAMESPACE},"
        return json.loads(message[len(prefix) :]) if message.startswith(prefix) else []

    async def _hydrated(self) -> bool:
        packet = await self._packets()
        delta = packet[1].get("delta", {}) if len(packet) == 2 else {}
        return any(update.get("is_hydrated_rx_state_") for update in delta.values())

    async def submit(self) -> None:
        """Send the form as the browser encodes it and wait for 'sent' (or a failure)."""
        fields = {
            "name": f"Visitor {self.index}",
            "email": f"visitor{self.index}@example.com",
            "subject": self.subject,
            # --baseline: too short, so the server answers with an error and stores nothing.
            "message": "Too short" if self.invalid else self.message,
            "language": "en",
            "page": "/contact",
            "form_trap": "",
        }
        event = {
            "name": SUBMIT,
            "payload": {
                "form_data": {"__reflex_form_data__": [[key, value] for key, value in fields.items()]}
            },
            "router_data": {"pathname": "/contact", "asPath": "/contact"},
        }
        started = time.perf_counter()
        await self.ws.send(_socketio("event", event))
        while self.status != "sent":
            packet = await self._packets()
            state = packet[1].get("delta", {}).get(STATE, {}) if len(packet) == 2 else {}
            self.status = state.get("status_rx_state_", self.status)
            self.failure = state.get("failure_rx_state_", self.failure)
            if self.failure or state.get("errors_rx_state_"):
                self.status = "answered" if self.invalid else self.status
                break
        self.latency_s = time.perf_counter() - started

    async def close(self) -> None:
        if self.ws is not None:
            # A socket the server refused or already closed has nothing left to close.
            with contextlib.suppress(ConnectionClosed):
                await self.ws.close()


async def run(
    base_url: str, n: int, run_id: str, invalid: bool, connect_options=lambda index: {}
) -> tuple[list[Visitor], float]:
    """Connect n visitors, then let all submit at once; returns them and the wall time.
    `connect_options(index)` gives each visitor's `Visitor.connect` arguments."""
    visitors = [Visitor(base_url, index, run_id, invalid) for index in range(n)]
    # Connect in modest batches, as n visitors opening the page would over a moment.
    for start in range(0, n, 50):
        batch = visitors[start : start + 50]
        await asyncio.gather(*(visitor.connect(**connect_options(visitor.index)) for visitor in batch))
    started = time.perf_counter()
    await asyncio.gather(*(visitor.submit() for visitor in visitors), return_exceptions=True)
    elapsed = time.perf_counter() - started
    await asyncio.gather(*(visitor.close() for visitor in visitors), return_exceptions=True)
    return visitors, elapsed


@contextlib.contextmanager
def own_server(database_url: str, extra_env: dict[str, str] | None = None) -> Iterator[str]:
    """Build and serve the production app on a free port; stopped by its process group."""
    port = free_port()
    env = {"DATABASE_URL": database_url, "CONTACT_RATE_LIMIT": "1000000"}
    # No delivery but what --deliver asks for, whatever this shell has set.
    env |= dict.fromkeys(
        ("CONTACT_WEBHOOK_URL", "CONTACT_WEBHOOK_SECRET", "CONTACT_NOTIFY_EMAIL", "SMTP_URL"), ""
    )
    env |= extra_env or {}
    log = Path(tempfile.mkdtemp(prefix="contact-bench-")) / "server.log"
    with production_server(port, log, env) as server:
        print(f"server ready at http://localhost:{port} (log: {server.log})", file=sys.stderr)
        yield f"http://localhost:{port}"


def report(visitors: list[Visitor], elapsed: float, rows: int | None) -> None:
    """Print the figures of one run."""
    sent = [visitor for visitor in visitors if visitor.status in ("sent", "answered")]
    latencies = sorted(visitor.latency_s for visitor in sent if visitor.latency_s is not None)
    print(f"visitors submitting at once : {len(visitors)}")
    print(f"answered ('Message Sent')   : {len(sent)}")
    refused = [visitor.failure for visitor in visitors if visitor.failure]
    if refused:
        print(f"refused (first reason)      : {len(refused)} ({refused[0][:80]})")
    print(f"wall time                   : {elapsed:.2f} s")
    print(f"messages per second         : {len(sent) / elapsed:.1f}")
    if latencies:
        p95 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))]
        print(
            f"latency submit -> sent      : median {statistics.median(latencies) * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms, max {latencies[-1] * 1000:.0f} ms"
        )
    print(f"rows arrived in the database: {rows if rows is not None else 'unknown (pass --database-url)'}")


@contextlib.contextmanager
def receivers() -> Iterator[dict[str, str]]:
    """A local webhook receiver and a loopback SMTP server, as the server's settings."""
    import base64

    from tests.support.smtp_server import SmtpServer
    from tests.support.webhook_receiver import WebhookReceiver

    webhook, smtp = WebhookReceiver(), SmtpServer()
    try:
        yield {
            "CONTACT_WEBHOOK_URL": webhook.url,
            "CONTACT_WEBHOOK_SECRET": "whsec_" + base64.b64encode(os.urandom(32)).decode(),
            "CONTACT_NOTIFY_EMAIL": "team@agency.example",
            "SMTP_URL": smtp.url,
        }
    finally:
        webhook.stop()
        smtp.stop()


def wait_until_delivered(database_url: str, run_id: str, timeout_s: float = 600) -> tuple[int, float]:
    """How many of this run's messages are delivered, and the seconds it took from now."""
    engine = create_engine(database_url)
    started = time.perf_counter()
    delivered = 0
    try:
        while time.perf_counter() - started < timeout_s:
            rows = [row for row in store.messages(engine) if row.subject.startswith(f"Benchmark {run_id} ")]
            delivered = sum(1 for row in rows if row.status == "delivered")
            if rows and delivered == len(rows):
                break
            time.sleep(0.1)
    finally:
        engine.dispose()
    return delivered, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-n", type=int, default=200, help="visitors submitting at once (default 200)")
    parser.add_argument("--url", help="an already running site; default: build and serve one")
    parser.add_argument("--database-url", help="the server's database, to count the rows that arrived")
    parser.add_argument(
        "--baseline",
        action="store_true",
        help="send too-short messages: the framework's round trip without storage",
    )
    parser.add_argument(
        "--deliver",
        action="store_true",
        help="deliver to a local signed webhook and a loopback SMTP server; report when all arrived",
    )
    args = parser.parse_args()
    run_id = uuid.uuid4().hex[:8]
    database_url = args.database_url
    with contextlib.ExitStack() as stack:
        if args.url:
            base_url = args.url.rstrip("/")
        else:
            if not database_url:
                folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="contact-bench-"))
                database_url = f"sqlite:///{folder}/messages.db"
            migrate(create_engine(database_url))
            extra_env = stack.enter_context(receivers()) if args.deliver else None
            base_url = stack.enter_context(own_server(database_url, extra_env))
        visitors, elapsed = asyncio.run(run(base_url, args.n, run_id, args.baseline))
        if args.deliver and database_url:
            delivered, after_s = wait_until_delivered(database_url, run_id)
            print(
                f"delivered by every channel  : {delivered}, the last {after_s:.2f} s after the last answer"
            )
        rows = None
        if database_url:
            engine = create_engine(database_url)
            rows = sum(1 for row in store.messages(engine) if row.subject.startswith(f"Benchmark {run_id} "))
            engine.dispose()
        report(visitors, elapsed, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
