"""The dev server shows an edit of a file of `assets/` without restarting its backend
(the backend's watch: agency_site/dev/live_content.py).

- an image that pages show (through `picture()`, which notes it: each page's build is kept
  with the images it showed, `recording_images`): its variants are encoded
  (agency_site/images/variants.py, as the build's plugin does, into the same folder), the
  file is copied where Reflex copies `assets/` into the build, and the pages that show it
  are built again (their `<source>` elements name the new files).

A new or deleted file of `assets/`, or one no page shows through `picture()` (the sharing
images, the style sheet), restarts the backend.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agency_site.dev.live_content import RestartNeeded, compile_pages, remembered_pages
from agency_site.images.variants import assets_dir, cache_dir, responsive_image, write_image_variants
from agency_site.reflex_adapter import Dirs, web_dir


def apply_image_edit(app: Any, files: list[Path]) -> tuple[int, list[Path]]:
    """Show an edit of images of `assets/`: each one's variants are written (encoded, or
    taken from the cache) where the build's plugin writes them, the file is copied where
    Reflex copies the assets, and the pages that show one are compiled."""
    assets, public = assets_dir(), web_dir() / Dirs.PUBLIC
    pages = remembered_pages()
    shown = {src for page in pages.values() for src in page.images}
    sources: set[str] = set()
    for file in files:
        src = "/" + file.relative_to(assets).as_posix()
        if not file.is_file():
            raise RestartNeeded(f"{src} is new or deleted")
        if src not in shown:
            raise RestartNeeded(f"no page shows {src} through picture()")
        sources.add(src)
    # New names for the edited files (a variant's name has a hash of its source).
    responsive_image.cache_clear()
    written: list[Path] = []
    for src in sorted(sources):
        _, served = write_image_variants(src, assets, public, cache_dir())
        copy = public / src.lstrip("/")
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes((assets / src.lstrip("/")).read_bytes())
        written += [*served, copy]
    # The variants exist before a page names them.
    touched = {page.memo_module for page in pages.values() if page.images & sources}
    count, compiled = compile_pages(app, [page for page in pages.values() if page.memo_module in touched])
    return count, written + compiled
