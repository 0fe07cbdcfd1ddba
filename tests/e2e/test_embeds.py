"""Third-party embeds on the home page: nothing loads before a click; then the video card,
the language video, the avatar session and the voice agent behave as docs/product.md says.

The player and avatar hosts are replaced by small fake pages served from the test (the
harness blocks the real ones): the fake player posts `ready` and records every message.
"""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Frame, Page, Route, expect

from agency_site.constants import AVATAR_BOX_HEIGHT_PX, LANGUAGES
from agency_site.content import get_content
from agency_site.i18n import localized_path

from .conftest import SharedPages, Visit
from .support.expected import text

PLAYER_PATTERN = "https://player.vimeo.com/**"
# Answers like the player: `ready` on load, then `play`/`pause` events for those methods.
FAKE_PLAYER = """<!doctype html><html><body style="margin:0;background:#111"><script>
window.received = [];
window.addEventListener("message", function (event) {
  var data = event.data;
  try { data = JSON.parse(data); } catch (error) {}
  window.received.push(data);
  if (data.method === "play" || data.method === "pause") {
    parent.postMessage(JSON.stringify({ event: data.method }), "*");
  }
});
parent.postMessage(JSON.stringify({ event: "ready" }), "*");
</script></body></html>"""
# The avatar frame is gone 100 ms after the hide message, so it echoes what it receives.
FAKE_AVATAR = """<!doctype html><html><body><script>
window.addEventListener("message", function (event) { parent.postMessage({ echo: event.data }, "*"); });
</script></body></html>"""


def serve(page: Page, pattern: str, html: str, requests: list[str]) -> None:
    """Answer requests to `pattern` with `html`, recording each URL."""

    def fulfil(route: Route) -> None:
        requests.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body=html)

    page.route(pattern, fulfil)


def frame_of(page: Page, url_start: str) -> Frame:
    for frame in page.frames:
        if frame.url.startswith(url_start):
            return frame
    raise AssertionError(f"no frame at {url_start}")


def messages(frame: Frame) -> list:
    return frame.evaluate("window.received")


def open_home(visit: Visit, lang: str) -> list[str]:
    """Open the home page with the fake player and avatar; returns their request log."""
    requests: list[str] = []
    serve(visit.page, PLAYER_PATTERN, FAKE_PLAYER, requests)
    avatar_url = str(get_content().site.links.avatar_embed_url)
    serve(visit.page, avatar_url.split("?")[0] + "*", FAKE_AVATAR, requests)
    visit.goto(localized_path(lang, "/"))
    return requests


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_name_the_provider_and_load_nothing(
    shared_pages: SharedPages, viewport: str, lang: str
) -> None:
    visit = shared_pages.tab(viewport)
    requests = open_home(visit, lang)
    page = visit.page
    for testid in ("promo-video", "language-video", "avatar-session", "voice-agent"):
        box = page.get_by_test_id(testid)
        poster = box.locator("[data-embed-load] img")
        assert urlsplit(poster.get_attribute("src")).netloc == ""  # self-hosted
        assert poster.get_attribute("width") and poster.get_attribute("height")
        expect(box.locator("iframe, script")).to_have_count(0)
    expect(page.get_by_test_id("promo-video")).to_contain_text(text(lang, "embed-note", provider="Vimeo"))
    expect(page.get_by_test_id("avatar-session")).to_contain_text(text(lang, "avatar-launch"))
    # The avatar and the voice agent say that the visitor will talk to an AI.
    ai_words = {"en": "AI", "de": "KI"}[lang]
    expect(page.get_by_test_id("avatar-session").locator("[data-embed-load]")).to_contain_text(ai_words)
    expect(page.get_by_test_id("voice-agent").locator("[data-embed-load]")).to_contain_text(ai_words)
    page.get_by_test_id("language-video").scroll_into_view_if_needed()
    page.get_by_test_id("avatar-session").scroll_into_view_if_needed()
    assert requests == [] and visit.foreign_requests == []


# Each video placeholder's note (what loading it sends where), where it is cut off: by its
# box or its button, above or below (a slide of a carousel may lie beside the screen).
CUT_OFF_NOTES = """() => [...document.querySelectorAll('[data-embed-note]')].flatMap((note) => {
  const r = note.getBoundingClientRect();
  return [note.closest('[data-embed-load]'), note.closest('[data-embed]')].flatMap((clip) => {
    const b = clip.getBoundingClientRect();
    return r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5
      ? [`${clip.closest('[data-testid]').dataset.testid}: note ${Math.round(r.top)}-${Math.round(r.bottom)} in ${Math.round(b.top)}-${Math.round(b.bottom)}`]
      : [];
  });
})"""


@pytest.mark.parametrize("path", ["/", localized_path("de", "/project/104")])
def test_on_a_phone_every_video_placeholder_shows_its_whole_note(
    shared_pages: SharedPages, path: str
) -> None:
    """A 16:9 card 300 px wide leaves too little room for the note: the card grows."""
    page = shared_pages.open("mobile", path).page
    assert page.locator("[data-testid*='video'] [data-embed-note]").count() >= 2
    assert page.evaluate(CUT_OFF_NOTES) == []


def test_placeholders_without_javascript_show_poster_note_and_privacy_link(browser, base_url: str) -> None:
    """The load buttons need the page's JavaScript (Reflex state, not native HTML); without
    it a visitor still sees what each embed is, who provides it, and where to read more."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 812})
    try:
        page = context.new_page()
        page.goto(base_url + localized_path("de", "/"))
        for testid in ("promo-video", "avatar-session", "voice-agent"):
            box = page.get_by_test_id(testid)
            box.scroll_into_view_if_needed()
            expect(box.locator("[data-embed-load] img")).to_be_visible()
            expect(box.get_by_role("link", name=text("de", "embed-privacy-link"))).to_have_attribute(
                "href", localized_path("de", "/datenschutz") + "#section-5"
            )
        expect(page.get_by_test_id("promo-video")).to_contain_text(text("de", "embed-note", provider="Vimeo"))
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_video_card_loads_on_click_and_toggles_mute(
    shared_pages: SharedPages, viewport: str, lang: str
) -> None:
    visit = shared_pages.tab(viewport)
    requests = open_home(visit, lang)
    card = visit.page.get_by_test_id("promo-video")
    card.get_by_role("button", name=text(lang, "video-load")).click()
    iframe = card.locator("[data-embed-slot] iframe")
    query = parse_qs(urlsplit(iframe.get_attribute("src")).query)
    video_id = get_content().site.videos.promo_video_id
    assert urlsplit(iframe.get_attribute("src")).path == f"/video/{video_id}"
    expected = {"autoplay": "1", "muted": "1", "transparent": "1", "controls": "0", "background": "1"}
    expected |= {"playsinline": "1", "dnt": "1"}
    assert {key: query[key][0] for key in expected} == expected
    expect(card).to_have_attribute("data-ready", "true")  # the player said ready
    expect(card.locator(".video-spinner")).to_be_hidden()
    assert len(requests) == 1 and visit.foreign_requests == []
    expect(card.locator("iframe")).to_be_focused()  # focus follows the click into the player
    player = frame_of(visit.page, "https://player.vimeo.com/")

    mute = card.locator("[data-video-mute]")
    expect(mute).to_have_accessible_name(text(lang, "video-unmute"))
    mute.click()
    expect(mute).to_have_accessible_name(text(lang, "video-mute"))
    expect_message(player, {"method": "setMuted", "value": False})
    expect_message(player, {"method": "setVolume", "value": 1})
    mute.click()
    expect_message(player, {"method": "setMuted", "value": True})


def expect_message(frame: Frame, message: dict) -> None:
    """Wait until the fake player in `frame` has received `message`. A frame that has just
    switched to a new player shows its address before the player's script has run (a
    moment on a busy machine): no `received` yet is a wait, not an error, which would end
    waitForFunction at once."""
    wanted = json.dumps(json.dumps(message, separators=(",", ":")))
    frame.wait_for_function(f"() => (window.received ?? []).some(m => JSON.stringify(m) === {wanted})")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hero_video_pauses_and_plays_from_the_keyboard(shared_pages: SharedPages, lang: str) -> None:
    """Every card that runs a video offers Pause: loaded with Enter, the hero's promo video
    (a looping card without one before) is paused and played again with Tab and Enter."""
    visit = shared_pages.tab("desktop")
    open_home(visit, lang)
    page, card = visit.page, visit.page.get_by_test_id("promo-video")
    card.locator("[data-embed-load]").focus()
    page.keyboard.press("Enter")
    expect(card).to_have_attribute("data-ready", "true")
    player = frame_of(page, "https://player.vimeo.com/")
    expect_message(player, {"method": "addEventListener", "value": "ended"})
    toggle = card.locator("[data-video-playpause]")
    expect(toggle).to_have_accessible_name(text(lang, "video-pause"))
    # From the player (focus follows the load into it), a few Tabs reach the toggle.
    for _ in range(4):
        if toggle.evaluate("button => button === document.activeElement"):
            break
        page.keyboard.press("Tab")
    expect(toggle).to_be_focused()
    page.keyboard.press("Enter")
    expect(toggle).to_have_accessible_name(text(lang, "video-play"))
    expect_message(player, {"method": "pause"})
    page.keyboard.press("Enter")
    expect(toggle).to_have_accessible_name(text(lang, "video-pause"))
    expect_message(player, {"method": "play"})
    # Nobody asked for less motion here: the video keeps its loop.
    assert {"method": "setLoop", "value": False} not in messages(player)


def test_with_reduced_motion_a_looping_video_plays_once(shared_pages: SharedPages) -> None:
    """With reduced motion the card's looping video is told to stop at its end, and its end
    shows as paused: Play starts it again."""
    visit = shared_pages.tab("mobile")
    visit.page.emulate_media(reduced_motion="reduce")
    open_home(visit, "de")
    card = visit.page.get_by_test_id("promo-video")
    card.get_by_role("button", name=text("de", "video-load")).click()
    expect(card).to_have_attribute("data-ready", "true")
    player = frame_of(visit.page, "https://player.vimeo.com/")
    expect_message(player, {"method": "setLoop", "value": False})
    toggle = card.locator("[data-video-playpause]")
    expect(toggle).to_have_accessible_name(text("de", "video-pause"))
    player.evaluate("() => parent.postMessage(JSON.stringify({ event: 'ended' }), '*')")
    expect(toggle).to_have_accessible_name(text("de", "video-play"))
    toggle.click()
    expect_message(player, {"method": "play"})
    expect(toggle).to_have_accessible_name(text("de", "video-pause"))


def test_spinner_shows_until_the_player_is_ready(shared_pages: SharedPages) -> None:
    desktop = shared_pages.tab("desktop")
    # A player that never answers: the spinner stays.
    desktop.page.route(PLAYER_PATTERN, lambda route: route.fulfill(status=200, body="<html></html>"))
    desktop.goto("/")
    card = desktop.page.get_by_test_id("promo-video")
    card.locator("[data-embed-load]").click()
    expect(card.locator(".video-spinner")).to_be_visible()
    expect(card.locator(".video-spinner")).to_have_attribute("role", "status")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_fullscreen_button_on_desktop(shared_pages: SharedPages, lang: str) -> None:
    desktop = shared_pages.tab("desktop")
    open_home(desktop, lang)
    card = desktop.page.get_by_test_id("promo-video")
    card.locator("[data-embed-load]").click()
    card.get_by_role("button", name=text(lang, "video-fullscreen")).click()
    dialog = card.locator("dialog[open]")
    expect(dialog).to_be_visible()
    src = dialog.locator("iframe").get_attribute("src")
    query = parse_qs(urlsplit(src).query)
    assert query["controls"] == ["1"] and query["dnt"] == ["1"] and "background" not in query
    dialog.get_by_role("button", name=text(lang, "video-close")).click()
    expect(card.locator("dialog[open]")).to_have_count(0)
    expect(card.locator("dialog iframe")).to_have_count(0)


def test_double_click_opens_fullscreen_on_mobile(shared_pages: SharedPages) -> None:
    mobile = shared_pages.tab("mobile")
    open_home(mobile, "de")
    card = mobile.page.get_by_test_id("promo-video")
    expect(card.get_by_role("button", name=text("de", "video-fullscreen"))).to_be_hidden()
    card.locator("[data-embed-load]").click()
    card.locator("[data-video-mute]").dblclick()
    expect(card.locator("dialog[open] iframe")).to_have_count(1)
    mobile.page.keyboard.press("Escape")
    expect(card.locator("dialog iframe")).to_have_count(0)
    # And again, closed by a tap on the backdrop this time.
    card.locator("[data-video-mute]").dblclick()
    expect(card.locator("dialog[open] iframe")).to_have_count(1)
    mobile.page.mouse.click(3, 3)
    expect(card.locator("dialog[open]")).to_have_count(0)
    expect(card.locator("dialog iframe")).to_have_count(0)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_switch_reloads_the_player(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    visit = shared_pages.tab(viewport)
    open_home(visit, lang)
    languages = get_content().site.videos.home_languages
    picker = visit.page.get_by_test_id("language-video-languages")
    options = picker.get_by_role("radio")
    expect(options).to_have_count(5)
    assert [item.id for item in languages] == ["english", "german", "french", "arabic", "russian"]
    expect(options.nth(0)).to_be_checked()
    card = visit.page.get_by_test_id("language-video")
    card.scroll_into_view_if_needed()
    card.locator("[data-embed-load]").click()
    iframe = card.locator("[data-embed-slot] iframe")
    expect(iframe).to_have_attribute("src", player_src(languages[0].video_id))
    expect(card).to_have_attribute("data-ready", "true")

    picker.get_by_text(languages[1].name).click()
    expect(options.nth(1)).to_be_checked()
    expect(iframe).to_have_attribute("src", player_src(languages[1].video_id))
    # The new player said it is ready (the card answered with its subscriptions): only now
    # does the card show the new player's state, not the old one's (data-ready alone could
    # still read "true" from before the switch).
    new_player = f"https://player.vimeo.com/video/{languages[1].video_id}"
    visit.wait_until(
        lambda: any(frame.url.startswith(new_player) for frame in visit.page.frames), "the new player"
    )
    expect_message(frame_of(visit.page, new_player), {"method": "addEventListener", "value": "pause"})
    expect(card).to_have_attribute("data-ready", "true")

    # Play/pause sends the player a message; the player's event updates the button.
    toggle = card.locator("[data-video-playpause]")
    expect(toggle).to_have_accessible_name(text(lang, "video-pause"))
    toggle.click()
    expect(toggle).to_have_accessible_name(text(lang, "video-play"))
    expect_message(
        frame_of(visit.page, f"https://player.vimeo.com/video/{languages[1].video_id}"), {"method": "pause"}
    )
    toggle.click()
    expect(toggle).to_have_accessible_name(text(lang, "video-pause"))


def player_src(video_id: str) -> re.Pattern[str]:
    return re.compile(rf"^https://player\.vimeo\.com/video/{video_id}\?")


def test_language_choice_before_loading_picks_that_video(shared_pages: SharedPages) -> None:
    desktop = shared_pages.tab("desktop")
    requests = open_home(desktop, "en")
    french = get_content().site.videos.home_languages[2]
    desktop.page.get_by_test_id("language-video-languages").get_by_text(french.name).click()
    assert requests == []  # choosing a language is not consent to load the player
    card = desktop.page.get_by_test_id("language-video")
    card.locator("[data-embed-load]").click()
    expect(card.locator("iframe")).to_have_attribute("src", player_src(french.video_id))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_avatar_launches_and_closes(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    visit = shared_pages.tab(viewport)
    requests = open_home(visit, lang)
    avatar_url = str(get_content().site.links.avatar_embed_url)
    session = visit.page.get_by_test_id("avatar-session")
    session.scroll_into_view_if_needed()
    session.get_by_role("button", name=text(lang, "avatar-launch")).click()
    iframe = session.locator("iframe")
    expect(iframe).to_have_attribute("allow", "microphone")
    expect(iframe).to_have_attribute("src", avatar_url)
    expect(iframe).to_be_focused()
    assert round(iframe.bounding_box()["height"]) == AVATAR_BOX_HEIGHT_PX
    # The (fake) avatar page is up: its script is there, unlike in the initial about:blank.
    expect(session.frame_locator("iframe").locator("body script")).to_have_count(1)
    assert requests == [avatar_url]
    expect(visit.page.get_by_text(text(lang, "avatar-launch"))).to_be_hidden()
    visit.page.evaluate(
        "window.echoes = []; addEventListener('message', (e) => e.data && e.data.echo && echoes.push(e.data.echo))"
    )
    session.get_by_role("button", name=text(lang, "avatar-close")).click()
    visit.page.wait_for_function("() => window.echoes.some((m) => m.type === 'hide')")
    expect(iframe).to_have_count(0)
    launch = session.get_by_role("button", name=text(lang, "avatar-launch"))
    expect(launch).to_be_visible()
    expect(launch).to_be_focused()  # not lost with the close button that went away


def test_avatar_style_injection_failure_is_logged(shared_pages: SharedPages) -> None:
    desktop = shared_pages.tab("desktop")
    open_home(desktop, "en")
    session = desktop.page.get_by_test_id("avatar-session")
    # The avatar host is cross-origin: the first attempt, 2 s after launch, fails and says so.
    with desktop.page.expect_console_message(lambda m: "Avatar style injection" in m.text) as logged:
        session.locator("[data-embed-load]").click()
    assert logged.value.type == "warning"


def test_leaving_the_page_resets_a_loaded_embed(shared_pages: SharedPages) -> None:
    """Client state is kept across client-side navigation; an embed's is reset when its
    page is left, so coming back shows the placeholder, not a player that starts itself."""
    desktop = shared_pages.tab("desktop")
    requests = open_home(desktop, "en")
    card = desktop.page.get_by_test_id("promo-video")
    card.locator("[data-embed-load]").click()
    expect(card).to_have_attribute("data-ready", "true")
    desktop.page.locator('#site-header nav a[href="/services"]').first.click()
    expect(desktop.page).to_have_url(desktop.url("/services"))
    desktop.page.go_back()
    expect(desktop.page).to_have_url(desktop.url("/"))
    card = desktop.page.get_by_test_id("promo-video")
    expect(card.locator("[data-embed-load]")).to_be_visible()
    expect(card.locator("iframe")).to_have_count(0)
    expect(card).to_have_attribute("data-ready", "false")
    assert len(requests) == 1


def test_voice_agent_script_loads_on_click(shared_pages: SharedPages) -> None:
    desktop = shared_pages.visit("desktop")
    desktop.goto("/")
    script_url = str(get_content().site.links.voice_agent_script_url)
    box = desktop.page.get_by_test_id("voice-agent")
    assert desktop.foreign_requests == []
    with desktop.page.expect_request(script_url):
        box.get_by_role("button", name=text("en", "voice-agent-load")).click()
    # React 19 puts an async script into the document's head (once per address).
    expect(desktop.page.locator(f'script[src="{script_url}"]')).to_have_count(1)
    expect(box.get_by_role("button", name=text("en", "voice-agent-load"))).to_have_count(0)
