"""The dev backend's watch of the site's files: each save is shown live (a content edit,
agency_site/dev/content_edit.py; a page module, live_content.py; a file of assets/,
live_assets.py; a new or deleted post, live_routes.py) or restarts the backend, and the
terminal says which (agency_site/dev/live_content.py's module doc)."""

from __future__ import annotations

import gc
import logging
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agency_site.dev.content_edit import apply_content_edit
from agency_site.dev.live_assets import apply_asset_edit, deleted_while_unwatched, remember_assets
from agency_site.dev.live_content import (
    RestartNeeded,
    apply_page_edit,
    restart_backend,
    restart_if_saved_while_starting,
)
from agency_site.dev.live_routes import WaitingForSave
from agency_site.dev.reload import PAGES_DIR
from agency_site.images.variants import assets_dir, is_partly_written
from agency_site.settings import get_settings

if TYPE_CHECKING:
    from watchfiles import Change

logger = logging.getLogger(__name__)

# What the dev backend prints once it shows edits live (before it, a save restarts it).
WATCHING_LINE = "Live content: watching"


async def live_content_edits(app: Any) -> None:
    """The dev backend's lifespan task: show each content edit (see the module's doc)."""
    content_dir = get_settings().content_dir
    assets = assets_dir()
    async for changes in watched_changes(content_dir, PAGES_DIR, assets):
        files = sorted({Path(path) for _, path in changes})
        if not changes:
            # The watch has begun: from here a save is shown live (one saved before the
            # line restarted the backend; a developer sees the line, the tests wait for
            # it). A file of assets/ deleted before, whose copy the build still holds, is
            # handled as a deletion the watch saw.
            print(f"{WATCHING_LINE} {content_dir.name}/, agency_site/pages/ and assets/", file=sys.stderr)
            # The app's build lives as long as the backend: out of the cyclic garbage
            # collector's way, whose full passes walked its objects again and again while
            # an edit compiled pages (every page compiled at load average 3.5: 5.8 and 6.2 s,
            # frozen 5.1 and 5.3 s). A build an edit replaces stays: at most the app's size.
            gc.freeze()
            files = deleted_while_unwatched()
            if not files:
                continue
        pages = [file for file in files if file.is_relative_to(PAGES_DIR)]
        images = [file for file in files if file.is_relative_to(assets)]
        names = ", ".join(
            str(
                file.relative_to(
                    PAGES_DIR if file in pages else assets.parent if file in images else content_dir
                )
            )
            for file in files
        )
        if [image for image in images if is_partly_written(image)]:
            # Its save is not over (a restart now would fail to read it): the rest of the
            # save is another change.
            print(f"Live content: {names}: not a whole image yet; waiting for the save", file=sys.stderr)
            continue
        started = time.monotonic()
        try:
            if (pages or images) and len(pages or images) < len(files):
                raise RestartNeeded("files of more than one kind changed at once")
            if pages:
                count, written = apply_page_edit(app, pages)
            elif images:
                count, written = apply_asset_edit(app, images)
            else:
                count, written = apply_content_edit(app, files)
        except WaitingForSave as why:
            print(f"Live content: {names}: {why}", file=sys.stderr)
            continue
        except RestartNeeded as why:
            print(f"Live content: {names}: {why}; restarting the backend", file=sys.stderr)
            restart_backend()
            return
        except Exception:
            logger.exception("Live content: %s could not be shown; restarting the backend", names)
            restart_backend()
            return
        if images:
            remember_assets()
        print(
            f"Live content: {names}: {count} pages compiled, {len(written)} files written "
            f"in {time.monotonic() - started:.2f} s",
            file=sys.stderr,
        )


async def restart_on_content_edits() -> None:
    """The content-error page's lifespan task: any content or page edit builds the app again."""
    async for changes in watched_changes(get_settings().content_dir, PAGES_DIR, assets_dir()):
        if changes:
            restart_backend()
            return


# How long the watcher waits for a change before it says it watches, and between its
# looks at the stop signal after that.
WATCH_TIMEOUT_MS = 500


async def watched_changes(*paths: Path) -> AsyncIterator[frozenset[tuple[Change, str]]]:
    """watchfiles' batches of changes under `paths`, after an empty one once its watcher
    watches: every save from then on is in a batch; one saved before, while the backend
    started, restarts it, as no watcher saw it (agency_site/dev/live_content.py)."""
    from watchfiles import awatch

    begun = False
    async for changes in awatch(*paths, rust_timeout=WATCH_TIMEOUT_MS, yield_on_timeout=True):
        if changes or not begun:
            # Before anything restarts the backend: a file of assets/ there now may be
            # copied (by this batch, or the next compile) and deleted before the next
            # watch begins, which then removes its copy.
            remember_assets()
        if not begun:
            if restart_if_saved_while_starting(get_settings().content_dir):
                return
            begun = True
            yield frozenset()
        if changes:
            yield frozenset(changes)
