"""A message survives a stopped or restarting server: exactly once, never lost.

The tests share a server of the session's build (served_build.py), apart from the
session's; each stops it while the visitor has the contact form open, as a deploy does,
and starts it again.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from agency_site.constants import LANGUAGES
from agency_site.content import get_content
from agency_site.i18n import localized_path

from .conftest import Visit, visiting
from .support.contact_backend import ContactBackend
from .support.contact_form import expect_kept, fill
from .support.expected import text
from .support.served_build import BuiltServer

SITE_EMAIL = str(get_content().site.contact.email)


@pytest.fixture(scope="module")
def _module_server(
    served_web: Path, contact_backend: ContactBackend, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[BuiltServer]:
    # One copy of the build and one server for the module: each start costs seconds of CPU.
    current = BuiltServer(tmp_path_factory.mktemp("restart"), contact_backend.env, source=served_web)
    yield current
    current.stop()


@pytest.fixture
def server(_module_server: BuiltServer) -> BuiltServer:
    """The module's server, running when the test starts (a test that failed while it was
    stopped left it so)."""
    if not _module_server.running:
        _module_server.start()
    return _module_server


@pytest.fixture
def visitor(browser: Browser, server: BuiltServer) -> Iterator[Visit]:
    with visiting(browser, server.url, "desktop") as current:
        yield current


def a_message() -> dict[str, str]:
    return {
        "name": "Grace Hopper",
        "email": "grace@example.com",
        "subject": f"Restart enquiry {uuid.uuid4().hex[:8]}",
        "message": "Please call us about a chatbot that survives a deploy.",
    }


def rows_with(backend: ContactBackend, subject: str) -> int:
    return sum(1 for row in backend.rows() if row.subject == subject)


def open_form_connected(visitor: Visit, lang: str, values: dict[str, str]) -> Page:
    """The contact page, filled in; typing connected it to the server."""
    page = visitor.page
    visitor.goto(localized_path(lang, "/contact"))
    with page.expect_websocket():
        fill(page, values)
    return page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_stopped_server_is_reported_the_text_kept_and_the_message_sent_once_it_is_back(
    visitor: Visit, server: BuiltServer, contact_backend: ContactBackend, lang: str
) -> None:
    values = a_message()
    page = open_form_connected(visitor, lang, values)
    button = page.get_by_test_id("contact-submit")
    server.stop()
    button.click()
    notice = page.get_by_test_id("contact-unreachable")
    expect(notice).to_have_text(text(lang, "contact-not-sent", email=SITE_EMAIL))
    expect_kept(page, values)
    expect(button).to_have_text(text(lang, "contact-send"))
    assert rows_with(contact_backend, values["subject"]) == 0

    server.start()
    expect(button).to_have_text(text(lang, "contact-sent"))
    expect(notice).to_have_count(0)
    for name in values:
        expect(page.locator(f"#contact-form [name='{name}']")).to_have_value("")
    assert rows_with(contact_backend, values["subject"]) == 1


def test_a_restart_with_the_form_untouched_costs_nothing_and_the_next_send_works(
    visitor: Visit, server: BuiltServer, contact_backend: ContactBackend
) -> None:
    page = visitor.page
    websockets: list[str] = []
    page.on("websocket", lambda socket: websockets.append(socket.url))
    visitor.goto("/contact")
    server.stop()
    server.start()
    assert websockets == []  # the page never connected: the restart passed unnoticed
    values = a_message()
    fill(page, values)
    page.get_by_test_id("contact-submit").click()
    expect(page.get_by_test_id("contact-submit")).to_have_text(text("en", "contact-sent"))
    assert rows_with(contact_backend, values["subject"]) == 1
    assert len(websockets) == 1


def test_clicks_while_the_server_restarts_store_the_message_exactly_once(
    visitor: Visit, server: BuiltServer, contact_backend: ContactBackend
) -> None:
    values = a_message()
    page = open_form_connected(visitor, "en", values)
    button = page.get_by_test_id("contact-submit")
    server.stop()
    # An impatient visitor: three clicks while the server is away.
    for _ in range(3):
        button.click()
    expect(page.get_by_test_id("contact-unreachable")).to_be_visible()
    server.start()
    expect(button).to_have_text(text("en", "contact-sent"))
    assert rows_with(contact_backend, values["subject"]) == 1
    # Back to 'Send Message' a few seconds later; the queued clicks never stored a copy.
    expect(button).to_have_text(text("en", "contact-send"))
    assert rows_with(contact_backend, values["subject"]) == 1
    assert [row.subject for row in contact_backend.rows()].count(values["subject"]) == 1


RESEND_UNDER_KEY = """(input, key) => {
    input.removeAttribute("name");
    const resend = document.createElement("input");
    resend.type = "hidden";
    resend.name = "submission_key";
    resend.value = key;
    input.form.append(resend);
}"""


def test_a_message_resent_after_a_restart_is_answered_sent_and_stored_once(
    visitor: Visit, server: BuiltServer, contact_backend: ContactBackend
) -> None:
    # Stored, but the visitor never read 'Message Sent' (the server went down right after
    # the commit): the browser sends the same message, under the same key, to the new server.
    values = a_message()
    page = open_form_connected(visitor, "en", values)
    key = page.locator("#contact-form [name='submission_key']").input_value()
    assert len(key) >= 16
    page.get_by_test_id("contact-submit").click()
    expect(page.get_by_test_id("contact-submit")).to_have_text(text("en", "contact-sent"))
    assert rows_with(contact_backend, values["subject"]) == 1
    server.stop()
    server.start()
    visitor.goto("/contact")
    fill(page, values)
    # The browser resends under the first key (the page would make a new one for a new message).
    page.locator("#contact-form [name='submission_key']").evaluate(RESEND_UNDER_KEY, key)
    page.get_by_test_id("contact-submit").click()
    expect(page.get_by_test_id("contact-submit")).to_have_text(text("en", "contact-sent"))
    assert rows_with(contact_backend, values["subject"]) == 1
