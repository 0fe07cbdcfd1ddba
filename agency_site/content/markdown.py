"""Markdown files with YAML front matter (blog posts, legal texts): split, validate, render."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TypeVar

import nh3
import yaml
from markdown_it import MarkdownIt
from pydantic import BaseModel, ValidationError

from agency_site.content.loader import ContentError, parse_yaml, raise_all, validation_errors

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
    return validation_errors(path, error)[0]


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
        mark = getattr(error, "problem_mark", None)
        raise ContentError(
            path,
            "(front matter)",
            f"invalid YAML: {getattr(error, 'problem', None) or error}",
            line=mark.line + 2 if mark else None,
            fix="quote a title or excerpt that contains ': '",
        ) from None
    try:
        return model.model_validate(data), match.group(2)
    except ValidationError as error:
        # The front matter starts on the file's second line, after the first ---.
        raise_all(validation_errors(path, error, text=match.group(1), first_line=2))
        raise
