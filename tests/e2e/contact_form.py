"""The contact form in a test: a message no other test sends, filling and sending it,
and what became of it in the server's database."""

from __future__ import annotations

import uuid

from playwright.sync_api import Locator, Page, expect

from agency_site.i18n import localized_path
from agency_site.leads import ContactMessage, MessageStatus

from .conftest import Visit
from .contact_backend import ContactBackend
from .polling import wait_for


def a_message(**overrides: str) -> dict[str, str]:
    """Valid values with a subject no other test uses, to find this message's row."""
    values = {
        "name": "Ada Lovelace",
        "email": "ada@example.com",
        "subject": f"Project enquiry {uuid.uuid4().hex[:8]}",
        "message": "We would like an AI caller that books appointments for our clinic.",
    }
    values.update(overrides)
    return values


def open_form(visit: Visit, lang: str) -> Page:
    """The contact page in `lang`, hydrated."""
    visit.goto(localized_path(lang, "/contact"))
    return visit.page


def field(page: Page, name: str) -> Locator:
    return page.locator(f"#contact-form [name='{name}']")


def fill(page: Page, values: dict[str, str]) -> None:
    for name, value in values.items():
        field(page, name).fill(value)


def fill_and_send(page: Page, values: dict[str, str]) -> None:
    fill(page, values)
    page.get_by_test_id("contact-submit").click()


def expect_kept(page: Page, values: dict[str, str]) -> None:
    """The form still holds what the visitor typed."""
    for name, value in values.items():
        expect(field(page, name)).to_have_value(value)


def wait_for_status(backend: ContactBackend, subject: str, status: MessageStatus) -> ContactMessage:
    """The row of `subject` once it has `status` (the server delivers in the background)."""
    return wait_for(lambda: (row := backend.row_with_subject(subject)) and row.status == status and row)
