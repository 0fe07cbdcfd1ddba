"""Server-side validation of the contact form, whatever the browser sent (docs/product.md §5).

It answers in codes (`Problem`), never in sentences: the contact form's state says them in
the visitor's language. Only text is a field's value; anything else (an object or a number
sent over the websocket by a hostile client) is refused like any other invalid input.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any
from urllib.parse import urlsplit

from email_validator import EmailNotValidError, validate_email

from agency_site.constants import (
    CONTACT_MESSAGE_MIN,
    CONTACT_NAME_MIN,
    CONTACT_SUBJECT_MIN,
    DEFAULT_LANGUAGE,
    LANGUAGES,
)
from agency_site.leads.model import MAX_LENGTHS

FORM_FIELDS = ("name", "email", "subject", "message")
LANGUAGE_FIELD = "language"
PAGE_FIELD = "page"
# The field only bots fill. Its name means nothing to a browser's autofill or a password
# manager: fields named like `website` or `url` (password managers' identity profiles),
# `company` or `address` (Chromium's address profiles, even where autocomplete="off") are
# filled from a saved profile, which filed real visitors as spam.
HONEYPOT_FIELD = "form_trap"

MIN_LENGTHS = {"name": CONTACT_NAME_MIN, "subject": CONTACT_SUBJECT_MIN, "message": CONTACT_MESSAGE_MIN}
PAGE_MAX = 300


class Problem(StrEnum):
    """Why a field was refused."""

    TOO_SHORT = "too-short"
    NOT_AN_EMAIL = "not-an-email"
    TOO_LONG = "too-long"
    NOT_TEXT = "not-text"


@dataclass(frozen=True)
class Submission:
    """What the visitor sent, cleaned: trimmed text, a known language, the page it came from.

    A field that arrived as anything but a string is empty here and named in `not_text`.
    """

    name: str
    email: str
    subject: str
    message: str
    language: str
    page: str
    honeypot: bool
    not_text: frozenset[str] = frozenset()


# Characters nobody types into a contact form, which would reach an operator's terminal or
# a receiver's screen: C0 and C1 controls (ESC starts terminal sequences, BEL rings) and
# the invisible direction controls that reorder what is shown (U+202E shows text
# backwards). PostgreSQL refuses NUL anyway.
_CONTROLS = "\x00-\x08\x0b-\x1f\x7f-\x9f"
_BIDI = "\u202a-\u202e\u2066-\u2069"
# A single line (name, email, subject, page) loses these too: tab, newline, the
# direction marks and Unicode's line and paragraph separators.
_LINE_ONLY = "\t\n\u200e\u200f\u061c\u2028\u2029"
_NOT_IN_A_LINE = re.compile(f"[{_CONTROLS}{_BIDI}{_LINE_ONLY}]")
_NOT_IN_A_MESSAGE = re.compile(f"[{_CONTROLS}{_BIDI}]")


def _is_text(value: Any) -> bool:
    """A string that is Unicode text: JSON may carry a lone surrogate (`"\\ud800"`), which
    no database, hash or email can encode, so it is refused as anything not text is."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _text(value: Any, *, multiline: bool = False) -> str:
    """A field's text, trimmed, without what `_CONTROLS` and `_BIDI` name; a message keeps
    its lines (CR LF and CR as LF) and tabs, a single line has none."""
    if not _is_text(value):
        return ""
    if multiline:
        return _NOT_IN_A_MESSAGE.sub("", value.replace("\r\n", "\n").replace("\r", "\n")).strip()
    return _NOT_IN_A_LINE.sub(
        lambda found: " " if found[0] in "\t\n" else "", value.replace("\r\n", " ")
    ).strip()


def site_path(page: str) -> str:
    """`page` if it is a path of this site, else "": one leading '/', no '//' (another host
    to a browser), no backslash (browsers read '/\\evil.com' as '//evil.com'), no scheme,
    no white space (a browser drops a tab or newline: '/\t/evil.com' is '//evil.com')."""
    parts = urlsplit(page)
    if (
        not page.startswith("/")
        or "//" in page
        or "\\" in page
        or any(character.isspace() for character in page)
        or parts.scheme
        or parts.netloc
    ):
        return ""
    return page


def _fields(form_data: Any) -> Mapping[str, Any]:
    # Reflex hands over whatever JSON the client sent; a hostile one need not send a form.
    return form_data if isinstance(form_data, Mapping) else {}


def form_language(form_data: Any) -> str:
    """The visitor's language as the page declared it; anything else is English."""
    lang = _text(_fields(form_data).get(LANGUAGE_FIELD))
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def _filled(value: Any) -> bool:
    # A person never sees the honeypot; anything in it, text or not, comes from a bot.
    return (bool(_text(value)) or not _is_text(value)) if isinstance(value, str) else value is not None


def clean(form_data: Any) -> Submission:
    """The form's values trimmed; the page path kept only if it is a path of this site."""
    fields = _fields(form_data)
    not_text = frozenset(field for field in FORM_FIELDS if field in fields and not _is_text(fields[field]))
    return Submission(
        **{field: _text(fields.get(field), multiline=field == "message") for field in FORM_FIELDS},
        language=form_language(fields),
        page=site_path(_text(fields.get(PAGE_FIELD)))[:PAGE_MAX],
        honeypot=_filled(fields.get(HONEYPOT_FIELD)),
        not_text=not_text,
    )


def _email_ok(email: str) -> bool:
    try:
        # Syntax only: a DNS lookup would make the visitor wait on a third party.
        validate_email(email, check_deliverability=False)
    except EmailNotValidError:
        return False
    return True


def _problem(field: str, value: str) -> Problem | None:
    if len(value) > MAX_LENGTHS[field]:
        return Problem.TOO_LONG
    if field == "email":
        return None if _email_ok(value) else Problem.NOT_AN_EMAIL
    return Problem.TOO_SHORT if len(value) < MIN_LENGTHS[field] else None


def field_problem(field: str, value: Any) -> Problem | None:
    """What is wrong with one field's value on its own, cleaned as `clean` cleans it;
    None when it passes (and for a name that is no form field)."""
    if field not in FORM_FIELDS:
        return None
    if not _is_text(value):
        return Problem.NOT_TEXT
    return _problem(field, _text(value, multiline=field == "message"))


def field_errors(submission: Submission) -> dict[str, Problem]:
    """Field -> problem, in form order; empty when every field is valid."""
    errors: dict[str, Problem] = {}
    for field in FORM_FIELDS:
        problem = (
            Problem.NOT_TEXT if field in submission.not_text else _problem(field, getattr(submission, field))
        )
        if problem is not None:
            errors[field] = problem
    return errors


def errors_to_show(submission: Submission) -> dict[str, Problem]:
    """What the visitor is told about their fields. A filled honeypot is a bot: it gets no
    hints, whatever else is wrong, only the 'sent' it expects (and is stored as spam)."""
    return {} if submission.honeypot else field_errors(submission)


def validate(form_data: Any) -> dict[str, Problem]:
    """docs/product.md §5's rules and the upper bounds, as the visitor is told them: field -> problem."""
    return errors_to_show(clean(form_data))
