"""Build settings for the frontend that Reflex exposes only through plugins (rxconfig.py).

`PaintBeforeHydration` replaces Reflex's `entry.client.js`: every page is prerendered and
complete without JavaScript, so the browser paints it first and React hydrates one frame
later. React's default entry hydrates as soon as the bundle has run, and on a slow phone
that work (most of the page's JavaScript time) delays the first paint.

After the build it also drops React Router's `<link rel="modulepreload">` hints from the
prerendered pages. They make the browser fetch every chunk (~150 KB) at the priority of the
page itself, so on a slow connection the first paint waits for JavaScript that only
hydrates a page that is already complete. Without them the module script fetches the same
files a round trip or two later, after the paint. For the same reason it
puts `load_after_paint.js` in place of React Router's module script, which would start
those fetches (and their parsing) as soon as the parser reached the end of the page: the
same modules load once the first paint is on the screen (its paint-timing entry; a frame
later where the browser has none).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from agency_site.reflex_adapter import Embed, Plugin

# React Router's framework entry with hydration after the first paint (see that file).
ENTRY_CLIENT_FILE = Path(__file__).with_name("entry.client.js")


MODULE_PRELOAD = re.compile(r"<link\b[^>]*\brel=\"modulepreload\"[^>]*>")


def without_module_preloads(html: str) -> str:
    """The page without its `<link rel="modulepreload">` hints (see the module docstring)."""
    return MODULE_PRELOAD.sub("", html)


# Starts React Router's modules after the first paint (see that file).
LOAD_AFTER_PAINT_FILE = Path(__file__).with_name("load_after_paint.js")

_ROUTER_SCRIPT = re.compile(r'<script type="module" async="">(.*?)</script>', re.S)
_MANIFEST = re.compile(r'^import "(/[^"]+)";', re.M)
_ROUTE_IMPORT = re.compile(r'^import \* as (\w+) from "(/[^"]+)";', re.M)
_ROUTE_MODULES = re.compile(r"^\s*window\.__reactRouterRouteModules = \{([^}]*)\};", re.M)
_ROUTE_ENTRY = re.compile(r'"([^"]+)":(\w+)')
_ENTRY = re.compile(r'^import\("(/[^"]+)"\);', re.M)


class RouterScriptChanged(RuntimeError):
    """React Router's module script no longer has the shape load_after_paint.js replaces."""


def router_modules(script: str) -> dict:
    """What React Router's module script loads: its manifest, each route module by route id,
    and the entry; raises when the script holds anything else (a React Router upgrade)."""
    manifest = _MANIFEST.search(script)
    mapping = _ROUTE_MODULES.search(script)
    entry = _ENTRY.search(script)
    if not (manifest and mapping and entry):
        raise RouterScriptChanged(f"React Router's module script changed:\n{script}")
    urls = dict(_ROUTE_IMPORT.findall(script))
    routes = [[route_id, urls[name]] for route_id, name in _ROUTE_ENTRY.findall(mapping.group(1))]
    rest = script
    for pattern in (_MANIFEST, _ROUTE_IMPORT, _ROUTE_MODULES, _ENTRY):
        rest = pattern.sub("", rest)
    if rest.strip() or len(routes) != len(urls):
        raise RouterScriptChanged(f"React Router's module script changed:\n{script}")
    return {"manifest": manifest.group(1), "routes": routes, "entry": entry.group(1)}


def load_after_paint_text() -> str:
    """`load_after_paint.js` without its header comment (it is inlined into every page)."""
    lines = LOAD_AFTER_PAINT_FILE.read_text(encoding="utf-8").splitlines()
    while lines and lines[0].startswith("//"):
        lines.pop(0)
    return "\n".join(lines).strip() + "\n"


def loading_after_paint(page: str) -> str:
    """The page with load_after_paint.js in place of React Router's module script."""

    def replace(match: re.Match) -> str:
        modules = json.dumps(router_modules(match.group(1)), separators=(",", ":"))
        return f'<script data-modules="{html.escape(modules)}">{load_after_paint_text()}</script>'

    return _ROUTER_SCRIPT.sub(replace, page)


def _rewrite_pages(static_dir: Path) -> None:
    for page in static_dir.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        rewritten = loading_after_paint(without_module_preloads(text))
        if rewritten != text:
            page.write_text(rewritten, encoding="utf-8")


def _entry_client_task() -> tuple[str, str]:
    return Embed.ENTRY_PATH, ENTRY_CLIENT_FILE.read_text(encoding="utf-8")


class PaintBeforeHydration(Plugin):
    """Writes our `entry.client.js` instead of Reflex's (see the module docstring)."""

    def pre_compile(self, **context) -> None:
        context["add_save_task"](_entry_client_task)

    def post_build(self, **context) -> None:
        # Runs before Reflex writes the .gz/.br sidecars, so they match the pages.
        _rewrite_pages(Path(context["static_dir"]))

    def provides_entry_client(self) -> bool:
        return True
