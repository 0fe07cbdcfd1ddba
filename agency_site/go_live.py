"""The go-live check (`python -m agency_site.go_live`, make check-live).

Every value an operator must supply is written in the content as a `!placeholder` with the
example the site shows until then and what to put there (agency_site/content/loader.py).
This lists each that still stands, with file, line and field, and fails while any does: a
production start (the backend's systemd unit, `make export`) runs it first, so an invented
address or result never reaches a visitor by accident. `ALLOW_PLACEHOLDERS=yes` in the
environment is the operator's explicit word to go on regardless; `--warn` (the rehearsal on
one machine, `make stack`) prints the list and succeeds.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

from agency_site.content.loader import PLACEHOLDER_TAG, PROJECT_ROOT, placeholder_parts
from agency_site.settings import get_settings

# The one value of ALLOW_PLACEHOLDERS that lets a production start go on with placeholders.
ALLOW_VARIABLE = "ALLOW_PLACEHOLDERS"
ALLOW_VALUE = "yes"
_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.DOTALL)
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Placeholder:
    """One value still to supply: where it is, and what to put there."""

    path: Path
    line: int
    field: str
    supply: str
    example: str

    def describe(self) -> str:
        """`content/site.yaml:8: brand.name: the brand's name (shown now: Falconbyte)`"""
        try:
            shown = self.path.resolve().relative_to(PROJECT_ROOT)
        except ValueError:
            shown = self.path
        return f"{shown}:{self.line}: {self.field}: {self.supply} (shown now: {self.example})"


def _example_text(node: yaml.Node) -> str:
    if isinstance(node, yaml.ScalarNode):
        return str(node.value)
    if isinstance(node, yaml.SequenceNode):
        return f"{len(node.value)} entries"
    if isinstance(node, yaml.MappingNode):
        return ", ".join(f"{key.value}: {_example_text(value)}" for key, value in node.value)
    return "?"


def _walk(node: yaml.Node | None, field: list[str], found: list[tuple[yaml.Node, str]]) -> None:
    if node is None:
        return
    if node.tag == PLACEHOLDER_TAG:
        found.append((node, ".".join(field) or "(file)"))
        return
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            _walk(value, [*field, str(key.value)], found)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            # The entry's id names it better than its position, where it has one.
            keys = (
                {str(key.value): value for key, value in item.value}
                if isinstance(item, yaml.MappingNode)
                else {}
            )
            entry_id = next(
                (str(keys[name].value) for name in ("slug", "id", "label_key") if name in keys), None
            )
            _walk(item, [*field, entry_id or f"#{index + 1}"], found)


def _placeholders_in(path: Path, text: str, first_line: int) -> list[Placeholder]:
    try:
        root = yaml.compose(text, Loader=_SafeLoader)  # noqa: S506 - a safe loader
    except yaml.YAMLError:
        # The content check names a file that does not parse; it is not built either way.
        return []
    found: list[tuple[yaml.Node, str]] = []
    _walk(root, [], found)
    placeholders = []
    for node, field in found:
        parts = placeholder_parts(node)
        supply = str(parts["supply"].value) if parts else "(malformed: needs example and supply)"
        example = _example_text(parts["example"]) if parts else ""
        placeholders.append(Placeholder(path, node.start_mark.line + first_line, field, supply, example))
    return placeholders


def find_placeholders(content_dir: Path) -> list[Placeholder]:
    """Every `!placeholder` under `content_dir`: in its YAML files and in the front matter of
    its Markdown files, in file and line order."""
    placeholders: list[Placeholder] = []
    for path in sorted(content_dir.rglob("*")):
        if path.suffix == ".yaml":
            placeholders += _placeholders_in(path, path.read_text(encoding="utf-8"), 1)
        elif path.suffix == ".md":
            match = _FRONT_MATTER.match(path.read_text(encoding="utf-8"))
            if match:
                # The front matter starts on the file's second line, after the first ---.
                placeholders += _placeholders_in(path, match.group(1), 2)
    return placeholders


def main(argv: list[str] | None = None) -> int:
    """Print every placeholder still standing; the exit status says whether to go on."""
    parser = argparse.ArgumentParser(prog="python -m agency_site.go_live", description=__doc__)
    parser.add_argument(
        "--warn", action="store_true", help="list them and succeed (a rehearsal, not production)"
    )
    args = parser.parse_args(argv)
    placeholders = find_placeholders(get_settings().content_dir)
    if not placeholders:
        print("go-live check: every operator value is supplied")
        return 0
    for placeholder in placeholders:
        print(f"placeholder: {placeholder.describe()}", file=sys.stderr)
    count = f"{len(placeholders)} placeholder{'s' if len(placeholders) > 1 else ''}"
    if args.warn:
        print(f"go-live check: {count} still shown (a rehearsal goes on)", file=sys.stderr)
        return 0
    if os.environ.get(ALLOW_VARIABLE) == ALLOW_VALUE:
        print(
            f"go-live check: {count} still shown; going on because {ALLOW_VARIABLE}={ALLOW_VALUE}",
            file=sys.stderr,
        )
        return 0
    print(
        f"go-live check: {count} still shown: not going live. Replace each in its file, "
        f"or set {ALLOW_VARIABLE}={ALLOW_VALUE} to go on with them",
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
