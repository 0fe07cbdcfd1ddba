"""The contact form's state: it says the leads package's codes in the visitor's language, and
its submit handler gives a bot (filled honeypot) the plain 'sent', whatever else it sent.

The handler runs here as Reflex runs it, against a real test database (`inbox`); expected
texts come from the content files, read directly.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Any

import pytest

from agency_site.content import get_content
from agency_site.leads import MAX_LENGTHS, Failure, Inbox, MessageStatus, Problem, store
from agency_site.state.contact_form import ContactFormState
from agency_site.state.contact_messages import failure_message, field_messages
from tests.support.content import text
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import valid_form

LANGS = ("en", "de")
SITE_EMAIL = str(get_content().site.contact.email)

RULE_KEYS = {
    "name": "name-min-error",
    "email": "email-error",
    "subject": "subject-min-error",
    "message": "message-min-error",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("problem", [Problem.TOO_SHORT, Problem.NOT_AN_EMAIL, Problem.NOT_TEXT])
def test_a_refused_field_repeats_its_rule(lang, problem):
    messages = field_messages(lang, dict.fromkeys(RULE_KEYS, problem))
    assert messages == {field: text(lang, key) for field, key in RULE_KEYS.items()}


@pytest.mark.parametrize("lang", LANGS)
def test_too_long_text_names_the_fields_bound(lang):
    messages = field_messages(lang, {"name": Problem.TOO_LONG, "message": Problem.TOO_LONG})
    assert messages == {
        "name": text(lang, "field-max-error", max=MAX_LENGTHS["name"]),
        "message": text(lang, "field-max-error", max=MAX_LENGTHS["message"]),
    }
    assert "5000" in messages["message"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("failure", "key"),
    [(Failure.RATE_LIMITED, "contact-rate-limit"), (Failure.NOT_STORED, "contact-not-sent")],
)
def test_a_failure_says_why_and_where_to_write_instead(lang, failure, key):
    message = failure_message(lang, failure)
    assert message == text(lang, key, email=SITE_EMAIL)
    assert SITE_EMAIL in message


def test_no_failure_is_no_text():
    assert failure_message("de", None) == ""


def submit(form_data: Any) -> ContactFormState:
    """Run the form's submit handler to its end, as Reflex would on the form's submit event."""
    state = ContactFormState(_reflex_internal_init=True)

    async def run() -> None:
        async for _update in ContactFormState.submit.fn(state, form_data):
            pass

    asyncio.run(run())
    return state


@pytest.fixture
def server_inbox(inbox: Inbox, monkeypatch: pytest.MonkeyPatch) -> Inbox:
    """The test database as the server's own inbox (what `receive` uses when the state calls it)."""
    monkeypatch.setattr("agency_site.leads.service.default_inbox", lambda: inbox)
    return inbox


def test_a_filled_honeypot_with_invalid_fields_gets_sent_and_is_stored_as_spam(server_inbox):
    # The state used to validate before looking at the honeypot.
    form = valid_form(form_trap="https://spam.example", name="A", email="nope", subject="Cheap pills")
    state = submit(form)
    assert (state.status, state.errors, state.failure) == ("sent", {}, "")
    [row] = store.messages(server_inbox.engine)
    assert (row.subject, row.status) == ("Cheap pills", MessageStatus.SPAM)


def test_a_filled_honeypot_with_fields_that_are_not_text_gets_sent(server_inbox):
    state = submit(valid_form(form_trap={"$gt": ""}, name={"$gt": ""}, subject="Bot subject"))
    assert (state.status, state.errors, state.failure) == ("sent", {}, "")
    [row] = store.messages(server_inbox.engine)
    assert (row.subject, row.name, row.status) == ("Bot subject", "", MessageStatus.SPAM)


@pytest.mark.parametrize("lang", LANGS)
def test_a_field_that_is_not_text_is_refused_like_invalid_input(server_inbox, lang):
    # `{"$gt": ""}` as the name used to be stored as its Python repr.
    state = submit(valid_form(language=lang, name={"$gt": ""}, message=["a", "list"]))
    assert state.status == "idle" and state.failure == ""
    assert state.errors == {"name": text(lang, "name-min-error"), "message": text(lang, "message-min-error")}
    assert list(store.messages(server_inbox.engine)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_lone_surrogate_is_refused_as_an_invalid_field_without_a_traceback(server_inbox, lang, caplog):
    """JSON over the websocket may carry half a UTF-16 pair, which nothing can encode: it
    raised before the handler's own error handling and logged a traceback at will."""
    caplog.set_level(logging.WARNING)
    state = submit(valid_form(language=lang, name="Ada \ud800 Lovelace", message="Broken \udfff text here"))
    assert state.status == "idle" and state.failure == ""
    assert state.errors == {"name": text(lang, "name-min-error"), "message": text(lang, "message-min-error")}
    assert list(store.messages(server_inbox.engine)) == []
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING] == []
    # In the honeypot it is a bot's, as anything there is.
    assert submit(valid_form(form_trap="\ud800")).status == "sent"
    assert [row.status for row in store.messages(server_inbox.engine)] == [MessageStatus.SPAM]


def test_a_payload_that_is_no_form_is_refused_field_by_field(server_inbox):
    state = submit(["name", "Ada"])
    assert state.status == "idle" and list(state.errors) == list(RULE_KEYS)
    assert list(store.messages(server_inbox.engine)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_of_the_server_is_said_in_the_visitors_language(server_inbox, monkeypatch, lang):
    limited = Inbox.create(server_inbox.engine, replace(TEST_SETTINGS, rate_limit=1))
    monkeypatch.setattr("agency_site.leads.service.default_inbox", lambda: limited)
    assert submit(valid_form(language=lang)).status == "sent"
    state = submit(valid_form(language=lang))
    assert (state.status, state.errors) == ("idle", {})
    assert state.failure == text(lang, "contact-rate-limit", email=SITE_EMAIL)


def test_an_edited_resend_under_the_key_just_told_sent_is_stored(server_inbox):
    """A submission queued while the connection was down, with the text
    edited after the first click, replayed after the page heard 'sent' for that key."""
    key = "0123456789abcdef0123456789abcdef"
    state = ContactFormState(_reflex_internal_init=True)

    async def send(form: dict[str, Any]) -> None:
        async for _update in ContactFormState.submit.fn(state, form):
            pass

    asyncio.run(send(valid_form(subject="First draft", submission_key=key)))
    assert (state.status, state.sent_key) == ("sent", key)
    asyncio.run(send(valid_form(subject="First draft", submission_key=key)))  # a plain replay
    asyncio.run(send(valid_form(subject="Edited draft", submission_key=key)))
    assert [row.subject for row in store.messages(server_inbox.engine)] == ["First draft", "Edited draft"]


def run_event(state: ContactFormState, handler: Any, *args: Any) -> None:
    """Run one of the state's plain (non-generator) event handlers as Reflex would."""
    handler.fn(state, *args)


def test_the_pages_on_load_keeps_the_answer_to_a_submission_sent_before_it(server_inbox):
    """A visitor whose first use of the form is 'Send Message' sends the submission with
    the connection's first frames; Reflex runs the page's on_load (`resume`) after it.
    The messages under the fields must survive it."""
    state = submit(valid_form(language="de", name="A"))
    assert state.errors == {"name": text("de", "name-min-error")}
    run_event(state, ContactFormState.resume)
    assert state.errors == {"name": text("de", "name-min-error")}


def test_resume_enables_a_button_left_sending_by_a_stopped_server():
    state = ContactFormState(_reflex_internal_init=True)
    state.status = "sending"
    run_event(state, ContactFormState.resume)
    assert state.status == "idle"


def test_starting_over_clears_the_messages_of_an_earlier_attempt(server_inbox):
    state = submit(valid_form(name="A"))
    state.failure = "The earlier attempt failed."
    run_event(state, ContactFormState.start_over)
    assert (state.errors, state.failure) == ({}, "")


def test_a_marked_field_left_follows_its_value_and_no_other_field_is_marked(server_inbox):
    """Left with a valid value, a marked field loses its message; left still wrong, it says
    what is wrong now; a field the answer did not mark stays unmarked, whatever it holds."""
    state = submit(valid_form(language="de", name="A", email="nope", message="short"))
    assert list(state.errors) == ["name", "email", "message"]
    run_event(state, ContactFormState.recheck, "de", "name", "  Al  ")
    run_event(state, ContactFormState.recheck, "de", "message", "x" * (MAX_LENGTHS["message"] + 1))
    run_event(state, ContactFormState.recheck, "de", "subject", "")
    assert state.errors == {
        "email": text("de", "email-error"),
        "message": text("de", "field-max-error", max=MAX_LENGTHS["message"]),
    }
    run_event(state, ContactFormState.recheck, "de", "email", {"$gt": ""})  # not text: still wrong
    run_event(state, ContactFormState.recheck, "de", "email", "jo\ud800@example.com")  # nor is this
    run_event(state, ContactFormState.recheck, "xx", "message", "0123456789")
    assert state.errors == {"email": text("de", "email-error")}
