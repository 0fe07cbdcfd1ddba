"""Server-side validation of the contact form, whatever the browser sent (SPEC.md §5)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from email_validator import EmailNotValidError, validate_email

from agency_site.constants import (
    CONTACT_MESSAGE_MIN,
    CONTACT_NAME_MIN,
    CONTACT_SUBJECT_MIN,
    DEFAULT_LANGUAGE,
    LANGUAGES,
)
from agency_site.i18n import t
from agency_site.leads.model import MAX_LENGTHS

FORM_FIELDS = ("name", "email", "subject", "message")
LANGUAGE_FIELD = "language"
PAGE_FIELD = "page"
HONEYPOT_FIELD = "website"

MIN_LENGTHS = {"name": CONTACT_NAME_MIN, "subject": CONTACT_SUBJECT_MIN, "message": CONTACT_MESSAGE_MIN}
ERROR_KEYS = {
    "name": "name-min-error",
    "email": "email-error",
    "subject": "subject-min-error",
    "message": "message-min-error",
}
MAX_ERROR_KEY = "field-max-error"
PAGE_MAX = 300


@dataclass(frozen=True)
class Submission:
    """What the visitor sent, cleaned: trimmed text, a known language, the page it came from."""

    name: str
    email: str
    subject: str
    message: str
    language: str
    page: str
    honeypot: bool


def _text(value: Any) -> str:
    # PostgreSQL refuses NUL in text; no visitor types one, so it is dropped, not an error.
    return str(value if value is not None else "").replace("\x00", "").strip()


def form_language(form_data: dict[str, Any]) -> str:
    """The visitor's language as the page declared it; anything else is English."""
    lang = _text(form_data.get(LANGUAGE_FIELD))
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def clean(form_data: dict[str, Any]) -> Submission:
    """The form's values trimmed; the page path kept only if it is a path of this site."""
    values = {field: _text(form_data.get(field)) for field in FORM_FIELDS}
    page = _text(form_data.get(PAGE_FIELD))
    if not page.startswith("/") or page.startswith("//"):
        page = ""
    return Submission(
        **values,
        language=form_language(form_data),
        page=page[:PAGE_MAX],
        honeypot=bool(_text(form_data.get(HONEYPOT_FIELD))),
    )


def _email_ok(email: str) -> bool:
    try:
        # Syntax only: a DNS lookup would make the visitor wait on a third party.
        validate_email(email, check_deliverability=False)
    except EmailNotValidError:
        return False
    return True


def field_errors(submission: Submission) -> dict[str, str]:
    """Field -> message in the submission's language, in form order; empty when valid."""
    lang = submission.language
    errors: dict[str, str] = {}
    for field in FORM_FIELDS:
        value = getattr(submission, field)
        if len(value) > MAX_LENGTHS[field]:
            errors[field] = t(lang, MAX_ERROR_KEY, max=MAX_LENGTHS[field])
        elif field == "email":
            if not _email_ok(value):
                errors[field] = t(lang, ERROR_KEYS[field])
        elif len(value) < MIN_LENGTHS[field]:
            errors[field] = t(lang, ERROR_KEYS[field])
    return errors


def validate(form_data: dict[str, Any]) -> dict[str, str]:
    """SPEC.md §5's rules and the upper bounds: field -> message in the form's language."""
    return field_errors(clean(form_data))
