"""The focus ring is seen (WCAG 2.4.7, 1.4.11): every interactive element of the home page,
in both languages, looks different enough when it has keyboard focus.

For each Tab stop the test photographs the element and a margin around it while it has
focus, then again at the same scroll position without focus, and counts the pixels whose
colour changed by 3:1 or more. A ring that shows needs at least as many of them as the
element's perimeter (a one-pixel line all round, at 3:1): a violet ring on a violet
button, or a ring painted under a poster image, changes far fewer. While focused, the
element is also fully opaque (a block that fades in as it is scrolled to shows at once
what has focus) and, on every page type, never under the fixed header (test_keyboard.py).
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from agency_site.i18n import localized_path

from .conftest import VIEWPORTS, SharedPages

# Margin photographed around the element: the ring is drawn up to 4 px outside it.
MARGIN_PX = 8

# The focused element: its box with the margin (within the viewport), its perimeter, and
# the opacity it is painted with (its own times its ancestors').
FOCUSED_BOX = f"""() => {{
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  // A visually hidden control (a checkbox, a radio button) shows focus on its label beside it.
  // A link stretched over its card (the kit's focus-ring-within) shows focus on the card.
  const own = el.getBoundingClientRect();
  const card = el.closest('.focus-ring-within');
  const shown = card ? card : own.width <= 1 && own.height <= 1 && el.nextElementSibling ? el.nextElementSibling : el;
  // Buttons ease into their focused look (Tailwind's `transition`): measure its end,
  // which finish() shows at once instead of waiting the transition out.
  for (const node of [el, shown]) {{
    for (const eased of node.getAnimations()) if (eased instanceof CSSTransition) eased.finish();
  }}
  const r = shown.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return {{ name: el.tagName, empty: true }};
  let opacity = 1;
  for (let node = el; node; node = node.parentElement) opacity *= parseFloat(getComputedStyle(node).opacity);
  const x = Math.max(Math.floor(r.left) - {MARGIN_PX}, 0), y = Math.max(Math.floor(r.top) - {MARGIN_PX}, 0);
  const right = Math.min(Math.ceil(r.right) + {MARGIN_PX}, innerWidth);
  const bottom = Math.min(Math.ceil(r.bottom) + {MARGIN_PX}, innerHeight);
  const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('href') || el.tagName)
    .trim().replace(/\\s+/g, ' ').slice(0, 50);
  return {{ name: `<${{el.tagName.toLowerCase()}}> ${{name}}`, opacity,
           perimeter: Math.round(2 * (Math.min(r.width, innerWidth) + Math.min(r.height, innerHeight))),
           clip: {{ x, y, width: right - x, height: bottom - y }} }};
}}"""


# Take focus away and show the plain look the element eases back to (finish(), as above).
BLUR = """() => {
  const el = window.__focused = document.activeElement;
  el.blur();
  for (const node of [el, el.nextElementSibling, el.closest('.focus-ring-within')].filter(Boolean)) {
    for (const eased of node.getAnimations()) if (eased instanceof CSSTransition) eased.finish();
  }
}"""


def _linear(value: int) -> float:
    v = value / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


# Relative luminance of a grey level, plus WCAG's 0.05 flare: a ratio of two is a contrast.
_LUMINANCE = [_linear(level) + 0.05 for level in range(256)]


# For each grey level before: the levels after that differ from it by 3:1 or more are
# those above BRIGHTER_THAN and those below DARKER_THAN (luminance grows with the level).
# 255 and 0 where no level does.
BRIGHTER_THAN = [
    next((level - 1 for level in range(256) if _LUMINANCE[level] >= 3 * before), 255) for before in _LUMINANCE
]
DARKER_THAN = [
    next((level + 1 for level in reversed(range(256)) if before >= 3 * _LUMINANCE[level]), 0)
    for before in _LUMINANCE
]


def changed_at_3_to_1(focused: Image.Image, unfocused: Image.Image) -> int:
    """How many pixels differ between the two pictures by a contrast of 3:1 or more (each
    pixel's luminance from its grey level, close enough to tell a ring from none).

    Counted by Pillow, not pixel by pixel in Python (which took a third of the test's
    time): ImageChops.subtract clips at 0, so a pixel of `focused` is above its bound
    exactly where focused - bound is not 0."""
    before, after = unfocused.convert("L"), focused.convert("L")
    pixels = after.width * after.height
    brighter = ImageChops.subtract(after, before.point(BRIGHTER_THAN)).histogram()[0]
    darker = ImageChops.subtract(before.point(DARKER_THAN), after).histogram()[0]
    return (pixels - brighter) + (pixels - darker)


def invisible_rings(page, *, min_stops: int = 10, limit: int = 200) -> list[str]:
    """Tab through the page from the top; each stop whose focus does not show (too few
    pixels changed at 3:1, or the element drawn translucent), with what was measured."""
    page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    # Where a focus scroll ends, not a frame of its smooth glide.
    page.add_style_tag(content="html { scroll-behavior: auto !important; }")
    problems: list[str] = []
    stops = 0
    for _ in range(limit):
        page.keyboard.press("Tab")
        box = page.evaluate(FOCUSED_BOX)
        if box is None:
            if stops:
                break
            continue
        stops += 1
        if box.get("empty"):
            continue
        shot = page.screenshot(clip=box["clip"], caret="initial")
        page.evaluate(BLUR)
        plain = page.screenshot(clip=box["clip"], caret="initial")
        # Back on the element (focus() keeps :focus-visible after keyboard use), so the
        # next Tab goes on from it.
        page.evaluate("() => window.__focused.focus()")
        changed = changed_at_3_to_1(
            Image.open(io.BytesIO(shot)).convert("RGB"), Image.open(io.BytesIO(plain)).convert("RGB")
        )
        if box["opacity"] < 0.999 or changed < box["perimeter"]:
            problems.append(
                f"{box['name']}: {changed} pixels changed at 3:1 (perimeter {box['perimeter']}), "
                f"opacity {box['opacity']:.2f}"
            )
    assert stops >= min_stops, f"only {stops} Tab stops on {page.url}"
    return problems


# Both languages at 1280 px, the German page (longer words, other wrapping) at 375 px too.
@pytest.mark.parametrize(("viewport", "lang"), [("desktop", "en"), ("desktop", "de"), ("mobile", "de")])
def test_every_focus_ring_on_the_home_page_shows(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    path = localized_path(lang, "/")
    page = shared_pages.load(viewport, path).page
    problems = invisible_rings(page)
    if problems:
        pytest.fail(
            f"focus not visible on {path} at {VIEWPORTS[viewport]['width']} px:\n    "
            + "\n    ".join(problems),
            pytrace=False,
        )


def test_the_ring_check_fails_on_a_ring_of_the_buttons_colour(shared_pages: SharedPages) -> None:
    """The control: a violet ring around a violet button on a violet band, and a ring
    under an image, are reported; the kit's ring on the same button is not."""
    page = shared_pages.tab("desktop").page
    page.set_content(
        """<style>
          body { background: #7c3aed; padding: 40px; }
          button { background: #7c3aed; color: #fff; border: 0; padding: 12px 24px; margin: 16px; }
          .violet:focus-visible { outline: 2px solid #7c3aed; outline-offset: 2px; }
          .under { position: relative; width: 160px; height: 90px; overflow: hidden; }
          .under img { position: absolute; inset: 0; width: 100%; height: 100%; }
          .under:focus-visible { outline: 4px solid #8b5cf6; outline-offset: -4px; }
          .kit:focus-visible { outline: 2px solid #0f172a; outline-offset: 2px; box-shadow: 0 0 0 2px #fff; }
        </style>
        <button class="violet">violet</button>
        <button class="under"><img alt="" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'
          width='10' height='10'%3E%3Crect width='10' height='10' fill='%23334155'/%3E%3C/svg%3E"></button>
        <button class="kit">kit</button>"""
    )
    page.locator("img").evaluate("(img) => img.decode()")
    names = [problem.split(":")[0] for problem in invisible_rings(page, min_stops=3)]
    assert names == ["<button> violet", "<button> BUTTON"]
