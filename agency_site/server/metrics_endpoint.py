"""`GET /_metrics`: the leads figures and the desk's speed to lead for Prometheus, to
loopback and METRICS_ALLOW only."""

from __future__ import annotations

import asyncio
import ipaddress

from starlette.types import ASGIApp, Receive, Scope, Send

from agency_site.server.asgi import Middleware, respond

METRICS_PATH = "/_metrics"


def client_address(scope: Scope, trusted_proxy_hops: int) -> str:
    """The address of whoever asked: the peer, or behind `trusted_proxy_hops` proxies that
    append to X-Forwarded-For, the one the outermost trusted proxy saw (never a value the
    client wrote itself)."""
    peer = (scope.get("client") or ("", 0))[0]
    if trusted_proxy_hops <= 0:
        return peer
    forwarded = [
        part.strip()
        for name, value in scope.get("headers", [])
        if name == b"x-forwarded-for"
        for part in value.decode("latin-1").split(",")
    ]
    return forwarded[-trusted_proxy_hops] if len(forwarded) >= trusted_proxy_hops else peer


def may_read_metrics(
    address: str, allowed: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]
) -> bool:
    """Loopback, or an address in the METRICS_ALLOW networks."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # a dual-stack server's view of an IPv4 client
    if ip.is_loopback:
        return True
    return any(ip.version == network.version and ip in network for network in allowed)


async def _plain(
    send: Send, status: int, body: bytes, content_type: str = "text/plain", *, head=False
) -> None:
    await respond(send, status, body, {"content-type": content_type, "cache-control": "no-store"}, head=head)


class MetricsEndpoint(Middleware):
    """`GET /_metrics`: the leads figures in Prometheus' text format (agency_site/leads/
    metrics.py), answered only to loopback and METRICS_ALLOW; anyone else gets 403. nginx
    (deploy/nginx/agency-site.conf.template) lets the same addresses through."""

    def __init__(self, app: ASGIApp, settings=None, engine=None) -> None:
        super().__init__(app)
        self._settings = settings
        self._engine = engine

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["path"] != METRICS_PATH:
            await self.app(scope, receive, send)
            return
        from agency_site.settings import get_settings

        settings = self._settings or get_settings()
        if not may_read_metrics(client_address(scope, settings.trusted_proxy_hops), settings.metrics_allow):
            await _plain(send, 403, b"Forbidden\n")
            return
        if scope.get("method") not in ("GET", "HEAD"):
            await _plain(send, 405, b"Method Not Allowed\n")
            return
        from prometheus_client import CONTENT_TYPE_LATEST

        from agency_site.desk import speed
        from agency_site.leads import metrics
        from agency_site.leads.database import default_engine

        engine = self._engine or default_engine()
        body = metrics.exposition(await asyncio.to_thread(metrics.read, engine))
        # The desk's speed to lead: a histogram of its own, after the leads' figures.
        body += await asyncio.to_thread(speed.exposition, engine)
        await _plain(send, 200, body, CONTENT_TYPE_LATEST, head=scope.get("method") == "HEAD")
