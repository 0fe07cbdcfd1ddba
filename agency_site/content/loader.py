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

# docs/product.md §3: translation keys come in these groups.
TRANSLATION_GROUPS = ("common", "faq", "pages", "services")


class ContentError(Exception):
    """A content file is broken; the message names the file, its line, the entry and field
    (lists counted from 1, with the entry's id) and, where there is one, the fix."""

    def __init__(
        self,
        path: Path,
        field: str,
        problem: str,
        *,
        line: int | None = None,
        entry: str | None = None,
        fix: str | None = None,
    ) -> None:
        self.path = path
        self.field = field  # dotted, lists 0-based: services.1.colour
        self.problem = problem
        self.line = line
        self.entry = entry
        self.fix = fix
        super().__init__(self.describe())

    @classmethod
    def at(
        cls, path: Path, field: str, problem: str, *, entry: str | None = None, fix: str | None = None
    ) -> ContentError:
        """The error of `field` in `path`, with the line the field is written on."""
        return cls(path, field, problem, line=yaml_line(path, field), entry=entry, fix=fix)

    @property
    def location(self) -> str:
        """`content/services.yaml:12`: the file from the project's folder, and the line."""
        return _display(self.path) + (f":{self.line}" if self.line else "")

    @property
    def summary(self) -> str:
        """`services #2 (id ai-callers), colour: <problem>`: the entry, field and problem."""
        return f"{readable_field(self.field, self.entry)}: {self.problem}"

    def describe(self) -> str:
        """`content/services.yaml:12: services #2 (id ai-callers), colour: <problem>; fix: ...`"""
        text = f"{self.location}: {self.summary}"
        return f"{text}; fix: {self.fix}" if self.fix else text

    @property
    def errors(self) -> list[ContentError]:
        return [self]


class ContentErrors(ContentError):
    """Several content errors found in one pass; behaves as the first, lists them all."""

    def __init__(self, errors: list[ContentError]) -> None:
        self._all = errors
        first = errors[0]
        super().__init__(
            first.path, first.field, first.problem, line=first.line, entry=first.entry, fix=first.fix
        )

    def describe(self) -> str:
        return "\n".join(error.describe() for error in self._all)

    @property
    def errors(self) -> list[ContentError]:
        return list(self._all)


def raise_all(errors: list[ContentError]) -> None:
    """Raise the errors found, one or several, if any (each counted once)."""
    unique: dict[str, ContentError] = {}
    for error in errors:
        for single in error.errors:
            unique.setdefault(single.describe(), single)
    if len(unique) == 1:
        raise next(iter(unique.values()))
    if unique:
        raise ContentErrors(list(unique.values()))


def readable_field(field: str, entry: str | None = None) -> str:
    """`services.1.colour` as `services #2, colour`: list positions as a person counts them."""
    parts: list[str] = []
    for part in field.split("."):
        if part.isdigit() and parts:
            parts[-1] += f" #{int(part) + 1}"
        else:
            parts.append(part)
    if entry and parts:
        head = next((index for index, part in enumerate(parts) if "#" in part), 0)
        parts[head] += f" (id {entry})"
    return ", ".join(parts)


def yaml_line(path: Path, field: str | list, *, first_line: int = 1, text: str | None = None) -> int | None:
    """The line (1-based) of a dotted field in a YAML file, or of the deepest part of it
    that exists (a missing key: its parent's line); None when the file does not parse."""
    try:
        source = text if text is not None else path.read_text(encoding="utf-8")
        node = yaml.compose(source, Loader=_SafeLoader)  # noqa: S506 - a safe loader
    except (OSError, yaml.YAMLError):
        return None
    parts = field.split(".") if isinstance(field, str) else [str(part) for part in field]
    line = node.start_mark.line + first_line if node is not None else None
    for part in parts:
        if node is None:
            break
        # A field inside a placeholder is a field of its example.
        while node is not None and node.tag == PLACEHOLDER_TAG and (parts_of := placeholder_parts(node)):
            node = parts_of["example"]
        if isinstance(node, yaml.MappingNode):
            found = next(((key, value) for key, value in node.value if str(key.value) == part), None)
            node = found[1] if found else None
            if found:
                line = found[0].start_mark.line + first_line
        elif isinstance(node, yaml.SequenceNode) and part.isdigit() and int(part) < len(node.value):
            node = node.value[int(part)]
            line = node.start_mark.line + first_line
        else:
            node = None
    return line


# What to do about pydantic's most common complaints.
_FIXES = {
    "missing": "add `{name}:`",
    "extra_forbidden": "remove `{name}` or correct its spelling",
    "literal_error": "use one of the values named",
    "string_pattern_mismatch": "write it in the form shown",
}


def validation_errors(
    path: Path,
    error: ValidationError,
    *,
    prefix: str = "",
    entry: str | None = None,
    text: str | None = None,
    first_line: int = 1,
) -> list[ContentError]:
    """Every problem pydantic found, each naming file, line, field and the fix."""
    found = []
    for problem in error.errors():
        field = ".".join(str(part) for part in (*([prefix] if prefix else []), *problem["loc"])) or "(root)"
        name = str(problem["loc"][-1]) if problem["loc"] else ""
        fix = _FIXES.get(problem["type"], "").format(name=name) or None
        line = yaml_line(path, field, text=text, first_line=first_line)
        found.append(ContentError(path, field, problem["msg"], line=line, entry=entry, fix=fix))
    return found


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

# A value the operator must supply before going live, written where it is used:
# `name: !placeholder {example: Falconbyte, supply: the brand's name}`. The site shows the
# example until then (make run, the tests); `make check-live` lists every one still standing
# (agency_site/go_live.py) and a production start refuses while any does.
PLACEHOLDER_TAG = "!placeholder"
PLACEHOLDER_KEYS = ("example", "supply")


def placeholder_parts(node: yaml.Node) -> dict[str, yaml.Node] | None:
    """The `example` and `supply` nodes of a `!placeholder` mapping; None when malformed."""
    if not isinstance(node, yaml.MappingNode):
        return None
    parts = {str(key.value): value for key, value in node.value}
    if sorted(parts) != sorted(PLACEHOLDER_KEYS):
        return None
    supply = parts["supply"]
    if not isinstance(supply, yaml.ScalarNode) or not str(supply.value).strip():
        return None
    return parts


# The safe loader, with `!placeholder` read as its example.
_ContentLoader: Any = type("_ContentLoader", (_SafeLoader,), {})


def _construct_placeholder(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    parts = placeholder_parts(node)
    if parts is None:
        raise yaml.constructor.ConstructorError(
            None,
            None,
            "a !placeholder needs exactly `example:` (what the site shows until then) and "
            "`supply:` (what the operator puts there)",
            node.start_mark,
        )
    return loader.construct_object(parts["example"], deep=True)


_ContentLoader.add_constructor(PLACEHOLDER_TAG, _construct_placeholder)


def parse_yaml(text: str) -> Any:
    """Parse YAML text with the safe loader (a `!placeholder` gives its example); raises
    yaml.YAMLError."""
    return yaml.load(text, Loader=_ContentLoader)  # noqa: S506 - a safe loader


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
        raise ContentError(
            path,
            where,
            f"invalid YAML: {problem}",
            line=mark.line + 1 if mark else None,
            fix="check the indentation and quote a text that contains ': ' or starts with a quote",
        ) from None


def _first_error(path: Path, error: ValidationError) -> ContentError:
    return validation_errors(path, error)[0]


def load_site_facts(path: Path) -> SiteFacts:
    """Validate `site.yaml` into typed company facts."""
    data = read_yaml(path)
    try:
        return SiteFacts.model_validate(data)
    except ValidationError as error:
        raise_all(validation_errors(path, error))
        raise


def load_strings(path: Path) -> dict[str, str]:
    """Flatten one translation file's groups into key -> text, rejecting bad shapes (all
    of the file's problems at once)."""
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise ContentError(
            path, "(root)", "expected groups of keys", fix=f"start with `{TRANSLATION_GROUPS[2]}:`"
        )
    strings: dict[str, str] = {}
    errors: list[ContentError] = []
    # Lines are looked up for errors only: each lookup parses the whole file again, and
    # doing it for every key of a valid file cost a dev server reload some 3 s of CPU.
    for group, entries in data.items():
        if group not in TRANSLATION_GROUPS:
            errors.append(
                ContentError(
                    path,
                    str(group),
                    "unknown group",
                    line=yaml_line(path, [group]),
                    fix=f"use one of {', '.join(TRANSLATION_GROUPS)}",
                )
            )
            continue
        if not isinstance(entries, dict):
            errors.append(
                ContentError(path, str(group), "expected key: text pairs", line=yaml_line(path, [group]))
            )
            continue
        for key, text in entries.items():
            if not isinstance(text, str) or not text.strip():
                errors.append(
                    ContentError(
                        path,
                        f"{group}.{key}",
                        "text must be a non-empty string",
                        line=yaml_line(path, [group, key]),
                        fix="write the text, in quotes if it has ': '",
                    )
                )
            elif key in strings:
                errors.append(
                    ContentError(
                        path,
                        f"{group}.{key}",
                        "key is defined twice",
                        line=yaml_line(path, [group, key]),
                        fix="keep one",
                    )
                )
            else:
                strings[str(key)] = text
    raise_all(errors)
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


def key_line(path: Path, key: str) -> int | None:
    """The line of a translation key in its file, whichever group holds it."""
    data = parse_yaml(path.read_text(encoding="utf-8"))
    group = next(
        (group for group, entries in data.items() if isinstance(entries, dict) and key in entries), None
    )
    return yaml_line(path, [group, key]) if group is not None else None


def load_language(content_dir: Path, lang: str) -> tuple[dict[str, str], dict[str, Path]]:
    """All keys of one language, and the file each key came from; a key may appear once."""
    strings, origin, errors = read_language(content_dir, lang)
    raise_all(errors)
    return strings, origin


def read_language(content_dir: Path, lang: str) -> tuple[dict[str, str], dict[str, Path], list[ContentError]]:
    """The keys of one language's files that read well, the file each came from, and the
    errors of the others (a file that does not parse gives no key)."""
    strings: dict[str, str] = {}
    origin: dict[str, Path] = {}
    errors: list[ContentError] = []
    for path in strings_files(content_dir, lang):
        try:
            texts = load_strings(path)
        except ContentError as error:
            errors.append(error)
            continue
        for key, text in texts.items():
            if key in strings:
                errors.append(
                    ContentError(
                        path,
                        key,
                        f"key is already defined in {_display(origin[key])}",
                        line=key_line(path, key),
                        fix="keep one of the two",
                    )
                )
                continue
            strings[key] = text
            origin[key] = path
    return strings, origin, errors


def check_placeholders(origin: dict[str, dict[str, Path]], strings: dict[str, dict[str, str]]) -> None:
    """Every translation of a key must offer the same `{placeholders}` as the English text."""
    reference = strings[DEFAULT_LANGUAGE]
    errors: list[ContentError] = []
    for lang, texts in strings.items():
        for key, text in texts.items():
            path = origin[lang][key]
            try:
                names = placeholders(text)
            except ValueError as error:
                errors.append(
                    ContentError(
                        path,
                        key,
                        f"broken placeholder: {error}",
                        line=key_line(path, key),
                        fix="write {name} or {{ for a brace",
                    )
                )
                continue
            try:
                expected_names = placeholders(reference[key]) if key in reference else names
            except ValueError:
                continue  # the English text's own brace is reported as its error
            if lang != DEFAULT_LANGUAGE and names != expected_names:
                expected = ", ".join(sorted(placeholders(reference[key]))) or "none"
                errors.append(
                    ContentError(
                        path,
                        key,
                        f"placeholders must match the English text ({expected})",
                        line=key_line(path, key),
                        fix=f"use the same {{placeholders}} as {_display(origin[DEFAULT_LANGUAGE][key])}",
                    )
                )
    raise_all(errors)


def check_both_languages(
    content_dir: Path, origin: dict[str, dict[str, Path]], unread: frozenset[str] = frozenset()
) -> None:
    """A key must exist in every language: a missing one would show another language's text.
    The keys of a file named in `unread` (one that did not parse in some language) are not
    known there: they are left to the check after its fix."""
    errors: list[ContentError] = []
    for lang, keys in origin.items():
        for other, other_keys in origin.items():
            for key in other_keys.keys() - keys.keys():
                source = other_keys[key]
                if source.name in unread:
                    continue
                target = content_dir / "i18n" / lang / source.name
                errors.append(
                    ContentError(
                        target,
                        key,
                        f"no {lang} text ({other} has it in {_display(source)}:{key_line(source, key)})",
                        fix=f"add `{key}: ...` in {lang} to {_display(target)}",
                    )
                )
    raise_all(errors)


def load_content(content_dir: Path) -> Content:
    """Load every content file under `content_dir`; raises ContentError (ContentErrors when
    there are several) naming every problem found."""
    errors: list[ContentError] = []
    site = None
    try:
        site = load_site_facts(content_dir / "site.yaml")
    except ContentError as error:
        errors.append(error)
    strings: dict[str, dict[str, str]] = {}
    origin: dict[str, dict[str, Path]] = {}
    unread: set[str] = set()
    for lang in LANGUAGES:
        try:
            strings[lang], origin[lang], language_errors = read_language(content_dir, lang)
        except ContentError as error:
            errors.append(error)
            continue
        errors += language_errors
        # A file that does not parse hides its keys, not the other files' missing ones.
        unread |= {error.path.name for error in language_errors if error.path.parent.parent.name == "i18n"}
    if len(strings) == len(LANGUAGES):
        for check in (
            lambda: check_placeholders(origin, strings),
            lambda: check_both_languages(content_dir, origin, frozenset(unread)),
        ):
            try:
                check()
            except ContentError as error:
                errors.append(error)
    raise_all(errors)
    assert site is not None
    return Content(site=site, strings=strings)


@lru_cache(maxsize=1)
def get_content() -> Content:
    """The content of the configured folder, loaded once per process."""
    return load_content(get_settings().content_dir)
