"""The contact form's server side: the only state that needs the backend (DESIGN.md §4).

Contract between the contact page (which renders the form) and the leads package (which
stores and delivers messages):

- the page renders an uncontrolled `<form id=CONTACT_FORM_ID>` whose inputs are named
  after FORM_FIELDS plus the hidden LANGUAGE_FIELD, PAGE_FIELD and HONEYPOT_FIELD, and
  calls `ContactFormState.submit` on submit (Reflex passes the form data as a dict);
- it shows `ContactFormState.errors[field]` under each field, `failure` above the button,
  and labels the button by `status` ("idle", "sending", "sent").

Inputs are uncontrolled so that nothing the visitor typed travels before they submit and
nothing is lost while the server answers; only a successful save resets the form.
"""

from __future__ import annotations

import asyncio
from typing import Any

import reflex as rx

from agency_site.constants import (
    CONTACT_MESSAGE_MIN,
    CONTACT_NAME_MIN,
    CONTACT_SENT_MS,
    CONTACT_SUBJECT_MIN,
    DEFAULT_LANGUAGE,
    LANGUAGES,
)
from agency_site.i18n import t

CONTACT_FORM_ID = "contact-form"
FORM_FIELDS = ("name", "email", "subject", "message")
LANGUAGE_FIELD = "language"
PAGE_FIELD = "page"
HONEYPOT_FIELD = "website"

# SPEC.md §5: minimum lengths and the key of each field's message.
MIN_LENGTHS = {"name": CONTACT_NAME_MIN, "subject": CONTACT_SUBJECT_MIN, "message": CONTACT_MESSAGE_MIN}
ERROR_KEYS = {
    "name": "name-min-error",
    "email": "email-error",
    "subject": "subject-min-error",
    "message": "message-min-error",
}


def form_language(form_data: dict[str, Any]) -> str:
    """The visitor's language as the page declared it; anything else is English."""
    lang = str(form_data.get(LANGUAGE_FIELD, ""))
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def validate(form_data: dict[str, Any], lang: str) -> dict[str, str]:
    """SPEC.md §5's rules: field -> translated message, empty when the form is valid."""
    values = {field: str(form_data.get(field) or "").strip() for field in FORM_FIELDS}
    errors = {
        field: t(lang, ERROR_KEYS[field])
        for field, minimum in MIN_LENGTHS.items()
        if len(values[field]) < minimum
    }
    email = values["email"]
    local, _, domain = email.partition("@")
    if not local or "." not in domain or " " in email:
        errors["email"] = t(lang, ERROR_KEYS["email"])
    return dict(sorted(errors.items(), key=lambda item: FORM_FIELDS.index(item[0])))


class ContactFormState(rx.State):
    """idle -> sending -> sent (3 s) -> idle, as SPEC.md §4 describes."""

    status: str = "idle"
    errors: dict[str, str] = {}
    failure: str = ""

    @rx.event
    async def submit(self, form_data: dict[str, Any]):
        """Validate, then (in the leads issue) store; only a stored message counts as sent."""
        if self.status == "sending":
            return
        lang = form_language(form_data)
        self.failure = ""
        self.errors = validate(form_data, lang)
        if self.errors:
            return
        self.status = "sending"
        yield
        self.status = "sent"
        yield [
            rx.call_script(f"document.getElementById('{CONTACT_FORM_ID}')?.reset()"),
            rx.toast.success(
                t(lang, "contact-success-title"),
                description=t(lang, "contact-success-description"),
            ),
            ContactFormState.back_to_idle,
        ]

    @rx.event(background=True)
    async def back_to_idle(self):
        """After CONTACT_SENT_MS the button reads 'Send Message' again."""
        await asyncio.sleep(CONTACT_SENT_MS / 1000)
        async with self:
            if self.status == "sent":
                self.status = "idle"
