"""A post's image says what it shows, or is decorative because its editor said so."""

from __future__ import annotations

from pathlib import Path

import pytest

from agency_site.content import ContentError
from agency_site.content.blog import load_blog


def _front_matter_line(content_dir: Path, lang: str, post_id: str, old: str, new: str) -> Path:
    path = content_dir / "blog" / lang / f"{post_id}.md"
    text = path.read_text()
    start = text.index(old)
    end = text.index("\n", start)
    path.write_text(text[:start] + new + text[end:])
    return path


def test_the_alt_text_an_editor_writes_is_the_images(content_copy: Path) -> None:
    described = "Eine Ärztin bespricht mit einem Patienten einen Befund am Tablet"
    _front_matter_line(content_copy, "de", "ai-healthcare", "image_alt:", f'image_alt: "{described}"')
    posts = load_blog(content_copy)
    assert next(post for post in posts["de"] if post.id == "ai-healthcare").image_alt == described
    # Each language describes its own: the English post stays as its file says.
    assert next(post for post in posts["en"] if post.id == "ai-healthcare").image_alt == ""


def test_a_post_without_an_alt_text_is_named(content_copy: Path) -> None:
    """Saying nothing is no choice: an image is decorative only where the file says ""."""
    path = _front_matter_line(content_copy, "en", "ethical-ai", "image_alt:", "")
    with pytest.raises(ContentError) as error:
        load_blog(content_copy)
    assert (error.value.path, error.value.field) == (path, "image_alt")
