"""Where long words may break at a line's end: content/hyphenation.yaml.

A browser breaks German compounds by itself (`hyphens: auto` under `lang="de"`,
assets/styles.css) only where it has a German hyphenation dictionary, and many have
none (Chromium on Linux and Android, for one). There a compound wider than a phone's
line ('Gesundheitswesen' in a 30 px heading) runs past the screen's edge and the page
scrolls sideways. `soft_hyphens` writes the file's break points into a text as soft
hyphens (U+00AD): invisible, and a hyphen where the line breaks, in every browser.

Only text a visitor reads on screen gets them (headings and the few texts that need
them, through components/ui/heading.py): titles, descriptions, structured data, the
sitemap and search keep the words as written, so nothing copied or matched by a machine
carries an invisible character.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import Field, ValidationError

from agency_site.content.loader import ContentError, raise_all, read_yaml, validation_errors
from agency_site.content.models import Strict
from agency_site.settings import get_settings

SOFT_HYPHEN = "\u00ad"
BREAK = "|"

# A word with at least one break point: letters (and a hyphen of the word itself) around `|`.
Entry = Annotated[str, Field(pattern=r"^[^\W\d_|]+(?:-[^\W\d_|]+)*(?:\|[^\W\d_|]+(?:-[^\W\d_|]+)*)+$")]


class HyphenationFile(Strict):
    """content/hyphenation.yaml: each long word with `|` where it may break."""

    words: list[Entry]


@dataclass(frozen=True)
class Hyphenation:
    """The glossary's words and where each may break."""

    # the word in lower case -> offsets (from the word's start) of its break points
    breaks: dict[str, tuple[int, ...]]
    pattern: re.Pattern[str] | None

    def apply(self, text: str) -> str:
        """`text` with a soft hyphen at each break point of every glossary word in it
        (in any case, also inside a longer compound)."""
        if self.pattern is None:
            return text
        return self.pattern.sub(self._soften, text)

    def _soften(self, match: re.Match[str]) -> str:
        word = match.group(0)
        cuts = (0, *self.breaks[word.lower()], len(word))
        return SOFT_HYPHEN.join(word[start:end] for start, end in zip(cuts, cuts[1:], strict=False))


def parse_entry(entry: str) -> tuple[str, tuple[int, ...]]:
    """'Telefon|assistent' -> ('Telefonassistent', (7,))."""
    parts = entry.split(BREAK)
    offsets = []
    length = 0
    for part in parts[:-1]:
        length += len(part)
        offsets.append(length)
    return "".join(parts), tuple(offsets)


def load_hyphenation(content_dir: Path) -> Hyphenation:
    """Validate content/hyphenation.yaml; raises ContentError naming entry and line."""
    path = content_dir / "hyphenation.yaml"
    try:
        glossary = HyphenationFile.model_validate(read_yaml(path))
    except ValidationError as error:
        raise_all(validation_errors(path, error))
        raise
    breaks: dict[str, tuple[int, ...]] = {}
    errors = []
    for index, entry in enumerate(glossary.words):
        word, offsets = parse_entry(entry)
        if word.lower() in breaks:
            errors.append(
                ContentError.at(path, f"words.{index}", f"'{word}' is listed twice", fix="keep one")
            )
        breaks[word.lower()] = offsets
    raise_all(errors)
    if not breaks:
        return Hyphenation({}, None)
    # Longest first, so a word wins over a shorter one it contains.
    words = sorted(breaks, key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(word) for word in words), re.IGNORECASE)
    return Hyphenation(breaks, pattern)


@lru_cache(maxsize=1)
def get_hyphenation() -> Hyphenation:
    """The glossary of the configured content folder, loaded once per build."""
    return load_hyphenation(get_settings().content_dir)


def soft_hyphens(text: str) -> str:
    """`text` as shown on screen: the glossary's long words with their break points."""
    return get_hyphenation().apply(text)
