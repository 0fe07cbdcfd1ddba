"""Every kind of page in the route table has its sharing texts and images.

A route's `kind` picks the line on its sharing image (`seo-og-{kind}`, both languages) and
the image itself (`assets/og/{kind}-{lang}.jpg`, drawn by scripts/og_artwork.py). A new
page of a new kind without them would share a broken image: the content check names what
is missing and how to make it, before anything starts.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from agency_site.constants import LANGUAGES
from agency_site.content.loader import Content, ContentError
from agency_site.seo.head import og_image_path
from agency_site.settings import PROJECT_ROOT

if TYPE_CHECKING:
    from agency_site.routes import PageKind


def sharing_errors(
    content: Content, content_dir: Path, kinds: list[PageKind], assets: Path | None = None
) -> list[ContentError]:
    """What the page kinds `kinds` lack: sharing texts, sharing images."""
    assets = assets or PROJECT_ROOT / "assets"
    errors: list[ContentError] = []
    for kind in dict.fromkeys(kinds):
        for lang in LANGUAGES:
            key = f"seo-og-{kind}"
            if key not in content.strings[lang]:
                target = content_dir / "i18n" / lang / "seo.yaml"
                errors.append(
                    ContentError(
                        target,
                        key,
                        f"pages of kind {kind!r} (agency_site/routes.py) have no {lang} sharing text",
                        fix=f"add `{key}: <the line on its sharing image>` to {target.relative_to(content_dir.parent)}",
                    )
                )
            image = assets / og_image_path(kind, lang).lstrip("/")
            if not image.is_file():
                errors.append(
                    ContentError(
                        image,
                        "(file)",
                        f"pages of kind {kind!r} (agency_site/routes.py) have no {lang} sharing image",
                        fix=f"run `.venv/bin/python scripts/og_artwork.py {kind}` (after adding {key})",
                    )
                )
    return errors


def route_kinds() -> list[PageKind]:
    """Every kind of page the app serves: the route table's, and the page not found."""
    from agency_site.routes import route_table  # the pages import the content: not at import time

    return [*(route.kind for route in route_table()), "not-found"]
