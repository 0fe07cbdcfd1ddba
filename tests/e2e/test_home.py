"""Home page (SPEC.md §2 'Home'): every section, in both languages, at both widths."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from agency_site.constants import (
    FAQ_ITEM_COUNT,
    HERO_WORD_FADE_MS,
    HERO_WORD_INTERVAL_MS,
    LANGUAGES,
)
from agency_site.content import get_content
from agency_site.i18n import localized_path
from agency_site.pages.home.services import OVERLAY_COLOURS

from .conftest import VIEWPORTS, SharedPages, Visit, goto_on_paused_clock, pause_clock
from .expected import BLOG_POST_IDS, FEATURED_SERVICE_IDS, SERVICE_COLOURS, post, text, texts_of

# SPEC.md §2: the home page teases the first six posts.
HOME_POST_IDS = BLOG_POST_IDS[:6]

# Tests that only read the home page share one load per language and width: the
# parameters are grouped per module, so pytest runs those tests one after another.
READ_HOME = pytest.mark.parametrize(
    ("viewport", "lang"), [(viewport, lang) for viewport in VIEWPORTS for lang in LANGUAGES], scope="module"
)


def open_home(visit: Visit, lang: str) -> None:
    visit.goto(localized_path(lang, "/"))


def read_home(shared_pages: SharedPages, viewport: str, lang: str) -> Visit:
    return shared_pages.open(viewport, localized_path(lang, "/"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hero_word_cycles_through_all_three_words(desktop: Visit, lang: str) -> None:
    # The page's timers run on a paused clock that the test advances: the real intervals
    # and fade, without waiting 3 x 3.5 s for them.
    pause_clock(desktop.page)
    clock = desktop.page.clock
    # The rotation starts when the document is parsed; the clock moved on `elapsed` ms since.
    elapsed = goto_on_paused_clock(desktop, localized_path(lang, "/"))
    active = desktop.page.get_by_test_id("text-rotator").locator("[data-active]")
    words = texts_of(lang, r"home-hero-word-.+")
    expect(active).to_have_text(words[0])
    # One full cycle and back to the first word: every 3.5 s the word fades out, then the
    # next one fades in (700 ms later).
    for step, (previous, word) in enumerate(zip(words, [*words[1:], words[0]], strict=True), start=1):
        clock.run_for(step * HERO_WORD_INTERVAL_MS - 1 - elapsed)
        expect(active, "the word changed before its 3.5 s were up").to_have_text(previous)
        clock.run_for(1)
        expect(active, "the old word fades out before the next comes").to_have_count(0)
        clock.run_for(HERO_WORD_FADE_MS)
        elapsed = step * HERO_WORD_INTERVAL_MS + HERO_WORD_FADE_MS
        expect(active).to_have_text(word)
        expect(active).to_have_css("opacity", "1")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hero_buttons_lead_to_services_and_contact(
    shared_pages: SharedPages, viewport: str, lang: str
) -> None:
    # Ends on another page, so the next reader of this one loads it again.
    visit = shared_pages.open(viewport, localized_path(lang, "/"))
    expect(visit.page.get_by_test_id("screen-title")).to_have_text(text(lang, "page-home-title"))
    actions = visit.page.get_by_test_id("hero-actions").get_by_role("link")
    expect(actions).to_have_text([text(lang, "home-hero-explore"), text(lang, "home-hero-contact")])
    expect(actions.nth(1)).to_have_attribute("href", localized_path(lang, "/contact"))
    actions.nth(0).click()
    expect(visit.page).to_have_url(visit.url(localized_path(lang, "/services")))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_feature_cards_row_on_desktop(shared_pages: SharedPages, lang: str) -> None:
    desktop = read_home(shared_pages, "desktop", lang)
    cards = desktop.page.get_by_test_id("feature-cards").locator("article")
    titles = ["home-feature-fast-title", "home-feature-secure-title", "home-feature-automation-title"]
    expect(cards.locator("h3")).to_have_text([text(lang, key) for key in titles])
    # Layout positions (offsetTop), not painted ones: the cards' staggered reveal moves
    # them by a transform for a moment, which a bounding box would include.
    tops = set(cards.evaluate_all("cards => cards.map((card) => card.offsetTop)"))
    assert len(tops) == 1, "three cards in one row"
    expect(desktop.page.get_by_test_id("feature-cards").locator("[data-carousel-next]")).to_be_hidden()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mobile_carousels_loop(shared_pages: SharedPages, lang: str) -> None:
    mobile = shared_pages.load("mobile", localized_path(lang, "/"))
    for testid in ("feature-cards", "demo-highlights"):
        carousel = mobile.page.get_by_test_id(testid)
        carousel.scroll_into_view_if_needed()
        expect(carousel).to_have_attribute("data-ready", "true")
        expect(carousel).to_have_attribute("data-selected", "0")
        previous = carousel.locator("[data-carousel-prev]")
        expect(previous).to_be_enabled()  # looping: never disabled at the ends
        expect(previous).to_have_accessible_name(text(lang, "carousel-previous"))
        previous.click()
        expect(carousel).to_have_attribute("data-selected", "2")
        next_button = carousel.locator("[data-carousel-next]")
        next_button.click()
        expect(carousel).to_have_attribute("data-selected", "0")
        next_button.click()
        expect(carousel).to_have_attribute("data-selected", "1")
        # The selected slide is the one in the middle of the screen (centre alignment).
        slide = carousel.locator('[data-carousel-slide="1"]')
        expect(slide).to_be_in_viewport(ratio=0.9)


@READ_HOME
def test_featured_services_in_their_colours(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    visit = read_home(shared_pages, viewport, lang)
    cards = visit.page.locator("[data-testid^='featured-service-']")
    expect(cards).to_have_count(len(FEATURED_SERVICE_IDS))
    for index, service_id in enumerate(FEATURED_SERVICE_IDS):
        card = cards.nth(index)
        expect(card).to_have_attribute("data-testid", f"featured-service-{service_id}")
        expect(card).to_have_attribute("href", localized_path(lang, f"/services/{service_id}"))
        expect(card).to_have_class(re.compile(rf"\bservice-bg-{SERVICE_COLOURS[service_id]}\b"))
        expect(card.locator("h3")).to_have_text(text(lang, f"service-{service_id}-title"))
    view = visit.page.get_by_role("link", name=text(lang, "home-services-view"))
    expect(view).to_have_attribute("href", localized_path(lang, "/services"))


# Each card once, each language and width twice: the four cards share one code path, and
# every card's colour is on the page in test_featured_services_in_their_colours.
FEATURED_CLICKS = [
    (service_id, *combination)
    for service_id, combination in zip(
        FEATURED_SERVICE_IDS,
        [("en", "desktop"), ("de", "mobile"), ("en", "mobile"), ("de", "desktop")],
        strict=True,
    )
]


@pytest.mark.parametrize(("service_id", "lang", "viewport"), FEATURED_CLICKS)
def test_featured_card_plays_colour_transition_then_opens_its_page(
    shared_pages: SharedPages, viewport: str, lang: str, service_id: str
) -> None:
    # Ends on another page, so the next reader of this one loads it again.
    visit = shared_pages.open(viewport, localized_path(lang, "/"))
    # Record the overlay's states (they last 500-700 ms; a busy machine could miss one).
    visit.page.evaluate(
        """() => {
          window.overlayStates = [];
          new MutationObserver((records) => records.forEach((record) => {
            if (record.target.id === "page-transition-overlay") {
              overlayStates.push([record.target.dataset.state, record.target.style.backgroundColor,
                                  location.pathname]);
            }
          })).observe(document.body, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
        }"""
    )
    visit.page.get_by_test_id(f"featured-service-{service_id}").click()
    # Generous: React Router first fetches the detail's route module (slow on a busy machine).
    expect(visit.page).to_have_url(visit.url(localized_path(lang, f"/services/{service_id}")), timeout=15_000)
    expect(visit.page.get_by_test_id("screen-title")).to_have_text(text(lang, f"service-{service_id}-title"))
    # The overlay came in, in the card's colour, before the navigation; then faded out.
    visit.page.wait_for_function("() => overlayStates.length >= 3", timeout=3000)
    states = visit.page.evaluate("overlayStates")
    assert [state for state, _, _ in states] == ["in", "out", "idle"]
    colour = OVERLAY_COLOURS[SERVICE_COLOURS[service_id]].replace(" ", "")
    assert states[0][1].replace(" ", "") == colour
    assert states[0][2] == localized_path(lang, "/")


def test_transition_defaults_to_white_at_85_percent_and_ignores_starts_for_1200_ms(
    shared_pages: SharedPages,
) -> None:
    desktop = shared_pages.visit("desktop")
    open_home(desktop, "en")
    page = desktop.page
    # SPEC.md §4: a start without a colour plays white at 85% opacity.
    assert page.evaluate("() => window.agencyTransition.start()") is True
    overlay = page.locator("#page-transition-overlay")
    expect(overlay).to_have_attribute("data-state", "in")
    assert overlay.evaluate("(element) => getComputedStyle(element).backgroundColor") == (
        "rgba(255, 255, 255, 0.85)"
    )
    assert page.evaluate("() => window.agencyTransition.start('blue')") is False
    page.wait_for_function("() => window.agencyTransition.start('green')", polling=100, timeout=3000)


@READ_HOME
def test_demo_section_voice_line_and_highlights(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    visit = read_home(shared_pages, viewport, lang)
    phone = get_content().site.links.voice_demo_phone
    line = visit.page.get_by_test_id("voice-demo-phone")
    expect(line).to_contain_text(text(lang, "home-voice-phone-label"))
    expect(line.get_by_role("link")).to_have_attribute("href", "tel:" + phone.replace(" ", ""))
    expect(visit.page.get_by_role("heading", name=text(lang, "home-voice-title"))).to_be_visible()
    expect(visit.page.get_by_role("heading", name=text(lang, "home-avatar-title"))).to_be_visible()
    highlights = visit.page.get_by_test_id("demo-highlights").locator("h3")
    keys = ["home-highlight-languages-title", "home-highlight-tickets-title", "home-highlight-always-title"]
    expect(highlights).to_have_text([text(lang, key) for key in keys])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_blog_teaser_shows_the_six_posts(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    # Ends on another page, so the next reader of this one loads it again.
    visit = shared_pages.open(viewport, localized_path(lang, "/"))
    cards = visit.page.locator("[data-testid^='home-post-']")
    expect(cards).to_have_count(len(HOME_POST_IDS))
    for index, post_id in enumerate(HOME_POST_IDS):
        card, shown = cards.nth(index), post(lang, post_id)
        expect(card).to_have_attribute("href", localized_path(lang, f"/blog/{post_id}"))
        expect(card.locator("h3")).to_have_text(shown.title)
        # SPEC.md §3: the date up to its first space ('April'); German, which writes the
        # day first, shows the month too.
        expect(card.get_by_test_id("post-date")).to_have_text(shown.month(lang))
        if lang == "en":
            expect(card.get_by_test_id("post-date")).to_have_text(shown.date_text(lang).split(" ")[0])
    view_all = visit.page.get_by_role("link", name=text(lang, "home-blog-view-all"))
    view_all.click()
    expect(visit.page).to_have_url(visit.url(localized_path(lang, "/blog")))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_faq_opens_one_item_at_a_time(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    visit = shared_pages.visit(viewport)
    open_home(visit, lang)
    faq = visit.page.locator("section#faq")
    items = faq.locator("details")
    expect(items).to_have_count(FAQ_ITEM_COUNT)
    half = FAQ_ITEM_COUNT // 2
    questions = texts_of(lang, r"faq-.+-question")  # in the file's order
    expect(faq.get_by_test_id("faq-column-1").locator("summary")).to_have_text(questions[:half])
    expect(faq.get_by_test_id("faq-column-2").locator("summary")).to_have_text(questions[half:])
    first, time_item = items.nth(0), faq.get_by_test_id("faq-item-faq-time")
    expect(first.locator("p")).to_be_hidden()
    first.locator("summary").click()
    expect(first.locator("p")).to_be_visible()
    time_item.locator("summary").click()
    expect(time_item.locator("p")).to_have_text(text(lang, "faq-time-answer"))
    expect(first.locator("p")).to_be_hidden()
    expect(faq.locator("details[open]")).to_have_count(1)
    time_item.locator("summary").click()  # collapsible: a second click closes it
    expect(faq.locator("details[open]")).to_have_count(0)


@READ_HOME
def test_closing_call_to_action(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    visit = read_home(shared_pages, viewport, lang)
    closing = visit.page.locator("section[aria-labelledby='cta-title']")
    expect(closing.get_by_role("heading", level=2)).to_have_text(text(lang, "home-cta-title"))
    schedule = closing.get_by_role("link", name=text(lang, "schedule-call"))
    expect(schedule).to_have_attribute("href", str(get_content().site.links.scheduling_url))
    expect(schedule).to_have_attribute("target", "_blank")
    contact = closing.get_by_role("link", name=text(lang, "home-cta-contact"))
    expect(contact).to_have_attribute("href", localized_path(lang, "/contact"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_whole_page_scrolls_without_third_party_requests(
    shared_pages: SharedPages, viewport: str, lang: str
) -> None:
    visit = shared_pages.visit(viewport)
    open_home(visit, lang)
    page = visit.page
    height = page.evaluate("document.body.scrollHeight")
    for _ in range(0, height, 500):
        page.mouse.wheel(0, 500)
    # Every reveal block has been shown, and nothing left the site.
    page.wait_for_function(
        "() => document.querySelectorAll('[data-reveal]:not([data-revealed])').length === 0"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert page.locator("iframe").count() == 0
    assert visit.foreign_requests == []
    assert [line for line in visit.console if line.startswith("error")] == []


def test_reveal_waits_for_the_scroll(shared_pages: SharedPages) -> None:
    desktop = shared_pages.visit("desktop")
    open_home(desktop, "en")
    block = desktop.page.locator("section#faq [data-reveal]").first
    expect(block).not_to_have_attribute("data-revealed", "true")
    expect(block).to_have_css("opacity", "0")
    block.scroll_into_view_if_needed()
    expect(block).to_have_attribute("data-revealed", "true")
    expect(block).to_have_css("opacity", "1")


# Records every reveal block whose opacity starts a transition (a fade), from the start.
RECORD_REVEAL_FADES = """
window.revealFades = [];
document.addEventListener("transitionrun", (event) => {
  if (event.propertyName === "opacity" && event.target.hasAttribute("data-reveal")) {
    revealFades.push(event.target);
  }
}, true);
"""


@pytest.mark.parametrize("path", ["/about", "/de/contact"])
def test_first_screen_is_not_hidden_and_faded_in_again(
    shared_pages: SharedPages, viewport: str, path: str
) -> None:
    visit = shared_pages.tab(viewport)
    page = visit.page
    page.add_init_script(RECORD_REVEAL_FADES)
    visit.goto(path)
    on_first_screen = page.evaluate(
        """() => [...document.querySelectorAll('[data-reveal]')].filter((element) => {
             const box = element.getBoundingClientRect();
             return box.bottom > 0 && box.top < innerHeight;
           }).map((element) => ({
             revealed: element.hasAttribute('data-revealed'),
             opacity: getComputedStyle(element).opacity,
             faded: revealFades.includes(element),
           }))"""
    )
    assert on_first_screen, "no reveal block on the first screen"
    assert all(block == {"revealed": True, "opacity": "1", "faded": False} for block in on_first_screen)
    # Blocks further down still fade in as they are scrolled to (so the recorder works).
    last = page.locator("[data-reveal]").last
    expect(last).not_to_have_attribute("data-revealed", "true")
    last.scroll_into_view_if_needed()
    expect(last).to_have_attribute("data-revealed", "true")
    page.wait_for_function("(element) => revealFades.includes(element)", arg=last.element_handle())


def test_hero_word_changes_without_fade_for_reduced_motion(browser, base_url) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 812}, reduced_motion="reduce")
    try:
        page = context.new_page()
        pause_clock(page)  # advanced by the test: no waiting 3.5 s for the change
        page.goto(base_url + "/de")
        # Time when the old word goes and when the new one comes (700 ms apart with the fade).
        page.evaluate(
            """() => {
              window.wordChanges = [];
              new MutationObserver((records) => records.forEach((record) => wordChanges.push(performance.now())))
                .observe(document.querySelector("[data-testid=text-rotator]"),
                         { attributes: true, subtree: true, attributeFilter: ["data-active"] });
            }"""
        )
        active = page.get_by_test_id("text-rotator").locator("[data-active]")
        expect(active).to_have_text(texts_of("de", r"home-hero-word-.+")[0])
        # The interval and 1 ms (a 0 ms timer is due then): with the 700 ms fade the next
        # word would not be there yet.
        page.clock.run_for(HERO_WORD_INTERVAL_MS + 1)
        expect(active).to_have_text(texts_of("de", r"home-hero-word-.+")[1])
        went, came = page.evaluate("wordChanges.slice(0, 2)")
        assert came - went < 100
    finally:
        context.close()
