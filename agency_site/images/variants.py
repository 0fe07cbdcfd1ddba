"""Which files a raster image of `assets/` is served as, and how they are made.

Every image a page shows (the folders of `FOLDERS`; the sharing images under `og/` stay as
they are) is also served at the widths of `WIDTHS` below its own and at its own width, in
AVIF and in WebP, so a phone downloads a file of its screen's size and a browser that reads
AVIF gets the smaller format. A file's name carries a hash of its source and of the
encoder settings: `/assets/img/blog/stock-05-400w-1a2b3c4d5e.avif`. A changed image thus
gets new names, and the files can be cached like Vite's hashed files under `/assets/`.

Encoding AVIF is slow (about a second for a 1200 px image, minutes for all of them on a
busy machine), so `write_variants` keeps every file it made in a cache folder under its
name, and a second build only links them. The names are content hashes, so one cache can
serve every checkout of the project on a machine: `cache_dir()`, the user's cache folder
(`$XDG_CACHE_HOME` or `~/.cache`) unless `IMAGE_CACHE_DIR` names another.
The full-width WebP is the source file itself (the sources are WebP already, compressed;
encoding them again only loses quality).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image

# The folders of assets/ whose images pages show.
FOLDERS = ("blog", "projects", "home", "contact")
RASTER_SUFFIXES = (".webp", ".jpg", ".jpeg", ".png")
# Widths below the image's own: a phone's card (~350 CSS px at 1x), a phone at 2x or a
# tablet, a desktop column.
WIDTHS = (400, 800, 1200)
# Measured on the site's artwork: AVIF at quality 45 is 10-30 % smaller than WebP at 70
# at every width, with no visible difference; speed 6 is ~4x slower than 8 and ~20 % smaller.
ENCODERS: dict[str, dict[str, int]] = {
    "avif": {"quality": 45, "speed": 6},
    "webp": {"quality": 70, "method": 6},
}
# The order of the <source> elements: the first type a browser reads wins.
FORMATS = ("avif", "webp")
MEDIA_TYPES = {"avif": "image/avif", "webp": "image/webp"}
# Under Vite's /assets/, where the servers give hashed files a year of caching.
URL_PREFIX = "/assets/img"
HASH_LENGTH = 10


@dataclass(frozen=True)
class Variant:
    """One file of an image: its width, height, format and URL."""

    width: int
    height: int
    format: str
    url: str


@dataclass(frozen=True)
class ResponsiveImage:
    """An image of assets/ with the variants it is served as (none for a missing file)."""

    src: str
    width: int
    height: int
    variants: tuple[Variant, ...]

    def srcset(self, image_format: str) -> str:
        """The `srcset` of one format: every width, smallest first."""
        return ", ".join(f"{v.url} {v.width}w" for v in self.variants if v.format == image_format)


def assets_dir() -> Path:
    """The assets folder Reflex copies into the build (the project's, from its root)."""
    return Path.cwd() / "assets"


def cache_dir() -> Path:
    """Where encoded files are kept between builds (see the module docstring)."""
    if named := os.environ.get("IMAGE_CACHE_DIR"):
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "agency-site" / "images"


def widths_for(source_width: int) -> list[int]:
    """The widths an image of `source_width` pixels is served at, smallest first."""
    return [width for width in WIDTHS if width < source_width] + [source_width]


def source_hash(data: bytes) -> str:
    """The hash in a variant's name: of the source's bytes and the encoder settings."""
    digest = hashlib.sha256(data)
    digest.update(repr(sorted(ENCODERS.items())).encode())
    return digest.hexdigest()[:HASH_LENGTH]


def _variants(src: str, width: int, height: int, digest: str) -> tuple[Variant, ...]:
    stem = src.lstrip("/").rsplit(".", 1)[0]
    return tuple(
        Variant(
            width=w,
            height=round(height * w / width),
            format=image_format,
            url=f"{URL_PREFIX}/{stem}-{w}w-{digest}.{image_format}",
        )
        for image_format in FORMATS
        for w in widths_for(width)
    )


def describe(src: str, assets: Path) -> ResponsiveImage:
    """The variants of `src` (a path under `assets`, e.g. '/blog/stock-05.webp')."""
    path = assets / src.lstrip("/")
    if not path.is_file() or path.suffix.lower() not in RASTER_SUFFIXES:
        return ResponsiveImage(src, 0, 0, ())
    data = path.read_bytes()
    with Image.open(path) as image:
        width, height = image.size
    return ResponsiveImage(src, width, height, _variants(src, width, height, source_hash(data)))


@cache
def responsive_image(src: str) -> ResponsiveImage:
    """The variants of an image of the project's assets (read once per build)."""
    return describe(src, assets_dir())


def is_partly_written(path: Path) -> bool:
    """Whether `path`, a raster image, is there but does not decode: an image saved by
    Pillow (and by many editors) is emptied first and written when it is encoded, a second
    or more later."""
    if not path.is_file() or path.suffix.lower() not in RASTER_SUFFIXES:
        return False
    try:
        with Image.open(path) as image:
            image.load()
    except (OSError, SyntaxError, ValueError):
        return True
    return False


def has_variants(src: str) -> bool:
    """Whether the build writes variants of `src` (a path under assets/, '/blog/x.webp'):
    a raster image of `FOLDERS`, as `shown_images` lists them."""
    parts = src.lstrip("/").split("/")
    return len(parts) > 1 and parts[0] in FOLDERS and Path(src).suffix.lower() in RASTER_SUFFIXES


def variant_files(src: str, public: Path) -> list[Path]:
    """The variants of `src` written into `public` (the web folder's public files), of
    whatever version of the image (the hash in their names is of the source's bytes)."""
    stem = src.lstrip("/").rsplit(".", 1)[0]
    folder = public / URL_PREFIX.lstrip("/") / Path(stem).parent
    name = re.compile(re.escape(Path(stem).name) + rf"-\d+w-[0-9a-f]{{{HASH_LENGTH}}}\.({'|'.join(FORMATS)})")
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.iterdir() if path.is_file() and name.fullmatch(path.name))


def shown_images(assets: Path) -> list[str]:
    """Every raster image of `FOLDERS`, as a path from the assets folder ('/blog/x.webp')."""
    return sorted(
        "/" + path.relative_to(assets).as_posix()
        for folder in FOLDERS
        if (assets / folder).is_dir()
        for path in (assets / folder).rglob("*")
        if path.is_file() and path.suffix.lower() in RASTER_SUFFIXES
    )


def _encode(source: Path, variant: Variant, target: Path) -> None:
    with Image.open(source) as image:
        if image.width == variant.width and variant.format == source.suffix.lower().lstrip("."):
            shutil.copyfile(source, target)
            return
        image = image.convert("RGBA" if image.mode in ("RGBA", "LA", "P") else "RGB")
        if image.width != variant.width:
            image = image.resize((variant.width, variant.height), Image.Resampling.LANCZOS)
        image.save(target, variant.format.upper(), **ENCODERS[variant.format])


@dataclass(frozen=True)
class WriteReport:
    """What `write_variants` did: files encoded now, files taken from the cache."""

    encoded: int
    cached: int


def write_variants(assets: Path, public: Path, cache: Path) -> WriteReport:
    """Writes every variant of every shown image into `public` (the web folder's public
    files) under its URL, encoding only those the `cache` folder lacks; files of
    `public`'s image folder that no image has any more are removed."""
    encoded = cached = 0
    wanted: set[Path] = set()
    for src in shown_images(assets):
        report, served = write_image_variants(src, assets, public, cache)
        encoded, cached = encoded + report.encoded, cached + report.cached
        wanted |= set(served)
    image_root = public / URL_PREFIX.lstrip("/")
    for stale in [p for p in image_root.rglob("*") if p.is_file() and p not in wanted]:
        stale.unlink()
    return WriteReport(encoded=encoded, cached=cached)


def write_image_variants(src: str, assets: Path, public: Path, cache: Path) -> tuple[WriteReport, list[Path]]:
    """Writes every variant of one image (`src`, e.g. '/blog/stock-05.webp') into `public`
    under its URL, encoding those the `cache` lacks: what it did, and the served files."""
    encoded = cached = 0
    served_files: list[Path] = []
    for variant in describe(src, assets).variants:
        relative = variant.url.removeprefix(URL_PREFIX + "/")
        kept = cache / relative
        if kept.is_file():
            cached += 1
        else:
            kept.parent.mkdir(parents=True, exist_ok=True)
            # Whole or not at all, and builds of other work trees may write the same file.
            partial = kept.with_name(f"{kept.name}.{os.getpid()}.partial")
            _encode(assets / src.lstrip("/"), variant, partial)
            partial.replace(kept)
            encoded += 1
        served = public / URL_PREFIX.lstrip("/") / relative
        served_files.append(served)
        if not served.is_file():
            served.parent.mkdir(parents=True, exist_ok=True)
            _link_or_copy(kept, served)
    return WriteReport(encoded=encoded, cached=cached), served_files


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError:  # another file system
        shutil.copyfile(source, target)
