"""Text at 200 % and 400 % (WCAG 1.4.4): on every page type, in both languages, at 1280 px,
every control stays within reach. The header follows the text size, not only the window
width: where its full bar no longer fits, the compact menu takes over, and the menu shows
every item.

A reader's text grows in two ways. The browser's font-size setting (its default font size,
set here as Chromium's settings set it) is followed by the rem media queries of the whole
layout: every control of the page is checked. A larger root font size (a user style sheet,
a text-zoom extension) is not seen by media queries, only by the header's own container
query: the header is checked. Pages that are prerendered are opened with JavaScript off
(the header's switch is CSS, its menu a native popover, and such a load costs a fraction
of a hydrated one); the two that the browser renders (an unknown article, the not-found
page) with JavaScript.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path

from .conftest import VIEWPORTS, SharedPages
from .support.expected import PAGE_TYPES

DEFAULT_FONT_PX = 16
SCALES = (2, 4)

# Controls out of reach: in the fixed header (which cannot be scrolled) any part outside
# the window; in the page, any part outside what the page (or a box that scrolls) scrolls
# to, or cut off by a box that clips its overflow (a carousel's track aside: its buttons
# bring each slide in).
OUT_OF_REACH = """(scope) => {
  const root = document.documentElement;
  const header = document.getElementById('site-header');
  const name = (el) => `<${el.tagName.toLowerCase()}> ${(el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40)}`;
  const where = (r) => `left ${Math.round(r.left)}, right ${Math.round(r.right)}, top ${Math.round(r.top)}, bottom ${Math.round(r.bottom)}`;
  const boxes = new Map();
  // The nearest box that cuts off what overflows it ('clips'), or one that scrolls (its
  // content is reached by scrolling it) or a popover ('scrolls'); null: none.
  const boxOf = (node) => {
    if (!node || node === document.body) return null;
    if (!boxes.has(node)) {
      const style = getComputedStyle(node);
      const overflow = style.overflowX + ' ' + style.overflowY;
      boxes.set(node, /auto|scroll/.test(overflow) || node.matches('[popover]') ? { kind: 'scrolls', node }
        : overflow !== 'visible visible' ? { kind: 'clips', node } : boxOf(node.parentElement));
    }
    return boxes.get(node);
  };
  const problems = [];
  const container = scope ? document.querySelector(scope) : document.body;
  for (const el of container.querySelectorAll('a[href], button, input, select, textarea, summary')) {
    if (el.type === 'hidden' || el.tabIndex < 0 || el.closest('[aria-hidden="true"]')) continue;
    // A carousel's slides lie beside its track; its buttons and focus bring each one in.
    if (el.closest('[data-carousel-viewport]')) continue;
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    const r = el.getBoundingClientRect();
    // (A visually hidden control, the skip link, is 1 px until it has focus.)
    if (r.width <= 1 || r.height <= 1) continue;
    const box = boxOf(el.parentElement);
    const fixed = header.contains(el) || el.closest('[popover]');
    const right = fixed ? innerWidth : root.scrollWidth - scrollX;
    const offScreen = r.left < -0.5 || r.right > right + 0.5
      || (fixed && !el.closest('[popover]') && (r.top < -0.5 || r.bottom > innerHeight + 0.5));
    if (offScreen && box?.kind !== 'scrolls') {
      problems.push(`${name(el)}: outside (${where(r)} of ${innerWidth} x ${innerHeight})`);
    } else if (box?.kind === 'clips') {
      const b = box.node.getBoundingClientRect();
      if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) {
        problems.push(`${name(el)}: cut off by ${name(box.node).slice(0, 20)} (${where(r)} in ${where(b)})`);
      }
    }
  }
  return problems;
}"""

HEADER = """() => {
  const shown = (el) => el && el.checkVisibility({ visibilityProperty: true });
  return { toggle: shown(document.getElementById('menu-toggle')),
           bar: [...document.querySelectorAll('#site-header nav a')].filter(shown).length };
}"""


@pytest.fixture(scope="module")
def prerendered(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=VIEWPORTS["desktop"], java_script_enabled=False)
    try:
        yield context.new_page()
    finally:
        context.close()


def set_text_size(page: Page, scale: int, *, root: bool) -> None:
    """Text at `scale` times its size: the browser's default font size, or (`root`) the
    page's root font size with the browser's left at its default."""
    cdp = page.context.new_cdp_session(page)
    try:
        size = DEFAULT_FONT_PX * (1 if root else scale)
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": size, "fixed": size * 13 // 16}})
    finally:
        cdp.detach()
    # Shown at once: the header's transitions would otherwise still be easing to the new size.
    page.evaluate(
        "(size) => { document.documentElement.style.fontSize = size;"
        " document.getAnimations().filter((a) => a instanceof CSSTransition).forEach((a) => a.finish()); }",
        f"{scale * 100}%" if root else "",
    )


def out_of_reach(page: Page, *, scope: str | None, menu: bool) -> list[str]:
    """What is out of reach now in `scope` (a selector; None: the whole page), and that
    the header offers either its full bar or the menu button; with `menu`, what is out of
    reach in the menu opened (it scrolls itself: nothing in it may be cut off sideways)."""
    problems = page.evaluate(OUT_OF_REACH, scope)
    header = page.evaluate(HEADER)
    if not header["toggle"] and header["bar"] == 0:
        problems.append("neither the full bar nor the menu button shows")
    if header["toggle"] and menu:
        page.locator("#menu-toggle").click()
        problems += [f"menu: {problem}" for problem in page.evaluate(OUT_OF_REACH, "#mobile-menu")]
        page.keyboard.press("Escape")
    return problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_control_is_within_reach_with_text_at_200_and_400_percent(
    prerendered: Page, shared_pages: SharedPages, base_url: str, lang: str
) -> None:
    found: dict[str, list[str]] = {}
    for name, path in PAGE_TYPES.items():
        page = prerendered
        page.goto(base_url + localized_path(lang, path))
        if not page.locator("#site-header").count():
            # Rendered by the browser, not prerendered (an unknown id, the not-found page):
            # in a tab of its own with JavaScript (closed after the test; font sizes are per tab).
            visit = shared_pages.tab("desktop")
            visit.goto(localized_path(lang, path))
            page = visit.page
        for scale in SCALES:
            for root in (False, True):
                set_text_size(page, scale, root=root)
                problems = out_of_reach(page, scope="#site-header" if root else None, menu=name == "home")
                if problems:
                    found[
                        f"{name} at {scale * 100} % ({'root font size' if root else 'browser setting'})"
                    ] = problems
        set_text_size(page, 1, root=False)
    assert not found, "\n".join(
        f"{where}:\n    " + "\n    ".join(items[:6]) for where, items in found.items()
    )
