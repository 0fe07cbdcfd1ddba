"""The dev server shows an edit of a file of `assets/` without restarting its backend
(the backend's watch: agency_site/dev/watch.py).

Reflex's compile copies `assets/` into the dev build's public files (`.web/public`,
`path_ops.update_directory_tree`), which Vite serves at the same addresses, and copies
each of the app's stylesheets into `.web/styles/` (`compile_root_stylesheet`), where the
root stylesheet imports it. Here each saved file is copied the same way, at once:

- any file (a sharing image of `og/`, the favicon, the logo, a font): copied into the
  public files, so the next request gets the new bytes. Its address does not change, so
  no page is compiled (the sharing images are named by the pages' heads, by address);
- the app's stylesheet (`assets/styles.css`): copied into `.web/styles/` too, where Vite
  notices it and sends the open page the new CSS (its hot update of a stylesheet), with
  no page compiled;
- an image that pages show (through `picture()`, which notes it: each page's build is kept
  with the images it showed, `recording_images`): its variants are encoded
  (agency_site/images/variants.py, as the build's plugin does, into the same folder), and
  the pages that show it are built again (their `<source>` elements name the new files);
- a new image of the folders whose images have variants: they are written too, so a
  content edit that then names it (a change of its own) compiles pages that find them;
- a deleted file: its copy (and its variants) removed from the build. Reflex's compile
  never removes a copy (`update_directory_tree` only copies), so a file deleted while no
  watch ran (the backend restarting, or the dev server stopped) would be served on; the
  watch keeps a list of the files of `assets/` the build may hold a copy of
  (`remember_assets`, as each batch of changes arrives), and when it begins, those no
  longer there are handled as deleted (`deleted_while_unwatched`).

A new or deleted file may change what the content shows (a blog post's stock image that
did not exist shows the placeholder; a project image or a page's poster that no longer
does is a content error: agency_site/images/check.py), so the content is read and checked
again as for a content edit: a content error restarts the backend, which shows the error
page. A page that still shows a deleted image the check does not see (a name the code
puts together) restarts the backend too, as do a stylesheet Reflex compiles (Sass) and
a deleted stylesheet of the app.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

from agency_site.dev.content_edit import apply_content_edit
from agency_site.dev.live_content import RestartNeeded, compile_pages, remembered_pages
from agency_site.images.variants import (
    assets_dir,
    cache_dir,
    has_variants,
    responsive_image,
    variant_files,
    write_image_variants,
)
from agency_site.reflex_adapter import Dirs, web_dir, write_if_changed

# The stylesheets Reflex includes from a folder the app names.
STYLESHEET_SUFFIXES = (".css", ".scss", ".sass")


def app_stylesheets(app: Any, assets: Path) -> dict[Path, Path]:
    """The app's stylesheets of `assets` (each file of a folder named), with the file of
    `.web/styles/` Reflex copies each into."""
    sheets: dict[Path, Path] = {}
    for sheet in getattr(app, "stylesheets", None) or []:
        if sheet.startswith(("http://", "https://", "//")):
            continue
        path = assets / sheet.strip("/")
        files = (
            sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in STYLESHEET_SUFFIXES)
            if path.is_dir()
            else [path]
        )
        for file in files:
            sheets[file] = web_dir() / Dirs.STYLES / file.relative_to(assets).with_suffix(".css")
    return sheets


# The files of assets/ the watch last saw, in the web folder, which goes with its build.
SEEN_ASSETS = "agency_site-assets-seen.json"


def asset_files(assets: Path) -> list[str]:
    """The files of `assets`, as paths relative to it."""
    return sorted(path.relative_to(assets).as_posix() for path in assets.rglob("*") if path.is_file())


def remember_assets() -> None:
    """Note the files of assets/ the build may hold a copy of: those there now, and those
    noted before whose copy is still in the build. A file is forgotten once its copy is
    gone, not when it is: one saved and deleted while a batch was handled, or deleted
    while the backend restarted, keeps its copy until the next watch removes it (a
    sharing image added and deleted around a restart was served on)."""
    seen = web_dir() / SEEN_ASSETS
    if not seen.parent.is_dir():
        return
    assets, public = assets_dir(), web_dir() / Dirs.PUBLIC
    now = set(asset_files(assets))
    kept = {name for name in _seen_assets() - now if (public / name).is_file()}
    write_if_changed(seen, json.dumps(sorted(now | kept), indent=0))


def _seen_assets() -> set[str]:
    try:
        return set(json.loads((web_dir() / SEEN_ASSETS).read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return set()


def deleted_while_unwatched() -> list[Path]:
    """The files of assets/ the watch noted that are gone: deleted while none ran."""
    assets = assets_dir()
    return [assets / name for name in sorted(_seen_assets() - set(asset_files(assets)))]


def copy_if_changed(source: Path, target: Path, *, whole: bool = True) -> bool:
    """Copy `source` to `target` (with its time, as Reflex copies the assets) unless it
    holds the same bytes already; whether it copied. With `whole`, whole or not at all (a
    file renamed over it): Vite serving a public file while it was written sent a truncated
    answer (its length taken before). A stylesheet is written in place, as Reflex writes
    it: renamed over, Vite at times sent the open page the first edit and not the next."""
    if target.is_file() and target.read_bytes() == source.read_bytes():
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    if not whole:
        shutil.copy2(source, target)
        return True
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    shutil.copy2(source, partial)
    partial.replace(target)
    return True


# Reflex's root stylesheet in .web/styles/ (PageNames.STYLESHEET_ROOT), which root.jsx
# imports and which imports the app's stylesheets.
ROOT_STYLESHEET = "__reflex_global_styles.css"


def touch_root_stylesheet() -> list[Path]:
    """Write Reflex's root stylesheet again, unchanged, after an app stylesheet changed:
    Vite then transforms it again (reading the stylesheets it imports) and sends the open
    page the result. Without it Vite at times kept the stylesheet it had read first (about
    one edit in four under the e2e test's quick edit and restore)."""
    root = web_dir() / Dirs.STYLES / ROOT_STYLESHEET
    if not root.is_file():
        return []
    root.write_bytes(root.read_bytes())
    return [root]


def remove_from_build(src: str, public: Path) -> list[Path]:
    """Remove the copy of `src` (a deleted file or folder of assets/) and its variants
    from `public`; the files removed."""
    copy = public / src.lstrip("/")
    removed: list[Path] = []
    if copy.is_dir():
        removed = [path for path in copy.rglob("*") if path.is_file()]
        removed += [path for path in (public / "assets/img" / src.lstrip("/")).rglob("*") if path.is_file()]
        for folder in (copy, public / "assets/img" / src.lstrip("/")):
            shutil.rmtree(folder, ignore_errors=True)
        return removed
    for path in [copy, *variant_files(src, public)]:
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed


def apply_asset_edit(app: Any, files: list[Path]) -> tuple[int, list[Path]]:
    """Show an edit of files of `assets/` (see the module's doc): the number of pages
    compiled and the files written or removed."""
    assets, public = assets_dir(), web_dir() / Dirs.PUBLIC
    pages = remembered_pages()
    shown = {src for page in pages.values() for src in page.images}
    stylesheets = app_stylesheets(app, assets)
    saved = [file for file in files if file.is_file()]
    deleted = [file for file in files if not file.exists()]
    written: list[Path] = []
    added: set[str] = set()
    for file in saved:
        src = "/" + file.relative_to(assets).as_posix()
        if file in stylesheets:
            if file.suffix != ".css":
                raise RestartNeeded(f"{src} is a stylesheet Reflex compiles")
            if copy_if_changed(file, stylesheets[file], whole=False):
                written.append(stylesheets[file])
                written += touch_root_stylesheet()
        copy = public / src.lstrip("/")
        if not copy.exists():
            added.add(src)
        if copy_if_changed(file, copy):
            written.append(copy)
    gone: set[str] = set()
    for file in deleted:
        src = "/" + file.relative_to(assets).as_posix()
        if file in stylesheets:
            raise RestartNeeded(f"the app's stylesheet {src} is deleted")
        # Nothing removed: a file that was never in the build (an editor's temporary file).
        if removed := remove_from_build(src, public):
            written += removed
            gone.add(src)
    # New names for the edited images (a variant's name has a hash of its source), and
    # none for a deleted one.
    responsive_image.cache_clear()
    edited = {"/" + file.relative_to(assets).as_posix() for file in saved}
    for src in sorted(src for src in edited if src in shown or has_variants(src)):
        _, served = write_image_variants(src, assets, public, cache_dir())
        written += served
    # The variants exist before a page names them.
    touched = {page.memo_module for page in pages.values() if page.images & edited}
    count, compiled = compile_pages(app, [page for page in pages.values() if page.memo_module in touched])
    written += compiled
    if added or gone:
        # What the content shows may change with it, or no longer be there.
        more, content_written = apply_content_edit(app, [])
        count, written = count + more, written + content_written
    if showing := sorted(key for key, page in remembered_pages().items() if page.images & gone):
        still = sorted({src for key in showing for src in remembered_pages()[key].images & gone})
        raise RestartNeeded(f"pages still show the deleted {', '.join(still)} ({', '.join(showing[:5])})")
    return count, written
