"""Bots and hostile clients at the contact form, through the browser and the real server:
a filled honeypot hears only 'sent', whatever else is wrong, and is stored as spam; a field that is not text is refused like any other invalid input."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, WebSocketRoute, expect

from agency_site.leads import MessageStatus
from agency_site.leads.validation import HONEYPOT_FIELD
from agency_site.state.contact_form import ContactFormState
from tests.support.content import text

from .conftest import Visit
from .support.contact_backend import ContactBackend
from .support.contact_form import a_message, fill_and_send, open_form

# A socket.io event packet on Reflex's namespace, as the browser sends it.
EVENT_PACKET = "42/_event,"
SUBMIT_EVENT = f"{ContactFormState.get_full_name()}.submit"
FORM_ENTRIES = "__reflex_form_data__"


def fill_the_honeypot(page: Page) -> None:
    # Bots fill every input they find, including the one people never see.
    page.locator(f"#contact-form [name='{HONEYPOT_FIELD}']").evaluate(
        "el => { el.value = 'https://spam.example'; }"
    )


def tamper_with_submits(page: Page, replacements: dict[str, object]) -> list[str]:
    """Route the page's websocket through the test: each submit of the form reaches the server
    with the fields in `replacements` swapped for those values, as a hostile client sends
    them. Returns the list of tampered packets, to show the swap happened."""
    tampered: list[str] = []

    def rewrite(message: str | bytes) -> str | bytes:
        if not isinstance(message, str) or not message.startswith(EVENT_PACKET):
            return message
        kind, event = json.loads(message[len(EVENT_PACKET) :])
        if kind != "event" or event.get("name") != SUBMIT_EVENT:
            return message
        form = event["payload"]["form_data"]
        form[FORM_ENTRIES] = [[name, replacements.get(name, value)] for name, value in form[FORM_ENTRIES]]
        tampered.append(packet := EVENT_PACKET + json.dumps([kind, event]))
        return packet

    def route(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()
        socket.on_message(lambda message: server.send(rewrite(message)))

    page.route_web_socket(re.compile(r"/_event/"), route)
    return tampered


def test_a_filled_honeypot_hears_only_sent_whatever_else_is_wrong(
    desktop: Visit, contact_backend: ContactBackend
) -> None:
    page = open_form(desktop, "en")
    fill_the_honeypot(page)
    spam = a_message(name="A", email="not an address", message="Buy now")
    fill_and_send(page, spam)
    button = page.get_by_test_id("contact-submit")
    expect(button).to_have_text(text("en", "contact-sent"))
    expect(page.locator("[data-sonner-toast]")).to_contain_text(text("en", "contact-success-title"))
    expect(page.locator("#contact-form [data-testid^='error-']")).to_have_count(0)
    # 'Message Sent' shows only once the row is committed: it is there, as spam, undelivered.
    row = contact_backend.row_with_subject(spam["subject"])
    assert row is not None
    assert (row.status, row.name, row.email, row.delivery_attempts) == (
        MessageStatus.SPAM,
        "A",
        "not an address",
        0,
    )


def test_a_field_sent_as_an_object_is_refused_and_a_bot_still_hears_sent(
    desktop: Visit, contact_backend: ContactBackend
) -> None:
    page = desktop.page
    tampered = tamper_with_submits(page, {"name": {"$gt": ""}})
    open_form(desktop, "de")
    values = a_message(name="Ada Lovelace")
    fill_and_send(page, values)
    # Refused like a name that is too short, in the page's language; the text stays typed.
    expect(page.get_by_test_id("error-name")).to_have_text(text("de", "name-min-error"))
    expect(page.get_by_test_id("contact-submit")).to_have_text(text("de", "contact-send"))
    expect(page.locator("#contact-form [name='name']")).to_have_value("Ada Lovelace")
    assert len(tampered) == 1 and '"name", {"$gt": ""}' in tampered[0]
    assert contact_backend.row_with_subject(values["subject"]) is None

    # The same object from a bot that also filled the honeypot: only 'sent', kept as spam,
    # with no trace of the object (it used to be stored as its Python repr).
    fill_the_honeypot(page)
    page.get_by_test_id("contact-submit").click()
    expect(page.get_by_test_id("contact-submit")).to_have_text(text("de", "contact-sent"))
    expect(page.get_by_test_id("error-name")).to_have_count(0)
    assert len(tampered) == 2
    row = contact_backend.row_with_subject(values["subject"])
    assert row is not None and (row.status, row.name) == (MessageStatus.SPAM, "")
