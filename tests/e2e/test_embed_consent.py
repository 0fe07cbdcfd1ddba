"""Remembered consent per embed provider: 'always load' on a placeholder is kept in the
browser, loads that provider's content (and only that provider's) on every page by
itself, and is withdrawn again in the privacy settings. The harness blocks and records
every request to another host, so the tests see what would have left the machine."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import expect

from agency_site.constants import EMBED_CONSENT_STORAGE_KEY
from agency_site.content import get_content
from agency_site.i18n import localized_path

from .conftest import Visit, open_visit
from .support.expected import text

MAP_HOST = urlsplit(str(get_content().site.office.map_embed_url)).netloc
VIMEO_HOST = "player.vimeo.com"
HOME_EMBEDS = ("promo-video", "language-video", "voice-agent", "avatar-session")


def _hosts(visit: Visit) -> set[str]:
    return {urlsplit(url).netloc for url in visit.foreign_requests}


def _open(visit: Visit, path: str) -> None:
    """Open `path` afresh and wait until the page has hydrated and its effects have run."""
    visit.foreign_requests.clear()
    visit.goto(path)
    visit.wait_until_interactive()
    visit.page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def _stored(visit: Visit) -> str | None:
    return visit.page.evaluate(f"() => localStorage.getItem({EMBED_CONSENT_STORAGE_KEY!r})")


def test_always_loading_a_provider_is_remembered_on_every_page_and_withdrawn(browser, base_url: str) -> None:
    visit = open_visit(browser, base_url, "desktop")
    page = visit.page

    # Nothing chosen: the map asks, and nothing went to its provider.
    _open(visit, "/contact")
    office_map = page.get_by_test_id("office-map")
    expect(office_map).to_have_attribute("data-loaded", "false")
    assert visit.foreign_requests == [] and _stored(visit) is None
    always = office_map.get_by_test_id("embed-always")
    expect(always).to_have_text(text("en", "embed-always", provider=text("en", "embed-name-google-maps")))
    always.click()
    expect(office_map.locator("iframe")).to_have_count(1)
    visit.wait_until(lambda: MAP_HOST in _hosts(visit), "the blocked request for the map")
    assert _stored(visit) == "google-maps"

    # Another page load, in German: the map loads by itself and does not take focus.
    _open(visit, localized_path("de", "/contact"))
    expect(office_map.locator("iframe")).to_have_count(1)
    assert page.evaluate("() => document.activeElement?.tagName") != "IFRAME"
    visit.wait_until(lambda: MAP_HOST in _hosts(visit), "the remembered map's request")
    assert _hosts(visit) == {MAP_HOST}

    # Home: Vimeo, the voice agent and the avatar were never chosen, so nothing loads ...
    _open(visit, "/")
    for testid in HOME_EMBEDS:
        expect(page.get_by_test_id(testid)).to_have_attribute("data-loaded", "false")
    assert visit.foreign_requests == []
    # ... until Vimeo is always allowed: both videos load, the other providers still wait.
    page.get_by_test_id("promo-video").get_by_test_id("embed-always").click()
    for testid in ("promo-video", "language-video"):
        expect(page.get_by_test_id(testid)).to_have_attribute("data-loaded", "true")
    for testid in ("voice-agent", "avatar-session"):
        expect(page.get_by_test_id(testid)).to_have_attribute("data-loaded", "false")
    assert _stored(visit) == "google-maps vimeo"
    visit.wait_until(lambda: VIMEO_HOST in _hosts(visit), "the blocked request for the player")
    assert _hosts(visit) == {VIMEO_HOST}

    # The footer leads to the privacy settings, which list both and withdraw the map.
    page.get_by_test_id("site-footer").get_by_role("link", name=text("en", "footer-privacy-settings")).click()
    expect(page).to_have_url(visit.url("/datenschutz#privacy-settings"))
    settings = page.get_by_test_id("privacy-settings")
    expect(settings).to_be_in_viewport()
    # Section 3 (how to withdraw) and section 7 (what is stored) link the settings.
    expect(page.get_by_test_id("legal-text").locator('a[href="#privacy-settings"]')).to_have_count(2)
    expect(page.get_by_test_id("legal-text")).to_contain_text(EMBED_CONSENT_STORAGE_KEY)
    _open(visit, localized_path("de", "/datenschutz"))
    for provider, status in (("google-maps", "allowed"), ("vimeo", "allowed"), ("avatar", "ask")):
        row = settings.get_by_test_id(f"consent-{provider}")
        expect(row.locator(f'[data-consent-status="{status}"]')).to_have_text(
            text("de", f"consent-{'allowed' if status == 'allowed' else 'ask'}")
        )
    map_row = settings.get_by_test_id("consent-google-maps")
    map_row.get_by_role("button").click()
    expect(map_row.locator("[data-consent-status]")).to_have_text(text("de", "consent-ask"))
    expect(map_row.get_by_role("button")).to_be_disabled()
    assert _stored(visit) == "vimeo"

    # Withdrawn: the map asks again, and nothing goes to its provider.
    _open(visit, "/contact")
    expect(office_map).to_have_attribute("data-loaded", "false")
    expect(office_map.locator("iframe")).to_have_count(0)
    assert visit.foreign_requests == []
    visit.context.close()
