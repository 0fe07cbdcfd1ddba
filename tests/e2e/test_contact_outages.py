"""A database or a webhook receiver that goes away never loses a message.

Taking them away would fail any message sent meanwhile, so this module's tests take away
stores of their own: a server of the session's build (served_build.py) with a database and
receivers that no other test uses, whatever runs beside them on another worker.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from agency_site.constants import LANGUAGES
from agency_site.content import get_content
from agency_site.leads import MessageStatus

from .conftest import VIEWPORTS, Visit, visiting
from .support.contact_backend import ContactBackend, start_contact_backend
from .support.contact_form import a_message, expect_kept, fill_and_send, open_form, wait_for_status
from .support.expected import text
from .support.served_build import BuiltServer

SITE_EMAIL = str(get_content().site.contact.email)


@pytest.fixture(scope="module")
def own_backend(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ContactBackend]:
    """A database, webhook receiver and SMTP server of this module's own."""
    backend = start_contact_backend(tmp_path_factory.mktemp("outage-backend"))
    yield backend
    backend.stop()


@pytest.fixture(scope="module")
def own_server(
    served_web: Path, own_backend: ContactBackend, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[BuiltServer]:
    # A delivery the receiver holds must not time out before the test releases it.
    env = own_backend.env | {"CONTACT_WEBHOOK_TIMEOUT_S": "300"}
    with BuiltServer(tmp_path_factory.mktemp("outage-server"), env, source=served_web) as server:
        yield server


@pytest.fixture(params=list(VIEWPORTS))
def visit(request: pytest.FixtureRequest, browser: Browser, own_server: BuiltServer) -> Iterator[Visit]:
    """A fresh browser context on this module's server, at each width."""
    with visiting(browser, own_server.url, request.param) as current:
        yield current


@pytest.fixture
def desktop(browser: Browser, own_server: BuiltServer) -> Iterator[Visit]:
    with visiting(browser, own_server.url, "desktop") as current:
        yield current


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_stopped_database_keeps_the_text_and_says_not_sent(
    visit: Visit, own_backend: ContactBackend, lang: str
) -> None:
    page = open_form(visit, lang)
    values = a_message(message="Please call me back about a chatbot for our online shop.")
    away = own_backend.stop_database()
    try:
        fill_and_send(page, values)
        failure = page.get_by_test_id("contact-failure")
        expect(failure).to_have_text(text(lang, "contact-not-sent", email=SITE_EMAIL))
        expect(failure).to_contain_text(SITE_EMAIL)
        button = page.get_by_test_id("contact-submit")
        expect(button).to_have_text(text(lang, "contact-send"))
        expect(button).to_be_enabled()
        expect_kept(page, values)
        expect(page.locator("[data-sonner-toast]")).to_have_count(0)
    finally:
        own_backend.start_database(away)
    assert own_backend.row_with_subject(values["subject"]) is None
    # The database is back: the same text, sent again, arrives once and the notice goes.
    page.get_by_test_id("contact-submit").click()
    expect(page.get_by_test_id("contact-submit")).to_have_text(text(lang, "contact-sent"))
    expect(page.get_by_test_id("contact-failure")).to_have_count(0)
    assert len([row for row in own_backend.rows() if row.subject == values["subject"]]) == 1


def test_a_receiver_outage_never_delays_the_visitor_and_loses_nothing(
    desktop: Visit, own_backend: ContactBackend
) -> None:
    page = open_form(desktop, "en")
    values = a_message()
    webhook = own_backend.webhook
    webhook.down.set()
    webhook.hold()
    try:
        fill_and_send(page, values)
        # Answered while the receiver holds every delivery unanswered: the visitor waits
        # for none of them.
        expect(page.get_by_test_id("contact-submit")).to_have_text(text("en", "contact-sent"))
        webhook.release()
        failed = wait_for_status(own_backend, values["subject"], MessageStatus.FAILED)
        assert "503" in failed.last_error
    finally:
        webhook.release()
        webhook.down.clear()
    # The server's background task delivers it once the receiver is back.
    delivered = wait_for_status(own_backend, values["subject"], MessageStatus.DELIVERED)
    assert delivered.delivery_attempts > failed.delivery_attempts
    assert own_backend.webhook.subjects().count(values["subject"]) == 1
