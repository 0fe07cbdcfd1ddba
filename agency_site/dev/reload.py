"""The dev server (`reflex run`, `make dev`) reloads on every kind of file the site is made of.

Reflex's reloader (Granian's, in `reflex.utils.exec.run_granian_backend`) ignores
`*.yaml`/`*.yml` among other extensions (`HOTRELOAD_IGNORE_PATTERNS`), so an edit to
`content/` was never shown. `watch_content_files()` drops those two patterns before the
dev server starts (rxconfig.py runs first); Markdown, images and Python were already
watched. A reload rebuilds the pages, and Vite's hot module replacement puts the new ones
in the open browser.
"""

from __future__ import annotations

import logging

from agency_site.reflex_adapter import dev_reloader

logger = logging.getLogger(__name__)
# The patterns of the content files' extensions, as Reflex writes them.
CONTENT_PATTERNS = (r"^.*\.yaml$", r"^.*\.yml$")


def watch_content_files() -> bool:
    """Let the dev server's reloader see YAML files; False (and a warning) if Reflex moved
    the setting this relies on, so an upgrade says why content edits stopped showing."""
    # Read and replaced in the module's namespace, where run_granian_backend reads it.
    namespace = vars(dev_reloader())
    patterns = namespace.get("HOTRELOAD_IGNORE_PATTERNS")
    if not isinstance(patterns, tuple):
        logger.warning(
            "agency_site.dev.reload: reflex.utils.exec.HOTRELOAD_IGNORE_PATTERNS is gone; "
            "edits to content/*.yaml may not reload the dev server"
        )
        return False
    namespace["HOTRELOAD_IGNORE_PATTERNS"] = tuple(p for p in patterns if p not in CONTENT_PATTERNS)
    return True
