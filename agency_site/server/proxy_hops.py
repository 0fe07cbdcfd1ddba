"""Notices a backend behind a proxy that was told there is none (TRUSTED_PROXY_HOPS=0), or
more proxies than there are.

With 0 trusted hops the backend ignores X-Forwarded-For, which is right when visitors reach
it directly. Behind nginx it is wrong in a way nothing else shows: every visitor then has
nginx's address, so the rate limit counts the whole site as one client (five messages stop
the contact form for everyone for ten minutes). The tell is a request that carries
X-Forwarded-For and comes from a loopback or private address: a proxy on the same machine
or network. Visitors reaching the backend directly come from public addresses, and a
header they forge changes nothing here. The first such request logs one ERROR naming the
variable; later ones cost a header lookup until then, and nothing after.

Set too high it is as wrong and as quiet: the backend then takes an address further left in
X-Forwarded-For than any proxy wrote, one the visitor put there, so each request may choose
the address the rate limit counts. The tell is a request from a local proxy whose header
holds fewer addresses than the hops configured (a visitor who forges nothing sends none):
the first logs one ERROR naming the variable and the count it saw.
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


TOO_MANY = (
    "TRUSTED_PROXY_HOPS=%s, but a request from %s carries X-Forwarded-For with %s address(es): "
    "fewer proxies than that wrote it, so the backend counts an address the visitor may have "
    "chosen (the contact form's rate limit can be dodged). Set TRUSTED_PROXY_HOPS to the "
    "number of proxies in front of the backend (nginx alone: 1)."
)


def forwarded_count(headers) -> int | None:
    """How many addresses the request's X-Forwarded-For headers list; None without one."""
    values = [value for name, value in headers if name == b"x-forwarded-for"]
    if not values:
        return None
    return sum(1 for value in values for item in value.split(b",") if item.strip())


class ProxyHopsCheck(Middleware):
    """ASGI middleware: logs once when TRUSTED_PROXY_HOPS looks wrong (module docstring)."""

    scope_types = ("http", "websocket")

    def __init__(self, app: ASGIApp, trusted_proxy_hops: int | None = None) -> None:
        super().__init__(app)
        if trusted_proxy_hops is None:
            from agency_site.settings import get_settings

            trusted_proxy_hops = get_settings().trusted_proxy_hops
        self.hops = trusted_proxy_hops
        # After one warning, nothing more to say.
        self.watching = True

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.watching:
            self._check(scope)
        await self.app(scope, receive, send)

    def _check(self, scope: Scope) -> None:
        client = scope.get("client")
        if not client or not is_local_peer(client[0]):
            return
        count = forwarded_count(scope.get("headers", ()))
        if count is None:
            return
        if self.hops == 0:
            self.watching = False
            logger.error(MESSAGE, client[0])
        elif count < self.hops:
            self.watching = False
            logger.error(TOO_MANY, self.hops, client[0], count)
