"""Text folded for search: `Jörg` is found by `jorg`, `joerg` and `Jörg`, `Straße` by `strasse`.

German is written both ways: with umlauts (`Jörg`, `Müller`) and, on a keyboard without
them or in an address, transliterated (`Joerg`, `Mueller`); and people search the way they
type (`jorg`). So a lead's text is stored folded twice, once with its diacritics stripped
and once transliterated (ä→ae, ö→oe, ü→ue, ß→ss), both case-folded; a search term is folded
the same two ways and matches if either is found in either. Folding happens in Python, not
in SQL: SQLite's lower() folds ASCII only and PostgreSQL's unaccent is an extension.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

# German transliteration, applied after case folding (which already turns ß and ẞ into ss).
_TRANSLITERATION = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})


def _stripped(text: str) -> str:
    """Diacritics removed (é→e, ø stays ø): the marks a canonical decomposition splits off."""
    decomposed = unicodedata.normalize("NFKD", text)
    return unicodedata.normalize(
        "NFC", "".join(char for char in decomposed if not unicodedata.combining(char))
    )


def foldings(text: str) -> tuple[str, ...]:
    """`text` case-folded, then with its diacritics stripped and transliterated: one or two
    distinct forms (`Jörg` -> ('jorg', 'joerg'); `Ada` -> ('ada',))."""
    folded = unicodedata.normalize("NFC", text).casefold()
    forms = (_stripped(folded), _stripped(folded.translate(_TRANSLITERATION)))
    return tuple(dict.fromkeys(forms))


def search_text(fields: Iterable[str]) -> str:
    """What a lead's search column holds: each field in each folding, one per line, so a
    search term (never a line break) cannot match across two fields."""
    return "\n".join(form for field in fields for form in foldings(" ".join(field.split())))
