"""Which images a page's build showed, for the dev server: an edit of one of them is
compiled into just those pages (agency_site/dev/live_content.py), as a text's or a blog
post's is. `picture()` (agency_site/components/ui/picture.py) notes each image it writes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# The images noted inside `recording_images()`, or None outside it.
_shown: ContextVar[set[str] | None] = ContextVar("shown_images", default=None)


@contextmanager
def recording_images() -> Iterator[set[str]]:
    """The images shown inside the block, as paths under assets/ ('/blog/stock-01.webp'),
    collected in the set it yields."""
    images: set[str] = set()
    token = _shown.set(images)
    try:
        yield images
    finally:
        _shown.reset(token)


def note_shown(src: str) -> None:
    """Note that the page being built shows `src`."""
    if (shown := _shown.get()) is not None:
        shown.add(src)
