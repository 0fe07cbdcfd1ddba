"""The contact form with JavaScript switched off: the browser posts it to the server
(server/contact_post.py), which stores it as the websocket path does and answers in the
visitor's language. No word of the message is ever in a URL (history, logs, Referer)."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import quote, quote_plus

import pytest
from playwright.sync_api import Browser, Page, expect

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path
from agency_site.leads import MessageStatus
from agency_site.state.contact_form import CONTACT_POST_PATH, CONTACT_SENT_ID

from .conftest import HYDRATED, Visit, open_visit
from .support.contact_backend import ContactBackend
from .support.contact_form import a_message, expect_kept, field, fill
from .support.expected import text


@pytest.fixture
def no_script(browser: Browser, base_url: str) -> Iterator[Visit]:
    visit = open_visit(browser, base_url, "desktop", java_script_enabled=False)
    yield visit
    visit.context.close()


def _record_urls(visit: Visit) -> list[str]:
    """Every URL the browser asks for from now on, redirects and the address bar's included."""
    urls: list[str] = []
    visit.context.on("request", lambda request: urls.append(request.url))
    visit.page.on("framenavigated", lambda frame: urls.append(frame.url))
    return urls


def _expect_in_no_url(urls: list[str], values: dict[str, str]) -> None:
    assert urls, "no request was recorded"
    for value in values.values():
        for written in {value, quote(value), quote_plus(value), quote(value, safe="")}:
            leaked = [url for url in urls if written in url]
            assert leaked == [], f"{value!r} is in a URL: {leaked}"


def _send(page: Page) -> None:
    page.get_by_test_id("contact-submit").click()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_message_sent_without_javascript_is_stored_and_confirmed(
    no_script: Visit, contact_backend: ContactBackend, lang: str
) -> None:
    urls = _record_urls(no_script)
    contact = localized_path(lang, "/contact")
    page = no_script.page
    page.goto(no_script.url(contact))
    assert page.locator(HYDRATED).count() == 0
    form = page.locator("#contact-form")
    expect(form).to_have_attribute("method", "post")
    expect(form).to_have_attribute("action", CONTACT_POST_PATH)
    expect(page.get_by_test_id("contact-sent-note")).to_be_hidden()
    values = a_message(name="Jörg Müller", message="Zwei Zeilen:\nwir möchten einen KI-Telefonassistenten.")
    fill(page, values)
    _send(page)
    # The server stored it and sent the browser back to the page, which says so without a script.
    expect(page).to_have_url(no_script.url(f"{contact}#{CONTACT_SENT_ID}"))
    note = page.get_by_test_id("contact-sent-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text(text(lang, "contact-success-title"))
    expect(note).to_contain_text(text(lang, "contact-success-description"))
    row = contact_backend.row_with_subject(values["subject"])
    assert row is not None
    assert (row.name, row.email, row.message) == (values["name"], values["email"], values["message"])
    assert (row.language, row.page) == (lang, contact)
    assert row.status != MessageStatus.SPAM
    assert any(url.endswith(CONTACT_POST_PATH) for url in urls)
    _expect_in_no_url(urls, values)
    assert no_script.foreign_requests == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_invalid_fields_are_shown_in_the_visitors_language_and_the_text_is_kept(
    no_script: Visit, contact_backend: ContactBackend, lang: str
) -> None:
    urls = _record_urls(no_script)
    page = no_script.page
    page.goto(no_script.url(localized_path(lang, "/contact")))
    # Too short for the server, fine for the browser's own checks (required, type=email).
    values = a_message(name="J", message="Too short")
    fill(page, values)
    _send(page)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_role("alert")).to_have_text(text(lang, "contact-errors-summary"))
    expect(page.locator("#contact-name-error")).to_have_text(text(lang, "name-min-error"))
    expect(page.locator("#contact-message-error")).to_have_text(text(lang, "message-min-error"))
    expect(page.locator("#contact-subject-error")).to_have_count(0)
    expect(field(page, "name")).to_have_attribute("aria-invalid", "true")
    expect_kept(page, values)
    assert contact_backend.row_with_subject(values["subject"]) is None
    # Corrected on that page and sent again: stored once, and confirmed on the contact page.
    fixed = {"name": "Jo", "message": "Now it is long enough."}
    fill(page, fixed)
    page.get_by_role("button", name=text(lang, "contact-send")).click()
    expect(page).to_have_url(no_script.url(f"{localized_path(lang, '/contact')}#{CONTACT_SENT_ID}"))
    expect(page.get_by_test_id("contact-sent-note")).to_be_visible()
    rows = [row for row in contact_backend.rows() if row.subject == values["subject"]]
    assert [(row.name, row.message, row.language) for row in rows] == [("Jo", fixed["message"], lang)]
    _expect_in_no_url(urls, {**values, **fixed})


def test_the_sent_note_is_hidden_on_the_hydrated_page_until_a_post_lands_there(
    browser: Browser, base_url: str
) -> None:
    # With scripts on, the page shows it only as the target of the server's redirect.
    visit = open_visit(browser, base_url, "desktop")
    try:
        visit.goto(f"/contact#{CONTACT_SENT_ID}")
        expect(visit.page.get_by_test_id("contact-sent-note")).to_be_visible()
        visit.goto("/contact")
        expect(visit.page.get_by_test_id("contact-sent-note")).to_be_hidden()
    finally:
        visit.context.close()
