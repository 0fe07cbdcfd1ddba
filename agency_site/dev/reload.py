"""The dev server (`reflex run`, `make dev`) reloads on every kind of file the site is made of,
and shows a broken content file in the browser instead of stopping.

Reflex's reloader (Granian's, in `reflex.utils.exec.run_granian_backend`) ignores
`*.yaml`/`*.yml` among other extensions (`HOTRELOAD_IGNORE_PATTERNS`), so an edit to
`content/` was never shown. `watch_content_files()` drops those two patterns before the
dev server starts (rxconfig.py runs first); Markdown, images and Python were already
watched. A reload rebuilds the pages, and Vite's hot module replacement puts the new ones
in the open browser.

`leave_content_to_the_app()` goes further where Reflex runs Granian (its default): it tells
the reloader to leave `content/`, `agency_site/pages/` and `assets/` alone
(`REFLEX_HOT_RELOAD_EXCLUDE_PATHS` and `..._INCLUDE_PATHS`, settings Reflex documents), and
the dev backend watches them itself and shows an edit there without a restart
(agency_site/dev/live_content.py). With Uvicorn the reloader keeps them.

`serving_live_edits()` tells the app that it is built for that dev server: there a content
error compiles an error page at every address (agency_site/pages/content_errors.py)
instead of stopping the server, and the next save that fixes it rebuilds the site.
Everything else (`reflex export`, `reflex run --env prod`, the tests' builds, `make
check-content`) still stops on it.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from agency_site.images.variants import assets_dir
from agency_site.reflex_adapter import (
    CompileContext,
    Dirs,
    Env,
    dev_reloader,
    environment,
    uses_granian,
    web_dir,
)

logger = logging.getLogger(__name__)
# The patterns of the content files' extensions, as Reflex writes them.
CONTENT_PATTERNS = (r"^.*\.yaml$", r"^.*\.yml$")
# SQLite's files beside a database (Reflex ignores `*.db` alone): the dev backend migrates
# its database as it starts, and the journal that wrote made the reloader start it again.
DATABASE_SIDE_FILES = (r"^.*\.db-journal$", r"^.*\.db-wal$", r"^.*\.db-shm$")


def watch_content_files() -> bool:
    """Let the dev server's reloader see YAML files and not SQLite's side files; False (and
    a warning) if Reflex moved the setting this relies on, so an upgrade says why content
    edits stopped showing."""
    # Read and replaced in the module's namespace, where run_granian_backend reads it.
    namespace = vars(dev_reloader())
    patterns = namespace.get("HOTRELOAD_IGNORE_PATTERNS")
    if not isinstance(patterns, tuple):
        logger.warning(
            "agency_site.dev.reload: reflex.utils.exec.HOTRELOAD_IGNORE_PATTERNS is gone; "
            "edits to content/*.yaml may not reload the dev server"
        )
        return False
    kept = tuple(p for p in patterns if p not in CONTENT_PATTERNS + DATABASE_SIDE_FILES)
    namespace["HOTRELOAD_IGNORE_PATTERNS"] = kept + DATABASE_SIDE_FILES
    return True


# The package of the site's pages, whose Python edits the dev backend shows itself too.
PACKAGE_DIR = Path(__file__).resolve().parents[1]
PAGES_DIR = PACKAGE_DIR / "pages"


def leave_content_to_the_app(content_dir: Path) -> bool:
    """Have the dev server's reloader leave `content_dir`, the pages' package and the
    assets to the app (see above): Reflex's settings exclude and include top-level paths,
    so the package is excluded and each of its entries but `pages/` included. False where
    the reloader is Uvicorn's, which keeps watching everything."""
    if not uses_granian():
        return False
    leave = [content_dir.absolute(), PACKAGE_DIR, assets_dir()]
    excluded = [path.absolute() for path in environment.REFLEX_HOT_RELOAD_EXCLUDE_PATHS.get()]
    environment.REFLEX_HOT_RELOAD_EXCLUDE_PATHS.set(
        [*excluded, *(path for path in leave if path not in excluded)]
    )
    included = [path.absolute() for path in environment.REFLEX_HOT_RELOAD_INCLUDE_PATHS.get()]
    watched = sorted(
        entry
        for entry in PACKAGE_DIR.iterdir()
        if entry != PAGES_DIR
        and entry.name != "__pycache__"
        and not entry.name.startswith(".")
        and entry not in included
    )
    environment.REFLEX_HOT_RELOAD_INCLUDE_PATHS.set([*included, *watched])
    return True


def watching_content_in_the_app() -> bool:
    """Whether the reloader leaves the content folder and the pages to this app (its dev
    backend's workers inherit the setting from `reflex run`)."""
    from agency_site.settings import get_settings

    content_dir = get_settings().content_dir.absolute()
    excluded = [path.absolute() for path in environment.REFLEX_HOT_RELOAD_EXCLUDE_PATHS.get()]
    return uses_granian() and content_dir in excluded and PACKAGE_DIR in excluded and assets_dir() in excluded


def serving_live_edits() -> bool:
    """Whether this process builds the app for `reflex run` in dev mode (its first compile
    or a reload): Reflex sets both variables before it compiles and passes them on to the
    backend's workers."""
    return (
        environment.REFLEX_COMPILE_CONTEXT.get() == CompileContext.RUN
        and environment.REFLEX_ENV_MODE.get() == Env.DEV
    )


def last_compiled_routes() -> list[str]:
    """The routes of the dev server's last compile (Reflex's routes manifest in .web), so
    the error page replaces each page the browser may have open; none before a first one."""
    try:
        routes = json.loads((web_dir() / Dirs.ROUTES_MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [route for route in routes if isinstance(route, str)]
