"""Build settings for the frontend that Reflex exposes only through plugins (rxconfig.py).

`PaintBeforeHydration` replaces Reflex's `entry.client.js`: every page is prerendered and
complete without JavaScript, so the browser paints it first and React hydrates one frame
later. React's default entry hydrates as soon as the bundle has run, and on a slow phone
that work (most of the page's JavaScript time) delays the first paint.

After the build it also drops React Router's `<link rel="modulepreload">` hints from the
prerendered pages. They make the browser fetch every chunk (~150 KB) at the priority of the
page itself, so on a slow connection the first paint waits for JavaScript that only
hydrates a page that is already complete. Without them the module script fetches the same
files a round trip or two later, after the paint. Measured with Lighthouse's mobile preset
on the home page (3 runs, benchmarks/lighthouse.py): LCP 2.71 s with the hints, 1.75 s
without; performance 0.92 and 0.99.
"""

from __future__ import annotations

import re
from pathlib import Path

from agency_site.reflex_adapter import Embed, Plugin

# React Router's framework entry with hydration after the first paint (see that file).
ENTRY_CLIENT_FILE = Path(__file__).with_name("entry.client.js")


MODULE_PRELOAD = re.compile(r"<link\b[^>]*\brel=\"modulepreload\"[^>]*>")


def without_module_preloads(html: str) -> str:
    """The page without its `<link rel="modulepreload">` hints (see the module docstring)."""
    return MODULE_PRELOAD.sub("", html)


def _strip_module_preloads(static_dir: Path) -> None:
    for page in static_dir.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        stripped = without_module_preloads(html)
        if stripped != html:
            page.write_text(stripped, encoding="utf-8")


def _entry_client_task() -> tuple[str, str]:
    return Embed.ENTRY_PATH, ENTRY_CLIENT_FILE.read_text(encoding="utf-8")


class PaintBeforeHydration(Plugin):
    """Writes our `entry.client.js` instead of Reflex's (see the module docstring)."""

    def pre_compile(self, **context) -> None:
        context["add_save_task"](_entry_client_task)

    def post_build(self, **context) -> None:
        # Runs before Reflex writes the .gz/.br sidecars, so they match the pages.
        _strip_module_preloads(Path(context["static_dir"]))

    def provides_entry_client(self) -> bool:
        return True
