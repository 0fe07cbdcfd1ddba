"""The contact form says what happened (WCAG 4.1.3, 3.3.1): a submission with errors moves
focus to the first field in error, whose message is read with it, and the form's live
region says, in the page's language, that the message was not sent. With JavaScript off
the browser's own check stops an incomplete form and focuses its first empty field.

Nothing here is stored: every submission has errors (the storage tests send real ones).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path

from .conftest import VIEWPORTS, SharedPages
from .support.expected import text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_failed_submission_moves_focus_and_is_announced(shared_pages: SharedPages, lang: str) -> None:
    path = localized_path(lang, "/contact")
    page = shared_pages.load("desktop", path).page
    announcement = page.get_by_test_id("contact-announcement")
    # The live region is there, empty, before anything happened (a region added with its
    # text is not read).
    expect(announcement).to_have_attribute("role", "status")
    expect(announcement).to_have_text("")
    page.locator("#contact-name").fill("Ada Lovelace")
    page.locator("#contact-email").fill("not an address")
    page.get_by_test_id("contact-submit").click()
    email = page.locator("#contact-email")
    expect(email).to_be_focused()
    expect(email).to_have_attribute("aria-invalid", "true")
    expect(email).to_have_attribute("aria-describedby", "contact-email-error")
    expect(announcement).to_have_text(text(lang, "contact-errors-summary"))
    # The same errors again: focus goes back to the first of them.
    page.locator("#contact-message").focus()
    page.get_by_test_id("contact-submit").click()
    expect(email).to_be_focused()
    # A field without an error has no description at all (not an empty one).
    assert page.locator("#contact-name").get_attribute("aria-describedby") is None


def test_without_javascript_the_browser_stops_an_empty_form(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=VIEWPORTS["mobile"], java_script_enabled=False)
    try:
        page = context.new_page()
        path = localized_path("de", "/contact")
        page.goto(base_url + path)
        form = page.locator("form#contact-form")
        # Validated by the browser: no novalidate before the page's scripts run.
        assert form.get_attribute("novalidate") is None
        page.locator("#contact-name").fill("Ada Lovelace")
        page.get_by_test_id("contact-submit").click()
        expect(page.locator("#contact-email")).to_be_focused()
        assert page.url == base_url + path
    finally:
        context.close()
