"""Project detail (docs/product.md §2 'Project detail'): every element, the gallery and its
preview, and the rules of 101, 104 and 106. No third-party request before a click."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from agency_site.constants import EXPLORE_MORE_MAX, LANGUAGES
from agency_site.content import get_content
from agency_site.content.catalog import get_catalog
from agency_site.i18n import localized_path

from .conftest import SharedPages
from .support.expected import PROJECT_IDS, Screen, text
from .support.screens import assert_shows_screen

VISIT_PROJECT_IDS = {100, 102, 103, 105}


def live_carousel(page: Page, testid: str) -> Locator:
    """The carousel once embla runs (its server markup is swapped for the live one).

    embla is fetched when a carousel nears the viewport, so scroll it there first."""
    page.get_by_test_id(testid).scroll_into_view_if_needed()
    carousel = page.locator(f'[data-testid="{testid}"][data-ready="true"]')
    expect(carousel).to_have_count(1)
    expect(page.get_by_test_id(testid)).to_have_count(1)
    return carousel


HIDDEN_CLIENT_IDS = {104, 106}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("project_id", PROJECT_IDS)
def test_project_shows_its_own_content(shared_pages: SharedPages, project_id: int, lang: str) -> None:
    project = get_catalog().project(project_id)
    desktop = shared_pages.open("desktop", localized_path(lang, f"/project/{project_id}"))
    page = desktop.page
    main = page.locator("main")
    assert_shows_screen(desktop, lang, Screen(f"/project/{project_id}", project.key("title")))
    expect(page.get_by_test_id("project-subtitle")).to_have_text(text(lang, project.key("subtitle")))
    expect(main).to_contain_text(text(lang, project.key("desc")))
    expect(page.get_by_test_id("back-to-portfolio")).to_have_attribute(
        "href", localized_path(lang, "/portfolio")
    )
    expect(page.get_by_test_id("project-service")).to_contain_text(
        text(lang, f"service-{project.service}-title")
    )
    hidden = project_id in HIDDEN_CLIENT_IDS
    expect(page.get_by_test_id("project-client")).to_have_count(0 if hidden else 1)
    expect(page.get_by_test_id("project-year")).to_have_count(0 if hidden else 1)
    if not hidden:
        expect(page.get_by_test_id("project-client")).to_contain_text(text(lang, f"client-{project.client}"))
        expect(page.get_by_test_id("project-year")).to_contain_text(str(project.year))
    features = page.get_by_test_id("feature-card")
    expect(features).to_have_count(6)
    for index, feature in enumerate(project.features):
        expect(features.nth(index)).to_contain_text(text(lang, f"feature-{project.slug}-{feature.id}"))
    technologies = page.get_by_test_id("technologies").locator("li")
    expect(technologies).to_have_text([text(lang, f"tech-{name}") for name in project.technologies])
    expect(page.get_by_test_id("conclusion")).to_have_text(text(lang, f"conclusion-{project.slug}"))
    expect(page.get_by_test_id("similar-project").get_by_role("link")).to_have_attribute(
        "href", localized_path(lang, "/contact")
    )
    others = page.get_by_test_id("explore-more").get_by_test_id("project-card")
    expect(others).to_have_count(EXPLORE_MORE_MAX)
    shown = [others.nth(index).get_attribute("data-project") for index in range(EXPLORE_MORE_MAX)]
    assert str(project_id) not in shown and len(set(shown)) == EXPLORE_MORE_MAX
    visit_button = page.get_by_test_id("visit-project")
    if project_id in VISIT_PROJECT_IDS:
        expect(visit_button).to_have_attribute("href", str(project.url))
        expect(visit_button).to_have_attribute("target", "_blank")
        expect(visit_button).to_contain_text(text(lang, "project-visit"))
    else:
        expect(visit_button).to_have_count(0)
    expect(page.get_by_test_id("app-store-note")).to_have_count(1 if project_id == 101 else 0)
    if project_id == 101:
        expect(page.get_by_test_id("app-store-note")).to_have_text(text(lang, "project-app-store"))
    assert desktop.foreign_requests == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("unknown", ["999", "99", "abc"])
def test_unknown_project_id_shows_project_100(shared_pages: SharedPages, unknown: str, lang: str) -> None:
    desktop = shared_pages.open("desktop", localized_path(lang, f"/project/{unknown}"))
    page = desktop.page
    expect(page).to_have_url(desktop.url(localized_path(lang, f"/project/{unknown}")))
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, "project-business-formation-title"))
    expect(page.get_by_test_id("project-detail")).to_have_attribute("data-project", "100")


@pytest.mark.parametrize(
    ("project_id", "sources"),
    [
        (
            100,
            [
                "/projects/business-formation-1.webp",
                "/projects/business-formation-2.webp",
                "/projects/business-formation-3.webp",
            ],
        ),
        (102, ["/projects/ikigai-web-1.webp", "/projects/ikigai-web-2.webp"]),
        (104, ["/projects/ai-avatar-1.webp"]),  # only its first image
        (106, ["/projects/ai-caller-2.webp"]),  # only its second image
    ],
)
def test_gallery_has_controls_only_with_more_than_one_image(
    shared_pages: SharedPages, project_id: int, sources: list[str]
) -> None:
    page = shared_pages.open("desktop", f"/project/{project_id}").page
    gallery = page.get_by_test_id("project-gallery")
    images = gallery.get_by_test_id("screenshot").locator("img")
    expect(images).to_have_count(len(sources))
    assert [images.nth(index).get_attribute("src") for index in range(len(sources))] == sources
    controls = gallery.locator("[data-carousel-prev], [data-carousel-next]")
    expect(controls).to_have_count(2 if len(sources) > 1 else 0)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_screenshot_carousel_moves_and_stops_at_the_ends(
    shared_pages: SharedPages, viewport: str, lang: str
) -> None:
    visit = shared_pages.visit(viewport)
    page = visit.page
    visit.goto(localized_path(lang, "/project/103"))
    carousel = live_carousel(page, "screenshot-carousel")
    previous = carousel.locator("[data-carousel-prev]")
    following = carousel.locator("[data-carousel-next]")
    expect(previous).to_be_disabled()
    following.click()
    expect(carousel).to_have_attribute("data-selected", "1")
    following.click()
    expect(carousel).to_have_attribute("data-selected", "2")
    expect(following).to_be_disabled()
    previous.click()
    expect(carousel).to_have_attribute("data-selected", "1")


def enlarge(lang: str, number: int) -> str:
    """The accessible name of the button that enlarges screenshot `number` of project 102:
    what it does and which screenshot, once (the image inside adds nothing to it)."""
    project = text(lang, "project-ikigai-web-title")
    return text(lang, "project-preview-open", project=project, number=number)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_preview_dialog_opens_on_click_and_closes(
    shared_pages: SharedPages, viewport: str, lang: str
) -> None:
    visit = shared_pages.visit(viewport)
    page = visit.page
    visit.goto(localized_path(lang, "/project/102"))
    first, second = page.get_by_test_id("image-preview-1"), page.get_by_test_id("image-preview-2")
    expect(first).to_be_hidden()
    live_carousel(page, "screenshot-carousel")
    expect(page.get_by_test_id("screenshot").first).to_have_accessible_name(enlarge(lang, 1))
    page.get_by_role("button", name=enlarge(lang, 1), exact=True).click()
    expect(first).to_be_visible()
    expect(page.locator("dialog[open]")).to_have_count(1)
    expect(first.locator("img")).to_have_attribute("src", "/projects/ikigai-web-1.webp")
    expect(first.locator("img")).to_have_attribute(
        "alt", text(lang, "project-image-alt", project=text(lang, "project-ikigai-web-title"), number=1)
    )
    page.keyboard.press("Escape")
    expect(first).to_be_hidden()
    # The second screenshot, closed with the close button this time.
    live_carousel(page, "screenshot-carousel").locator("[data-carousel-next]").click()
    page.get_by_role("button", name=enlarge(lang, 2)).click()
    expect(second).to_be_visible()
    expect(second.locator("img")).to_have_attribute("src", "/projects/ikigai-web-2.webp")
    second.get_by_role("button", name=text(lang, "project-preview-close")).click()
    expect(second).to_be_hidden()
    # And with a click on the backdrop (closedby="any").
    page.get_by_role("button", name=enlarge(lang, 2)).click()
    expect(second).to_be_visible()
    page.mouse.click(5, 5)
    expect(second).to_be_hidden()
    assert visit.foreign_requests == []


def test_preview_dialog_works_with_javascript_off(browser, base_url: str) -> None:
    """The preview is native HTML (invoker commands): no script needed to open or close it."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 812})
    try:
        page = context.new_page()
        page.goto(base_url + localized_path("de", "/project/102"))
        preview = page.get_by_test_id("image-preview-1")
        page.get_by_role("button", name=enlarge("de", 1)).click()
        expect(preview).to_be_visible()
        expect(preview.locator("img")).to_have_attribute("src", "/projects/ikigai-web-1.webp")
        preview.get_by_role("button", name=text("de", "project-preview-close")).click()
        expect(preview).to_be_hidden()
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_avatar_project_offers_video_carousels_and_six_languages(
    shared_pages: SharedPages, lang: str
) -> None:
    desktop = shared_pages.visit("desktop")
    page = desktop.page
    project = get_catalog().project(104)
    desktop.goto(localized_path(lang, "/project/104"))
    vertical = live_carousel(page, "vertical-videos")
    horizontal = live_carousel(page, "horizontal-videos")
    expect(vertical.locator(".aspect-\\[9\\/16\\]")).to_have_count(
        len([clip for clip in project.video_testimonials if not clip.is_horizontal])
    )
    expect(horizontal.locator(".aspect-video")).to_have_count(
        len([clip for clip in project.video_testimonials if clip.is_horizontal])
    )
    # Looping carousels: neither end disables its button.
    for carousel in (vertical, horizontal):
        expect(carousel.locator("[data-carousel-prev]")).to_be_enabled()
        expect(carousel.locator("[data-carousel-next]")).to_be_enabled()
    picker = page.get_by_test_id("avatar-language-video-languages")
    options = picker.locator("input[type=radio]")
    expect(options).to_have_count(6)
    expect(picker).to_contain_text("Polski")
    expect(options.first).to_be_checked()
    expect(page.locator("iframe")).to_have_count(0)
    assert desktop.foreign_requests == []
    # The clips are AI-generated (projects.yaml says so): each card carries the label, in its
    # full-screen dialog too, and the carousel does not call them client testimonials.
    assert all(clip.is_ai_generated for clip in project.video_testimonials)
    expect(page.get_by_role("heading", name=text(lang, "project-videos-testimonials-ai"))).to_be_visible()
    label = text(lang, "video-ai-generated")
    for carousel in (vertical, horizontal):
        cards = carousel.locator("[data-embed]")
        # Over each placeholder's top, in a strip of its own (it covers none of its text).
        expect(cards.locator("[data-embed-header] [data-testid='ai-label']")).to_have_count(cards.count())
        expect(cards.locator("[data-video-dialog] [data-testid='ai-label']")).to_have_count(cards.count())
    # A click on a placeholder is what loads the player from the video host.
    player = page.get_by_test_id("avatar-language-video")
    expect(player.locator("[data-embed-header] [data-testid='ai-label']")).to_have_text(label)
    with page.expect_request(lambda request: request.url.startswith("https://player.vimeo.com/video/")):
        player.get_by_role("button", name=text(lang, "video-load")).click()
    expect(player.locator("iframe")).to_have_count(1)
    # The label stays over the playing video, and its full-screen dialog names it too.
    expect(player.locator(":scope > [data-testid='ai-label']")).to_be_visible()
    player.get_by_role("button", name=text(lang, "video-fullscreen")).click()
    expect(player.locator("dialog[open] [data-testid='ai-label']")).to_be_visible()
    expect(player.locator("dialog[open] [data-testid='ai-label']")).to_have_text(label)
    player.locator("dialog[open]").get_by_role("button", name=text(lang, "video-close")).click()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ai_caller_project_loads_the_voice_agent_only_on_click(shared_pages: SharedPages, lang: str) -> None:
    desktop = shared_pages.visit("desktop")
    page = desktop.page
    links = get_content().site.links
    desktop.goto(localized_path(lang, "/project/106"))
    call = page.get_by_test_id("click-to-call")
    expect(call).to_have_attribute("href", "tel:" + links.voice_demo_phone.replace(" ", ""))
    expect(call).to_have_text(text(lang, "project-call", phone=links.voice_demo_phone))
    agent = page.get_by_test_id("project-voice-agent")
    expect(agent).to_contain_text(text(lang, "voice-agent-load"))
    expect(page.get_by_test_id("voice-demo")).to_contain_text(text(lang, "project-voice-text"))
    assert desktop.foreign_requests == []
    with page.expect_request(str(links.voice_agent_script_url)):
        # The load button; beside it, 'Always load ...' (remembered consent) is another.
        agent.locator("[data-embed-load]").click()
    expect(agent).to_have_attribute("data-loaded", "true")
    # React 19 puts an async script into the document's head.
    expect(page.locator(f'script[src="{links.voice_agent_script_url}"]')).to_have_count(1)


def test_project_page_fits_a_phone_screen(shared_pages: SharedPages) -> None:
    for path in (localized_path("de", "/project/104"), localized_path("de", "/project/100")):
        mobile = shared_pages.open("mobile", path)
        assert mobile.page.evaluate("document.documentElement.scrollWidth") <= 375
