"""At most N messages per client in a sliding window.

In this process by default; in Redis when the app runs with Reflex's Redis state manager
(REFLEX_REDIS_URL), so that several workers count together.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

logger = logging.getLogger(__name__)


class RateLimiter(Protocol):
    """Counts messages per client key."""

    async def acquire(self, key: str) -> bool:
        """Count one message for `key`; False (and nothing counted) when over the limit."""
        ...

    async def release(self, key: str) -> None:
        """Give back the last message counted for `key` (it was not stored after all)."""
        ...


class MemoryRateLimiter:
    """Sliding-window counter per client key, kept in this process."""

    def __init__(self, limit: int, window_s: float, clock: Callable[[], float] = time.monotonic):
        self.limit = limit
        self.window_s = window_s
        self._clock = clock
        self._hits: dict[str, deque[float]] = {}

    def _forget_old(self) -> None:
        # Clients idle for a whole window are dropped, so the table stays small.
        horizon = self._clock() - self.window_s
        for key in [key for key, hits in self._hits.items() if not hits or hits[-1] <= horizon]:
            del self._hits[key]

    async def acquire(self, key: str) -> bool:
        self._forget_old()
        hits = self._hits.setdefault(key, deque())
        horizon = self._clock() - self.window_s
        while hits and hits[0] <= horizon:
            hits.popleft()
        if len(hits) >= self.limit:
            return False
        hits.append(self._clock())
        return True

    async def release(self, key: str) -> None:
        hits = self._hits.get(key)
        if hits:
            hits.pop()


# Atomic check-and-count in Redis: a Lua script of its own, beside this module.
_ACQUIRE_SCRIPT = Path(__file__).with_name("rate_window.lua")


class RedisRateLimiter:
    """The same sliding window in Redis (a sorted set per client), shared by all workers.

    If Redis cannot be reached the message is let through and the problem logged: a limiter
    outage must not cost a real visitor their message.
    """

    def __init__(
        self,
        url: str,
        limit: int,
        window_s: float,
        prefix: str = "agency-site:contact-rate:",
        clock: Callable[[], float] = time.time,
    ):
        from redis.asyncio import Redis

        self._clock = clock
        self.limit = limit
        self.window_s = window_s
        self.prefix = prefix
        self._redis = Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        self._script = self._redis.register_script(_ACQUIRE_SCRIPT.read_text(encoding="utf-8"))
        self._last: dict[str, str] = {}

    async def acquire(self, key: str) -> bool:
        member = uuid.uuid4().hex
        try:
            allowed = await self._script(
                keys=[self.prefix + key], args=[self._clock(), self.window_s, self.limit, member]
            )
        except Exception:
            logger.exception("Rate limit not checked: Redis unreachable")
            return True
        if allowed:
            self._last[key] = member
        return bool(allowed)

    async def close(self) -> None:
        """Close the connection pool (tests; the server keeps it for its lifetime)."""
        await self._redis.aclose()

    async def release(self, key: str) -> None:
        if member := self._last.pop(key, None):
            try:
                await self._redis.zrem(self.prefix + key, member)
            except Exception:
                logger.exception("Rate limit not released: Redis unreachable")


def rate_limiter(
    limit: int, window_s: float, redis_url: str | None = None, *, prefix: str = "agency-site:contact-rate:"
) -> RateLimiter:
    """The limiter for these settings: Redis when the app uses it (its keys under `prefix`,
    one per thing counted), else this process."""
    if redis_url:
        return RedisRateLimiter(redis_url, limit, window_s, prefix=prefix)
    return MemoryRateLimiter(limit, window_s)
