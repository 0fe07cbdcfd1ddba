"""Keyboard use: every control reachable with Tab and visibly focused,
operable with Enter, Space and the arrow keys; dialogs take focus in, keep it, close with
Escape and give it back.

Reachability compares two sets on the page as loaded: the focusable, visible controls
(links, buttons, fields, summaries, anything with tabindex >= 0; of a radio group the
checked one) and the elements Tab actually lands on, from the top until focus leaves the
page. While tabbing, each stop's outline and box-shadow (its own, its next sibling's for
peer rings as on the visually hidden radio buttons, or up to three ancestors' for rings
around a card) must differ from how they looked unfocused, and be visible.

Focus is never hidden (WCAG 2.4.11): walking forwards with Tab and backwards with
Shift+Tab, every page type at 1280 and 375 px, no part of a focused element is under the
fixed header (the header's height gives the page its scroll padding, assets/styles.css)
and none is wholly outside the viewport.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path

from .conftest import SharedPages, page_of_its_own, wait_until_hydrated
from .support.expected import PAGE_TYPES, text
from .support.popovers import expect_expanded

# Marks every focusable, visible control with data-kb-id; returns their descriptions and
# the focus-relevant styles of each one, its parent and its next sibling, unfocused.
COLLECT = """() => {
  const selector = 'a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable="true"]';
  // The ring of the kit's inset variant is its ::after layer's shadow.
  const look = (el) => {
    if (!el) return '';
    const s = getComputedStyle(el);
    const shadow = [s.boxShadow, getComputedStyle(el, '::after').boxShadow].filter((v) => v !== 'none').join(', ');
    return [s.outlineStyle, s.outlineWidth, s.outlineColor, shadow || 'none'].join('|');
  };
  const ancestors = (el) => [el.parentElement, el.parentElement?.parentElement,
                             el.parentElement?.parentElement?.parentElement];
  const controls = [];
  for (const el of document.querySelectorAll(selector)) {
    delete el.dataset.kbId;
    if (el.matches(':disabled') || el.tabIndex < 0 || el.type === 'hidden' || el.closest('[inert]')) continue;
    if (el.type === 'radio' && !el.checked && el.form !== undefined
        && document.querySelector(`input[type=radio][name="${el.name}"]:checked`)) continue;
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    el.dataset.kbId = String(controls.length);
    controls.push({
      name: `<${el.tagName.toLowerCase()}> ${(el.getAttribute('aria-label') || el.textContent || el.getAttribute('href') || el.name || '').trim().replace(/\\s+/g, ' ').slice(0, 60)}`,
      looks: [look(el), look(el.nextElementSibling), ...ancestors(el).map(look)],
    });
  }
  return controls;
}"""

# Whether the focused element is hidden: any part of it under the fixed header (the
# element painted at that point is the header's), or all of it outside the viewport.
# Chromium does not scroll to an element already partly in view (a tab at the edge of a
# scrolling strip, a text field whose caret line shows), which WCAG 2.4.11 allows.
# Scrolling is instant here: a smooth scroll ends where an instant one does.
HIDDEN = """(el) => {
  const header = document.getElementById('site-header');
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return null;
  const where = `left ${Math.round(r.left)}, right ${Math.round(r.right)}, top ${Math.round(r.top)}, bottom ${Math.round(r.bottom)}`;
  if (r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) {
    return `outside the viewport (${where} of ${innerWidth} x ${innerHeight})`;
  }
  if (!header || header.contains(el)) return null;
  const bar = header.firstElementChild.getBoundingClientRect();
  if (r.top >= bar.bottom - 0.5 || r.bottom <= bar.top) return null;
  const x = Math.min(Math.max((Math.max(r.left, bar.left) + Math.min(r.right, bar.right)) / 2, 0), innerWidth - 1);
  const topmost = document.elementFromPoint(x, Math.max(r.top, 0) + 1);
  return topmost && header.contains(topmost) ? `under the header (${where}; header bottom ${Math.round(bar.bottom)})` : null;
}"""

# Where focus is now: the control's id (null when it is not a marked control, e.g. the
# body once focus has left the page), the same three styles, and whether it is hidden.
FOCUSED = f"""() => {{
  const el = document.activeElement;
  if (!el || el === document.body) return {{ id: null }};
  const look = (node) => {{
    if (!node) return '';
    const s = getComputedStyle(node);
    const shadow = [s.boxShadow, getComputedStyle(node, '::after').boxShadow].filter((v) => v !== 'none').join(', ');
    return [s.outlineStyle, s.outlineWidth, s.outlineColor, shadow || 'none'].join('|');
  }};
  const ancestors = (node) => [node.parentElement, node.parentElement?.parentElement,
                               node.parentElement?.parentElement?.parentElement];
  const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('href') || el.tagName)
    .trim().replace(/\\s+/g, ' ').slice(0, 60);
  return {{ id: el.dataset.kbId ?? '?', tag: el.tagName, name: `<${{el.tagName.toLowerCase()}}> ${{name}}`,
           hidden: ({HIDDEN})(el), looks: [look(el), look(el.nextElementSibling), ...ancestors(el).map(look)] }};
}}"""


def _visible_indicator(look: str) -> bool:
    style, width, colour, shadow = look.split("|")
    outline = style != "none" and width not in ("0px", "") and not colour.endswith(", 0)")
    return outline or (shadow != "none" and shadow != "")


def _shows_focus(before: list[str], after: list[str]) -> bool:
    return any(a != b and _visible_indicator(a) for a, b in zip(after, before, strict=True))


INSTANT_SCROLL = "html { scroll-behavior: auto !important; }"


def tab_through(page: Page) -> tuple[list[str], list[str], list[str]]:
    """(controls Tab never reached, controls reached without a visible focus indicator,
    stops hidden outside the viewport or under the header). Fails when the page has no
    control to check: a page that lost its controls (or a selector that no longer finds
    them) must not pass as 'every control reachable'."""
    controls = page.evaluate(COLLECT)
    if not controls:
        pytest.fail(f"no focusable control found on {page.url}: nothing to check", pytrace=False)
    page.add_style_tag(content=INSTANT_SCROLL)
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    reached: set[int] = set()
    unmarked: list[str] = []
    hidden: list[str] = []
    for _ in range(len(controls) + 15):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused["id"] is None:
            if reached:
                break
            continue
        if focused.get("hidden"):
            hidden.append(f"{focused['name']}: {focused['hidden']}")
        if focused["id"] == "?":
            continue
        index = int(focused["id"])
        if index in reached:
            break
        reached.add(index)
        if not _shows_focus(controls[index]["looks"], focused["looks"]):
            unmarked.append(controls[index]["name"])
    # A control disabled meanwhile is not missed (a carousel's 'next' once at the end).
    disabled = set(
        page.evaluate(
            "() => [...document.querySelectorAll('[data-kb-id]:disabled')].map((el) => +el.dataset.kbId)"
        )
    )
    unreached = [
        control["name"] for i, control in enumerate(controls) if i not in reached and i not in disabled
    ]
    return unreached, unmarked, hidden


def hidden_going_back(page: Page, limit: int = 300) -> list[str]:
    """Shift+Tab from the end of the page to its start: the stops hidden outside the
    viewport or under the header (scrolling up, an element lands at the top, where the
    header is)."""
    page.add_style_tag(content=INSTANT_SCROLL)
    page.evaluate(
        "() => { document.activeElement && document.activeElement.blur();"
        " window.scrollTo(0, document.documentElement.scrollHeight); }"
    )
    hidden: list[str] = []
    seen = 0
    for _ in range(limit):
        page.keyboard.press("Shift+Tab")
        focused = page.evaluate(FOCUSED)
        if focused["id"] is None:
            if seen:
                break
            continue
        seen += 1
        if focused.get("hidden"):
            hidden.append(f"{focused['name']}: {focused['hidden']}")
    return hidden


def assert_keyboard_reachable(page: Page, where: str, *, backwards: bool = True) -> None:
    unreached, unmarked, hidden = tab_through(page)
    back = hidden_going_back(page) if backwards else []
    problems = []
    if unreached:
        problems.append("not reachable with Tab:\n    " + "\n    ".join(unreached))
    if unmarked:
        problems.append("no visible focus indicator:\n    " + "\n    ".join(unmarked))
    if hidden:
        problems.append("focus hidden, with Tab:\n    " + "\n    ".join(hidden))
    if back:
        problems.append("focus hidden, with Shift+Tab:\n    " + "\n    ".join(back))
    if problems:
        pytest.fail(f"keyboard problems on {where}:\n" + "\n".join(problems), pytrace=False)


@pytest.mark.parametrize("name", list(PAGE_TYPES))
def test_every_control_is_reachable_with_tab_and_shows_focus(shared_pages: SharedPages, name: str) -> None:
    desktop = shared_pages.load("desktop", PAGE_TYPES[name])
    assert_keyboard_reachable(desktop.page, f"{PAGE_TYPES[name]} at 1280 px")


# Every page type on a phone too, in German (longer words, other wrapping).
@pytest.mark.parametrize("name", list(PAGE_TYPES))
def test_every_control_is_reachable_with_tab_at_375_px(shared_pages: SharedPages, name: str) -> None:
    mobile = shared_pages.load("mobile", localized_path("de", PAGE_TYPES[name]))
    assert_keyboard_reachable(mobile.page, f"{localized_path('de', PAGE_TYPES[name])} at 375 px")


# ---- Operable: Enter, Space, arrow keys ----


def test_enter_follows_links_and_tabs(shared_pages: SharedPages) -> None:
    desktop = shared_pages.visit("desktop")
    page = desktop.page
    desktop.goto("/")
    page.locator('#site-header nav a[href="/services"]').first.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(desktop.url("/services"))
    desktop.goto("/portfolio/all")
    page.locator('[data-testid="portfolio-tab"][data-tab="ai-callers"]').focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(desktop.url("/portfolio/ai-callers"))


def test_faq_opens_and_closes_with_enter_and_space(shared_pages: SharedPages) -> None:
    desktop = shared_pages.visit("desktop")
    page = desktop.page
    desktop.goto("/")
    item = page.locator("details[data-testid^='faq-item-']").first
    item.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(item).to_have_attribute("open", "")
    page.keyboard.press("Space")
    expect(item).not_to_have_attribute("open", "")


def test_carousel_moves_with_arrow_keys(shared_pages: SharedPages) -> None:
    desktop = shared_pages.visit("desktop")
    page = desktop.page
    desktop.goto("/project/103")
    carousel = page.get_by_test_id("screenshot-carousel")
    expect(carousel).to_have_attribute("data-ready", "true")
    carousel.focus()
    page.keyboard.press("ArrowRight")
    expect(carousel).to_have_attribute("data-selected", "1")
    page.keyboard.press("ArrowLeft")
    expect(carousel).to_have_attribute("data-selected", "0")
    # The previous/next buttons answer Enter and Space like any button.
    carousel.locator("[data-carousel-next]").focus()
    page.keyboard.press("Enter")
    expect(carousel).to_have_attribute("data-selected", "1")
    page.keyboard.press("Space")
    expect(carousel).to_have_attribute("data-selected", "2")


# Where focus is, as the strip of a carousel sees it: in which slide, and how far the
# browser has scrolled the strip itself (embla moves slides with transforms, not scrolling).
FOCUS_IN_STRIP = """(root) => {
  const slide = document.activeElement?.closest('[data-carousel-slide]');
  return { slide: slide && root.contains(slide) ? Number(slide.dataset.carouselSlide) : null,
           scrolled: root.querySelector('[data-carousel-viewport]').scrollLeft };
}"""


# Whether the focused element shows whole, left to right (a carousel's strip moves sideways).
IN_VIEW = """() => {
  const r = document.activeElement.getBoundingClientRect();
  return r.left >= 0 && r.right <= innerWidth ? 'in view'
    : `${document.activeElement.tagName} at ${Math.round(r.left)}..${Math.round(r.right)} of ${innerWidth}`;
}"""


def _held_route(page: Page, held: list[Route]) -> Route:
    """The request `held` keeps waiting, once Playwright has handed it over (its handlers
    run while Playwright is called, so the wait polls through the page)."""
    for _ in range(600):
        if held:
            return held[0]
        page.wait_for_timeout(50)
    raise AssertionError("the carousel never asked for its script")


def test_focus_stays_in_view_when_the_carousel_script_arrives_late(browser: Browser, base_url: str) -> None:
    """Tab into a looping carousel before its script (embla, fetched once the carousel
    nears the viewport) has arrived: the browser scrolls the strip to show the focused
    control. When embla then takes the strip over, the control must stay in view, not be
    moved out of it by embla's first position added to the browser's scroll (a visitor
    tabbing on a slow connection; the Tab walk on /project/104 caught it under load)."""
    held: list[Route] = []
    with page_of_its_own(browser, "desktop") as page:
        page.route("**/embla-carousel-react*", lambda route: held.append(route))
        page.goto(base_url + "/project/104")
        wait_until_hydrated(page)
        carousel = page.get_by_test_id("vertical-videos")
        carousel.focus()
        where = carousel.evaluate(FOCUS_IN_STRIP)
        for _ in range(40):
            page.keyboard.press("Tab")
            where = carousel.evaluate(FOCUS_IN_STRIP)
            if where["slide"] is not None and where["scrolled"] > 0:
                break
        assert where["slide"] is not None and where["scrolled"] > 0, (
            f"Tab never reached a slide the browser had to scroll to ({where}): nothing to check"
        )
        assert page.evaluate(IN_VIEW) == "in view"
        _held_route(page, held).fallback()
        expect(carousel).to_have_attribute("data-ready", "true")
        assert page.evaluate(IN_VIEW) == "in view"
        # And the next stop, in the strip embla now drives, shows too.
        page.keyboard.press("Tab")
        assert page.evaluate(IN_VIEW) == "in view"


def test_click_to_load_posters_load_with_enter_and_space(shared_pages: SharedPages) -> None:
    desktop = shared_pages.visit("desktop")
    page = desktop.page
    desktop.goto("/")
    promo = page.get_by_test_id("promo-video")
    promo.locator("[data-embed-load]").focus()
    page.keyboard.press("Enter")
    expect(promo).to_have_attribute("data-loaded", "true")
    other = page.get_by_test_id("avatar-session")
    other.locator("[data-embed-load]").focus()
    page.keyboard.press("Space")
    expect(other).to_have_attribute("data-loaded", "true")


def test_menu_button_answers_enter_and_space(shared_pages: SharedPages) -> None:
    mobile = shared_pages.visit("mobile")
    page = mobile.page
    mobile.goto("/")
    toggle = page.get_by_test_id("menu-toggle")
    toggle.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("mobile-menu")).to_be_visible()
    toggle.focus()
    page.keyboard.press("Space")
    expect(page.get_by_test_id("mobile-menu")).to_be_hidden()


# ---- Dialogs: focus in, trapped, Escape closes, focus back ----

INSIDE = "(root) => root.contains(document.activeElement) && document.activeElement !== document.body"


def assert_dialog_contract(
    page: Page,
    opener: Locator,
    dialog: Locator,
    within: str,
    presses: int = 8,
    escape_from: Locator | None = None,
    native_modal: bool = False,
) -> None:
    """Enter on `opener` shows `dialog` with focus inside; Tab and Shift+Tab, several
    times round, keep focus within `within` (a selector); Escape (pressed on
    `escape_from` if given) closes the dialog and focus is back on `opener`.

    `native_modal`: a `<dialog>` shown with showModal(). The browser makes the page behind
    inert, so Tab never reaches it; after the dialog's last control Chromium moves focus to
    its own interface (the page's active element is then the body) and from there back to
    the dialog's first control. That is the platform's modal behaviour, not a leak: it is
    accepted here, and what is checked is that no element of the page outside the dialog
    ever gets focus."""
    opener.focus()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    assert dialog.evaluate(INSIDE), "opening did not move focus into the dialog"
    for key in ("Tab", "Shift+Tab"):
        for step in range(presses):
            page.keyboard.press(key)
            inside = page.evaluate(
                "([within, native]) => !!document.activeElement.closest(within)"
                " || (native && document.activeElement === document.body)",
                [within, native_modal],
            )
            assert inside, f"{key} #{step + 1} took focus out of {within}"
    if escape_from is not None:
        escape_from.focus()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()


def test_image_preview_dialog_keeps_and_returns_focus(shared_pages: SharedPages, viewport: str) -> None:
    visit = shared_pages.visit(viewport)
    visit.goto("/project/102")
    page = visit.page
    opener = page.locator("[data-testid='project-gallery'] button").first
    assert_dialog_contract(
        page,
        opener,
        page.get_by_test_id("image-preview-1"),
        "[data-testid='image-preview-1']",
        native_modal=True,
    )


def test_video_fullscreen_dialog_keeps_and_returns_focus(shared_pages: SharedPages) -> None:
    desktop = shared_pages.visit("desktop")
    desktop.goto("/")
    page = desktop.page
    promo = page.get_by_test_id("promo-video")
    promo.locator("[data-embed-load]").focus()
    page.keyboard.press("Enter")
    expect(promo).to_have_attribute("data-loaded", "true")
    # Escape from the close button: inside the player (a cross-origin frame) the browser
    # gives the key to the player, not to the page.
    assert_dialog_contract(
        page,
        promo.locator("[data-video-fullscreen]"),
        promo.locator("[data-video-dialog]"),
        "[data-video-dialog]",
        escape_from=promo.locator("[data-video-close]"),
        native_modal=True,
    )


def test_mobile_menu_takes_focus_in_and_gives_it_back(shared_pages: SharedPages) -> None:
    """The menu is a native popover: opening it moves focus to its first link (autofocus),
    Tab walks its controls in order, Shift+Tab from the first returns to the toggle, and
    Escape closes it with focus back on the toggle. It is not modal (the page behind stays
    usable, as with any dropdown): Tab past its last control closes it
    (test_tab_past_the_open_menu_closes_it)."""
    mobile = shared_pages.visit("mobile")
    mobile.goto("/")
    page = mobile.page
    toggle = page.get_by_test_id("menu-toggle")
    panel = page.get_by_test_id("mobile-menu")
    toggle.focus()
    page.keyboard.press("Enter")
    expect(panel).to_be_visible()
    expect(panel.get_by_role("link").first).to_be_focused()
    controls = panel.locator("a[href], button").filter(visible=True)
    for index in range(1, controls.count()):
        page.keyboard.press("Tab")
        expect(controls.nth(index)).to_be_focused()
    for _ in range(controls.count() - 1):
        page.keyboard.press("Shift+Tab")
    expect(controls.first).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(toggle).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(toggle).to_be_focused()
    expect_expanded(page, "#menu-toggle", False)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tab_past_the_open_menu_closes_it(shared_pages: SharedPages, lang: str) -> None:
    """The open menu covers the page under it at 375 px: Tab past its last control closes
    it, so focus never lands on a control hidden under it. The menu is a named navigation
    and its toggle says whether it is expanded."""
    page = shared_pages.load("mobile", localized_path(lang, "/")).page
    toggle, panel = page.get_by_test_id("menu-toggle"), page.get_by_test_id("mobile-menu")
    toggle.focus()
    page.keyboard.press("Enter")
    expect(panel).to_be_visible()
    expect_expanded(page, "#menu-toggle", True)
    expect(panel.get_by_role("navigation")).to_have_accessible_name(text(lang, "nav-main-label"))
    controls = panel.locator("a[href], button").filter(visible=True)
    for index in range(1, controls.count()):
        page.keyboard.press("Tab")
        expect(controls.nth(index)).to_be_focused()
    page.keyboard.press("Tab")
    expect(panel).to_be_hidden()
    expect_expanded(page, "#menu-toggle", False)
    focused = page.evaluate(FOCUSED)
    assert focused["id"] is not None and not focused["hidden"], focused
    assert not page.evaluate("() => document.getElementById('site-header').contains(document.activeElement)")


def test_language_dropdown_opens_walks_and_closes_with_the_keyboard(shared_pages: SharedPages) -> None:
    desktop = shared_pages.visit("desktop")
    desktop.goto("/de/ueber-uns")
    page = desktop.page
    switcher = page.get_by_test_id("language-switcher").filter(visible=True)
    options = page.get_by_test_id("language-options").filter(visible=True)
    switcher.focus()
    page.keyboard.press("Enter")
    expect(options).to_be_visible()
    expect_expanded(page, "#language-desktop", True)
    page.keyboard.press("Tab")
    expect(options.get_by_test_id("language-option-en")).to_be_focused()
    page.keyboard.press("Tab")
    expect(options.get_by_test_id("language-option-de")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("language-options").filter(visible=True)).to_have_count(0)
    expect(switcher).to_be_focused()
    page.keyboard.press("Space")
    expect(options).to_be_visible()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page).to_have_url(desktop.url("/about"))
    assert page.evaluate("localStorage.getItem('language')") == "en"
    page.evaluate("localStorage.clear()")


def test_the_tab_check_fails_without_controls_or_without_a_focus_ring(shared_pages: SharedPages) -> None:
    """The check above can fail: on a page without controls, and on one whose focus is invisible."""
    page = shared_pages.tab("desktop").page
    page.set_content("<p>No control here.</p>")
    with pytest.raises(pytest.fail.Exception, match="no focusable control"):
        tab_through(page)
    page.set_content("<a href='#one'>one</a> <button>two</button> <button hidden>three</button>")
    assert tab_through(page) == ([], [], [])
    page.add_style_tag(
        content="*:focus, *:focus-visible { outline: none !important; box-shadow: none !important; }"
    )
    assert tab_through(page)[:2] == ([], ["<a> one", "<button> two"])
    page.set_content(
        "<a href='#one'>one</a> <button tabindex='-1'>two</button> <div tabindex='0'>three</div>"
    )
    page.evaluate("() => document.querySelector('div').addEventListener('focus', (e) => e.target.blur())")
    assert tab_through(page)[0] == ["<div> three"]


def test_the_hidden_focus_check_finds_a_control_under_a_fixed_header(shared_pages: SharedPages) -> None:
    """The check above can fail: a link at the top of a page whose fixed header covers it
    is reported both ways; the same page with room for the header is not."""
    page = shared_pages.tab("desktop").page
    header = (
        "<header id='site-header' style='position:fixed;inset:0 0 auto 0;background:#fff'>"
        "<div style='height:80px'></div></header>"
    )
    page.set_content(
        f"{header}<main><a href='#a'>under</a><p style='height:2000px'></p><button>last</button></main>"
    )
    assert any(stop.startswith("<a> under: under the header") for stop in tab_through(page)[2])
    assert any(stop.startswith("<a> under: under the header") for stop in hidden_going_back(page))
    page.set_content(
        f"{header}<main style='padding-top:80px'><a href='#a'>under</a><p style='height:2000px'></p>"
        "<button>last</button></main>"
    )
    assert tab_through(page)[2] == [] and hidden_going_back(page) == []


# ---- A keyboard walk: the menu, the language switcher, the FAQ and the form, no mouse ----


def tab_until(page: Page, selector: str, *, key: str = "Tab", limit: int = 80) -> None:
    """Press `key` until the focused element matches `selector` (fails after `limit`)."""
    for _ in range(limit):
        page.keyboard.press(key)
        if page.evaluate("(selector) => document.activeElement?.matches(selector) ?? false", selector):
            return
    pytest.fail(f"{limit} presses of {key} never reached {selector} on {page.url}", pytrace=False)


def test_escape_in_the_mobile_menus_language_list_returns_focus_to_its_button(
    shared_pages: SharedPages,
) -> None:
    """Escape in the language list inside the open mobile menu closes the list and puts
    focus back on the language button (the browser left it on the page's body); a second
    Escape closes the menu, focus back on the menu button."""
    mobile = shared_pages.visit("mobile")
    mobile.goto("/de")
    page = mobile.page
    page.get_by_test_id("menu-toggle").focus()
    page.keyboard.press("Enter")
    tab_until(page, "#language-mobile")
    page.keyboard.press("Enter")
    tab_until(page, "#language-mobile-options a")
    page.keyboard.press("Escape")
    expect(page.locator("#language-mobile-options")).to_be_hidden()
    expect(page.locator("#language-mobile")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("mobile-menu")).to_be_hidden()
    expect(page.get_by_test_id("menu-toggle")).to_be_focused()


def test_keyboard_walk_through_menu_language_faq_services_and_form(shared_pages: SharedPages) -> None:
    """Tab, Shift+Tab, Enter, Space and Escape only: on a phone, the German home page's
    menu and its language switcher; the FAQ; a service from the services page; the
    contact form sent empty (focus lands on the first field in error, the live region
    says the message was not sent, in the page's language), then filled in."""
    mobile = shared_pages.visit("mobile")
    mobile.goto("/de")
    page = mobile.page
    # The menu: Tab to its button, Enter opens it (focus on its first link), Shift+Tab
    # back to the button, Escape closes it.
    tab_until(page, "#menu-toggle")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("mobile-menu")).to_be_visible()
    tab_until(page, "#language-mobile")
    page.keyboard.press("Space")
    expect(page.locator("#language-mobile-options")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#language-mobile")).to_be_focused()
    tab_until(page, "#menu-toggle", key="Shift+Tab")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("mobile-menu")).to_be_hidden()
    # The FAQ: Enter opens a question, Space closes it.
    tab_until(page, "details[data-testid^='faq-item-'] > summary", limit=120)
    item = page.locator("details:has(> summary:focus)")
    page.keyboard.press("Enter")
    expect(item).to_have_attribute("open", "")
    page.keyboard.press("Space")
    expect(item).not_to_have_attribute("open", "")
    # The language switcher, again from the menu: English, the same page.
    page.evaluate("() => window.scrollTo(0, 0)")
    page.get_by_test_id("menu-toggle").focus()
    page.keyboard.press("Enter")
    tab_until(page, "#language-mobile")
    page.keyboard.press("Enter")
    tab_until(page, "#language-mobile-options [data-testid='language-option-en']")
    page.keyboard.press("Enter")
    expect(page).to_have_url(mobile.url("/"))
    page.evaluate("() => localStorage.removeItem('language')")

    desktop = shared_pages.visit("desktop")
    desktop.goto("/services")
    page = desktop.page
    tab_until(page, "[data-testid='service-card']")
    target = page.evaluate("() => document.activeElement.getAttribute('href')")
    page.keyboard.press("Enter")
    expect(page).to_have_url(desktop.url(target))

    desktop.goto(localized_path("de", "/contact"))
    page.locator("#contact-name").wait_for()
    tab_until(page, "#contact-name", limit=60)
    tab_until(page, "[data-testid='contact-submit']")
    page.keyboard.press("Enter")
    expect(page.locator("#contact-name")).to_be_focused()
    expect(page.locator("#contact-name")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_test_id("contact-announcement")).to_have_text(text("de", "contact-errors-summary"))
    page.keyboard.type("Ada Lovelace")
    page.keyboard.press("Tab")
    expect(page.locator("#contact-email")).to_be_focused()
