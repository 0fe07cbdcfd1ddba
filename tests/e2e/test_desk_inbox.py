"""Working leads in the desk, in Chromium against the production build, in English and
German, on a phone and a desktop: search and filters, status, notes, release from spam,
retry of a dead delivery, bulk status, erasure by address, CSV export. Each does what it
says (in the page and in the database) and leaves its audit row.

The module signs in once (an emailed link) and every test opens its page with that
session's cookie (Playwright's storage state).
"""

from __future__ import annotations

import csv
import io
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from agency_site.leads.model import MessageStatus

from .conftest import Visit, open_visit
from .support.contact_backend import OIDC_STAFF_EMAIL, ContactBackend
from .support.desk import DESK_PATHS, a_lead, audit_rows, lead_row, sign_in_by_link

STAFF = OIDC_STAFF_EMAIL


@pytest.fixture(scope="module")
def signed_in(browser: Browser, base_url: str, contact_backend: ContactBackend, tmp_path_factory) -> Path:
    """The storage state of a browser signed in to the desk (one sign-in for the module)."""
    visit = open_visit(browser, base_url, "desktop")
    try:
        sign_in_by_link(visit.page, base_url, contact_backend, STAFF)
        path = tmp_path_factory.mktemp("desk") / "state.json"
        visit.context.storage_state(path=path)
        return path
    finally:
        visit.context.close()


@pytest.fixture
def desk(browser: Browser, base_url: str, signed_in: Path) -> Iterator[Visit]:
    visit = open_visit(browser, base_url, "desktop", storage_state=signed_in)
    yield visit
    visit.context.close()


@pytest.fixture
def phone(browser: Browser, base_url: str, signed_in: Path) -> Iterator[Visit]:
    visit = open_visit(browser, base_url, "mobile", storage_state=signed_in)
    yield visit
    visit.context.close()


def open_desk(visit: Visit, lang: str = "en") -> Page:
    visit.goto(DESK_PATHS[lang])
    expect(visit.page.get_by_test_id("desk")).to_have_attribute("data-desk-view", "signed-in")
    return visit.page


def search(page: Page, text: str, button: str = "Apply") -> None:
    page.locator("#desk-filter-search").fill(text)
    page.get_by_role("button", name=button, exact=True).click()


def rows(page: Page):
    return page.get_by_test_id("desk-lead-row")


def open_lead(visit: Visit, public_id: str, lang: str = "en") -> Page:
    visit.goto(DESK_PATHS[lang] + f"/lead?id={public_id}")
    expect(visit.page.get_by_test_id("desk-lead-message")).to_be_visible()
    return visit.page


def test_search_and_filters_find_what_they_say(desk: Visit, contact_backend: ContactBackend) -> None:
    tag = uuid.uuid4().hex[:8]
    joerg = a_lead(contact_backend, name=f"Jörg Maier {tag}", subject=f"Straßenbau {tag}", language="de")
    other = a_lead(contact_backend, name=f"Ada {tag}", subject=f"Clinic caller {tag}")
    spam = a_lead(contact_backend, name=f"Spammer {tag}", subject=f"Cheap pills {tag}", spam=True)
    page = open_desk(desk)
    search(page, f"joerg strasse {tag}")
    expect(rows(page)).to_have_count(1)
    expect(rows(page).first).to_have_attribute("data-lead", joerg)
    search(page, tag)
    # Newest first.
    expect(rows(page)).to_have_count(3)
    assert [rows(page).nth(i).get_attribute("data-lead") for i in range(3)] == [spam, other, joerg]
    filters = page.get_by_test_id("desk-filters")
    filters.get_by_label("Language").select_option("de")
    page.get_by_role("button", name="Apply", exact=True).click()
    expect(rows(page)).to_have_count(1)
    filters.get_by_label("Language").select_option("")
    filters.get_by_label("Delivery").select_option("spam")
    page.get_by_role("button", name="Apply", exact=True).click()
    expect(rows(page)).to_have_count(1)
    expect(rows(page).first).to_have_attribute("data-lead", spam)
    filters.get_by_label("Delivery").select_option("")
    filters.get_by_label("Status").select_option("won")
    page.get_by_role("button", name="Apply", exact=True).click()
    expect(page.get_by_test_id("desk-no-leads")).to_be_visible()
    filters.get_by_label("Status").select_option("")
    filters.get_by_label("Received until").fill("2020-01-31")
    page.get_by_role("button", name="Apply", exact=True).click()
    expect(page.get_by_test_id("desk-no-leads")).to_be_visible()


def test_status_and_note_on_a_leads_page_in_german_on_a_phone(
    phone: Visit, contact_backend: ContactBackend
) -> None:
    lead = a_lead(contact_backend, subject=f"Praxis-Telefonassistent {uuid.uuid4().hex[:6]}", language="de")
    page = open_desk(phone, "de")
    search(page, lead_row(contact_backend, lead).subject, button="Anwenden")
    # The search answers over the socket: until it has, the list still shows the newest
    # leads, which other tests' contact forms keep adding.
    expect(rows(page)).to_have_count(1)
    expect(rows(page).first).to_have_attribute("data-lead", lead)
    rows(page).first.get_by_role("link").click()
    expect(page.get_by_test_id("desk-lead-message")).to_contain_text("AI caller for our clinic")
    assert page.url.endswith(f"/de/desk/lead?id={lead}")
    expect(page.get_by_role("link", name="Per E-Mail antworten")).to_have_attribute(
        "href",
        "mailto:ada@example.com?subject=Re%3A%20"
        + lead_row(contact_backend, lead).subject.replace(" ", "%20"),
    )
    page.get_by_label("Status", exact=True).select_option("contacted")
    page.get_by_role("button", name="Status speichern").click()
    expect(page.get_by_test_id("desk-notice")).to_have_text("Status von 1 Lead geändert.")
    page.get_by_label("Notiz hinzufügen").fill("Rückruf am Montag vereinbart")
    page.get_by_role("button", name="Notiz speichern").click()
    expect(page.get_by_test_id("desk-note-item")).to_contain_text("Rückruf am Montag vereinbart")
    expect(page.get_by_test_id("desk-history-item").last).to_contain_text("hat eine Notiz hinzugefügt")
    row = lead_row(contact_backend, lead)
    assert row is not None and row.pipeline_status == "contacted" and row.first_response_at is not None
    assert [action for _, action, *_ in audit_rows(contact_backend, lead)] == [
        "view",
        "set-status",
        "add-note",
    ]
    assert audit_rows(contact_backend, lead)[1] == (STAFF, "set-status", lead, 1, "contacted")


def test_release_from_spam_and_retry_a_dead_delivery(desk: Visit, contact_backend: ContactBackend) -> None:
    spam = a_lead(contact_backend, spam=True, subject=f"Real lead filed as spam {uuid.uuid4().hex[:6]}")
    page = open_lead(desk, spam)
    page.get_by_role("button", name="Release from spam").click()
    expect(page.get_by_test_id("desk-notice")).to_contain_text("Released 1 lead from spam; it will")
    row = lead_row(contact_backend, spam)
    assert row is not None and row.status != MessageStatus.SPAM
    assert (STAFF, "release", spam, 1, None) in audit_rows(contact_backend, spam)

    dead = a_lead(contact_backend, dead=True)
    page = open_lead(desk, dead)
    page.get_by_role("button", name="Retry delivery").click()
    try:
        expect(page.get_by_test_id("desk-notice")).to_contain_text("Delivery of 1 lead will be tried again")
    except AssertionError as error:
        row = lead_row(contact_backend, dead)
        raise AssertionError(
            f"{error}\nlead: {row and row.status}; audit: {audit_rows(contact_backend, dead)}"
        ) from None
    row = lead_row(contact_backend, dead)
    assert row is not None and row.status != MessageStatus.DEAD
    assert (STAFF, "retry", dead, 1, None) in audit_rows(contact_backend, dead)


def test_bulk_status_on_a_selection(desk: Visit, contact_backend: ContactBackend) -> None:
    tag = uuid.uuid4().hex[:8]
    leads = [a_lead(contact_backend, subject=f"Bulk {tag} {n}") for n in range(3)]
    page = open_desk(desk)
    search(page, f"Bulk {tag}")
    expect(rows(page)).to_have_count(3)
    for lead in leads[:2]:
        # A controlled checkbox: checked once the server has the selection.
        checkbox = page.locator(f'[data-lead="{lead}"]').get_by_role("checkbox")
        checkbox.click()
        expect(checkbox).to_be_checked()
    page.get_by_label("With the selected leads").select_option("won")
    page.get_by_role("button", name="Set status").click()
    expect(page.get_by_test_id("desk-notice")).to_have_text("Status set on 2 leads.")
    assert [lead_row(contact_backend, lead).pipeline_status for lead in leads] == ["won", "won", "new"]
    for lead in leads[:2]:
        assert (STAFF, "set-status", lead, 1, "won") in audit_rows(contact_backend, lead)


def test_export_the_filtered_set_as_csv(desk: Visit, contact_backend: ContactBackend) -> None:
    tag = uuid.uuid4().hex[:8]
    a_lead(contact_backend, subject=f'=HYPERLINK("x") {tag}')
    a_lead(contact_backend, subject=f"Export {tag}")
    page = open_desk(desk)
    search(page, tag)
    expect(rows(page)).to_have_count(2)
    before = len(audit_rows(contact_backend, action="export"))
    with page.expect_download() as download:
        page.get_by_test_id("desk-export").click()
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    exported = list(csv.DictReader(io.StringIO(text)))
    assert sorted(row["subject"] for row in exported) == sorted([f"Export {tag}", f'\'=HYPERLINK("x") {tag}'])
    assert {"pipeline_status", "first_response_at"} <= set(exported[0])
    assert audit_rows(contact_backend, action="export")[before:] == [(STAFF, "export", None, 2, None)]


def test_erase_by_address_asks_first_and_leaves_a_receipt(
    phone: Visit, contact_backend: ContactBackend
) -> None:
    sender = f"erase-{uuid.uuid4().hex[:8]}@example.com"
    leads = [a_lead(contact_backend, email=sender) for _ in range(2)]
    page = open_desk(phone)
    page.get_by_label("Sender's email").fill(sender.upper())
    page.get_by_role("button", name="Erase…").click()
    expect(page.get_by_test_id("desk-erase-confirmation")).to_contain_text(sender.upper())
    assert all(lead_row(contact_backend, lead) is not None for lead in leads)
    page.get_by_role("button", name="Erase for good").click()
    expect(page.get_by_test_id("desk-erase-receipt")).to_contain_text(f"Erased 2 leads. Receipt: {STAFF}")
    assert all(lead_row(contact_backend, lead) is None for lead in leads)
    erased = audit_rows(contact_backend, action="erase")[-1]
    assert erased == (STAFF, "erase", None, 2, None)


@pytest.mark.parametrize("viewport", ["desktop", "mobile"])
def test_the_desk_has_no_axe_violations(
    browser: Browser, base_url: str, signed_in: Path, contact_backend: ContactBackend, viewport: str
) -> None:
    from .test_accessibility import assert_accessible

    lead = a_lead(contact_backend, subject=f"Accessible {uuid.uuid4().hex[:6]}")
    a_lead(contact_backend, subject=f"Erase me {uuid.uuid4().hex[:6]}", email="axe@example.com")
    signed_out = open_visit(browser, base_url, viewport)
    visit = open_visit(browser, base_url, viewport, storage_state=signed_in)
    try:
        for lang in ("en", "de"):
            signed_out.goto(DESK_PATHS[lang] + "#link-sent")
            expect(signed_out.page.get_by_test_id("desk")).to_have_attribute("data-desk-view", "signed-out")
            assert_accessible(signed_out.page, f"{lang} signed out", review=False)
            page = open_desk(visit, lang)
            expect(rows(page).first).to_be_visible()
            page.locator("#desk-erase-email").fill("axe@example.com")
            page.locator("#desk-erase-email").press("Enter")
            expect(page.get_by_test_id("desk-erase-confirmation")).to_be_visible()
            assert_accessible(page, f"{lang} inbox", review=False)
            page = open_lead(visit, lead, lang)
            assert_accessible(page, f"{lang} lead", review=False)
    finally:
        signed_out.context.close()
        visit.context.close()
