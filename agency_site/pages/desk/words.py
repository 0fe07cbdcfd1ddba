"""The desk's words for what its state sends as codes and numbers: a status, an audit action,
a count. Every text is resolved when the page is built (`t`), in the page's language; only
the code or the number comes from the server."""

from __future__ import annotations

import re

import reflex as rx
from reflex import Var

from agency_site.i18n import t
from agency_site.state.desk_rows import DELIVERY, PIPELINE

DELIVERY_STATES = ("stored", "delivered", "failed", "dead", "spam", "pending")
ACTIONS = (
    "sign-in",
    "sign-out",
    "view",
    "set-status",
    "add-note",
    "release",
    "retry",
    "erase",
    "export",
    "revoke-sessions",
)
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def labels(lang: str, prefix: str, codes: tuple[str, ...]) -> dict[str, str]:
    """Code -> its words, from the keys `{prefix}-{code}`."""
    return {code: t(lang, f"{prefix}-{code}") for code in codes}


def pipeline_labels(lang: str) -> dict[str, str]:
    return labels(lang, "desk-pipeline", PIPELINE)


def delivery_labels(lang: str) -> dict[str, str]:
    return labels(lang, "desk-delivery", tuple(dict.fromkeys((*DELIVERY_STATES, *DELIVERY))))


def said(words: dict[str, str], code: Var) -> Var:
    """The words for `code` (the code itself if it has none)."""
    return rx.cond(Var.create(words).to(dict).contains(code), Var.create(words).to(dict)[code], code)


def filled(lang: str, key: str, **values: Var | str | int) -> rx.Component:
    """The text of `key` with its `{placeholders}` filled by values the server sends."""
    template = t(lang, key, **{name: "{" + name + "}" for name in values})
    pieces: list[rx.Component | Var | str] = []
    position = 0
    for match in _PLACEHOLDER.finditer(template):
        pieces.append(template[position : match.start()])
        value = values.get(match.group(1), match.group(0))
        pieces.append(value if isinstance(value, Var) else str(value))
        position = match.end()
    pieces.append(template[position:])
    return rx.fragment(*[piece for piece in pieces if not (isinstance(piece, str) and not piece)])


def counted(lang: str, key: str, count: Var | int, **values: Var | str | int) -> rx.Component:
    """`filled` for a number of leads (a state's Var): the `{key}-one` text when it is one
    ("1 lead", not "1 leads"; German too), `key`'s otherwise."""
    number = Var.create(count)
    return rx.cond(
        number.to(int) == 1,
        filled(lang, f"{key}-one", count=number.to(str), **values),
        filled(lang, key, count=number.to(str), **values),
    )


def says_a_count(lang: str, key: str) -> bool:
    """Whether `key`'s text has a `{count}` (and so a `-one` twin)."""
    return "{count}" in t(lang, key)
