"""Waiting for things outside the browser (a database row, a server's port, a process).

Conditions in a page are waited for with Playwright's `expect`; these poll plain Python
conditions, which Playwright cannot see.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from typing import TypeVar

_T = TypeVar("_T")


def wait_for(condition: Callable[[], _T], timeout_s: float = 15.0, what: str = "") -> _T:
    """Poll `condition()` until it returns something truthy, and return that."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if result := condition():
            return result
        time.sleep(0.1)
    raise AssertionError(f"not reached within {timeout_s:.0f}s: {what or condition}")


def free_port() -> int:
    """A TCP port on the loopback address that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
