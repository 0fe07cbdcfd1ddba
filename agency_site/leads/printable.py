"""Text from outside (a visitor, a receiver, a mail server) made safe to print or log."""

from __future__ import annotations

import re

# Shown escaped (\x1b, \u202e), never raw: control characters would run as terminal
# sequences in the operator's terminal, direction controls would reorder what is shown.
# Validation drops them from new messages; older rows and other writers may still hold them.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")
# A multi-line cell of the export keeps its line breaks and tabs (the CSV quotes them).
_UNPRINTABLE_IN_A_CELL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]"
)


def _escaped(found: re.Match[str]) -> str:
    code = ord(found[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, multiline: bool = False) -> str:
    """`text` safe to print: every control or direction character escaped."""
    return (_UNPRINTABLE_IN_A_CELL if multiline else _UNPRINTABLE).sub(_escaped, text)
