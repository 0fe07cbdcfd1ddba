"""The contact form in a test: a message no other test sends, filling and sending it,
and what became of it in the server's database."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Locator, Page, WebSocket, expect

from agency_site.i18n import localized_path
from agency_site.leads import ContactMessage, MessageStatus

from ..conftest import Visit
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


# What the form shows when an answer does not come: the button's status, the notice of an
# unreachable server, the messages under the fields, whether the scripts took the checks.
FORM_STATE = """() => {
  const form = document.getElementById('contact-form');
  return {
    url: location.href,
    hydrated: document.querySelector('#site-header')?.dataset.hydrated ?? null,
    novalidate: form?.noValidate ?? null,
    button: document.querySelector('[data-testid=contact-submit]')?.dataset.status ?? null,
    unreachable: document.querySelector('[data-testid=contact-unreachable]') !== null,
    errors: [...document.querySelectorAll('#contact-form [data-testid^=error-]')].map((el) => el.dataset.testid),
  };
}"""


@contextmanager
def explained_if_unanswered(page: Page, last: int = 40) -> Iterator[None]:
    """Record the page's websocket frames and console while the block waits for the form's
    answer; if the wait fails, the failure says what the form showed and what went over
    the connection (none of it is kept when the answer comes)."""
    start = time.monotonic()
    record: list[str] = []

    def note(what: str) -> None:
        record.append(f"{time.monotonic() - start:7.3f} s  {what[:240]}")

    def watch(socket: WebSocket) -> None:
        note(f"websocket opened {socket.url}")
        socket.on("framesent", lambda payload: note(f"sent {payload!s}"))
        socket.on("framereceived", lambda payload: note(f"received {payload!s}"))
        socket.on("socketerror", lambda error: note(f"websocket error {error}"))
        socket.on("close", lambda _: note("websocket closed"))

    def console(message) -> None:
        note(f"console {message.type}: {message.text}")

    page.on("websocket", watch)
    page.on("console", console)
    try:
        yield
    except AssertionError as error:
        try:
            shown = page.evaluate(FORM_STATE)
        except Exception as unreadable:  # noqa: BLE001 - the report must not hide the failure
            shown = f"unreadable ({unreadable})"
        raise AssertionError(
            f"{error}\nthe form showed: {shown}\nwebsocket and console:\n"
            + "\n".join(record[-last:] or ["nothing"])
        ) from error
    finally:
        page.remove_listener("websocket", watch)
        page.remove_listener("console", console)
