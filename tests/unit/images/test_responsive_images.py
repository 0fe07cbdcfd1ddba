"""The images' widths and formats made at build time (agency_site/images/variants.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from agency_site.components.ui.picture import picture
from agency_site.images import variants
from agency_site.images.variants import WriteReport, describe, widths_for, write_variants

ASSETS = Path(__file__).resolve().parents[3] / "assets"


def _assets(tmp_path: Path) -> Path:
    """A small assets folder: one blog image, one narrow poster, a sharing image."""
    assets = tmp_path / "assets"
    (assets / "blog").mkdir(parents=True)
    (assets / "projects").mkdir()
    (assets / "og").mkdir()
    shutil.copy(ASSETS / "blog" / "stock-03.webp", assets / "blog" / "stock-03.webp")
    shutil.copy(ASSETS / "projects" / "ai-avatar-poster-vertical.webp", assets / "projects" / "poster.webp")
    shutil.copy(ASSETS / "og" / "blog-en.jpg", assets / "og" / "blog-en.jpg")
    return assets


def test_widths_stop_at_the_image_own_width():
    assert widths_for(1200) == [400, 800, 1200]
    assert widths_for(1600) == [400, 800, 1200, 1600]
    assert widths_for(540) == [400, 540]
    assert widths_for(300) == [300]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, WriteReport]:
    """The small assets folder written once: (its root, the public folder, the report)."""
    root = tmp_path_factory.mktemp("images")
    assets = _assets(root)
    return root, assets, write_variants(assets, root / "public", root / "cache")


def test_every_shown_image_is_written_at_each_width_in_avif_and_webp(built):
    root, assets, report = built
    public = root / "public"
    written = sorted(p.relative_to(public).as_posix() for p in public.rglob("*") if p.is_file())
    # 3 widths of the blog image and 2 of the 540 px poster, each in two formats; the
    # sharing image under og/ is not among them.
    assert report.encoded == len(written) == 10
    assert not any(name.startswith("assets/img/og/") for name in written)
    for variant in describe("/blog/stock-03.webp", assets).variants:
        file = public / variant.url.lstrip("/")
        with Image.open(file) as image:
            assert image.format == variant.format.upper()
            assert image.size == (variant.width, variant.height)
    widths = {(v.width, v.format) for v in describe("/projects/poster.webp", assets).variants}
    assert widths == {(400, "avif"), (540, "avif"), (400, "webp"), (540, "webp")}
    # Smaller than the source wherever it is narrower (the full-width WebP is the source).
    source_size = (assets / "blog" / "stock-03.webp").stat().st_size
    for variant in describe("/blog/stock-03.webp", assets).variants:
        if variant.width < 1200:
            assert (public / variant.url.lstrip("/")).stat().st_size < source_size


def test_a_second_build_encodes_nothing_and_a_changed_image_gets_new_names(built):
    root, assets, _ = built
    cache = root / "cache"
    again = write_variants(assets, root / "second", cache)
    assert again.encoded == 0
    assert again.cached == 10
    assert sorted(p.name for p in (root / "second").rglob("*")) == sorted(
        p.name for p in (root / "public").rglob("*")
    )

    poster = assets / "projects" / "poster.webp"
    before = {v.url for v in describe("/projects/poster.webp", assets).variants}
    with Image.open(poster) as image:
        image.rotate(180).save(poster, "WEBP", quality=60)
    after = {v.url for v in describe("/projects/poster.webp", assets).variants}
    assert before.isdisjoint(after)
    changed = write_variants(assets, root / "second", cache)
    assert changed.encoded == 4  # only the changed image, each width and format
    # The old image's files are gone from the served folder (the cache keeps them).
    served = {
        "/" + p.relative_to(root / "second").as_posix() for p in (root / "second").rglob("*") if p.is_file()
    }
    assert served.isdisjoint(before)
    assert after <= served


def test_a_missing_image_has_no_variants(tmp_path):
    assert describe("/blog/missing.webp", _assets(tmp_path)).variants == ()


def test_picture_offers_avif_then_webp_with_sizes_and_keeps_width_and_height(monkeypatch):
    monkeypatch.setattr(variants, "assets_dir", lambda: ASSETS)
    variants.responsive_image.cache_clear()
    html = str(picture("/blog/stock-03.webp", width=1200, height=675, sizes="100vw", priority=True))
    avif = html.index('type:"image/avif"')
    webp = html.index('type:"image/webp"')
    assert avif < webp < html.index('jsx("img"')
    assert "-400w-" in html and "-800w-" in html and "-1200w-" in html
    assert 'sizes:"100vw"' in html
    assert 'width:"1200"' in html and 'height:"675"' in html
    assert 'fetchPriority:"high"' in html and 'loading:"eager"' in html


def test_every_variant_is_cached_for_a_year_like_vite_files(tmp_path):
    """make run's server (and nginx's /assets/ location) give the hashed names a year."""
    from agency_site.server.caching import IMMUTABLE, cache_control

    for variant in describe("/blog/stock-03.webp", _assets(tmp_path)).variants:
        assert variant.url.startswith("/assets/")
        assert cache_control(variant.url, f"image/{variant.format}") == IMMUTABLE
