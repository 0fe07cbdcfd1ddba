"""The dev server shows an edit of a file of `assets/` without restarting its backend
(agency_site/dev/live_assets.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from agency_site.settings import PROJECT_ROOT

# An edit of an image the blog shows, in a copy of the project, shown by the dev server's
# app; every page compiled again for comparison.
_IMAGE_EDIT = """
import json
from pathlib import Path
from PIL import Image
from agency_site import agency_site as built
from agency_site.dev import live_assets, live_content
from agency_site.images.variants import responsive_image
from agency_site.reflex_adapter import recompile_pages

src = "/blog/stock-01.webp"
before = responsive_image(src)
image = Path("assets/blog/stock-01.webp").absolute()
with Image.open(image) as opened:
    edited = opened.convert("RGB")
edited.putpixel((0, 0), (255, 0, 255))
edited.save(image, format="WEBP", lossless=True)
count, written = live_assets.apply_image_edit(built.app, [image])
pages = live_content.remembered_pages()
everything = recompile_pages(built.app, {key: page.build() for key, page in pages.items()})
print(json.dumps({
    "count": count,
    "showing": sorted(key for key, page in pages.items() if src in page.images),
    "old": [variant.url for variant in before.variants],
    "new": [variant.url for variant in responsive_image(src).variants],
    "written": [str(path) for path in written],
    "everything": {str(path): text for path, text in everything.items()},
}))
"""


def test_an_edited_image_is_compiled_into_the_pages_that_show_it(tmp_path: Path) -> None:
    from tests.project_copy import copy_project

    project = copy_project(tmp_path / "site", web=False)
    web = tmp_path / ".web"
    env = {
        **os.environ,
        "REFLEX_WEB_WORKDIR": str(web),
        "REFLEX_ENV_MODE": "dev",
        "__REFLEX_COMPILE_CONTEXT": "run",
        "IMAGE_CACHE_DIR": str(tmp_path / "image-cache"),
    }
    env.pop("CONTENT_DIR", None)
    done = subprocess.run(
        [sys.executable, "-c", _IMAGE_EDIT], cwd=project, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    old, new = result["old"], result["new"]
    assert len(new) == len(old) and set(new).isdisjoint(old)
    # Every variant with the new hash is served, and the edited file where Reflex copies it.
    for url in new:
        assert (web / "public" / url.lstrip("/")).is_file(), url
    edited = (project / "assets/blog/stock-01.webp").read_bytes()
    assert (web / "public/blog/stock-01.webp").read_bytes() == edited
    # The pages that show the image are those a compile of every page names its new files in.
    assert result["showing"]
    written = {Path(path) for path in result["written"]}
    naming = {Path(path) for path, code in result["everything"].items() if new[0].rsplit("/", 1)[1] in code}
    assert naming
    assert naming <= written
    assert not [
        path
        for path in written
        if path.suffix == ".jsx" and "stock-01-" in path.read_text() and path not in naming
    ]
    assert result["count"] >= len(result["showing"])
    # Far from every page: the image is on a few of them.
    assert result["count"] < len(result["everything"]) / 2


def test_an_image_still_being_saved_is_told_from_a_whole_one(tmp_path: Path) -> None:
    """Pillow empties the file first and writes it once encoded: the dev backend waits for
    the rest of the save instead of reading a broken image."""
    from agency_site.images.variants import is_partly_written

    whole = PROJECT_ROOT / "assets/blog/stock-01.webp"
    assert not is_partly_written(whole)
    empty, cut = tmp_path / "empty.webp", tmp_path / "cut.webp"
    empty.write_bytes(b"")
    cut.write_bytes(whole.read_bytes()[:2000])
    assert is_partly_written(empty) and is_partly_written(cut)
    assert not is_partly_written(tmp_path / "deleted.webp")
