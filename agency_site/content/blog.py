"""Blog posts: `content/blog/{lang}/{id}.md`, one Markdown file per post and language.

Each file starts with YAML front matter between `---` lines (id, title, excerpt, author,
date, image_alt and, optionally, image) followed by the article in Markdown. The loader validates
every file, renders the Markdown to sanitised HTML, computes the read time from the words
and assigns each post its image from the stock list in `content/blog/images.yaml`
(docs/product.md §3). Pages call `get_posts(lang)` / `get_post(lang, post_id)`.
"""

from __future__ import annotations

import datetime
import math
import re
from functools import lru_cache
from pathlib import Path

from PIL import Image, UnidentifiedImageError
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agency_site.constants import DEFAULT_LANGUAGE, LANGUAGES
from agency_site.content.catalog import SLUG
from agency_site.content.loader import ContentError, load_language, raise_all, read_yaml
from agency_site.content.markdown import read_front_matter, render_markdown, validation_error
from agency_site.content.models import Strict
from agency_site.formats import long_date
from agency_site.settings import PROJECT_ROOT, get_settings

# Read time (docs/product.md §3 shows 4 to 8 minutes for articles of 600 to 1200 words).
WORDS_PER_MINUTE = 150
ASSETS_DIR = PROJECT_ROOT / "assets"
_TAG = re.compile(r"<[^>]+>")


class FrontMatter(Strict):
    """The YAML header of one post file."""

    id: str
    # The post's German URL, /de/blog/{slug}: only in the German file (the English URL is
    # the id); a-z, 0-9 and hyphens, each post its own.
    slug: str | None = Field(default=None, pattern=SLUG)
    title: str = Field(min_length=1)
    excerpt: str = Field(min_length=1)
    author: str = Field(min_length=1)
    date: datetime.date
    # 1-based position in the stock image list; pins that image instead of the default
    # 'position modulo the list' rule (docs/product.md §3: ai-healthcare always gets the fifth).
    image: int | None = Field(default=None, ge=1)
    # What the post's image shows, for those who cannot see it; "" says that it is
    # decorative. Required, so that no image is silent unless its editor chose that.
    image_alt: str


class StockImages(Strict):
    """`content/blog/images.yaml`: the stock list and the placeholder for missing images."""

    placeholder: str = Field(pattern=r"^/")
    images: list[str] = Field(min_length=1)


class BlogPost(BaseModel):
    """One post in one language, ready to show."""

    model_config = ConfigDict(frozen=True)

    id: str
    lang: str
    slug: str  # its part of the URL in its language: the id in English
    title: str
    excerpt: str
    author: str
    date: str  # display text in the post's language, e.g. 'April 15, 2024'
    published: datetime.date
    image: str  # path under assets/, e.g. '/blog/stock-05.webp'
    image_width: int
    image_height: int
    image_alt: str  # "" for a decorative image
    placeholder: str  # shown when the image fails to load
    read_minutes: int
    html: str  # sanitised article body; empty when the file has no body yet

    @property
    def path(self) -> str:
        """The spec's path of the article (unprefixed)."""
        return f"/blog/{self.id}"

    @property
    def words(self) -> int:
        return count_words(self.html)


def count_words(html: str) -> int:
    """The words a reader reads: the text of the HTML without its tags."""
    return len(_TAG.sub(" ", html).split())


def read_minutes(html: str) -> int:
    """Whole minutes to read `html`, rounded up, at least one."""
    return max(1, math.ceil(count_words(html) / WORDS_PER_MINUTE))


def image_size(path: str, assets: Path = ASSETS_DIR) -> tuple[int, int]:
    """Width and height of an image under assets/, so pages reserve its space. A file that
    is not a readable image (or one caught half saved) is a content error naming it."""
    file = assets / path.lstrip("/")
    try:
        with Image.open(file) as image:
            return image.size
    except (OSError, UnidentifiedImageError):
        raise ContentError(
            file, "image", "is not an image that can be read", fix="save it again as WebP, AVIF, PNG or JPEG"
        ) from None


def load_stock_images(content_dir: Path) -> StockImages:
    """Validate the stock list; every listed file is checked when a post uses it."""
    path = content_dir / "blog" / "images.yaml"
    try:
        return StockImages.model_validate(read_yaml(path))
    except ValidationError as error:
        raise validation_error(path, error) from None


def assigned_image(position: int, front: FrontMatter, stock: StockImages) -> str:
    """docs/product.md §3: the pinned image, else the list entry at position modulo its length;
    the placeholder when that file does not exist."""
    index = (front.image - 1) if front.image else position % len(stock.images)
    if index >= len(stock.images):
        return stock.placeholder
    image = stock.images[index]
    return image if (ASSETS_DIR / image.lstrip("/")).is_file() else stock.placeholder


def parse_post_file(path: Path) -> tuple[FrontMatter, str]:
    """A post's validated front matter and Markdown body; its id must be its file name."""
    front, body = read_front_matter(path, FrontMatter)
    if front.id != path.stem:
        raise ContentError(
            path,
            "id",
            f"must match the file name ({path.stem!r})",
            line=_front_line(path, "id"),
            fix=f"write `id: {path.stem}` or rename the file to {front.id}.md",
        )
    return front, body


def post_ids(content_dir: Path) -> list[str]:
    """Every post's id, newest first (the blog's order; the home page shows the first six).

    The English files are the list: a post exists because its file does. Posts of one
    day keep their ids' alphabetical order, so the order never depends on the file system.
    """
    dated = [
        (parse_post_file(path)[0].date, path.stem) for path in _post_files(content_dir, DEFAULT_LANGUAGE)
    ]
    return [post_id for _, post_id in sorted(dated, key=lambda item: (-item[0].toordinal(), item[1]))]


def _post_files(content_dir: Path, lang: str) -> list[Path]:
    folder = content_dir / "blog" / lang
    files = sorted(folder.glob("*.md"))
    if not files:
        raise ContentError(folder, "(folder)", "no posts (*.md) found")
    return files


def load_blog(content_dir: Path) -> dict[str, list[BlogPost]]:
    """Every post in every language, newest first; raises ContentError naming the file and
    the field. Every language must have the same posts, dates and images."""
    stock = load_stock_images(content_dir)
    ids = post_ids(content_dir)
    posts: dict[str, list[BlogPost]] = {}
    reference: dict[str, FrontMatter] = {}
    errors: list[ContentError] = []
    for lang in LANGUAGES:
        try:
            strings, origin = load_language(content_dir, lang)
        except ContentError as error:
            # The texts are broken (reported there): still check this language's posts.
            errors.append(error)
            for post_id in ids:
                try:
                    parse_post_file(content_dir / "blog" / lang / f"{post_id}.md")
                except ContentError as post_error:
                    errors.append(post_error)
            continue
        posts[lang] = []
        for position, post_id in enumerate(ids):
            path = content_dir / "blog" / lang / f"{post_id}.md"
            try:
                posts[lang].append(
                    _load_post(path, post_id, lang, position, reference, stock, strings, posts[lang])
                )
            except ContentError as error:
                errors.append(error)
        try:
            _reject_strays(content_dir, lang, ids)
        except ContentError as error:
            errors.append(error)
    raise_all(errors)
    return posts


def _load_post(
    path: Path,
    post_id: str,
    lang: str,
    position: int,
    reference: dict[str, FrontMatter],
    stock: StockImages,
    strings: dict[str, str],
    earlier: list[BlogPost],
) -> BlogPost:
    front, body = parse_post_file(path)
    first = reference.setdefault(post_id, front)
    slug = _url_slug(path, lang, front, earlier)
    for field in ("date", "image"):
        if getattr(front, field) != getattr(first, field):
            raise ContentError(
                path,
                field,
                "must be the same in every language",
                line=_front_line(path, field),
                fix=f"write {getattr(first, field)} as the {DEFAULT_LANGUAGE} post does",
            )
    html = render_markdown(body)
    image = assigned_image(position, front, stock)
    width, height = image_size(image)
    return BlogPost(
        id=post_id,
        lang=lang,
        slug=slug,
        title=front.title,
        excerpt=front.excerpt,
        author=front.author,
        date=long_date(lang, front.date),
        published=front.date,
        image=image,
        image_width=width,
        image_height=height,
        image_alt=front.image_alt,
        placeholder=stock.placeholder,
        read_minutes=read_minutes(html),
        html=html,
    )


def _front_line(path: Path, field: str) -> int | None:
    """The line of a front-matter field (1-based, in the whole file)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith(f"{field}:"):
            return number
    return None


def _url_slug(path: Path, lang: str, front: FrontMatter, earlier: list[BlogPost]) -> str:
    """The post's part of the URL in `lang`: its German slug, or in English its id."""
    if lang == DEFAULT_LANGUAGE:
        if front.slug is not None:
            raise ContentError(path, "slug", "the English URL is the id: give the slug in the German file")
        return front.id
    if front.slug is None:
        raise ContentError(path, "slug", f"missing: the post's {lang} URL, /{lang}/blog/<slug>")
    for post in earlier:
        if post.slug == front.slug:
            raise ContentError(path, "slug", f"{front.slug!r} is already the slug of {post.id!r}")
    return front.slug


def _reject_strays(content_dir: Path, lang: str, ids: list[str]) -> None:
    """A translation without an English post would never be shown: say so."""
    for path in _post_files(content_dir, lang):
        if path.stem not in ids:
            raise ContentError(
                path, "id", f"no {DEFAULT_LANGUAGE} post with this id (content/blog/{DEFAULT_LANGUAGE}/)"
            )


@lru_cache(maxsize=1)
def get_blog() -> dict[str, list[BlogPost]]:
    """Every post of the configured content folder, per language, loaded once per process."""
    return load_blog(get_settings().content_dir)


def get_posts(lang: str) -> list[BlogPost]:
    """All posts in `lang`, newest first (the six home-teaser posts first)."""
    return get_blog()[lang]


def get_post_ids() -> list[str]:
    """Every post's id, newest first: one static route each (the order of every language)."""
    return [post.id for post in get_blog()[DEFAULT_LANGUAGE]]


def get_post(lang: str, post_id: str) -> BlogPost | None:
    """The post `post_id` in `lang`, or None when there is no such post."""
    post = next((post for post in get_blog()[lang] if post.id == post_id), None)
    return post
