"""Notices a backend behind a proxy that was told there is none (TRUSTED_PROXY_HOPS=0).

With 0 trusted hops the backend ignores X-Forwarded-For, which is right when visitors reach
it directly. Behind nginx it is wrong in a way nothing else shows: every visitor then has
nginx's address, so the rate limit counts the whole site as one client (five messages stop
the contact form for everyone for ten minutes). The tell is a request that carries
X-Forwarded-For and comes from a loopback or private address: a proxy on the same machine
or network. Visitors reaching the backend directly come from public addresses, and a
header they forge changes nothing here. The first such request logs one ERROR naming the
variable; later ones cost a header lookup until then, and nothing after.
"""

from __future__ import annotations

import ipaddress
import logging

from starlette.types import ASGIApp, Receive, Scope, Send

from agency_site.server.asgi import Middleware

logger = logging.getLogger(__name__)

MESSAGE = (
    "TRUSTED_PROXY_HOPS=0, but a request from %s carries X-Forwarded-For: the backend sits "
    "behind a proxy and counts every visitor as that proxy (the contact form's rate limit "
    "then stops everyone at once). Set TRUSTED_PROXY_HOPS to the number of proxies in front "
    "of it (nginx alone: 1)."
)


def is_local_peer(address: str) -> bool:
    """Whether `address` is loopback or private (IPv4-mapped IPv6 included)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or ip.is_private


class ProxyHopsCheck(Middleware):
    """ASGI middleware: logs once when TRUSTED_PROXY_HOPS=0 looks wrong (module docstring)."""

    scope_types = ("http", "websocket")

    def __init__(self, app: ASGIApp, trusted_proxy_hops: int | None = None) -> None:
        super().__init__(app)
        if trusted_proxy_hops is None:
            from agency_site.settings import get_settings

            trusted_proxy_hops = get_settings().trusted_proxy_hops
        # Nothing to notice when hops are configured; after one warning, nothing more to say.
        self.watching = trusted_proxy_hops == 0

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.watching:
            self._check(scope)
        await self.app(scope, receive, send)

    def _check(self, scope: Scope) -> None:
        client = scope.get("client")
        if not client or not is_local_peer(client[0]):
            return
        if any(name == b"x-forwarded-for" for name, _ in scope.get("headers", ())):
            self.watching = False
            logger.error(MESSAGE, client[0])
