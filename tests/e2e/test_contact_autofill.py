"""The honeypot is never filled by the browser's autofill.

Chromium fills a form from a saved address profile by its own heuristics: it matches
names, ids and labels, and ignores autocomplete="off" on address forms. Here the real
Chromium (not the headless shell, which is built without autofill and has no `Autofill`
DevTools domain) gets a profile through DevTools (`Autofill.setAddresses`) and fills the
contact form from it (`Autofill.trigger`), as a visitor choosing their profile does.
"""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, CDPSession, Page, expect

from agency_site.leads import MessageStatus
from agency_site.leads.validation import HONEYPOT_FIELD

from .conftest import CHROMIUM_ARGS, Visit, open_visit
from .support.contact_backend import ContactBackend
from .support.expected import text
from .support.polling import wait_for

# What a visitor has saved: every kind of field Chromium's address profiles know.
PROFILE = {
    "NAME_FULL": "Jane Doe",
    "NAME_FIRST": "Jane",
    "NAME_LAST": "Doe",
    "EMAIL_ADDRESS": "jane.doe@example.com",
    "COMPANY_NAME": "Doe Clinics GmbH",
    "ADDRESS_HOME_LINE1": "1 Main Street",
    "ADDRESS_HOME_STREET_ADDRESS": "1 Main Street",
    "ADDRESS_HOME_CITY": "Berlin",
    "ADDRESS_HOME_ZIP": "10115",
    "ADDRESS_HOME_COUNTRY": "DE",
    "PHONE_HOME_WHOLE_NUMBER": "+49301234567",
}


def full_chromium() -> str | None:
    """Debian's full Chromium (`make chromium-browser`); the headless shell has no autofill."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found and "headless-shell" not in Path(found).resolve().name:
            return found
    return None


@pytest.fixture(scope="module")
def autofill_browser(browser: Browser) -> Iterator[Browser]:
    executable = full_chromium()
    if executable is None:
        pytest.skip(
            "no full Chromium (make chromium-browser): the headless shell is built without "
            "autofill and has no Autofill DevTools domain"
        )
    current = browser.browser_type.launch(executable_path=executable, args=CHROMIUM_ARGS)
    yield current
    current.close()


@pytest.fixture
def visitor(autofill_browser: Browser, base_url: str) -> Iterator[Visit]:
    current = open_visit(autofill_browser, base_url, "desktop")
    yield current
    current.context.close()


def autofill(page: Page, selector: str) -> None:
    """Fill the form of `selector`'s field from the saved profile, as the visitor's choice
    in Chromium's dropdown does."""
    devtools: CDPSession = page.context.new_cdp_session(page)
    profile = {"fields": [{"name": name, "value": value} for name, value in PROFILE.items()]}
    devtools.send("Autofill.enable")
    devtools.send("Autofill.setAddresses", {"addresses": [profile]})
    # Chromium parses a form's fields for autofill once the visitor interacts with it.
    page.locator(selector).click()
    document = devtools.send("DOM.getDocument")
    node = devtools.send("DOM.querySelector", {"nodeId": document["root"]["nodeId"], "selector": selector})
    field = devtools.send("DOM.describeNode", {"nodeId": node["nodeId"]})["node"]["backendNodeId"]

    def triggered() -> bool:
        try:
            devtools.send("Autofill.trigger", {"fieldId": field, "address": profile})
        except Exception as error:  # 'Field not found' until Chromium has parsed the form
            if "Field not found" not in str(error):
                raise
            return False
        return True

    wait_for(triggered)


def plant(page: Page, name: str) -> None:
    """A copy of the honeypot's markup under another name, in the same hidden box."""
    page.locator(f"#contact-form [name='{HONEYPOT_FIELD}']").evaluate(
        "(trap, name) => { const copy = trap.cloneNode(); copy.name = name; trap.after(copy); }", name
    )


def test_a_saved_profile_fills_the_form_but_never_the_honeypot(
    visitor: Visit, contact_backend: ContactBackend
) -> None:
    page = visitor.page
    visitor.goto("/contact")
    # Controls: the same hidden, autocomplete="off" markup under names autofill knows is
    # filled; so an empty honeypot below is its name's doing, not the test's.
    plant(page, "company")
    plant(page, "address")
    autofill(page, "#contact-name")
    form = page.locator("#contact-form")
    expect(form.locator("[name='name']")).to_have_value(PROFILE["NAME_FULL"])
    expect(form.locator("[name='email']")).to_have_value(PROFILE["EMAIL_ADDRESS"])
    expect(form.locator("[name='company']")).to_have_value(PROFILE["COMPANY_NAME"])
    expect(form.locator("[name='address']")).not_to_have_value("")
    expect(form.locator(f"[name='{HONEYPOT_FIELD}']")).to_have_value("")
    # The visitor sends it: a real message, stored and not filed as spam.
    form.locator("[name='company'], [name='address']").evaluate_all(
        "fields => fields.forEach((f) => f.remove())"
    )
    subject = f"Autofilled enquiry {uuid.uuid4().hex[:8]}"
    form.locator("[name='subject']").fill(subject)
    form.locator("[name='message']").fill("We would like an AI caller for our clinics.")
    page.get_by_test_id("contact-submit").click()
    expect(page.get_by_test_id("contact-submit")).to_have_text(text("en", "contact-sent"))
    row = wait_for(lambda: contact_backend.row_with_subject(subject))
    assert row.status != MessageStatus.SPAM and row.email == PROFILE["EMAIL_ADDRESS"]
