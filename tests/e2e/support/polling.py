"""Waiting for things outside the browser (a database row, a file, a process).

Conditions in a page are waited for with Playwright's `expect`; these poll plain Python
conditions, which Playwright cannot see.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

_T = TypeVar("_T")


def wait_for(condition: Callable[[], _T], timeout_s: float = 30.0, what: str = "") -> _T:
    """Poll `condition()` until it returns something truthy, and return that."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if result := condition():
            return result
        time.sleep(0.1)
    raise AssertionError(f"not reached within {timeout_s:.0f}s: {what or condition}")
