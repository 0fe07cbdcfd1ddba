"""Blog list and articles: cards, live search, image states, article pages, unknown ids."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect

from agency_site.constants import LANGUAGES
from agency_site.content.blog import get_post, get_posts
from agency_site.i18n import localized_path
from agency_site.seo.texts import search_description

from .conftest import HYDRATED, VIEWPORTS, SharedPages, open_visit
from .support.expected import BLOG_POST_IDS, post, text

# A word from each language that only the excerpt of one post contains, and a title.
EXCERPT_ONLY = {"en": ("spam", "ai-everyday-life"), "de": ("spam", "ai-everyday-life")}


def image_files(src: str) -> re.Pattern[str]:
    """The requests for image `src` ('/blog/stock-05.webp'): the file itself or any of its
    widths and formats ('/assets/img/blog/stock-05-400w-<hash>.avif')."""
    stem = re.escape(src.rsplit(".", 1)[0])
    return re.compile(rf"{stem}(-\d+w-[0-9a-f]+)?\.(webp|avif)$")


def _cards(page: Page):
    return page.get_by_test_id("blog-card")


def _visible_ids(page: Page, lang: str) -> list[str]:
    """The posts whose cards the visitor sees, by the address their links lead to (a
    German post's address carries its German slug, not its id)."""
    ids_by_path = {localized_path(lang, f"/blog/{post_id}"): post_id for post_id in BLOG_POST_IDS}
    links = _cards(page).filter(visible=True).get_by_role("link")
    paths = links.evaluate_all("(links) => links.map((a) => new URL(a.href).pathname)")
    return [ids_by_path.get(path, path) for path in paths]


def _search(page: Page, text: str) -> None:
    page.locator("#blog-search").fill(text)


def _expect_count(page: Page, lang: str, shown: int) -> None:
    expect(page.get_by_role("status")).to_have_text(
        text(lang, "blog-results", count=shown, total=len(BLOG_POST_IDS))
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_list_shows_eight_cards_with_read_time(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    visit = shared_pages.open(viewport, localized_path(lang, "/blog"))
    page = visit.page
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, "page-blog-title"))
    cards = _cards(page)
    expect(cards).to_have_count(len(BLOG_POST_IDS))
    for index, post_id in enumerate(BLOG_POST_IDS):
        card, written = cards.nth(index), post(lang, post_id)
        link = card.get_by_role("link", name=written.title)
        expect(link).to_have_attribute("href", localized_path(lang, f"/blog/{post_id}"))
        expect(card).to_contain_text(written.excerpt)
        expect(card).to_contain_text(written.date_text(lang))
        # The read time is computed from the words (agency_site/content/blog.py).
        expect(card.get_by_test_id("read-time")).to_have_text(
            text(lang, "blog-min-read", minutes=get_post(lang, post_id).read_minutes)
        )
    expect(page.locator("#blog-search")).to_have_attribute(
        "placeholder", text(lang, "blog-search-placeholder")
    )
    expect(page.locator("#blog-clear-search")).to_be_hidden()
    expect(page.locator("#blog-empty")).to_be_hidden()
    _expect_count(page, lang, len(BLOG_POST_IDS))
    assert visit.foreign_requests == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_is_case_insensitive_over_title_and_excerpt(shared_pages: SharedPages, lang: str) -> None:
    desktop = shared_pages.tab("desktop")
    desktop.goto(localized_path(lang, "/blog"))
    page = desktop.page
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: frames.append(str(payload))))
    healthcare = post(lang, "ai-healthcare")
    total = len(BLOG_POST_IDS)

    # Upper case, part of a title.
    _search(page, healthcare.title.split(":")[0].upper())
    expect(_cards(page).filter(visible=True)).to_have_count(1)
    assert _visible_ids(page, lang) == ["ai-healthcare"]
    expect(page.locator("#blog-clear-search")).to_be_visible()
    _expect_count(page, lang, 1)

    # Lower case, a word only one excerpt has.
    word, post_id = EXCERPT_ONLY[lang]
    assert word not in post(lang, post_id).title.lower() and word in post(lang, post_id).excerpt.lower()
    _search(page, word.lower())
    expect(_cards(page).filter(visible=True)).to_have_count(1)
    assert _visible_ids(page, lang) == [post_id]

    # Mixed case matching several posts keeps the clear button while some are hidden.
    several = "UnterNehmen" if lang == "de" else "BusiNess"
    matching = [pid for pid in BLOG_POST_IDS if several.lower() in _searchable(lang, pid)]
    assert 1 < len(matching) < total, matching
    _search(page, several)
    expect(_cards(page).filter(visible=True)).to_have_count(len(matching))
    assert _visible_ids(page, lang) == matching
    _expect_count(page, lang, len(matching))
    expect(page.locator("#blog-clear-search")).to_be_visible()
    expect(page.locator("#blog-empty")).to_be_hidden()

    # No match: empty state, every card hidden.
    _search(page, "quantum knitting")
    expect(_cards(page).filter(visible=True)).to_have_count(0)
    expect(page.locator("#blog-empty")).to_be_visible()
    expect(page.locator("#blog-empty")).to_contain_text(text(lang, "blog-empty-title"))
    _expect_count(page, lang, 0)

    # Clearing shows everything again, hides the button and puts the visitor back in the box.
    page.locator("#blog-clear-search").click()
    expect(page.locator("#blog-search")).to_have_value("")
    expect(page.locator("#blog-search")).to_be_focused()
    expect(_cards(page).filter(visible=True)).to_have_count(total)
    expect(page.locator("#blog-clear-search")).to_be_hidden()
    expect(page.locator("#blog-empty")).to_be_hidden()
    _expect_count(page, lang, total)
    # The filter runs in the browser: nothing went to the server while searching.
    assert frames == []


def _searchable(lang: str, post_id: str) -> str:
    written = post(lang, post_id)
    return f"{written.title}\n{written.excerpt}".lower()


def test_search_typed_before_hydration_is_applied(browser, base_url: str) -> None:
    visit = open_visit(browser, base_url, "desktop")
    try:
        visit.page.goto(visit.url("/blog"), wait_until="domcontentloaded")
        visit.page.locator("#blog-search").fill("CYBER")
        visit.wait_until_interactive()
        expect(_cards(visit.page).filter(visible=True)).to_have_count(1)
        assert _visible_ids(visit.page, "en") == ["ai-cybersecurity"]
        _expect_count(visit.page, "en", 1)
        expect(visit.page.locator("#blog-search")).to_have_value("CYBER")
    finally:
        visit.context.close()


def test_search_starts_empty_when_the_list_is_opened_again(shared_pages: SharedPages) -> None:
    """The query is the list's own: back on the list (client-side), every post shows again."""
    visit = shared_pages.load("desktop", "/blog")
    page = visit.page
    _search(page, "cyber")
    expect(_cards(page).filter(visible=True)).to_have_count(1)
    _cards(page).filter(visible=True).get_by_role("link").click()
    expect(page.get_by_test_id("screen-title")).to_have_text(post("en", "ai-cybersecurity").title)
    page.get_by_test_id("back-to-blog").click()
    expect(page.get_by_test_id("screen-title")).to_have_text(text("en", "page-blog-title"))
    expect(page.locator("#blog-search")).to_have_value("")
    expect(_cards(page).filter(visible=True)).to_have_count(len(BLOG_POST_IDS))
    _expect_count(page, "en", len(BLOG_POST_IDS))
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1


def _card_image(page: Page, index: int):
    return _cards(page).nth(index).get_by_test_id("card-image")


def _expect_loaded(image) -> None:
    expect(image.locator(".blog-image-skeleton")).to_be_hidden()
    expect(image.get_by_test_id("image-unavailable")).to_be_hidden()
    expect(image.locator("img").first).to_be_visible()


def _expect_failed(image, lang: str, placeholder: str) -> None:
    unavailable = image.get_by_test_id("image-unavailable")
    expect(unavailable).to_be_visible()
    expect(unavailable).to_have_text(text(lang, "blog-image-unavailable"))
    expect(unavailable.locator("img")).to_have_attribute("src", placeholder)
    expect(image.locator("img").first).to_be_hidden()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_image_loading_then_loaded(shared_pages: SharedPages, lang: str) -> None:
    desktop = shared_pages.tab("desktop")
    page = desktop.page
    held: list[Route] = []
    first = get_posts(lang)[0]
    page.route(image_files(first.image), lambda route: held.append(route))
    # The image is held back, so the page's load event would wait for it: stop at DOM ready.
    with page.expect_request(image_files(first.image)):
        page.goto(desktop.url(localized_path(lang, "/blog")), wait_until="domcontentloaded")
    desktop.wait_until_interactive()
    image = _card_image(page, 0)
    expect(image.locator(".blog-image-skeleton")).to_be_visible()
    expect(image.get_by_test_id("image-unavailable")).to_be_hidden()
    assert held, "the image request was not intercepted"
    for route in held:
        route.continue_()
    _expect_loaded(image)


# The play states of an element's animations (its shimmer's).
PLAY_STATES = "(element) => element.getAnimations().map((animation) => animation.playState)"


def test_a_loading_shimmer_moves_only_while_its_card_is_seen(shared_pages: SharedPages) -> None:
    """A card far below the first screen at 375 px keeps its skeleton (its image is lazy) but
    its shimmer holds still until the card is scrolled to; then it moves while the image loads."""
    mobile = shared_pages.tab("mobile")
    page = mobile.page
    posts = get_posts("en")
    held: list[Route] = []
    page.route(image_files(posts[-1].image), lambda route: held.append(route))
    page.goto(mobile.url("/blog"), wait_until="domcontentloaded")
    mobile.wait_until_interactive()
    skeleton = _card_image(page, len(posts) - 1).locator(".blog-image-skeleton")
    expect(skeleton).to_be_attached()
    page.wait_for_function(f"(el) => ({PLAY_STATES})(el).join() === 'paused'", arg=skeleton.element_handle())
    skeleton.scroll_into_view_if_needed()
    expect(skeleton).to_be_in_viewport()
    page.wait_for_function(f"(el) => ({PLAY_STATES})(el).join() === 'running'", arg=skeleton.element_handle())
    assert held, "the image was not requested once its card was in view"
    for route in held:
        route.continue_()
    _expect_loaded(_card_image(page, len(posts) - 1))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_image_failure_shows_placeholder(shared_pages: SharedPages, lang: str) -> None:
    desktop = shared_pages.tab("desktop")
    page = desktop.page
    post = get_posts(lang)[2]
    page.route(image_files(post.image), lambda route: route.abort())
    desktop.goto(localized_path(lang, "/blog"))
    image = _card_image(page, 2)
    image.scroll_into_view_if_needed()
    _expect_failed(image, lang, post.placeholder)
    desktop.wait_until(
        lambda: any("Blog image failed to load" in line for line in desktop.console), "the failure logged"
    )
    # The other cards' images are not affected.
    _expect_loaded(_card_image(page, 0))


@pytest.mark.parametrize("outcome", ["loaded", "failed"])
def test_card_image_finished_before_hydration(browser, base_url: str, outcome: str) -> None:
    """An image that loaded or failed before React listened shows as such once hydrated."""
    visit = open_visit(browser, base_url, "desktop")
    page = visit.page
    first = get_posts("en")[0]
    if outcome == "failed":
        page.route(image_files(first.image), lambda route: route.abort())
    held: list[Route] = []
    page.route("**/assets/entry.client-*.js", lambda route: held.append(route))
    try:
        page.goto(visit.url("/blog"), wait_until="domcontentloaded")
        page.wait_for_function(
            "() => document.querySelector('[data-testid=card-image] > picture > img').complete"
        )
        visit.wait_until(lambda: bool(held), "the app's script requested")
        assert page.locator(HYDRATED).count() == 0, "hydrated too early"
        for route in held:
            route.continue_()
        visit.wait_until_interactive()
        image = _card_image(page, 0)
        if outcome == "loaded":
            _expect_loaded(image)
        else:
            _expect_failed(image, "en", first.placeholder)
            visit.wait_until(
                lambda: any("Blog image failed to load" in line for line in visit.console),
                "the failure logged",
            )
    finally:
        visit.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_article_page(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    written, built = post(lang, "ai-healthcare"), get_post(lang, "ai-healthcare")
    # Ends on another page, so the next reader of this one loads it again.
    visit = shared_pages.open(viewport, localized_path(lang, written.path))
    page = visit.page
    expect(page.get_by_test_id("screen-title")).to_have_text(written.title)
    expect(page).to_have_title(f"{written.title} | {text(lang, 'site-title-suffix')}")
    description = search_description(lang, written.path, written.excerpt)
    expect(page.locator("meta[name=description]")).to_have_attribute("content", description)
    back = page.get_by_test_id("back-to-blog")
    expect(back).to_have_text(text(lang, "blog-back"))
    expect(back).to_have_attribute("href", localized_path(lang, "/blog"))
    expect(page.get_by_test_id("article-author")).to_have_text(text(lang, "blog-by", author=written.author))
    header = page.locator("main header")
    expect(header.locator("time")).to_have_text(written.date_text(lang))
    expect(header.get_by_test_id("read-time")).to_have_text(
        text(lang, "blog-min-read", minutes=built.read_minutes)
    )
    image = page.get_by_test_id("article-image")
    expect(image).to_have_attribute("src", built.image)
    expect(image).to_have_attribute("fetchpriority", "high")  # the page's largest paint
    page.wait_for_function("() => document.querySelector('[data-testid=article-image]').naturalWidth > 0")
    body = page.get_by_test_id("article-body")
    expect(body.locator("h2").first).to_be_visible()
    assert len(body.inner_text().split()) >= 600
    more = page.get_by_test_id("more-articles").get_by_test_id("blog-card")
    expect(more).to_have_count(3)
    expect(more.get_by_role("link")).to_have_text(
        [post(lang, pid).title for pid in ("ai-cybersecurity", "ethical-ai", "ai-automation")]
    )
    back.click()
    expect(page).to_have_url(visit.url(localized_path(lang, "/blog")))
    assert visit.foreign_requests == []


def test_article_hero_falls_back_to_placeholder(shared_pages: SharedPages) -> None:
    desktop = shared_pages.tab("desktop")
    post = get_post("en", "ethical-ai")
    desktop.page.route(image_files(post.image), lambda route: route.abort())
    desktop.goto(post.path)
    image = desktop.page.get_by_test_id("article-image")
    expect(image).to_have_attribute("src", post.placeholder)
    desktop.page.wait_for_function(
        "() => document.querySelector('[data-testid=article-image]').naturalWidth > 0"
    )
    desktop.wait_until(
        lambda: any("Blog image failed to load" in line for line in desktop.console), "the failure logged"
    )


def test_article_hero_resets_when_the_post_changes(shared_pages: SharedPages) -> None:
    """A failed hero shows the placeholder; the next article (client-side) shows its own image."""
    desktop = shared_pages.tab("desktop")
    page = desktop.page
    broken, other = get_post("en", "ethical-ai"), get_post("en", "ai-automation")
    page.route(image_files(broken.image), lambda route: route.abort())
    desktop.goto(broken.path)
    expect(page.get_by_test_id("article-image")).to_have_attribute("src", broken.placeholder)
    page.get_by_test_id("more-articles").get_by_role("link", name=other.title).click()
    expect(page.get_by_test_id("screen-title")).to_have_text(other.title)
    expect(page.get_by_test_id("article-image")).to_have_attribute("src", other.image)
    page.wait_for_function("() => document.querySelector('[data-testid=article-image]').naturalWidth > 0")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unknown_post_says_not_found(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    visit = shared_pages.visit(viewport)
    response = visit.page.goto(visit.url(localized_path(lang, "/blog/no-such-post")))
    assert response is not None and response.status == 200
    visit.wait_until_interactive()
    page = visit.page
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, "blog-not-found-title"))
    expect(page.get_by_text(text(lang, "blog-not-found-text"))).to_be_visible()
    link = page.get_by_test_id("back-to-blog")
    expect(link).to_have_attribute("href", localized_path(lang, "/blog"))
    link.click()
    expect(page.get_by_test_id("screen-title")).to_have_text(text(lang, "page-blog-title"))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("post_id", BLOG_POST_IDS)
def test_every_article_has_its_own_head_and_body_prerendered(http, lang: str, post_id: str) -> None:
    import html as html_lib

    written, built = post(lang, post_id), get_post(lang, post_id)
    page = html_lib.unescape(http.get(localized_path(lang, written.path)).text)
    head = page.split("</head>", 1)[0]
    assert f"<title>{written.title} | {text(lang, 'site-title-suffix')}</title>" in head
    descriptions = [tag for tag in re.findall(r"<meta [^>]*>", head) if 'name="description"' in tag]
    description = search_description(lang, written.path, written.excerpt)
    assert descriptions == [f'<meta content="{description}" name="description"/>'], descriptions
    # The article is in the HTML before any script runs (search engines, no-JS readers).
    first_paragraph = built.html.split("</p>", 1)[0].removeprefix("<p>")
    assert html_lib.unescape(first_paragraph) in page


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_list_without_javascript_shows_every_card_as_a_link(
    browser, base_url: str, viewport: str, lang: str
) -> None:
    """With JavaScript off the list is the prerendered page: every card shows, and each is a
    link that opens its article."""
    context = browser.new_context(viewport=VIEWPORTS[viewport], java_script_enabled=False)
    try:
        page = context.new_page()
        list_url = base_url + localized_path(lang, "/blog")
        page.goto(list_url)
        cards = _cards(page)
        expect(cards).to_have_count(len(BLOG_POST_IDS))
        expect(cards.filter(visible=True)).to_have_count(len(BLOG_POST_IDS))
        expect(page.locator("#blog-empty")).to_be_hidden()
        expect(page.locator("#blog-clear-search")).to_be_hidden()
        _expect_count(page, lang, len(BLOG_POST_IDS))
        # Every card's link names its post and leads to its article (each article's
        # prerendered page: test_every_article_has_its_own_head_and_body_prerendered).
        for index, post_id in enumerate(BLOG_POST_IDS):
            written = post(lang, post_id)
            expect(cards.nth(index).get_by_role("link", name=written.title)).to_have_attribute(
                "href", localized_path(lang, f"/blog/{post_id}")
            )
        # Followed without JavaScript, the first and the last card open their article.
        for index in (0, len(BLOG_POST_IDS) - 1):
            post_id = BLOG_POST_IDS[index]
            written = post(lang, post_id)
            cards.nth(index).get_by_role("link", name=written.title).click()
            expect(page).to_have_url(base_url + localized_path(lang, f"/blog/{post_id}"))
            expect(page.get_by_test_id("screen-title")).to_have_text(written.title)
            expect(page.get_by_test_id("article-image")).to_be_visible()
            page.go_back()  # from the browser's cache: no new page load
            expect(page).to_have_url(list_url)
    finally:
        context.close()
