"""Contact messages are really stored and delivered, and never lost, in the browser."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import expect

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path
from agency_site.leads import MAX_LENGTHS, MessageStatus
from agency_site.leads.validation import FORM_FIELDS, HONEYPOT_FIELD
from agency_site.server.event_limit import EVENT_MESSAGE_MAX

from .conftest import SharedPages, Visit
from .support.contact_backend import TEAM_EMAIL, ContactBackend
from .support.contact_form import (
    a_message,
    expect_kept,
    explained_if_unanswered,
    fill_and_send,
    open_form,
    wait_for_status,
)
from .support.expected import text
from .support.polling import wait_for


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_message_sent_in_the_browser_is_stored_and_delivered(
    visit: Visit, contact_backend: ContactBackend, base_url: str, lang: str
) -> None:
    page = open_form(visit, lang)
    values = a_message(name="  Jörg Müller  ")
    fill_and_send(page, values)
    expect(page.get_by_test_id("contact-submit")).to_have_text(text(lang, "contact-sent"))
    # 'Message Sent' is shown only once the row is committed: it is there now.
    row = contact_backend.row_with_subject(values["subject"])
    assert row is not None
    assert (row.name, row.email, row.message) == ("Jörg Müller", values["email"], values["message"])
    assert (row.language, row.page) == (lang, localized_path(lang, "/contact"))
    delivered = wait_for_status(contact_backend, values["subject"], MessageStatus.DELIVERED)
    assert delivered.delivery_attempts == 2  # one POST to the webhook, one email
    assert contact_backend.webhook.subjects().count(values["subject"]) == 1
    # The team's inbox (the loopback SMTP server) has it as plain text; a reply goes to Ada.
    [email] = [
        email
        for email in contact_backend.mailbox.messages()
        if email["Subject"] == f"[Website lead] {values['subject']}"
    ]
    assert (email["To"], email["Reply-To"]) == (TEAM_EMAIL, values["email"])
    assert values["message"] in email.get_content() and "Jörg Müller" in email.get_content()
    assert visit.foreign_requests == []
    # make run's server tells this machine how many leads it has.
    metrics = httpx.get(f"{base_url}/_metrics", timeout=10)
    assert metrics.status_code == 200
    delivered_now = re.search(r'^agency_leads\{status="delivered"\} (\d+)', metrics.text, re.M)
    assert delivered_now and float(delivered_now.group(1)) >= 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_too_long_input_is_refused_by_the_server_and_kept(
    desktop: Visit, contact_backend: ContactBackend, lang: str
) -> None:
    page = open_form(desktop, lang)
    values = a_message(name="N" * (MAX_LENGTHS["name"] + 1), message="M" * (MAX_LENGTHS["message"] + 1))
    fill_and_send(page, values)
    expect(page.get_by_test_id("error-name")).to_have_text(
        text(lang, "field-max-error", max=MAX_LENGTHS["name"])
    )
    expect(page.get_by_test_id("error-message")).to_have_text(
        text(lang, "field-max-error", max=MAX_LENGTHS["message"])
    )
    expect(page.get_by_test_id("error-subject")).to_have_count(0)
    expect_kept(page, values)
    assert contact_backend.row_with_subject(values["subject"]) is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_paste_far_over_the_socket_limit_is_answered_per_field_and_kept(
    desktop: Visit, contact_backend: ContactBackend, lang: str
) -> None:
    """Sent whole, this form is a frame larger than the websocket takes (server/event_limit.py): the
    server would close the connection and nothing would answer. The visitor reads the
    same messages as for any too-long field, keeps every character, and can still send."""
    page = open_form(desktop, lang)
    closed: list[str] = []
    page.on("websocket", lambda socket: socket.on("close", lambda _: closed.append(socket.url)))
    # Should it fail, the report says what went over the socket.
    with explained_if_unanswered(page, last=80):
        values = a_message(message="M" * (EVENT_MESSAGE_MAX + 1), subject="S" * (MAX_LENGTHS["subject"] + 1))
        for name, value in values.items():  # fill() types nothing: a paste, at once
            page.locator(f"#contact-form [name='{name}']").fill(value)
        page.get_by_test_id("contact-submit").click()
        expect(page.get_by_test_id("error-message")).to_have_text(
            text(lang, "field-max-error", max=MAX_LENGTHS["message"])
        )
        expect(page.get_by_test_id("error-subject")).to_have_text(
            text(lang, "field-max-error", max=MAX_LENGTHS["subject"])
        )
        expect_kept(page, values)
        # Left again, the marked paste is checked cut to one character over its limit: its
        # message stays. Before, every field left was sent whole, and this one's frame made
        # the server close the connection.
        message = page.locator("#contact-form [name='message']")
        message.focus()
        message.press("Tab")
        expect(page.get_by_test_id("error-message")).to_have_text(
            text(lang, "field-max-error", max=MAX_LENGTHS["message"])
        )
        # The shortened message goes through.
        fixed = a_message()
        fill_and_send(page, fixed)
        expect(page.get_by_test_id("contact-submit")).to_have_text(text(lang, "contact-sent"))
        assert contact_backend.row_with_subject(fixed["subject"]) is not None
    assert closed == [], "the server closed the connection"


def test_nothing_typed_travels_until_it_is_sent(desktop: Visit, contact_backend: ContactBackend) -> None:
    """Leaving a field sends nothing to the server: only a field the last answer marked is
    checked again when left (form_session.jsx). Before, every field left sent its value."""
    page = open_form(desktop, "en")
    sent: list[str] = []
    page.on("websocket", lambda socket: socket.on("framesent", lambda payload: sent.append(str(payload))))
    values = a_message()
    for name, value in values.items():
        field = page.locator(f"#contact-form [name='{name}']")
        field.fill(value)
        field.press("Tab")
    page.get_by_test_id("contact-submit").click()
    expect(page.get_by_test_id("contact-submit")).to_have_text(text("en", "contact-sent"))
    # Socket.io's event frames; the typed text is only in the submission's (more than one
    # if a slow answer made the form send it again).
    typed = [frame for frame in sent if frame.startswith("42") and values["email"] in frame]
    assert typed and all(".submit" in frame for frame in typed), typed
    assert contact_backend.row_with_subject(values["subject"]) is not None


def test_markup_is_stored_as_text_and_never_rendered(desktop: Visit, contact_backend: ContactBackend) -> None:
    page = open_form(desktop, "en")
    markup = '<img src="x" id="injected" onerror="window.__pwned = 1"> <b>bold</b> please call us'
    values = a_message(name="<i>Ada</i>", message=markup)
    fill_and_send(page, values)
    expect(page.get_by_test_id("contact-submit")).to_have_text(text("en", "contact-sent"))
    row = contact_backend.row_with_subject(values["subject"])
    assert row is not None and (row.name, row.message) == ("<i>Ada</i>", markup)
    assert page.locator("#injected").count() == 0
    assert page.evaluate("window.__pwned") is None


def test_a_filled_honeypot_looks_sent_is_kept_as_spam_and_not_delivered(
    desktop: Visit, contact_backend: ContactBackend
) -> None:
    page = open_form(desktop, "en")
    spam = a_message()
    # Bots fill every input they find, including the one people never see.
    page.locator(f"#contact-form [name='{HONEYPOT_FIELD}']").evaluate(
        "el => { el.value = 'https://spam.example'; }"
    )
    fill_and_send(page, spam)
    button = page.get_by_test_id("contact-submit")
    expect(button).to_have_text(text("en", "contact-sent"))
    row = contact_backend.row_with_subject(spam["subject"])
    assert row is not None and row.status == MessageStatus.SPAM
    # A real message sent after it is delivered; the spam, stored earlier, never is.
    expect(button).to_have_text(text("en", "contact-send"))
    real = a_message()
    fill_and_send(page, real)
    wait_for(lambda: real["subject"] in contact_backend.webhook.subjects())
    assert spam["subject"] not in contact_backend.webhook.subjects()
    assert contact_backend.row_with_subject(spam["subject"]).delivery_attempts == 0


def test_every_visible_field_is_sent(shared_pages: SharedPages) -> None:
    # The page renders exactly the fields the server reads; a renamed input would lose text.
    page = shared_pages.open("desktop", "/contact").page
    names = page.locator("#contact-form :is(input, textarea):not([type=hidden])").evaluate_all(
        "els => els.map(el => el.name)"
    )
    assert sorted(names) == sorted([*FORM_FIELDS, HONEYPOT_FIELD])
