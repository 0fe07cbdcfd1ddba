"""Blog loading: the real posts validate; read time, images and HTML follow docs/product.md §3."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from agency_site.constants import LANGUAGES
from agency_site.content import ContentError
from agency_site.content.blog import (
    WORDS_PER_MINUTE,
    get_post,
    get_posts,
    image_size,
    load_blog,
    load_stock_images,
    read_minutes,
    render_markdown,
)
from agency_site.settings import PROJECT_ROOT
from tests.e2e.support.expected import BLOG_POST_IDS, SPEC_BLOG_POST_IDS, STOCK_IMAGE_COUNT
from tests.support.content import is_in_order_within

CONTENT = PROJECT_ROOT / "content"


def _edit_post(content_dir: Path, lang: str, post_id: str, old: str, new: str) -> Path:
    path = content_dir / "blog" / lang / f"{post_id}.md"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


def _error(content_dir: Path) -> ContentError:
    with pytest.raises(ContentError) as error:
        load_blog(content_dir)
    return error.value


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_post_newest_first_the_specs_eight_among_them(lang: str) -> None:
    ids = [post.id for post in get_posts(lang)]
    assert ids == list(BLOG_POST_IDS)
    assert is_in_order_within(SPEC_BLOG_POST_IDS, ids)
    published = [post.published for post in get_posts(lang)]
    assert published == sorted(published, reverse=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_posts_are_complete_articles(lang: str) -> None:
    for post in get_posts(lang):
        if post.id in SPEC_BLOG_POST_IDS:  # docs/product.md dates its eight in spring 2024
            assert datetime.date(2024, 3, 15) <= post.published <= datetime.date(2024, 4, 15), post.id
        assert 600 <= post.words <= 1200, (post.id, post.words)
        assert 4 <= post.read_minutes <= 8, (post.id, post.read_minutes)
        assert post.title and post.excerpt and post.author


def test_dates_read_as_each_language_writes_them() -> None:
    # British English and German, as CLDR writes them (Babel).
    assert get_post("en", "ai-everyday-life").date == "15 April 2024"
    assert get_post("de", "ai-everyday-life").date == "15. April 2024"
    assert get_post("de", "ethical-ai").date == "30. März 2024"


def test_read_time_is_computed_from_the_words() -> None:
    assert read_minutes("<p>" + "word " * WORDS_PER_MINUTE + "</p>") == 1
    assert read_minutes("<p>" + "word " * (WORDS_PER_MINUTE + 1) + "</p>") == 2
    assert read_minutes("") == 1


def test_images_follow_the_stock_list() -> None:
    stock = load_stock_images(CONTENT)
    assert len(stock.images) == STOCK_IMAGE_COUNT
    for position, post in enumerate(get_posts("en")):
        expected = (
            stock.images[4] if post.id == "ai-healthcare" else stock.images[position % STOCK_IMAGE_COUNT]
        )
        assert post.image == expected
        assert (post.image_width, post.image_height) == (1200, 675)
        assert (PROJECT_ROOT / "assets" / post.image.lstrip("/")).is_file()


def test_missing_image_file_gives_the_placeholder(content_copy: Path) -> None:
    images = content_copy / "blog" / "images.yaml"
    newest = get_posts("en")[0]
    images.write_text(images.read_text().replace(newest.image, "/blog/no-such-image.webp"))
    post = next(p for p in load_blog(content_copy)["en"] if p.id == newest.id)
    assert post.image == "/blog/placeholder.webp"


def test_markdown_is_sanitised() -> None:
    html = render_markdown(
        "Hello **there**\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n"
        '<a href="javascript:alert(1)">x</a>'
    )
    assert "<strong>there</strong>" in html
    assert "<script" not in html and "onerror" not in html and 'href="javascript:' not in html


def test_empty_body_gives_empty_html(content_copy: Path) -> None:
    path = content_copy / "blog" / "en" / "ethical-ai.md"
    text = path.read_text()
    path.write_text(text[: text.index("---", 4) + 4])
    post = next(p for p in load_blog(content_copy)["en"] if p.id == "ethical-ai")
    assert post.html == ""


def test_id_must_match_file_name(content_copy: Path) -> None:
    path = _edit_post(content_copy, "en", "ethical-ai", "id: ethical-ai", "id: ethics")
    error = _error(content_copy)
    assert (error.path, error.field) == (path, "id")


def test_unknown_front_matter_field_is_named(content_copy: Path) -> None:
    _edit_post(content_copy, "de", "ai-automation", "author:", "autor: X\nauthor:")
    error = _error(content_copy)
    assert error.path.name == "ai-automation.md" and error.field == "autor"


def test_dates_must_match_across_languages(content_copy: Path) -> None:
    _edit_post(content_copy, "de", "ai-automation", "date: 2024-03-25", "date: 2024-03-26")
    assert _error(content_copy).field == "date"


def test_missing_post_file_is_named(content_copy: Path) -> None:
    (content_copy / "blog" / "de" / "ai-healthcare.md").unlink()
    error = _error(content_copy)
    assert error.path.name == "ai-healthcare.md" and "missing" in str(error)


def test_translation_without_an_english_post_is_rejected(content_copy: Path) -> None:
    draft = content_copy / "blog" / "de" / "draft.md"
    draft.write_text(
        (content_copy / "blog" / "de" / "ethical-ai.md").read_text().replace("id: ethical-ai", "id: draft")
    )
    error = _error(content_copy)
    assert error.path == draft and "no en post" in error.problem


def test_a_new_english_post_is_a_new_route_newest_first(content_copy: Path) -> None:
    newest = max(post.published for post in get_posts("en"))
    for lang in ("en", "de"):
        text = (content_copy / "blog" / lang / "ethical-ai.md").read_text()
        text = text.replace("id: ethical-ai", "id: fresh-post").replace(
            "date: 2024-03-30", f"date: {newest + datetime.timedelta(days=1)}"
        )
        text = text.replace("slug: ethische-ki", "slug: frischer-beitrag")
        (content_copy / "blog" / lang / "fresh-post.md").write_text(text)
    posts = load_blog(content_copy)
    assert [post.id for post in posts["de"]] == ["fresh-post", *BLOG_POST_IDS]


def test_unknown_post_is_none() -> None:
    assert get_post("en", "no-such-post") is None


def test_an_unreadable_image_is_a_content_error_naming_its_file(tmp_path: Path) -> None:
    # An editor's save caught half written (the dev server reloads mid-save) or a file
    # that is no image: the content-error page names it instead of the server failing.
    (tmp_path / "blog").mkdir()
    (tmp_path / "blog" / "half.webp").write_bytes(b"")
    with pytest.raises(ContentError) as error:
        image_size("/blog/half.webp", tmp_path)
    assert "half.webp" in str(error.value) and "not an image" in str(error.value)
