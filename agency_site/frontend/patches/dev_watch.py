"""The dev server's stylesheet reaches the open page after every save.

Under `reflex run`, a save of `assets/styles.css` restarts the backend, whose compile
copies the file into `.web/styles/` (truncating it, then writing it); Vite's file watcher
then tells the open page to fetch the stylesheet again. In about one save in ten the
page was told at the start of that copy and fetched the stylesheet as it was before, and
no second notice followed: the edit never showed until the next save (benchmarks/
dev_loop.py, 12 saves on a quiet machine). With `awaitWriteFinish` the watcher reports a
change once the file's size has held still for 100 ms, so the page fetches the finished
file. It changes nothing in a production build (Vite's watcher runs only under the dev
server). The code is in `dev_watch.js` beside this file (anchored.py says how patches
work).
"""

from __future__ import annotations

from pathlib import Path

from agency_site.frontend.patches.anchored import VITE_CONFIG, AnchoredPatch

DEV_WATCH: tuple[AnchoredPatch, ...] = (
    AnchoredPatch(
        name="stylesheet-written-whole",
        file=VITE_CONFIG,
        anchor="    watch: {\n",
        where="after",
        source=Path(__file__).with_name("dev_watch.js"),
        why="Vite reports a changed file once it is written whole, so a saved stylesheet always reaches the open page",
    ),
)
