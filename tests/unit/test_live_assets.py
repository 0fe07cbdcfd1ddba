"""The dev server shows an edit of a file of `assets/` without restarting its backend
(agency_site/dev/live_assets.py)."""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PIL import Image

from agency_site.content.catalog import get_catalog
from agency_site.content.loader import get_content
from agency_site.dev import live_assets
from agency_site.dev.live_assets import apply_asset_edit
from agency_site.dev.live_content import PageBuild, RestartNeeded
from agency_site.images.check import missing_image_errors
from agency_site.images.variants import variant_files
from agency_site.settings import PROJECT_ROOT
from tests.support.app_process import app_process_command


@dataclass
class _App:
    """What the dev backend's edit reads of the app: its stylesheets."""

    stylesheets: list[str] = field(default_factory=lambda: ["/styles.css"])


@dataclass
class _Build:
    """A project's assets/ and dev build (.web) in a folder, and what an edit asked for."""

    assets: Path
    web: Path
    compiled: list[list[str]] = field(default_factory=list)
    content_checks: int = 0

    @property
    def public(self) -> Path:
        return self.web / "public"

    def save(self, name: str, data: bytes, *, built: bool = True) -> Path:
        """`assets/{name}` holding `data`; with `built`, copied into the build as before."""
        for folder in (self.assets, *([self.public] if built else [])):
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(data)
        return self.assets / name


def _page(key: str, images: set[str]) -> PageBuild:
    return PageBuild(key, dict, "about", f"m_{key}", frozenset(), images=frozenset(images))


@pytest.fixture
def build(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> _Build:
    built = _Build(tmp_path / "assets", tmp_path / ".web")
    built.assets.mkdir()
    pages = {"about": _page("about", {"/home/promo-poster.webp"}), "blog": _page("blog", set())}

    def compile_pages(app: object, chosen: list[PageBuild]) -> tuple[int, list[Path]]:
        built.compiled.append(sorted(page.route_key for page in chosen))
        return len(chosen), []

    def apply_content_edit(app: object, files: list[Path]) -> tuple[int, list[Path]]:
        built.content_checks += 1
        return 0, []

    monkeypatch.setattr(live_assets, "assets_dir", lambda: built.assets)
    monkeypatch.setattr(live_assets, "web_dir", lambda: built.web)
    monkeypatch.setattr(live_assets, "cache_dir", lambda: tmp_path / "image-cache")
    monkeypatch.setattr(live_assets, "remembered_pages", lambda: pages)
    monkeypatch.setattr(live_assets, "compile_pages", compile_pages)
    monkeypatch.setattr(live_assets, "apply_content_edit", apply_content_edit)
    return built


def _webp(colour: tuple[int, int, int], width: int = 480) -> bytes:
    from io import BytesIO

    data = BytesIO()
    Image.new("RGB", (width, width // 2), colour).save(data, format="WEBP", lossless=True)
    return data.getvalue()


def test_an_edited_sharing_image_is_copied_into_the_build_without_a_page_compiled(build: _Build) -> None:
    """No page shows it through picture(): it was a restart; its address does not change,
    so the copy Vite serves is all the browser needs."""
    image = build.save("og/about-en.jpg", b"old")
    image.write_bytes(b"new")
    count, written = apply_asset_edit(_App(), [image])
    assert (build.public / "og/about-en.jpg").read_bytes() == b"new"
    assert (count, written) == (0, [build.public / "og/about-en.jpg"])
    # The favicon, a font: the same.
    icon = build.save("favicon.svg", b"<svg/>")
    icon.write_bytes(b"<svg></svg>")
    assert apply_asset_edit(_App(), [icon]) == (0, [build.public / "favicon.svg"])
    assert build.compiled == [[], []] and build.content_checks == 0


def test_the_stylesheet_is_copied_where_the_root_stylesheet_imports_it(build: _Build) -> None:
    """Reflex copies an app stylesheet into .web/styles/ (the root stylesheet imports it
    there, and Vite sends the open page a changed one) and, with every asset, into public/."""
    sheet = build.save("styles.css", b"body { color: red; }")
    (build.web / "styles").mkdir()
    (build.web / "styles/styles.css").write_bytes(b"body { color: red; }")
    root = build.web / "styles/__reflex_global_styles.css"
    root.write_bytes(b"@import url('./styles.css');")
    sheet.write_bytes(b"body { color: blue; }")
    count, written = apply_asset_edit(_App(), [sheet])
    assert (build.web / "styles/styles.css").read_bytes() == b"body { color: blue; }"
    assert (build.public / "styles.css").read_bytes() == b"body { color: blue; }"
    # The root stylesheet written again (unchanged), so Vite reads what it imports again.
    assert root.read_bytes() == b"@import url('./styles.css');"
    assert count == 0
    assert sorted(written) == [build.public / "styles.css", root, build.web / "styles/styles.css"]
    # Saved again unchanged: nothing written, so Vite sends nothing.
    assert apply_asset_edit(_App(), [sheet]) == (0, [])
    # A stylesheet the app does not include is only copied.
    other = build.save("print.css", b"a {}")
    other.write_bytes(b"b {}")
    assert apply_asset_edit(_App(), [other]) == (0, [build.public / "print.css"])
    assert not (build.web / "styles/print.css").exists()


def test_a_sass_or_deleted_stylesheet_of_the_app_restarts(build: _Build) -> None:
    """Reflex compiles Sass, and stops on a stylesheet that is not there: the full build."""
    sass = build.save("theme.scss", b"$a: 1;")
    with pytest.raises(RestartNeeded, match="compiles"):
        apply_asset_edit(_App(["/theme.scss"]), [sass])
    sheet = build.save("styles.css", b"a {}")
    sheet.unlink()
    with pytest.raises(RestartNeeded, match="deleted"):
        apply_asset_edit(_App(), [sheet])


def test_a_new_image_gets_its_variants_before_a_page_names_it(build: _Build) -> None:
    """The content edit that names it comes as a change of its own: its pages then find
    the image's files; and the content is checked again (a post's stock image that did
    not exist showed the placeholder)."""
    image = build.save("blog/stock-23.webp", _webp((200, 30, 30)), built=False)
    count, written = apply_asset_edit(_App(), [image])
    assert (build.public / "blog/stock-23.webp").read_bytes() == image.read_bytes()
    variants = variant_files("/blog/stock-23.webp", build.public)
    # 400 px and its own 480 px, in AVIF and WebP.
    assert len(variants) == 4 and set(variants) <= set(written)
    assert count == 0 and build.content_checks == 1
    # An image of a folder without variants (the sharing images): copied alone.
    og = build.save("og/careers-en.jpg", b"jpeg", built=False)
    apply_asset_edit(_App(), [og])
    assert (build.public / "og/careers-en.jpg").is_file() and build.content_checks == 2
    assert not (build.public / "assets/img/og").exists()


def test_a_deleted_file_is_removed_from_the_build_and_the_content_checked(build: _Build) -> None:
    """Its copy and its variants go; the content check then says whether the content
    still names it (a project image, a sharing image: the error page after a restart)."""
    image = build.save("blog/stock-23.webp", _webp((20, 130, 30)), built=False)
    apply_asset_edit(_App(), [image])
    stock_2 = build.save("blog/stock-2.webp", _webp((1, 2, 3)), built=False)
    apply_asset_edit(_App(), [stock_2])
    image.unlink()
    count, written = apply_asset_edit(_App(), [image])
    assert not (build.public / "blog/stock-23.webp").exists()
    assert variant_files("/blog/stock-23.webp", build.public) == []
    assert build.public / "blog/stock-23.webp" in written
    # A name that begins the same is another image.
    assert len(variant_files("/blog/stock-2.webp", build.public)) == 4
    assert build.content_checks == 3


def test_a_file_deleted_while_no_watch_ran_is_found_and_removed_from_the_build(build: _Build) -> None:
    """Reflex's compile copies assets/ into the build and never removes a copy: a sharing
    image deleted while the backend restarted was served on (the e2e test waited 240 s).
    The watch's list of the files it last saw names it when the next watch begins."""
    build.web.mkdir()
    assert live_assets.deleted_while_unwatched() == []
    og = build.save("og/careers-en.jpg", b"jpeg")
    build.save("og/about-en.jpg", b"jpeg")
    live_assets.remember_assets()
    assert live_assets.deleted_while_unwatched() == []
    og.unlink()
    deleted = live_assets.deleted_while_unwatched()
    assert deleted == [og]
    apply_asset_edit(_App(), deleted)
    assert not (build.public / "og/careers-en.jpg").exists()
    assert (build.public / "og/about-en.jpg").is_file()
    live_assets.remember_assets()
    assert live_assets.deleted_while_unwatched() == []


def test_a_deleted_image_a_page_still_shows_restarts(build: _Build) -> None:
    """A page whose code names it would show a broken image."""
    poster = build.save("home/promo-poster.webp", _webp((9, 9, 9)))
    poster.unlink()
    with pytest.raises(RestartNeeded, match="still show the deleted /home/promo-poster.webp"):
        apply_asset_edit(_App(), [poster])
    assert not (build.public / "home/promo-poster.webp").exists()


def test_an_edited_image_a_page_shows_compiles_that_page(build: _Build) -> None:
    poster = build.save("home/promo-poster.webp", _webp((9, 9, 9)))
    poster.write_bytes(_webp((9, 9, 10)))
    count, written = apply_asset_edit(_App(), [poster])
    assert build.compiled == [["about"]] and count == 1
    assert len(variant_files("/home/promo-poster.webp", build.public)) == 4
    assert build.content_checks == 0


def test_the_content_check_names_an_image_the_content_names_that_is_not_there(tmp_path: Path) -> None:
    """A deleted project image showed broken; now it is a content error with its line."""
    content_dir = PROJECT_ROOT / "content"
    catalog, site = get_catalog(), get_content().site
    assert missing_image_errors(catalog, site, content_dir, PROJECT_ROOT / "assets") == []
    errors = missing_image_errors(catalog, site, content_dir, tmp_path)
    first = catalog.projects[0].images[0].src
    described = [error.describe() for error in errors]
    assert any(
        text.startswith("content/projects.yaml:")
        and f"{first} is not a file of assets/" in text
        and f"add assets{first}" in text
        for text in described
    ), described
    assert any(text.startswith("content/site.yaml:") and "/logo.svg" in text for text in described)
    assert len(errors) == 1 + sum(len(project.images) for project in catalog.projects)


def _project_copy(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the project, and the web folder its dev server builds into."""
    from tests.project_copy import copy_project

    return copy_project(tmp_path / "site", web=False), tmp_path / ".web"


def _run_as_the_dev_server(script: str, project: Path, web: Path, tmp_path: Path) -> dict:
    """What `script` prints last (JSON), run in `project` as the dev server's app."""
    env = {
        **os.environ,
        "REFLEX_WEB_WORKDIR": str(web),
        "REFLEX_ENV_MODE": "dev",
        "__REFLEX_COMPILE_CONTEXT": "run",
        "IMAGE_CACHE_DIR": str(tmp_path / "image-cache"),
    }
    env.pop("CONTENT_DIR", None)
    done = subprocess.run(app_process_command(script), cwd=project, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


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
count, written = live_assets.apply_asset_edit(built.app, [image])
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
    project, web = _project_copy(tmp_path)
    result = _run_as_the_dev_server(_IMAGE_EDIT, project, web, tmp_path)
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


# A new image, then the content edits that have a post show it, then its deletion, in a
# copy of the project, shown by the dev server's app.
_NEW_IMAGE = """
import json
from pathlib import Path
from PIL import Image
from agency_site import agency_site as built
from agency_site.dev import content_edit, live_assets, live_content
from agency_site.images.variants import responsive_image
from agency_site.reflex_adapter import web_dir

src = "/blog/stock-23.webp"
image = Path("assets" + src).absolute()
Image.new("RGB", (1000, 560), (40, 160, 90)).save(image, format="WEBP", lossless=True)
added = live_assets.apply_asset_edit(built.app, [image])
stock = Path("content/blog/images.yaml").absolute()
stock.write_text(stock.read_text().replace("  - /blog/stock-22.webp\\n", "  - /blog/stock-22.webp\\n  - " + src + "\\n"))
posts = [Path(f"content/blog/{lang}/ai-automation.md").absolute() for lang in ("en", "de")]
for post in posts:
    post.write_text(post.read_text().replace("date: 2024-03-25\\n", "date: 2024-03-25\\nimage: 23\\n", 1))
shown = content_edit.apply_content_edit(built.app, [stock, *posts])
naming = sorted(
    str(path) for path in shown[1] if path.suffix == ".jsx" and "stock-23-" in path.read_text()
)
urls = [variant.url for variant in responsive_image(src).variants]
served = [url for url in urls if (web_dir() / "public" / url.lstrip("/")).is_file()]
image.unlink()
deleted = live_assets.apply_asset_edit(built.app, [image])
print(json.dumps({
    "added": [added[0], [str(path) for path in added[1]]],
    "shown": shown[0],
    "naming": naming,
    "urls": urls,
    "served": served,
    "deleted": [deleted[0], [str(path) for path in deleted[1]]],
    "still_naming": [path for path in naming if "stock-23-" in Path(path).read_text()],
    "showing": sorted(key for key, page in live_content.remembered_pages().items() if src in page.images),
}))
"""


def test_a_new_image_that_a_content_edit_then_names_is_shown(tmp_path: Path) -> None:
    """The image first (its variants written, no page names it yet), then the edit that
    pins it to a post: the post's pages name variants that are served. Deleted, its files
    go and the post shows the placeholder again (SPEC.md §3), without a restart."""
    project, web = _project_copy(tmp_path)
    result = _run_as_the_dev_server(_NEW_IMAGE, project, web, tmp_path)
    public = web / "public"
    count, written = result["added"]
    assert count == 0
    assert {str(public / url.lstrip("/")) for url in result["urls"]} <= set(written)
    # The post's article, the blog list... name the new image's files, which are served.
    assert result["shown"] > 0 and result["naming"]
    assert result["urls"] and result["served"] == result["urls"]
    count, removed = result["deleted"]
    assert str(public / "blog/stock-23.webp") in removed
    assert not [url for url in result["urls"] if (public / url.lstrip("/")).exists()]
    # The pages that named it were compiled again, with the placeholder.
    assert count > 0 and result["still_naming"] == [] and result["showing"] == []


def test_make_check_content_runs_the_image_check(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from agency_site import site_check
    from agency_site.content.loader import ContentError

    monkeypatch.setattr(site_check, "assets_dir", lambda: tmp_path)
    with pytest.raises(ContentError) as raised:
        site_check.check_all_content()
    described = [error.describe() for error in raised.value.errors]
    assert [text for text in described if "/logo.svg is not a file of assets/" in text]
    # A poster of the home page's code.
    assert [text for text in described if text.startswith("agency_site/pages/home/hero.py:")]


def test_a_deleted_file_that_was_never_built_is_no_deletion(build: _Build) -> None:
    """An editor's temporary file, saved and renamed over the file it replaces."""
    temporary = build.assets / "styles.css.tmp1234"
    assert apply_asset_edit(_App(), [temporary]) == (0, [])
    assert build.content_checks == 0


def test_the_content_check_names_a_poster_of_the_code_that_is_not_there(tmp_path: Path) -> None:
    """A page's poster (named in its code) deleted showed broken, after a restart too."""
    from agency_site.images.check import code_image_errors

    assert code_image_errors(PROJECT_ROOT / "assets") == []
    package = tmp_path / "agency_site"
    (package / "pages").mkdir(parents=True)
    (package / "pages/hero.py").write_text(
        '"""Shows picture("/blog/in-a-docstring.webp")."""\n\n'
        'PROMO = Poster("/home/gone.webp", 1280, 720)\n'
        "MAP = kit.Poster(src='/contact/gone.webp', width=1, height=1)\n"
        'THERE = Poster("/favicon.svg", 1, 1)\n\n'
        "def card(src):\n"
        '    return picture("/blog/gone.webp", width=1, height=1), picture(src, width=1)\n',
        encoding="utf-8",
    )
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets/favicon.svg").write_text("<svg/>")
    errors = code_image_errors(tmp_path / "assets", package)
    assert [(error.line, error.problem) for error in errors] == [
        (3, "/home/gone.webp is not a file of assets/"),
        (4, "/contact/gone.webp is not a file of assets/"),
        (8, "/blog/gone.webp is not a file of assets/"),
    ]
    assert (
        errors[0]
        .describe()
        .endswith(
            "hero.py:3: src: /home/gone.webp is not a file of assets/; fix: add assets/home/gone.webp, or name a file that is there"
        )
    )
