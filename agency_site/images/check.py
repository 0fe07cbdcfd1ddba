"""Every image the content or the pages' code names is a file of `assets/` (part of the
content check, agency_site/site_check.py).

Without it, a project image or a poster that was renamed or deleted showed as a broken
image (its `<picture>` names no variants, its `<img>` a missing file), in the build and in
the dev server's open page alike; now the check names the file, its line and the fix. The
blog's stock images need none: a listed one that does not exist shows the placeholder
(docs/product.md §3), and the sharing images have their own check (agency_site/seo/sharing_check.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

from agency_site.content.catalog import Catalog
from agency_site.content.loader import ContentError
from agency_site.content.models import SiteFacts


def missing_image_errors(
    catalog: Catalog, site: SiteFacts, content_dir: Path, assets: Path
) -> list[ContentError]:
    """The images of the projects and the brand's logo that `assets` lacks."""
    named: list[tuple[Path, str, str | None, str]] = [
        (content_dir / "site.yaml", "brand.logo", None, site.brand.logo)
    ]
    for index, project in enumerate(catalog.projects):
        named += [
            (
                content_dir / "projects.yaml",
                f"projects.{index}.images.{number}.src",
                str(project.id),
                image.src,
            )
            for number, image in enumerate(project.images)
        ]
    return [
        ContentError.at(
            path,
            field,
            f"{src} is not a file of assets/",
            entry=entry,
            fix=f"add assets{src}, or name a file that is there",
        )
        for path, field, entry, src in named
        if not (assets / src.lstrip("/")).is_file()
    ]


# The package whose code names images (the posters of the pages' embeds).
PACKAGE_DIR = Path(__file__).resolve().parents[1]
# The calls whose first argument (or `src=`) is an image of assets/.
IMAGE_CALLS = frozenset({"Poster", "picture"})
# The images each module names, as (line, src), kept while its file is unchanged: the
# dev server checks the content on every edit.
_named: dict[Path, tuple[int, list[tuple[int, str]]]] = {}


def images_named_in(source: str) -> list[tuple[int, str]]:
    """The images of assets/ a module's source names as a literal in a `Poster(...)` or
    `picture(...)` call, with their lines."""
    named: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name not in IMAGE_CALLS:
            continue
        args = [*node.args[:1], *(keyword.value for keyword in node.keywords if keyword.arg == "src")]
        named += [
            (node.lineno, arg.value)
            for arg in args
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value.startswith("/")
        ]
    return named


def code_image_errors(assets: Path, package: Path = PACKAGE_DIR) -> list[ContentError]:
    """The images the package's code names (a page's poster) that `assets` lacks."""
    errors: list[ContentError] = []
    for path in sorted(package.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        changed = path.stat().st_mtime_ns
        if (kept := _named.get(path)) is None or kept[0] != changed:
            source = path.read_text(encoding="utf-8")
            # Parsed only where a call may be (parsing the package took 0.4 s).
            calls = any(f"{name}(" in source for name in IMAGE_CALLS)
            kept = _named[path] = (changed, images_named_in(source) if calls else [])
        errors += [
            ContentError(
                path,
                "src",
                f"{src} is not a file of assets/",
                line=line,
                fix=f"add assets{src}, or name a file that is there",
            )
            for line, src in kept[1]
            if not (assets / src.lstrip("/")).is_file()
        ]
    return errors
