"""Every image the content names is a file of `assets/` (part of the content check,
agency_site/site_check.py).

Without it, a project image that was renamed or deleted showed as a broken image (its
`<picture>` names no variants, its `<img>` a missing file), in the build and in the dev
server's open page alike; now the check names the file, its line and the fix. The blog's
stock images need none: a listed one that does not exist shows the placeholder (SPEC.md
§3), and the sharing images have their own check (agency_site/seo/sharing_check.py).
"""

from __future__ import annotations

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
