"""Load and validate every content file once, when the app is built."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from string import Formatter
from typing import Any

import yaml
from pydantic import ValidationError

from agency_site.constants import DEFAULT_LANGUAGE, LANGUAGES
from agency_site.content.models import SiteFacts
from agency_site.settings import PROJECT_ROOT, get_settings

# SPEC.md §3: translation keys come in these groups.
TRANSLATION_GROUPS = ("common", "faq", "pages", "services")


class ContentError(Exception):
    """A content file is broken; the message is one line naming the file and the field."""

    def __init__(self, path: Path, field: str, problem: str) -> None:
        self.path = path
        self.field = field
        self.problem = problem
        super().__init__(f"{_display(path)}: {field}: {problem}")


@dataclass(frozen=True)
class Content:
    """Everything loaded from `content/`."""

    site: SiteFacts
    # language -> key -> text
    strings: dict[str, dict[str, str]]


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(PROJECT_ROOT))
    except ValueError:
        return str(path)


# libyaml's parser when PyYAML was built with it (its wheels are): the same safe subset
# of YAML, parsed about ten times faster than in Python (every build, server start and
# content check reads some 100 files).
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str) -> Any:
    """Parse YAML text with the safe loader; raises yaml.YAMLError."""
    return yaml.load(text, Loader=_SafeLoader)  # noqa: S506 - a safe loader


def read_yaml(path: Path) -> Any:
    """Parse one YAML file, turning syntax errors into a ContentError with the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(path, "(file)", "file is missing") from None
    try:
        return parse_yaml(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "(file)"
        problem = getattr(error, "problem", None) or "invalid YAML"
        raise ContentError(path, where, f"invalid YAML: {problem}") from None


def _first_error(path: Path, error: ValidationError) -> ContentError:
    first = error.errors()[0]
    field = ".".join(str(part) for part in first["loc"]) or "(root)"
    return ContentError(path, field, first["msg"])


def load_site_facts(path: Path) -> SiteFacts:
    """Validate `site.yaml` into typed company facts."""
    data = read_yaml(path)
    try:
        return SiteFacts.model_validate(data)
    except ValidationError as error:
        raise _first_error(path, error) from None


def load_strings(path: Path) -> dict[str, str]:
    """Flatten one translation file's groups into key -> text, rejecting bad shapes."""
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise ContentError(path, "(root)", "expected groups of keys")
    strings: dict[str, str] = {}
    for group, entries in data.items():
        if group not in TRANSLATION_GROUPS:
            raise ContentError(
                path,
                str(group),
                f"unknown group; use one of {', '.join(TRANSLATION_GROUPS)}",
            )
        if not isinstance(entries, dict):
            raise ContentError(path, str(group), "expected key: text pairs")
        for key, text in entries.items():
            if not isinstance(text, str) or not text.strip():
                raise ContentError(path, f"{group}.{key}", "text must be a non-empty string")
            if key in strings:
                raise ContentError(path, f"{group}.{key}", "key is defined twice")
            strings[str(key)] = text
    return strings


def placeholders(text: str) -> set[str]:
    """The `{name}` placeholders of a text; raises ValueError on a stray brace."""
    return {name for _, name, _, _ in Formatter().parse(text) if name is not None}


def strings_files(content_dir: Path, lang: str) -> list[Path]:
    """A language's translation files: every `content/i18n/{lang}/*.yaml`, in name order.

    One file per area (site, home, services, blog, ...) keeps each file short and lets
    several people edit different areas without touching the same file.
    """
    folder = content_dir / "i18n" / lang
    files = sorted(folder.glob("*.yaml"))
    if not files:
        raise ContentError(folder, "(folder)", "no translation files (*.yaml) found")
    return files


def load_language(content_dir: Path, lang: str) -> tuple[dict[str, str], dict[str, Path]]:
    """All keys of one language, and the file each key came from; a key may appear once."""
    strings: dict[str, str] = {}
    origin: dict[str, Path] = {}
    for path in strings_files(content_dir, lang):
        for key, text in load_strings(path).items():
            if key in strings:
                raise ContentError(path, key, f"key is already defined in {_display(origin[key])}")
            strings[key] = text
            origin[key] = path
    return strings, origin


def check_placeholders(origin: dict[str, dict[str, Path]], strings: dict[str, dict[str, str]]) -> None:
    """Every translation of a key must offer the same `{placeholders}` as the English text."""
    reference = strings[DEFAULT_LANGUAGE]
    for lang, texts in strings.items():
        for key, text in texts.items():
            path = origin[lang][key]
            try:
                names = placeholders(text)
            except ValueError as error:
                raise ContentError(path, key, f"broken placeholder: {error}") from None
            if key in reference and lang != DEFAULT_LANGUAGE and names != placeholders(reference[key]):
                expected = ", ".join(sorted(placeholders(reference[key]))) or "none"
                raise ContentError(path, key, f"placeholders must match the English text ({expected})")


def load_content(content_dir: Path) -> Content:
    """Load every content file under `content_dir`; raises ContentError on the first problem."""
    site = load_site_facts(content_dir / "site.yaml")
    strings: dict[str, dict[str, str]] = {}
    origin: dict[str, dict[str, Path]] = {}
    for lang in LANGUAGES:
        strings[lang], origin[lang] = load_language(content_dir, lang)
    check_placeholders(origin, strings)
    return Content(site=site, strings=strings)


@lru_cache(maxsize=1)
def get_content() -> Content:
    """The content of the configured folder, loaded once per process."""
    return load_content(get_settings().content_dir)
