"""At most N messages per client in a sliding window (issue 6, item 4)."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class RateLimiter:
    """Sliding-window counter per client key, kept in this process.

    One process serves the site (`reflex run --single-port`); several workers would each
    count on their own, which is worth knowing but still bounds abuse.
    """

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

    def acquire(self, key: str) -> bool:
        """Count one message for `key`; False (and nothing counted) when over the limit."""
        self._forget_old()
        hits = self._hits.setdefault(key, deque())
        horizon = self._clock() - self.window_s
        while hits and hits[0] <= horizon:
            hits.popleft()
        if len(hits) >= self.limit:
            return False
        hits.append(self._clock())
        return True

    def release(self, key: str) -> None:
        """Give back the last message counted for `key` (it was not stored after all)."""
        hits = self._hits.get(key)
        if hits:
            hits.pop()
