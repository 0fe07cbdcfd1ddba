"""What the contact form tells the visitor, in their language: the leads package answers
in codes (a field's Problem, a Failure), and these are its words for them."""

from __future__ import annotations

from agency_site.content import get_content
from agency_site.i18n import t
from agency_site.leads import MAX_LENGTHS, Failure, Problem

# docs/product.md §5: each field's rule has its message; text over a field's bound has one of its own.
ERROR_KEYS = {
    "name": "name-min-error",
    "email": "email-error",
    "subject": "subject-min-error",
    "message": "message-min-error",
}
MAX_ERROR_KEY = "field-max-error"
FAILURE_KEYS = {Failure.RATE_LIMITED: "contact-rate-limit", Failure.NOT_STORED: "contact-not-sent"}


def field_messages(lang: str, problems: dict[str, Problem]) -> dict[str, str]:
    """The leads package's per-field problems as the visitor reads them, in `lang`.

    Too long text names the bound; anything else (too short, not an address, not text at
    all) repeats the field's rule.
    """
    return {
        field: t(lang, MAX_ERROR_KEY, max=MAX_LENGTHS[field])
        if problem == Problem.TOO_LONG
        else t(lang, ERROR_KEYS[field])
        for field, problem in problems.items()
    }


def failure_message(lang: str, failure: Failure | None) -> str:
    """Why the message was not sent, in `lang`, with the address to write to instead."""
    if failure is None:
        return ""
    return t(lang, FAILURE_KEYS[failure], email=str(get_content().site.contact.email))
