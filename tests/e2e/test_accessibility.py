"""axe-core on every page type, in both languages, at 1280 px and 375 px, and in the
interaction states: the mobile menu, the language list and an FAQ answer open, the contact
form with errors.

axe runs every rule tagged WCAG 2.0, 2.1 or 2.2 A/AA or best practice (AXE_TAGS) and the
test fails on any violation; the message lists each rule's id, impact, help text and the
selectors of the elements at fault, so the log alone says what to fix. Text that axe
cannot judge (over gradients and images; "needs review") is measured in pixels instead,
on the English pages (colours do not depend on the language).

axe-core comes from the npm registry into .tools/axe (`make axe`, a dependency of
`make test`). Before axe runs, the page is put in its settled state: every scroll-reveal
element shown and every finite animation finished, so axe judges the colours a visitor
reads, not a frame of a fade.
"""

from __future__ import annotations

import io
import math
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import Page, expect

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path

from .conftest import VIEWPORTS, SharedPages, Visit, goto_on_paused_clock, pause_clock
from .support.contact_form import explained_if_unanswered
from .support.expected import BLOG_POST_IDS, PAGE_TYPES, post, text
from .support.popovers import language_options

ROOT = Path(__file__).resolve().parents[2]
AXE_SCRIPT = ROOT / ".tools" / "axe" / "node_modules" / "axe-core" / "axe.min.js"

# Show what scroll reveal would show and end every finite animation and transition
# (infinite ones, e.g. spinners and service panels, keep their resting frame's colours).
# Scroll-driven ones follow the scroll, not the clock: finishing the header's would give it
# its scrolled look at the top of the page (and a screenshot would undo that, moving the
# header's texts away from the boxes measured for them).
SETTLE = """() => {
  document.querySelectorAll('[data-reveal]').forEach((el) => { el.style.animation = 'none'; });
  for (const animation of document.getAnimations()) {
    if (typeof ScrollTimeline !== 'undefined' && animation.timeline instanceof ScrollTimeline) continue;
    try { animation.finish(); } catch (error) { /* infinite: leave it */ }
  }
}"""

# WCAG 2.2 A and AA, and axe's best practices: every rule with one of these tags, also
# those axe leaves off by default (target size).
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]

RUN_AXE = f"""async () => {{
  const results = await axe.run(document, {{
    runOnly: {{ type: 'tag', values: {AXE_TAGS!r} }}, resultTypes: ['violations', 'incomplete'] }});
  const review = results.incomplete.filter((rule) => rule.id === 'color-contrast');
  return {{
    violations: results.violations.map((rule) => ({{
      id: rule.id, impact: rule.impact, help: rule.help, helpUrl: rule.helpUrl,
      nodes: rule.nodes.map((node) => ({{ target: node.target, summary: node.failureSummary }})),
    }})),
    review: review.flatMap((rule) => rule.nodes.map((node) => node.target)),
  }};
}}"""


def _require_axe() -> None:
    if not AXE_SCRIPT.is_file():
        pytest.fail(f"axe-core is not installed at {AXE_SCRIPT}; run `make axe`", pytrace=False)


def run_axe(page: Page) -> dict[str, Any]:
    """axe's violations on the page as it is now, and the targets of the text whose
    contrast it left for review."""
    _require_axe()
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # Evaluated, not added as a <script>: the page's Content-Security-Policy allows only
        # its own scripts, and DevTools evaluation is outside it.
        page.evaluate(AXE_SCRIPT.read_text(encoding="utf-8") + "\n;true")
    page.evaluate(SETTLE)
    return page.evaluate(RUN_AXE)


def describe(violations: list[dict[str, Any]]) -> list[str]:
    """One block per rule: id, impact, help and link, then each element's selector and why."""
    lines = []
    for rule in violations:
        lines.append(f"[{rule['impact']}] {rule['id']}: {rule['help']} ({rule['helpUrl']})")
        for node in rule["nodes"]:
            summary = " ".join(node["summary"].split())
            lines.append(f"    {' > '.join(map(str, node['target']))}\n        {summary}")
    return lines


def low_contrast_under_review(page: Page, targets: list[list[str]]) -> list[str]:
    """The text axe could not judge (gradients, images), measured in pixels."""
    # Inside a frame or shadow root (a target of several selectors): none of ours.
    selectors = [target[0] for target in targets if len(target) == 1]
    lines = [
        f"    {selector}\n        text contrast {lowest:.2f}:1 against the pixels behind it, "
        f"{required}:1 required (WCAG 1.4.3)"
        for selector, (lowest, required) in text_contrasts(page, selectors).items()
        if lowest < required
    ]
    if lines:
        lines.insert(0, "[serious] color-contrast (text over a gradient or image, measured in pixels):")
    return lines


def assert_accessible(page: Page, where: str, *, review: bool = True) -> None:
    """No axe violation, and (with `review`) text over gradients and images readable too."""
    result = run_axe(page)
    problems = describe(result["violations"])
    if review:
        problems += low_contrast_under_review(page, result["review"])
    if problems:
        pytest.fail(f"accessibility problems on {where}:\n" + "\n".join(problems), pytrace=False)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list(PAGE_TYPES))
def test_page_has_no_axe_violations(shared_pages: SharedPages, viewport: str, name: str, lang: str) -> None:
    path = localized_path(lang, PAGE_TYPES[name])
    # axe only reads, and settling (reveal shown, finite animations finished) is what a
    # visitor sees after a while anyway: later readers of this page may share the load.
    visit = shared_pages.open(viewport, path)
    # Colours do not depend on the language: text over gradients and images is measured
    # in pixels on the English pages (the slow part), axe's rules run on both.
    assert_accessible(visit.page, f"{path} at {VIEWPORTS[viewport]['width']} px", review=lang == "en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_contact_form_with_errors_has_no_axe_violations(
    shared_pages: SharedPages, viewport: str, lang: str
) -> None:
    path = localized_path(lang, "/contact")
    visit = shared_pages.load(viewport, path)
    # This wait failed once in three full runs (no answer in 30 s, never alone or with the
    # module): should it fail again, the report says what the form and connection did.
    with explained_if_unanswered(visit.page):
        visit.page.get_by_test_id("contact-submit").click()
        expect(visit.page.get_by_test_id("error-message")).to_be_visible()
    assert_accessible(
        visit.page, f"{path} (form with errors) at {VIEWPORTS[viewport]['width']} px", review=lang == "en"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_contact_answer_without_javascript_has_no_axe_violations(
    shared_pages: SharedPages, viewport: str, lang: str
) -> None:
    """The page the server answers a form posted without JavaScript with, when a field is
    to be corrected (server/contact_result_page.py)."""
    visit = shared_pages.load(viewport, localized_path(lang, "/contact"))
    page = visit.page
    page.locator("#contact-form [name='name']").fill("J")
    # The browser's own submission, as without JavaScript: no submit event for React.
    page.locator("#contact-form").evaluate("form => HTMLFormElement.prototype.submit.call(form)")
    expect(page.locator("#contact-name-error")).to_be_visible()
    assert_accessible(
        page, f"the answer to a post without JavaScript ({lang}) at {VIEWPORTS[viewport]['width']} px"
    )


# A post card's link and its post, per page showing cards: the home page's six, the blog's all.
POST_CARDS = {
    "/": ("[data-testid^='home-post-']", BLOG_POST_IDS[:6]),
    "/blog": ("[data-testid='blog-card']", BLOG_POST_IDS),
}


def test_landmarks_post_links_and_post_images_say_what_they_are(shared_pages: SharedPages) -> None:
    """Every complementary landmark and the contact form have a name, so they are told
    apart; a post card's link is named by the post's title alone, the rest of the card
    describing it; a post's image carries the alt text its file gives."""
    lang = "de"
    for path in ("/contact", "/", "/blog", "/privacy"):
        page = shared_pages.open("desktop", localized_path(lang, path)).page
        for aside in page.locator("aside").all():
            expect(aside).to_have_accessible_name(re.compile(r"\S"))
        if path == "/contact":
            expect(page.locator("#contact-form")).to_have_accessible_name(text(lang, "contact-form-title"))
        if path not in POST_CARDS:
            continue
        selector, post_ids = POST_CARDS[path]
        cards = page.locator(selector)
        expect(cards).to_have_count(len(post_ids))
        for index, post_id in enumerate(post_ids):
            card, written = cards.nth(index), post(lang, post_id)
            link = card.get_by_role("link")
            expect(link).to_have_accessible_name(written.title)
            expect(link).to_have_accessible_description(re.compile(re.escape(written.excerpt)))
            expect(card.locator("img").first).to_have_attribute("alt", written.image_alt)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_open_mobile_menu_has_no_axe_violations(shared_pages: SharedPages, lang: str) -> None:
    path = localized_path(lang, "/")
    visit = shared_pages.load("mobile", path)
    visit.page.get_by_test_id("menu-toggle").click()
    expect(visit.page.get_by_test_id("mobile-menu")).to_be_visible()
    assert_accessible(visit.page, f"{path} with the menu open at 375 px", review=lang == "en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_open_language_list_has_no_axe_violations(
    shared_pages: SharedPages, viewport: str, lang: str
) -> None:
    path = localized_path(lang, "/about")
    visit = shared_pages.load(viewport, path)
    language_options(visit.page)
    assert_accessible(
        visit.page, f"{path} with the language list open at {VIEWPORTS[viewport]['width']} px", review=False
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_open_faq_answer_has_no_axe_violations(shared_pages: SharedPages, viewport: str, lang: str) -> None:
    path = localized_path(lang, "/")
    visit = shared_pages.load(viewport, path)
    question = visit.page.locator("details[data-testid^='faq-item-'] > summary").first
    question.click()
    expect(visit.page.locator("details[data-testid^='faq-item-']").first).to_have_attribute("open", "")
    # Colours over images are measured by the page tests; opening a question scrolls the
    # page, and the header's scrolled look has a test of its own.
    assert_accessible(
        visit.page, f"{path} with an FAQ answer open at {VIEWPORTS[viewport]['width']} px", review=False
    )


SCROLLED_BAR = """() => {
  const bar = document.querySelector('#site-header > div');
  return Math.abs(bar.getBoundingClientRect().width - innerWidth * 0.85) < 2
    && getComputedStyle(bar).backdropFilter.includes('blur');
}"""

# The scrolled look pinned: a screenshot with animations disabled (as the measurement
# takes them) ends the scroll-driven animation that gives it, and the header would be
# measured at full width and clear.
PIN_SCROLLED = """() => {
  const header = document.querySelector('#site-header');
  header.style.setProperty('animation', 'none', 'important');
  header.style.setProperty('--header-scrolled', '1');
}"""

IN_HEADER = "(selectors) => selectors.filter((s) => document.querySelector(s)?.closest('#site-header'))"


@pytest.mark.parametrize("path", ["/", "/services/ai-callers"])
def test_scrolled_header_is_readable(shared_pages: SharedPages, path: str) -> None:
    """The frosted, shrunk header past 50 px of scroll, over the page's busiest part (the
    hero's artwork and the service's panels pass under it): the page tests above judge it
    at the top of the page only."""
    visit = shared_pages.load("desktop", path)
    page = visit.page
    page.evaluate("() => window.scrollTo({ top: 400, behavior: 'instant' })")
    page.wait_for_function(SCROLLED_BAR)  # by the scroll, as a visitor sees it
    page.evaluate(PIN_SCROLLED)
    result = run_axe(page)
    problems = describe(result["violations"])
    in_header = page.evaluate(IN_HEADER, [target[0] for target in result["review"] if len(target) == 1])
    problems += low_contrast_under_review(page, [[selector] for selector in in_header])
    # Measured in its scrolled look, all along.
    assert page.evaluate(SCROLLED_BAR)
    if problems:
        pytest.fail(
            f"accessibility problems on {path} scrolled at 1280 px:\n" + "\n".join(problems), pytrace=False
        )


# Three texts on a light gradient, planted in a page: two faint ones (one on the first
# screen, one at the page's end: two groups) and a clear one beside the first.
PLANT_TEXTS = """() => {
  const plant = (id, color, style) => {
    const el = Object.assign(document.createElement('div'), { id, textContent: 'Measured in pixels' });
    Object.assign(el.style, { position: 'absolute', left: '40px', zIndex: '2147483647', padding: '8px',
      font: '16px sans-serif', color, backgroundImage: 'linear-gradient(90deg, #ffffff, #e8e8e8)', ...style });
    document.body.append(el);
  };
  plant('control-faint', '#b4b4b4', { top: `${scrollY + 300}px` });
  plant('control-clear', '#1a1a1a', { top: `${scrollY + 360}px` });
  plant('control-faint-below', '#b4b4b4', { top: `${document.documentElement.scrollHeight - 80}px` });
}"""


def test_text_contrast_in_pixels_finds_faint_text(shared_pages: SharedPages) -> None:
    """The control for the measurement above: faint text on a gradient is reported,
    wherever it is on the page, and clear text beside it is not."""
    tab = shared_pages.tab("desktop")
    tab.goto("/about")
    tab.page.evaluate(PLANT_TEXTS)
    targets = [["#control-faint"], ["#control-clear"], ["#control-faint-below"]]
    measured = text_contrasts(tab.page, [target[0] for target in targets])
    assert set(measured) == {"#control-faint", "#control-clear", "#control-faint-below"}
    assert measured["#control-faint"][0] < 2.5 and measured["#control-faint-below"][0] < 2.5
    assert measured["#control-clear"][0] > 12
    reported = "\n".join(low_contrast_under_review(tab.page, targets))
    assert "#control-faint\n" in reported and "#control-faint-below\n" in reported
    assert "#control-clear" not in reported


# ---- Text over gradients and images: what axe leaves "to review", measured in pixels ----
#
# axe cannot tell the background of text on a gradient, an image or under a translucent
# layer, and reports such text as needing review. For each, the test hides the text
# (transparent colour; for gradient-clipped text the gradient), photographs the box, and
# measures the text colour against every background pixel behind it: WCAG AA, 4.5:1, or
# 3:1 for large text (24 px, or 18.66 px bold).

PROBE_CSS = """
[data-a11y-probe], [data-a11y-probe] * {
  color: transparent !important; -webkit-text-fill-color: transparent !important;
  text-shadow: none !important; caret-color: transparent !important;
}
[data-a11y-probe][data-a11y-clip] { background-image: none !important; }
"""

# The text's colours (sRGB via a canvas, whatever notation the CSS used), its size, and
# where it is; None when it is not there to be read (hidden, off-screen, covered).
INSPECT = """(el) => {
  const style = getComputedStyle(el);
  const box = el.getBoundingClientRect();
  // Inside the border: a border is not what the text is read against.
  const border = (side) => parseFloat(style[`border${side}Width`]) || 0;
  const x = Math.max(box.left + border('Left'), 0), y = Math.max(box.top + border('Top'), 0);
  const right = Math.min(box.right - border('Right'), innerWidth);
  const bottom = Math.min(box.bottom - border('Bottom'), innerHeight);
  if (right - x < 2 || bottom - y < 2 || style.visibility === 'hidden' || !el.textContent.trim()) return null;
  let opacity = 1;
  for (let node = el; node; node = node.parentElement) opacity *= parseFloat(getComputedStyle(node).opacity);
  if (opacity < 0.1) return null;  // not shown (the rotator's waiting words)
  const top = document.elementFromPoint((x + right) / 2, (y + bottom) / 2);
  if (!top || !(el.contains(top) || top.contains(el))) return null;
  if (el.querySelector('img, video, canvas, iframe')) return null;
  const clip = style.backgroundClip === 'text' || style.webkitBackgroundClip === 'text';
  const specs = clip ? (style.backgroundImage.match(/(rgba?|oklch|oklab|lab|lch|hsla?|color)\\([^)]*\\)/g) || []) : [style.color];
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const colours = specs.map((spec) => {
    ctx.clearRect(0, 0, 1, 1); ctx.fillStyle = spec; ctx.fillRect(0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data);
  });
  const weight = parseInt(style.fontWeight, 10) || 400;
  const size = parseFloat(style.fontSize);
  return { colours, clip, large: size >= 24 || (size >= 18.66 && weight >= 700),
           clip_box: { x, y, width: right - x, height: bottom - y } };
}"""


# SETTLE and INSPECT are written into the function, not eval'd in the page: the page's
# Content-Security-Policy forbids eval.
#
# Texts are measured in groups, two screenshots of the viewport per group: the first text
# of the list is scrolled to the viewport's middle, as it would be alone, and every other
# one readable on that screen joins it, unless it holds, lies in or overlaps a text already
# in the group (hiding one would then change the other's background).
PREPARE_GROUP = f"""async ([selectors, css]) => {{
  const elements = selectors.map((selector) => document.querySelector(selector));
  elements[0]?.scrollIntoView({{ block: 'center', inline: 'nearest', behavior: 'instant' }});
  // Others join only when wholly on screen (the first is measured centred, as it was alone).
  const whole = (el) => {{
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
  }};
  const onScreen = elements.filter((el, index) => el && (index === 0 || whole(el)));
  // Text over an embed's poster is measured once the poster (lazy, so only now requested)
  // is painted: a screenshot while it arrives compares the text with the wrong background.
  const posters = onScreen.flatMap((el) => [...(el.closest('.embed-placeholder')?.querySelectorAll('img') ?? [])]);
  await Promise.race([
    Promise.allSettled(posters.map((img) => img.decode())),
    new Promise((done) => setTimeout(done, 3000)),
  ]);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  ({SETTLE})();
  if (!document.getElementById('a11y-probe')) {{
    document.head.appendChild(Object.assign(document.createElement('style'), {{ id: 'a11y-probe', textContent: css }}));
  }}
  const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const group = [];
  elements.forEach((el, index) => {{
    if (index > 0 && !(el && whole(el))) return;  // measured after the scroll settled
    const info = el ? ({INSPECT})(el) : null;
    if (info === null) {{
      // The first text, centred as it would be alone, is not there to be read.
      if (index === 0) group.push({{ index, info }});
      return;
    }}
    const apart = group.every(({{ index: other, info: seen }}) =>
      !seen || (!el.contains(elements[other]) && !elements[other].contains(el) && !overlap(info.clip_box, seen.clip_box)));
    if (apart) group.push({{ index, info }});
  }});
  return group;
}}"""

MARK_PROBED = """([selectors, clips, on]) => selectors.forEach((selector, index) => {
  const el = document.querySelector(selector);
  if (on) {
    el.setAttribute('data-a11y-probe', '');
    if (clips[index]) el.setAttribute('data-a11y-clip', '');
  } else {
    el.removeAttribute('data-a11y-probe');
    el.removeAttribute('data-a11y-clip');
  }
})"""


def _luminance(rgb: tuple[float, float, float]) -> float:
    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ratio(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def text_contrasts(page: Page, selectors: list[str]) -> dict[str, tuple[float, float]]:
    """For each text on screen to be read: (the lowest contrast of the text against the
    pixels behind its glyphs, the ratio required). Texts not there to be read (hidden,
    off-screen, covered) are left out."""
    pending = list(dict.fromkeys(selectors))
    measured: dict[str, tuple[float, float]] = {}
    while pending:
        # Scrolling may change the page (the header shrinks past 50 px): let it, then
        # settle and inspect the group; one round trip.
        group = page.evaluate(PREPARE_GROUP, [pending, PROBE_CSS])
        chosen = [pending[entry["index"]] for entry in group]
        pending = [selector for selector in pending if selector not in chosen]
        readable = [
            (selector, entry["info"]) for selector, entry in zip(chosen, group, strict=True) if entry["info"]
        ]
        if not readable:
            continue
        names = [selector for selector, _ in readable]
        # One photograph of the area the group's texts span, with and without them.
        boxes = [info["clip_box"] for _, info in readable]
        left, top = math.floor(min(b["x"] for b in boxes)), math.floor(min(b["y"] for b in boxes))
        right = math.ceil(max(b["x"] + b["width"] for b in boxes))
        bottom = math.ceil(max(b["y"] + b["height"] for b in boxes))
        area = {"x": left, "y": top, "width": right - left, "height": bottom - top}
        with_text = Image.open(io.BytesIO(page.screenshot(clip=area, animations="disabled"))).convert("RGB")
        page.evaluate(MARK_PROBED, [names, [info["clip"] for _, info in readable], True])
        try:
            without = Image.open(io.BytesIO(page.screenshot(clip=area, animations="disabled"))).convert("RGB")
        finally:
            page.evaluate(MARK_PROBED, [names, [], False])
        for selector, info in readable:
            box = info["clip_box"]
            x, y = box["x"] - left, box["y"] - top
            crop = (round(x), round(y), round(x + box["width"]), round(y + box["height"]))
            result = _contrast(with_text.crop(crop), without.crop(crop), info)
            if result is not None:
                measured[selector] = result
    return measured


def _contrast(shown: Image.Image, behind: Image.Image, info: dict[str, Any]) -> tuple[float, float] | None:
    """(lowest contrast, ratio required) of the text whose box is `shown` with its text and
    `behind` without it; None when no glyph pixel changed."""
    # The background where the glyphs are: the pixels that changed when the text went
    # (channel differences summed over 24), their colours counted by PIL, not in Python.
    channels = ImageChops.difference(shown, behind).split()
    summed = ImageChops.add(ImageChops.add(channels[0], channels[1]), channels[2])  # clips at 255
    changed = summed.point(lambda value: 255 if value > 24 else 0)
    behind.putalpha(changed)
    counted = behind.getcolors(maxcolors=behind.width * behind.height) or []
    pixels = {colour[:3] for _, colour in counted if colour[3] == 255}
    if not pixels:
        return None
    lowest = math.inf
    for red, green, blue, alpha in info["colours"]:
        a = alpha / 255
        for pixel in pixels:
            text = tuple(a * t + (1 - a) * p for t, p in zip((red, green, blue), pixel, strict=True))
            lowest = min(lowest, _ratio(text, pixel))
    return lowest, 3.0 if info["large"] else 4.5


# ---- Reduced motion: nothing animates ----
#
# With `prefers-reduced-motion: reduce`: scroll reveal shows everything at once; CSS
# animations and transitions are off (styles.css); the page-transition overlay is
# skipped and links navigate at once; carousels jump instead of gliding (none moves by
# itself: none autoplays). The hero's rotating word shows its first word, still.

# Scroll-driven animations are left out: they follow the visitor's own scrolling and do not
# move by themselves (the header's step at 50 px of scroll, assets/styles.css).
MOTION = r"""() => {
  const scrollDriven = (animation) => typeof ScrollTimeline !== 'undefined' && animation.timeline instanceof ScrollTimeline;
  // The hero word's cycle jumps from word to word (a linear() curve with two points at
  // one place, and no point in between): the word changes at once, nothing moves.
  const stepped = (element) => {
    if (!element.matches('.rotator > [data-rotator-word]')) return false;
    const points = getComputedStyle(element).animationTimingFunction.match(/linear\((.*)\)/);
    return !!points && points[1].split(',').length === 4;
  };
  const moving = document.getAnimations().filter((animation) => {
    const target = animation.effect && animation.effect.target;
    return !scrollDriven(animation) && !(target && stepped(target));
  }).map((animation) => {
    const target = animation.effect && animation.effect.target;
    return `${animation.animationName || animation.transitionProperty || 'script'} on ${
      target ? target.tagName.toLowerCase() + '.' + String(target.className).split(' ').slice(0, 3).join('.') : '?'}`;
  });
  const timed = [];
  for (const element of document.querySelectorAll('*')) {
    if (stepped(element)) continue;
    const style = getComputedStyle(element);
    for (const value of [style.animationDuration, style.transitionDuration]) {
      if (value.split(',').some((part) => part.trim() !== 'auto' && parseFloat(part) !== 0)) {
        timed.push(`${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 3).join('.')}: ${value}`);
        break;
      }
    }
  }
  const hidden = [...document.querySelectorAll('[data-reveal]')].filter((el) => getComputedStyle(el).opacity !== '1').length;
  return { moving, timed: timed.slice(0, 10), hidden };
}"""


@pytest.mark.parametrize("path", ["/", "/services/ai-callers", "/blog", "/project/104"])
def test_reduced_motion_nothing_animates(visit: Visit, path: str) -> None:
    page = visit.page
    page.emulate_media(reduced_motion="reduce")
    # The page's timers run on a paused clock that the test moves on: whatever starts
    # after a delay (animations 100 ms in, the hero word every 3.5 s) has started by the
    # time the test looks, without waiting for it.
    pause_clock(page)
    goto_on_paused_clock(visit, path)
    first = page.evaluate(MOTION)
    page.clock.run_for(10_000)
    later = page.evaluate(MOTION)
    assert first["hidden"] == 0, "scroll reveal hid content"
    assert later["hidden"] == 0, "scroll reveal hid content"
    assert first["moving"] == [] and later["moving"] == [], f"animating: {first['moving'] + later['moving']}"
    assert later["timed"] == [], f"animation or transition durations not 0: {later['timed']}"


# The slide track's offset in each of the 20 frames after a click on 'next'.
TRACK_AFTER_NEXT = """(carousel) => new Promise((done) => {
  const track = carousel.querySelector('[data-carousel-viewport]').firstElementChild;
  const offsets = [];
  const sample = () => {
    offsets.push(Math.round(track.getBoundingClientRect().left));
    if (offsets.length < 20) requestAnimationFrame(sample); else done(offsets);
  };
  carousel.querySelector('[data-carousel-next]').click();
  requestAnimationFrame(sample);
})"""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_carousel_jumps_with_reduced_motion_and_glides_without(
    shared_pages: SharedPages, viewport: str, motion: str
) -> None:
    tab = shared_pages.tab(viewport)
    tab.page.emulate_media(reduced_motion=motion)
    tab.goto("/project/104")
    tab.page.get_by_test_id("vertical-videos").scroll_into_view_if_needed()
    carousel = tab.page.locator('[data-testid="vertical-videos"][data-ready="true"]')
    expect(carousel).to_have_count(1)
    offsets = carousel.evaluate(TRACK_AFTER_NEXT)
    expect(carousel).to_have_attribute("data-selected", "1")
    if motion == "reduce":
        # Already at the next slide in the first frame, and still there.
        assert len(set(offsets)) == 1, f"the slides moved over several frames: {offsets}"
    else:
        # The control: without the preference the same click glides over several frames,
        # so the frames above would have shown a glide.
        assert len(set(offsets)) > 2, f"no glide to see: {offsets}"


def test_reduced_motion_skips_the_page_transition(shared_pages: SharedPages) -> None:
    desktop = shared_pages.tab("desktop")
    page = desktop.page
    page.emulate_media(reduced_motion="reduce")
    desktop.goto("/")
    link = page.locator("a[data-page-transition]").first
    target = link.get_attribute("href")
    page.evaluate(
        """() => new MutationObserver((records) => records.forEach((record) => {
             if (record.target.id === 'page-transition-overlay' && record.target.dataset.state !== 'idle')
               window.overlayShown = true;
           })).observe(document.body, { attributes: true, subtree: true, childList: true })"""
    )
    link.click()
    expect(page).to_have_url(desktop.url(target))
    assert page.evaluate("() => !window.overlayShown")
    expect(page.get_by_test_id("page-transition-overlay")).to_have_css("visibility", "hidden")
