"""Home page (docs/product.md §2 'Home'): every section, in both languages, at both widths."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from agency_site.constants import (
    BACK_NAVIGATION_DELAY_MS,
    CARD_NAVIGATION_DELAY_DESKTOP_MS,
    HERO_WORD_FADE_MS,
    HERO_WORD_INTERVAL_MS,
    LANGUAGES,
    OVERLAY_FADE_OUT_MS,
    OVERLAY_HOLD_MS,
    REVEAL_THRESHOLD,
    REVEAL_THRESHOLD_MOBILE,
    TEXT_ROTATOR_CYCLES,
    TRANSITION_LOCK_MS,
)
from agency_site.content import get_content
from agency_site.i18n import localized_path
from agency_site.pages.home.services import OVERLAY_COLOURS

from .conftest import VIEWPORTS, SharedPages, Visit, goto_on_paused_clock, page_of_its_own, pause_clock
from .support.expected import (
    BLOG_POST_IDS,
    FAQ_ITEM_COUNT,
    FEATURED_SERVICE_IDS,
    SERVICE_COLOURS,
    post,
    text,
    texts_of,
)
from .support.reveal import FADING, REVEAL_BLOCKS, SEEN_AT_REST, content_of

# docs/product.md §2: the home page teases the first six posts.
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


# The rotator is a CSS animation, which runs on the document's timeline, not on the
# page's timers (so not on Playwright's clock): the test replays the rotator's animations
# from their start, holds them at a given time (the Web Animations API) and reads each
# word's opacity, what the visitor sees at that moment.
REPLAY_ROTATOR = """(rotator) => {
  const words = [...rotator.children];
  for (const word of words) word.style.animationName = "none";
  void rotator.offsetWidth;
  for (const word of words) word.style.animationName = "";
  for (const animation of rotator.getAnimations({ subtree: true })) animation.pause();
}"""
ROTATOR_AT = """([rotator, time]) => {
  for (const animation of rotator.getAnimations({ subtree: true })) animation.currentTime = time;
  return [...rotator.children].map((word) => Number(getComputedStyle(word).opacity));
}"""


def rotator_at(page: Page, time_ms: float) -> list[float]:
    """Each word's opacity `time_ms` after the rotator started."""
    return page.evaluate(ROTATOR_AT, [page.get_by_test_id("text-rotator").element_handle(), time_ms])


def shown(opacities: list[float]) -> list[int]:
    """The indexes of the words fully shown."""
    return [index for index, opacity in enumerate(opacities) if opacity == 1]


def assert_runs_by_itself(page: Page, words: int) -> None:
    """The rotator's cycle is running (before the test holds it): each word's animation
    spans the whole cycle, one interval after the word before it."""
    timing = page.get_by_test_id("text-rotator").evaluate(
        """(rotator) => rotator.getAnimations({ subtree: true }).map((animation) => [
             animation.animationName, animation.playState, animation.effect.getComputedTiming()])"""
    )
    cycles = [computed for name, state, computed in timing if name == "rotator-word" and state == "running"]
    assert len(cycles) == words
    for index, cycle in enumerate(cycles):
        assert cycle["duration"] == words * HERO_WORD_INTERVAL_MS
        assert cycle["delay"] == index * HERO_WORD_INTERVAL_MS
    # It stops by itself (WCAG 2.2.2): a few cycles, the first word's last run just
    # past its fade-in (two fades of a cycle more), where it stays.
    assert [cycle["iterations"] for cycle in cycles[1:]] == [TEXT_ROTATOR_CYCLES] * (words - 1)
    fade_in = 2 * HERO_WORD_FADE_MS / (words * HERO_WORD_INTERVAL_MS)
    assert cycles[0]["iterations"] == pytest.approx(TEXT_ROTATOR_CYCLES + fade_in)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hero_word_cycles_through_all_three_words(
    shared_pages: SharedPages, viewport: str, lang: str
) -> None:
    visit = shared_pages.tab(viewport)
    visit.goto(localized_path(lang, "/"))
    page = visit.page
    words = texts_of(lang, r"home-hero-word-.+")
    rotator = page.get_by_test_id("text-rotator")
    expect(rotator.locator("[data-rotator-word]")).to_have_text(words)
    assert_runs_by_itself(page, len(words))
    rotator.evaluate(REPLAY_ROTATOR)
    count, interval, fade = len(words), HERO_WORD_INTERVAL_MS, HERO_WORD_FADE_MS
    # The first word from the start (no fade-in), and through its whole interval.
    for time in (0, fade, 2 * fade, interval - 1):
        assert shown(rotator_at(page, time)) == [0], f"at {time} ms"
    # One full cycle and back to the first word: when its interval is up the word fades
    # out, then the next one fades in, and stays until its interval is up.
    for step in range(1, count + 1):
        previous, word = (step - 1) % count, step % count
        start = step * interval
        fading_out = rotator_at(page, start + fade / 2)
        assert 0 < fading_out[previous] < 1 and fading_out[word] == 0, (
            f"at {start + fade / 2} ms: {fading_out}"
        )
        between = rotator_at(page, start + fade)
        assert max(between) < 0.01, f"the old word is gone before the next comes: {between}"
        fading_in = rotator_at(page, start + fade * 1.5)
        assert 0 < fading_in[word] < 1 and fading_in[previous] == 0, (
            f"at {start + fade * 1.5} ms: {fading_in}"
        )
        for time in (start + 2 * fade, start + interval - 1):
            assert shown(rotator_at(page, time)) == [word], f"at {time} ms"
    # The box keeps the width of the longest word: all share one grid cell, one line.
    widths = rotator.locator("[data-rotator-word]").evaluate_all(
        "(words) => words.map((word) => [word.offsetTop, word.getBoundingClientRect().width])"
    )
    assert len({top for top, _ in widths}) == 1
    assert (
        rotator.evaluate("(box) => box.getBoundingClientRect().width")
        >= max(width for _, width in widths) - 0.5
    )


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


# Holds the overlay's animation as soon as it starts playing (so that the test can look
# at chosen moments of it) and records its states, colours and the page under it. The
# overlay lives outside the pages: it stays in the window when the page changes.
HOLD_OVERLAY = """() => {
  window.overlayStates = [];
  const overlay = document.getElementById("page-transition-overlay");
  new MutationObserver(() => {
    overlayStates.push([overlay.dataset.state, getComputedStyle(overlay).backgroundColor, location.pathname]);
    if (overlay.dataset.state === "playing") overlay.getAnimations().forEach((animation) => animation.pause());
  }).observe(overlay, { attributes: true, attributeFilter: ["data-state"] });
}"""
# The overlay's opacity `time` ms into its animation.
OVERLAY_AT = """(overlay, time) => {
  overlay.getAnimations().forEach((animation) => { animation.currentTime = time; });
  return Number(getComputedStyle(overlay).opacity);
}"""


@pytest.mark.parametrize(("service_id", "lang", "viewport"), FEATURED_CLICKS)
def test_featured_card_plays_colour_transition_then_opens_its_page(
    shared_pages: SharedPages, viewport: str, lang: str, service_id: str
) -> None:
    # Ends on another page, so the next reader of this one loads it again.
    visit = shared_pages.open(viewport, localized_path(lang, "/"))
    page = visit.page
    page.evaluate(HOLD_OVERLAY)
    overlay = page.get_by_test_id("page-transition-overlay")
    page.get_by_test_id(f"featured-service-{service_id}").click()
    # The overlay comes in on the home page, in the card's colour, over the whole screen.
    page.wait_for_function("() => overlayStates.length > 0")
    state, colour, path = page.evaluate("overlayStates[0]")
    assert (state, path) == ("playing", localized_path(lang, "/"))
    assert colour.replace(" ", "") == OVERLAY_COLOURS[SERVICE_COLOURS[service_id]].replace(" ", "")
    expect(overlay).to_have_css("visibility", "visible")
    box = overlay.bounding_box()
    assert box == {"x": 0, "y": 0, **page.viewport_size}
    # Fully there once faded in and through the hold; half gone midway through the fade-out.
    for time in (250, OVERLAY_HOLD_MS - 1):
        assert overlay.evaluate(OVERLAY_AT, time) == 1
    assert 0.2 < overlay.evaluate(OVERLAY_AT, OVERLAY_HOLD_MS + OVERLAY_FADE_OUT_MS / 2) < 0.8
    overlay.evaluate("(overlay) => overlay.getAnimations().forEach((animation) => animation.play())")
    expect(page).to_have_url(visit.url(localized_path(lang, f"/services/{service_id}")))
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, f"service-{service_id}-title"))
    # Then it has faded out and is gone.
    expect(overlay).to_have_css("visibility", "hidden")
    assert [state for state, _, _ in page.evaluate("overlayStates")] == ["playing", "idle"]


def test_a_second_start_within_1200_ms_is_ignored(desktop: Visit) -> None:
    visit = desktop
    page = visit.page
    # The delays and the lock run on the page's timers: on a paused clock the test moves
    # them on to the exact millisecond.
    pause_clock(page)
    goto_on_paused_clock(visit, "/")
    first, second = FEATURED_SERVICE_IDS[0], FEATURED_SERVICE_IDS[1]
    page.get_by_test_id(f"featured-service-{first}").click()
    page.clock.run_for(CARD_NAVIGATION_DELAY_DESKTOP_MS - 1)
    assert page.url == visit.url("/"), "left before the overlay had come in"
    # Another card within the lock: ignored, the first one's page opens.
    page.get_by_test_id(f"featured-service-{second}").click()
    page.clock.run_for(1)
    expect(page).to_have_url(visit.url(f"/services/{first}"))
    page.clock.run_for(CARD_NAVIGATION_DELAY_DESKTOP_MS)
    expect(page).to_have_url(visit.url(f"/services/{first}"))
    # Still within the 1200 ms: the back button is ignored too; after them it works.
    back = page.get_by_test_id("back-to-services")
    back.click()
    page.clock.run_for(BACK_NAVIGATION_DELAY_MS)
    expect(page).to_have_url(visit.url(f"/services/{first}"))
    page.clock.run_for(TRANSITION_LOCK_MS - 2 * CARD_NAVIGATION_DELAY_DESKTOP_MS - BACK_NAVIGATION_DELAY_MS)
    back.click()
    page.clock.run_for(BACK_NAVIGATION_DELAY_MS)
    expect(page).to_have_url(visit.url("/"))


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_without_javascript_cards_are_links_the_word_shows_and_nothing_is_hidden(
    browser: Browser, base_url: str, viewport: str
) -> None:
    with page_of_its_own(browser, viewport, java_script_enabled=False) as page:
        page.goto(base_url + "/de")
        # The hero shows its first word (and the CSS cycle runs without a script).
        words = page.get_by_test_id("text-rotator").locator("[data-rotator-word]")
        expect(words.first).to_have_text(texts_of("de", r"home-hero-word-.+")[0])
        expect(words.first).to_have_css("opacity", "1")
        # Every reveal block is shown once it is in view, all the way down.
        blocks = page.locator("[data-reveal]")
        for index in range(blocks.count()):
            block = blocks.nth(index)
            block.scroll_into_view_if_needed()
            expect(content_of(block)).to_have_css("opacity", "1")
        # A featured card is a plain link: it opens its page.
        card = page.get_by_test_id(f"featured-service-{FEATURED_SERVICE_IDS[0]}")
        card.click()
        expect(page).to_have_url(base_url + localized_path("de", f"/services/{FEATURED_SERVICE_IDS[0]}"))
        expect(page.get_by_test_id("screen-title")).to_have_text(
            text("de", f"service-{FEATURED_SERVICE_IDS[0]}-title")
        )


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
        expect(card.get_by_role("link")).to_have_attribute("href", localized_path(lang, f"/blog/{post_id}"))
        expect(card.locator("h3")).to_have_text(shown.title)
        # The month of the post, by name, in either language (both write the day first).
        expect(card.get_by_test_id("post-date")).to_have_text(shown.month(lang))
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


# How far (in %) a block has entered the screen when its content is shown (docs/product.md's thresholds;
# the switch flips within the next 1 %).
REVEAL_SHOWN_AT = {"desktop": REVEAL_THRESHOLD * 100 + 1, "mobile": REVEAL_THRESHOLD_MOBILE * 100 + 1}


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
    page.wait_for_function("() => innerHeight + scrollY >= document.body.scrollHeight - 1")
    # Every reveal block has been shown (those scrolled past stay shown), and nothing left the site.
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-reveal] > *')].every((el) => getComputedStyle(el).opacity === '1')"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert page.locator("iframe").count() == 0
    assert visit.foreign_requests == []
    assert [line for line in visit.console if line.startswith("error")] == []


def test_reveal_waits_for_the_scroll(shared_pages: SharedPages) -> None:
    desktop = shared_pages.visit("desktop")
    open_home(desktop, "en")
    block = desktop.page.locator("section#faq [data-reveal]").first
    expect(content_of(block)).to_have_css("opacity", "0")
    block.scroll_into_view_if_needed()
    expect(content_of(block)).to_have_css("opacity", "1")


@pytest.mark.parametrize("path", ["/about", "/de/kontakt"])
def test_first_screen_is_not_hidden_and_faded_in_again(
    shared_pages: SharedPages, viewport: str, path: str
) -> None:
    visit = shared_pages.tab(viewport)
    page = visit.page
    visit.goto(path)
    blocks = page.evaluate(REVEAL_BLOCKS)
    # Only scroll starts a block's reveal: nothing fades in by itself, and what the first
    # screen shows of a block is painted as it is, fully shown, without a fade.
    assert all(block["scrollDriven"] for block in blocks)
    assert not page.evaluate(FADING)
    in_view = [block for block in blocks if block["entered"] * 100 >= REVEAL_SHOWN_AT[viewport]]
    assert in_view, "no reveal block on the first screen"
    assert all(block["opacity"] == "1" for block in in_view), in_view
    # Blocks further down are hidden and shown as they are scrolled to.
    last = page.locator("[data-reveal]").last
    expect(content_of(last)).to_have_css("opacity", "0")
    last.scroll_into_view_if_needed()
    expect(content_of(last)).to_have_css("opacity", "1")


@pytest.mark.parametrize("path", ["/de/kontakt", "/about", "/de"])
def test_nothing_on_the_screen_rests_half_faded(shared_pages: SharedPages, viewport: str, path: str) -> None:
    """Wherever the page stands still, each reveal block's text is hidden or fully shown:
    text under a partial opacity loses contrast (the German contact column stood at 0.93
    at 1280 px until scrolled)."""
    visit = shared_pages.tab(viewport)
    page = visit.page
    visit.goto(path)
    height = page.evaluate("document.documentElement.scrollHeight")
    for top in range(0, height, page.viewport_size["height"] // 3 if page.viewport_size else 300):
        half = [seen for seen in page.evaluate(SEEN_AT_REST, top) if 0 < seen["opacity"] < 1]
        assert half == [], f"{path} at scroll {top}: {half}"


def test_hero_word_stands_still_for_reduced_motion(browser: Browser, base_url: str) -> None:
    """Reduced motion: the first word alone, still; no pause control (nothing moves)."""
    with page_of_its_own(browser, "mobile", reduced_motion="reduce") as page:
        page.goto(base_url + "/de")
        words = texts_of("de", r"home-hero-word-.+")
        rotator = page.get_by_test_id("text-rotator")
        expect(rotator.locator("[data-rotator-word]")).to_have_text(words)
        assert rotator.evaluate("(box) => box.getAnimations({ subtree: true }).length") == 0
        opacities = rotator.locator("[data-rotator-word]").evaluate_all(
            "(words) => words.map((word) => Number(getComputedStyle(word).opacity))"
        )
        assert opacities == [1] + [0] * (len(words) - 1)
        expect(page.get_by_test_id("rotator-pause")).to_be_hidden()


# The rotator's animations run to their end (the Web Animations API), as after its cycles.
FINISH_ROTATOR = """(rotator) => {
  for (const animation of rotator.getAnimations({ subtree: true })) animation.finish();
  return [...rotator.children].map((word) => Number(getComputedStyle(word).opacity));
}"""

ROTATOR_STATES = (
    "() => document.querySelector('[data-testid=text-rotator]').getAnimations({ subtree: true })"
    ".map((animation) => animation.playState)"
)


def test_hero_word_stops_on_the_first_word_and_pauses_with_its_control(shared_pages: SharedPages) -> None:
    """After its cycles the rotator rests on the first word; before that, the pause
    control (Tab to it, Space) holds every word where it is, and Space again resumes."""
    visit = shared_pages.tab("mobile")
    visit.goto("/")
    page = visit.page
    assert set(page.evaluate(ROTATOR_STATES)) == {"running"}
    pause = page.get_by_test_id("rotator-pause").locator("input")
    pause.focus()
    page.keyboard.press("Space")
    expect(pause).to_be_checked()
    page.wait_for_function(f"() => ({ROTATOR_STATES})().every((state) => state === 'paused')")
    page.keyboard.press("Space")
    expect(pause).not_to_be_checked()
    page.wait_for_function(f"() => ({ROTATOR_STATES})().every((state) => state === 'running')")
    assert page.get_by_test_id("text-rotator").evaluate(FINISH_ROTATOR) == [1, 0, 0]
