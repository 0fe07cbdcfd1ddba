"""Contact page: hero, the form's rules and states (docs/product.md §4, §5), contact cards, the FAQ link."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from agency_site.constants import LANGUAGES, MAP_HEIGHT_PX
from agency_site.content import get_content
from agency_site.i18n import localized_path
from agency_site.leads.validation import HONEYPOT_FIELD, LANGUAGE_FIELD, PAGE_FIELD

from .conftest import VIEWPORTS, SharedPages, Visit
from .support.expected import text
from .support.popovers import choose_language
from .support.reveal import content_of

# docs/product.md §5: each field's rule and the key of its message.
ERROR_KEYS = {
    "name": "name-min-error",
    "email": "email-error",
    "subject": "subject-min-error",
    "message": "message-min-error",
}

VALID = {
    "name": "Jo",
    "email": "jo@example.com",
    "subject": "Hello",
    "message": "0123456789",
}
# docs/product.md §5: per field, a value one character short of the rule, and the shortest that passes.
BOUNDARIES = {
    "name": ("J", "Jo"),
    "email": ("jo@examplecom", "jo@example.com"),
    "subject": ("Hell", "Hello"),
    "message": ("012345678", "0123456789"),
}


def _fill(page: Page, values: dict[str, str]) -> None:
    for name, value in values.items():
        page.locator(f"#contact-form [name='{name}']").fill(value)


def _submit(page: Page) -> None:
    page.get_by_test_id("contact-submit").click()


def _field(page: Page, name: str):
    return page.locator(f"#contact-form [name='{name}']")


def open_contact(visit: Visit, lang: str) -> Page:
    visit.goto(localized_path(lang, "/contact"))
    return visit.page


# Tests that only read the page share one load per language and width (grouped per module).
READ_CONTACT = pytest.mark.parametrize(
    ("viewport", "lang"), [(viewport, lang) for viewport in VIEWPORTS for lang in LANGUAGES], scope="module"
)


def read_contact(shared_pages: SharedPages, viewport: str, lang: str) -> Visit:
    return shared_pages.open(viewport, localized_path(lang, "/contact"))


@READ_CONTACT
def test_hero_form_and_labels(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    visit = read_contact(shared_pages, viewport, lang)
    page = visit.page
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, "page-contact-title"))
    expect(page.get_by_text(text(lang, "contact-subtitle"))).to_be_visible()
    for name in VALID:
        expect(page.get_by_label(text(lang, f"contact-{name}-label"))).to_be_visible()
    expect(page.get_by_test_id("contact-submit")).to_have_text(text(lang, "contact-send"))
    form = page.locator("#contact-form")
    expect(form).to_have_attribute("novalidate", "")
    expect(form.locator(f"input[type=hidden][name='{LANGUAGE_FIELD}']")).to_have_value(lang)
    expect(form.locator(f"input[type=hidden][name='{PAGE_FIELD}']")).to_have_value(
        localized_path(lang, "/contact")
    )
    honeypot = form.locator(f"[name='{HONEYPOT_FIELD}']")
    expect(honeypot).to_have_attribute("tabindex", "-1")
    expect(honeypot).to_have_attribute("autocomplete", "off")
    # Password managers' own opt-outs (autocomplete="off" is only advice to them).
    for attribute, value in (
        ("data-1p-ignore", "true"),
        ("data-lpignore", "true"),
        ("data-form-type", "other"),
    ):
        expect(honeypot).to_have_attribute(attribute, value)
    assert honeypot.evaluate("el => el.closest('[aria-hidden=true]') !== null")
    assert not honeypot.is_visible() or honeypot.bounding_box()["x"] < 0
    assert visit.foreign_requests == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_empty_form_shows_every_message(desktop: Visit, lang: str) -> None:
    page = open_contact(desktop, lang)
    _submit(page)
    for name, key in ERROR_KEYS.items():
        message = page.get_by_test_id(f"error-{name}")
        expect(message).to_have_text(text(lang, key))
        expect(_field(page, name)).to_have_attribute("aria-invalid", "true")
        expect(_field(page, name)).to_have_attribute("aria-describedby", f"contact-{name}-error")
    expect(page.get_by_test_id("contact-submit")).to_have_text(text(lang, "contact-send"))


# form_session.jsx sends a submission again when nothing answers it within 2 s.
UNANSWERED_RESEND_MS = 2_000


def test_an_answered_submission_is_never_sent_again(desktop: Visit) -> None:
    """The same invalid form sent twice gets the same answer, which changes nothing on the
    page; the server's count of received submissions still ends the wait, so the browser
    does not take it for a lost submission and send it again and again."""
    page = open_contact(desktop, "en")
    submits: list[str] = []

    def watch(socket) -> None:
        socket.on("framesent", lambda frame: submits.append(frame) if ".submit" in str(frame) else None)

    page.on("websocket", watch)
    for _ in range(2):
        _submit(page)
        expect(page.get_by_test_id("error-name")).to_have_text(text("en", ERROR_KEYS["name"]))
    desktop.wait_until(lambda: len(submits) == 2, "both submissions sent")
    # Absence can only be seen by waiting: past the resend delay, still the two sends. The
    # wait is a timer of the page's own, so on a loaded machine too it ends after the resend
    # timer started before it would have fired.
    page.evaluate("(ms) => new Promise((done) => setTimeout(done, ms))", UNANSWERED_RESEND_MS + 1_000)
    assert len(submits) == 2, submits


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list(BOUNDARIES))
def test_each_rule_one_short_fails_and_the_minimum_passes(desktop: Visit, lang: str, name: str) -> None:
    page = open_contact(desktop, lang)
    too_short, passing = BOUNDARIES[name]
    # Leave another field empty, so the passing case is checked without sending a message.
    other = "message" if name != "message" else "name"
    _fill(page, {**VALID, name: too_short, other: ""})
    _submit(page)
    expect(page.get_by_test_id(f"error-{name}")).to_have_text(text(lang, ERROR_KEYS[name]))
    expect(page.get_by_test_id(f"error-{other}")).to_be_visible()

    _fill(page, {name: passing})
    _submit(page)
    expect(page.get_by_test_id(f"error-{name}")).to_have_count(0)
    expect(_field(page, name)).to_have_attribute("aria-invalid", "false")
    expect(page.get_by_test_id(f"error-{other}")).to_be_visible()


def test_a_fixed_field_is_valid_again_once_left(shared_pages: SharedPages) -> None:
    """A marked field, corrected and left, is no longer called invalid, before any new
    submission; one still wrong keeps its message, one never marked gets none; once no
    field is marked the form's summary says nothing any more."""
    lang = "de"
    page = shared_pages.load("desktop", localized_path(lang, "/contact")).page
    _submit(page)
    expect(page.get_by_test_id("error-message")).to_be_visible()
    summary = page.get_by_test_id("contact-announcement")
    expect(summary).to_have_text(text(lang, "contact-errors-summary"))

    name = _field(page, "name")
    name.fill(BOUNDARIES["name"][1])
    name.press("Tab")  # to the email field, still empty and marked
    expect(page.get_by_test_id("error-name")).to_have_count(0)
    expect(name).to_have_attribute("aria-invalid", "false")
    expect(name).not_to_have_attribute("aria-describedby", re.compile(".*"))
    # Still wrong when left: the message stays, for the new value.
    email = _field(page, "email")
    email.fill(BOUNDARIES["email"][0])
    email.press("Tab")
    message = _field(page, "message")
    message.fill(BOUNDARIES["message"][0])
    message.press("Tab")
    expect(page.get_by_test_id("error-message")).to_have_text(text(lang, ERROR_KEYS["message"]))
    expect(page.get_by_test_id("error-email")).to_have_text(text(lang, ERROR_KEYS["email"]))
    expect(email).to_have_attribute("aria-invalid", "true")
    expect(summary).to_have_text(text(lang, "contact-errors-summary"))

    for field in ("email", "subject", "message"):
        _field(page, field).fill(VALID[field])
        _field(page, field).press("Tab")
    for field in ERROR_KEYS:
        expect(_field(page, field)).to_have_attribute("aria-invalid", "false")
    expect(page.locator("[data-testid^='error-']")).to_have_count(0)
    expect(summary).to_have_text("")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_valid_message_is_sent_then_the_form_resets(desktop: Visit, lang: str) -> None:
    page = open_contact(desktop, lang)
    button = page.get_by_test_id("contact-submit")
    # Record every status the button passes through; 'sending' may last only a moment.
    button.evaluate(
        """el => {
            window.__statuses = [el.dataset.status];
            new MutationObserver(() => window.__statuses.push(el.dataset.status))
                .observe(el, {attributes: true, attributeFilter: ['data-status']});
        }"""
    )
    _fill(page, {**VALID, "name": "Jordan Example", "message": "We would like an AI caller for our clinic."})
    _submit(page)
    expect(button).to_have_text(text(lang, "contact-sent"))
    expect(button).to_be_disabled()
    expect(button.locator("svg")).to_have_count(1)  # the check icon
    toast = page.locator("[data-sonner-toast]")
    expect(toast).to_contain_text(text(lang, "contact-success-title"))
    expect(toast).to_contain_text(text(lang, "contact-success-description"))
    for name in VALID:
        expect(_field(page, name)).to_have_value("")
    expect(page.get_by_test_id("error-name")).to_have_count(0)
    # Back to idle after CONTACT_SENT_MS.
    expect(button).to_have_text(text(lang, "contact-send"))
    expect(button).to_be_enabled()
    statuses = page.evaluate("window.__statuses")
    assert (
        statuses[0] == "idle" and "sending" in statuses and statuses.index("sending") < statuses.index("sent")
    )
    assert desktop.foreign_requests == []


def test_sending_disables_the_button_and_says_so(desktop: Visit) -> None:
    page = open_contact(desktop, "en")
    button = page.get_by_test_id("contact-submit")
    button.evaluate(
        """el => {
            window.__sending = [];
            new MutationObserver(() => {
                if (el.dataset.status === 'sending') window.__sending.push([el.textContent, el.disabled]);
            }).observe(el, {attributes: true, childList: true, subtree: true});
        }"""
    )
    _fill(page, {**VALID, "name": "Sam Example"})
    _submit(page)
    expect(button).to_have_text(text("en", "contact-sent"))
    seen = page.evaluate("window.__sending")
    sending = text("en", "contact-sending")
    assert seen and all(label == sending and disabled for label, disabled in seen)


@READ_CONTACT
def test_contact_cards_link_phones_and_email(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    page = read_contact(shared_pages, viewport, lang).page
    site = get_content().site
    office = page.get_by_test_id("contact-office")
    expect(office).to_contain_text(site.office.district)
    expect(office).to_contain_text(site.office.city)
    phones = page.get_by_test_id("contact-phones").get_by_role("link")
    expect(phones).to_have_count(3)
    for index, phone in enumerate(site.contact.phones):
        expect(phones.nth(index)).to_have_text(phone.number)
        expect(phones.nth(index)).to_have_attribute("href", phone.tel_href)
    email = page.get_by_test_id("contact-email").get_by_role("link")
    expect(email).to_have_attribute("href", f"mailto:{site.contact.email}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_closing_block_links_to_the_home_faq(shared_pages: SharedPages, lang: str) -> None:
    page = read_contact(shared_pages, "desktop", lang).page
    link = page.get_by_test_id("contact-faq-link")
    expect(link).to_have_text(text(lang, "contact-faq-button"))
    expect(link).to_have_attribute("href", localized_path(lang, "/") + "#faq")


def test_page_opens_at_its_top(desktop: Visit) -> None:
    page = desktop.page
    desktop.goto("/about")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_function("() => window.scrollY > 0")
    page.get_by_test_id("site-footer").get_by_role("link", name=text("en", "nav-contact")).click()
    expect(page.get_by_test_id("screen-title")).to_have_text(text("en", "page-contact-title"))
    page.wait_for_function("() => window.scrollY === 0")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_map_loads_only_after_its_click(visit: Visit, lang: str) -> None:
    page = open_contact(visit, lang)
    map_box = page.get_by_test_id("office-map")
    map_box.scroll_into_view_if_needed()
    expect(map_box).to_have_css("height", f"{MAP_HEIGHT_PX}px")
    button = map_box.get_by_role("button", name=text(lang, "contact-map-load"))
    expect(button).to_be_visible()
    expect(map_box).to_contain_text(text(lang, "contact-map-provider"))
    expect(map_box.locator("iframe")).to_have_count(0)
    assert visit.foreign_requests == []  # nothing went to the map provider yet

    map_host = urlsplit(str(get_content().site.office.map_embed_url)).netloc
    with page.expect_request(lambda request: urlsplit(request.url).netloc == map_host):
        button.click()
    frame = map_box.locator("iframe")
    expect(frame).to_have_attribute("src", str(get_content().site.office.map_embed_url))
    expect(frame).to_have_attribute("title", text(lang, "contact-map-frame-title"))
    # Sub-pixel scroll offsets make the box 450.0001 px high on some runs.
    assert round(frame.bounding_box()["height"]) == MAP_HEIGHT_PX
    visit.wait_until(
        lambda: any(urlsplit(url).netloc == map_host for url in visit.foreign_requests),
        "the blocked request for the map",
    )


def test_map_loads_from_the_keyboard(desktop: Visit) -> None:
    page = open_contact(desktop, "en")
    button = page.get_by_test_id("office-map").get_by_role("button", name=text("en", "contact-map-load"))
    button.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("office-map").locator("iframe")).to_have_count(1)


def test_blocks_fade_in_when_scrolled_to(desktop: Visit) -> None:
    page = open_contact(desktop, "en")
    blocks = page.locator("main [data-reveal]")
    assert blocks.count() >= 3
    last = blocks.last
    expect(content_of(last)).to_have_css("opacity", "0")
    last.scroll_into_view_if_needed()
    expect(content_of(last)).to_have_css("opacity", "1")


def test_messages_of_an_earlier_attempt_are_gone_when_the_visitor_comes_back(desktop: Visit) -> None:
    # The header's links navigate inside the app: the page stays connected, and the
    # server still holds the messages of the first attempt when the form is shown again.
    page = open_contact(desktop, "de")
    page.evaluate("() => { window.sameDocument = true; }")
    _submit(page)
    expect(page.get_by_test_id("error-name")).to_have_text(text("de", ERROR_KEYS["name"]))
    header = page.get_by_role("banner")
    header.get_by_role("link", name=text("de", "nav-about"), exact=True).click()
    page.wait_for_url(f"**{localized_path('de', '/about')}")
    header.get_by_role("link", name=text("de", "nav-contact"), exact=True).click()
    page.wait_for_url(f"**{localized_path('de', '/contact')}")
    expect(page.get_by_test_id("contact-submit")).to_be_visible()
    assert page.evaluate("() => window.sameDocument === true"), "the header's links reloaded the page"
    expect(page.get_by_test_id("error-name")).to_have_count(0)
    _submit(page)
    expect(page.get_by_test_id("error-name")).to_have_text(text("de", ERROR_KEYS["name"]))


def test_messages_of_an_earlier_attempt_do_not_follow_a_language_switch(desktop: Visit) -> None:
    # Reflex keeps the tab's state across page loads; the page must not show English
    # messages on the German twin after the switch.
    page = open_contact(desktop, "en")
    _submit(page)
    expect(page.get_by_test_id("error-name")).to_have_text(text("en", ERROR_KEYS["name"]))
    choose_language(page, "de")
    page.wait_for_url(f"**{localized_path('de', '/contact')}")
    desktop.wait_until_interactive()
    expect(page.get_by_test_id("error-name")).to_have_count(0)
    _submit(page)
    expect(page.get_by_test_id("error-name")).to_have_text(text("de", ERROR_KEYS["name"]))
