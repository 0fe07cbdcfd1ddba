"""Which images a page's build showed, for the dev server: an edit of one of them is
compiled into just those pages (agency_site/dev/live_content.py), as a text's or a blog
post's is. `picture()` (agency_site/components/ui/picture.py) notes each image it writes.
"""

from __future__ import annotations

from contextlib import AbstractContextManager

from agency_site.recording import Recorder

# The images noted inside `recording_images()`.
_shown: Recorder[str] = Recorder("shown_images")


def recording_images() -> AbstractContextManager[set[str]]:
    """The images shown inside the block, as paths under assets/ ('/blog/stock-01.webp'),
    collected in the set it yields."""
    return _shown.recording()


def note_shown(src: str) -> None:
    """Note that the page being built shows `src`."""
    _shown.note(src)
