"""What the scroll reveal shows (assets/styles.css 'Scroll reveal'): a block's content, its
children, is hidden or shown; the block's own box never fades."""

from __future__ import annotations

from playwright.sync_api import Locator

# Each block's stagger index, how far it has entered the screen (its part on the screen,
# of its height or of the screen's if it is taller), its content's opacity, and whether
# every animation of the block is scroll-driven (a ViewTimeline: it moves with the
# scroll, never with time).
REVEAL_BLOCKS = """() => [...document.querySelectorAll('[data-reveal]')].map((element) => {
  const box = element.getBoundingClientRect();
  const visible = Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
  return {
    index: Number(element.dataset.reveal),
    entered: visible / Math.min(box.height, innerHeight),
    opacity: element.firstElementChild ? getComputedStyle(element.firstElementChild).opacity : '1',
    scrollDriven: element.getAnimations().every((animation) => animation.timeline instanceof ViewTimeline),
  };
})"""

# Whether a reveal is still fading something in (a transition of a block's child).
FADING = """() => document.getAnimations().some((animation) =>
  animation instanceof CSSTransition && animation.playState === 'running'
  && animation.effect && animation.effect.target && animation.effect.target.parentElement
  && animation.effect.target.parentElement.matches('[data-reveal]'))"""

# The opacity a visitor sees of each reveal block's children that are on the screen: their
# own times every ancestor's (a block at 0.93 shows its text at 0.93).
SEEN_OPACITIES = """() => {
  const seen = [];
  for (const child of document.querySelectorAll('[data-reveal] > *')) {
    const box = child.getBoundingClientRect();
    if (box.bottom <= 0 || box.top >= innerHeight || box.width === 0 || !(child.textContent || '').trim()) continue;
    let opacity = 1;
    for (let el = child; el; el = el.parentElement) opacity *= Number(getComputedStyle(el).opacity);
    seen.push({ text: child.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40), opacity });
  }
  return seen;
}"""


# Stand still at `top` and return SEEN_OPACITIES there. The jump is instant (the site
# scrolls smoothly, and a frame of the glide is not where the page stands); after two
# frames the scroll-driven switch has flipped for this position and every fade it starts
# is running; each fade then shows its end at once (finish()), instead of the test waiting
# out its 500 ms and stagger (up to 1.2 s a step). A block that rests part-faded by
# anything but a fade (a scroll-driven opacity, a partial end value) still shows so.
SEEN_AT_REST = f"""async (top) => {{
  window.scrollTo({{ top, behavior: 'instant' }});
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  for (const animation of document.getAnimations()) {{
    if (animation instanceof CSSTransition && animation.playState === 'running'
        && animation.effect?.target?.parentElement?.matches('[data-reveal]')) animation.finish();
  }}
  return ({SEEN_OPACITIES})();
}}"""


def content_of(block: Locator) -> Locator:
    """The first child of a reveal block: what fades."""
    return block.locator(":scope > *").first
