"""Responsive images: each page's images come in the width its screen needs, as AVIF.

Every raster image is a <picture> with an AVIF and a WebP `srcset` of several widths and
the layout's `sizes` (agency_site/components/ui/picture.py); the browser picks the file.
At 375 px the article's image, a project's first screenshot and the home page's video
poster are smaller files than at 1280 px, every image keeps its width and height (its box
is reserved before it arrives), and nothing is asked of another host.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path

from .conftest import SharedPages

# A variant's address: '/assets/img/blog/stock-05-400w-1a2b3c4d5e.avif'.
VARIANT = re.compile(r"^/assets/img/.+-(\d+)w-[0-9a-f]{10}\.avif$")
# Page (English path) -> the image whose file is checked, by a selector of its <img>.
CHECKED = {
    "/blog/ai-healthcare": "[data-testid=article-image]",
    "/project/102": "[data-testid=screenshot] img",
    "/": "main [data-embed-load] img",
}


def _shown_file(page: Page, selector: str) -> str:
    """The path of the file the browser chose for the first image `selector` names, once loaded."""
    image = page.locator(selector).first
    image.scroll_into_view_if_needed()
    image.evaluate("(img) => img.decode()")
    return image.evaluate("(img) => new URL(img.currentSrc).pathname")


def _variant_width(path: str) -> int:
    match = VARIANT.match(path)
    assert match, f"{path} is not one of the image's AVIF widths"
    return int(match.group(1))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page_path", list(CHECKED))
def test_a_phone_gets_a_narrower_file_than_a_desktop(
    shared_pages: SharedPages, lang: str, page_path: str
) -> None:
    path = localized_path(lang, page_path)
    widths = {}
    for viewport in ("mobile", "desktop"):
        visit = shared_pages.open(viewport, path)
        widths[viewport] = _variant_width(_shown_file(visit.page, CHECKED[page_path]))
        assert visit.foreign_requests == []
    assert widths["mobile"] < widths["desktop"], widths
    # The phone's file still covers its box (343 px at most here, at one device pixel each).
    assert widths["mobile"] >= 343


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page_path", ["/", "/blog", "/portfolio/all", "/project/104"])
def test_every_image_reserves_its_box_and_offers_each_format(
    shared_pages: SharedPages, viewport: str, lang: str, page_path: str
) -> None:
    visit = shared_pages.open(viewport, localized_path(lang, page_path))
    images = visit.page.locator("main img").evaluate_all(
        """(images) => images.map((img) => ({
            src: img.getAttribute("src"),
            width: img.getAttribute("width"),
            height: img.getAttribute("height"),
            sources: img.parentElement.tagName === "PICTURE"
                ? [...img.parentElement.querySelectorAll("source")].map((s) => [s.type, s.srcset, s.sizes])
                : null,
        }))"""
    )
    assert images
    for image in images:
        assert image["width"] and image["height"], f"{image['src']} has no width and height"
        if image["src"].endswith(".svg"):
            continue
        assert image["sources"], f"{image['src']} is not in a <picture>"
        assert [source[0] for source in image["sources"]] == ["image/avif", "image/webp"]
        for _, srcset, sizes in image["sources"]:
            assert len(srcset.split(",")) >= 2 and sizes, f"{image['src']}: {srcset!r} {sizes!r}"
    assert visit.foreign_requests == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_article_image_is_preloaded_from_the_head_in_avif(http, lang: str) -> None:
    """Requested with the head, before the stylesheet, in the format the page shows."""
    html = http.get(localized_path(lang, "/blog/ai-healthcare")).text
    head = html[: html.index("</head>")]
    preload = re.search(r'<link rel="preload" as="image" type="image/avif"[^>]*>', head)
    assert preload, "no AVIF preload in the head"
    assert re.search(r'imageSrcSet="/assets/img/blog/[^"]+-400w-[0-9a-f]{10}\.avif 400w', preload.group(0))
    assert 'fetchPriority="high"' in preload.group(0)
    assert preload.start() < head.index('rel="stylesheet"')
