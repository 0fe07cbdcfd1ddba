"""Markdown files with YAML front matter (blog posts, legal texts): split, validate, render."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TypeVar

import nh3
import yaml
from markdown_it import MarkdownIt
from pydantic import BaseModel, ValidationError

from agency_site.content.loader import ContentError, parse_yaml

_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*\n?(.*)\Z", re.DOTALL)
_MARKDOWN = MarkdownIt("commonmark").enable("table")
# Legal texts keep their line breaks (addresses, register lines).
_MARKDOWN_BREAKS = MarkdownIt("commonmark", {"breaks": True}).enable("table")

Model = TypeVar("Model", bound=BaseModel)


def render_markdown(text: str, *, breaks: bool = False) -> str:
    """Markdown to HTML, sanitised so a content file can never inject script or styles.

    `breaks` turns every line break inside a paragraph into <br>."""
    return nh3.clean((_MARKDOWN_BREAKS if breaks else _MARKDOWN).render(text)).strip()


def validation_error(path: Path, error: ValidationError) -> ContentError:
    """The first problem pydantic found, as a ContentError naming the file and field."""
    first = error.errors()[0]
    return ContentError(path, ".".join(str(part) for part in first["loc"]) or "(root)", first["msg"])


def read_front_matter(path: Path, model: type[Model]) -> tuple[Model, str]:
    """Split a file into its validated front matter and its Markdown body."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(path, "(file)", "file is missing") from None
    match = _FRONT_MATTER.match(text)
    if not match:
        raise ContentError(path, "(front matter)", "the file must start with front matter between --- lines")
    try:
        data = parse_yaml(match.group(1))
    except yaml.YAMLError as error:
        raise ContentError(path, "(front matter)", f"invalid YAML: {error}") from None
    try:
        return model.model_validate(data), match.group(2)
    except ValidationError as error:
        raise validation_error(path, error) from None
