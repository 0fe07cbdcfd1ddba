"""What the page being built read, noted for the dev server: an edit of a text, a blog post
or an image is compiled into just the pages that read it (agency_site/dev/live_content.py).

A `Recorder` is context, not a parameter, for the same reason as the page of `i18n`: the
reads happen deep in components (`t(lang, key)`, `picture(...)`, the blog's post lists).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


class Recorder(Generic[T]):
    """Collects what is noted inside `recording()`; outside it, nothing is collected."""

    def __init__(self, name: str) -> None:
        self._current: ContextVar[set[T] | None] = ContextVar(name, default=None)

    @contextmanager
    def recording(self) -> Iterator[set[T]]:
        """What is noted inside the block, collected in the set it yields."""
        noted: set[T] = set()
        token = self._current.set(noted)
        try:
            yield noted
        finally:
            self._current.reset(token)

    def note(self, item: T) -> bool:
        """Note `item` for the block recording now; False if none is."""
        noted = self._current.get()
        if noted is None:
            return False
        noted.add(item)
        return True
