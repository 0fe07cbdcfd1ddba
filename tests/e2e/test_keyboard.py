"""Keyboard use (issue 7, item 4): every control reachable with Tab and visibly focused,
operable with Enter, Space and the arrow keys; dialogs take focus in, keep it, close with
Escape and give it back.

Reachability compares two sets on the page as loaded: the focusable, visible controls
(links, buttons, fields, summaries, anything with tabindex >= 0; of a radio group the
checked one) and the elements Tab actually lands on, from the top until focus leaves the
page. While tabbing, each stop's outline and box-shadow (its own, its next sibling's for
peer rings as on the visually hidden radio buttons, or up to three ancestors' for rings
around a card) must differ from how they looked unfocused, and be visible.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from agency_site.i18n import localized_path

from .conftest import SharedPages
from .popovers import expect_expanded
from .test_accessibility import PAGES

# Marks every focusable, visible control with data-kb-id; returns their descriptions and
# the focus-relevant styles of each one, its parent and its next sibling, unfocused.
COLLECT = """() => {
  const selector = 'a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable="true"]';
  const look = (el) => {
    if (!el) return '';
    const s = getComputedStyle(el);
    return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow].join('|');
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

# Where focus is now: the control's id (null when it is not a marked control, e.g. the
# body once focus has left the page) and the same three styles.
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return { id: null };
  const look = (node) => {
    if (!node) return '';
    const s = getComputedStyle(node);
    return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow].join('|');
  };
  const ancestors = (node) => [node.parentElement, node.parentElement?.parentElement,
                               node.parentElement?.parentElement?.parentElement];
  return { id: el.dataset.kbId ?? '?', tag: el.tagName,
           looks: [look(el), look(el.nextElementSibling), ...ancestors(el).map(look)] };
}"""


def _visible_indicator(look: str) -> bool:
    style, width, colour, shadow = look.split("|")
    outline = style != "none" and width not in ("0px", "") and not colour.endswith(", 0)")
    return outline or (shadow != "none" and shadow != "")


def _shows_focus(before: list[str], after: list[str]) -> bool:
    return any(a != b and _visible_indicator(a) for a, b in zip(after, before, strict=True))


def tab_through(page: Page) -> tuple[list[str], list[str]]:
    """(controls Tab never reached, controls reached without a visible focus indicator).
    Fails when the page has no control to check: a page that lost its controls (or a
    selector that no longer finds them) must not pass as 'every control reachable'."""
    controls = page.evaluate(COLLECT)
    if not controls:
        pytest.fail(f"no focusable control found on {page.url}: nothing to check", pytrace=False)
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    reached: set[int] = set()
    unmarked: list[str] = []
    for _ in range(len(controls) + 15):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused["id"] is None:
            if reached:
                break
            continue
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
    return unreached, unmarked


def assert_keyboard_reachable(page: Page, where: str) -> None:
    unreached, unmarked = tab_through(page)
    problems = []
    if unreached:
        problems.append("not reachable with Tab:\n    " + "\n    ".join(unreached))
    if unmarked:
        problems.append("no visible focus indicator:\n    " + "\n    ".join(unmarked))
    if problems:
        pytest.fail(f"keyboard problems on {where}:\n" + "\n".join(problems), pytrace=False)


MOBILE_PAGES = ("home", "project-video", "contact")


@pytest.mark.parametrize("name", list(PAGES))
def test_every_control_is_reachable_with_tab_and_shows_focus(shared_pages: SharedPages, name: str) -> None:
    desktop = shared_pages.load("desktop", PAGES[name])
    assert_keyboard_reachable(desktop.page, f"{PAGES[name]} at 1280 px")


@pytest.mark.parametrize("name", MOBILE_PAGES)
def test_every_control_is_reachable_with_tab_at_375_px(shared_pages: SharedPages, name: str) -> None:
    mobile = shared_pages.load("mobile", localized_path("de", PAGES[name]))
    assert_keyboard_reachable(mobile.page, f"{localized_path('de', PAGES[name])} at 375 px")


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
    usable, as with any dropdown), so Tab past its last control moves on to the page and
    the browser keeps it open; the old script's Tab trap went with the script."""
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
    assert tab_through(page) == ([], [])
    page.add_style_tag(content="*:focus, *:focus-visible { outline: none !important; }")
    assert tab_through(page) == ([], ["<a> one", "<button> two"])
    page.set_content(
        "<a href='#one'>one</a> <button tabindex='-1'>two</button> <div tabindex='0'>three</div>"
    )
    page.evaluate("() => document.querySelector('div').addEventListener('focus', (e) => e.target.blur())")
    assert tab_through(page)[0] == ["<div> three"]
