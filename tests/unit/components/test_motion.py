"""Motion: scroll reveal, text rotator and page transition, written as CSS,
Reflex client state and one React link component; their numbers follow docs/product.md §9."""

from __future__ import annotations

import re

import pytest

from agency_site.components.ui.css_properties import CSS_PROPERTIES
from agency_site.components.ui.reveal import REVEAL_MAX_INDEX, reveal_attrs
from agency_site.components.ui.rotator import ROTATOR_SCOPE, text_rotator
from agency_site.components.ui.transition import (
    OVERLAY_COLOUR,
    PageTransitionLink,
    page_transition_overlay,
    transition_link,
)
from agency_site.constants import (
    BACK_NAVIGATION_DELAY_MS,
    CARD_NAVIGATION_DELAY_DESKTOP_MS,
    CARD_NAVIGATION_DELAY_MOBILE_MS,
    MOBILE_BREAKPOINT_PX,
    OVERLAY_DEFAULT_COLOUR,
    OVERLAY_FADE_OUT_MS,
    OVERLAY_HOLD_MS,
    REVEAL_THRESHOLD,
    REVEAL_THRESHOLD_MOBILE,
    TEXT_ROTATOR_CYCLES,
    TEXT_ROTATOR_FADE_MS,
    TEXT_ROTATOR_INTERVAL_MS,
    TRANSITION_LOCK_MS,
)
from agency_site.frontend.react import REACT_FOLDER
from agency_site.settings import PROJECT_ROOT

STYLES = (PROJECT_ROOT / "assets" / "styles.css").read_text(encoding="utf-8")
MOTION_CSS = STYLES[STYLES.index("/* ==== Motion") : STYLES.index("/* ==== End of Motion")]


def _rule(selector: str, css: str = MOTION_CSS) -> str:
    """The body of the first rule for exactly `selector`."""
    match = re.search(re.escape(selector) + r"\s*\{([^{}]*)\}", css)
    assert match, f"no rule for {selector}"
    return match.group(1)


def test_reveal_starts_at_the_spec_thresholds_and_staggers_half_as_much_on_phones() -> None:
    desktop = _rule("[data-reveal]")
    phone = _rule(
        "[data-reveal]", MOTION_CSS[MOTION_CSS.index(f"(max-width: {MOBILE_BREAKPOINT_PX - 1}px)") :]
    )
    assert "--reveal-start: var(--reveal-threshold);" in desktop
    assert "--reveal-start: var(--reveal-threshold-mobile);" in phone
    assert CSS_PROPERTIES["--reveal-threshold"] == f"{round(REVEAL_THRESHOLD * 100)}%"
    assert CSS_PROPERTIES["--reveal-threshold-mobile"] == f"{round(REVEAL_THRESHOLD_MOBILE * 100)}%"
    # docs/product.md §9: the stagger is halved on phones.
    step = int(re.search(r"--reveal-step: (\d+)ms", desktop).group(1))
    phone_step = int(re.search(r"--reveal-step: (\d+)ms", phone).group(1))
    assert step == 100 and phone_step * 2 == step


def test_reveal_has_a_css_step_for_every_index_it_gives() -> None:
    for index in range(1, REVEAL_MAX_INDEX + 1):
        assert f'[data-reveal="{index}"] {{ --reveal-index: {index}; }}' in MOTION_CSS
    assert reveal_attrs(3) == {"data-reveal": "3"}
    assert reveal_attrs(REVEAL_MAX_INDEX + 5) == {"data-reveal": str(REVEAL_MAX_INDEX)}


def test_reveal_hides_nothing_for_reduced_motion_or_without_scroll_driven_animations() -> None:
    # The rules that hide (the switch's animation and the style query on it) sit inside
    # both conditions; outside them the switch keeps its initial value, shown.
    for hiding_rule in ("animation: reveal-switch ", "@container style(--reveal-shown: 0)"):
        hiding = MOTION_CSS.index(hiding_rule)
        assert MOTION_CSS.rindex(
            "@media (prefers-reduced-motion: no-preference)", 0, hiding
        ) < MOTION_CSS.rindex("@supports (animation-timeline: view())", 0, hiding)
    assert "animation-timeline: view();" in MOTION_CSS
    assert re.search(r"@property --reveal-shown \{[^}]*initial-value: 1;", MOTION_CSS)


def test_reveal_fades_a_blocks_content_and_never_moves_it() -> None:
    # The scroll only flips the switch; what changes on screen is the content's opacity
    # (a move at the screen's edge would pull it from under a pointer between press and
    # release), in time, so nothing rests half-faded.
    keyframes = MOTION_CSS[MOTION_CSS.index("@keyframes reveal-switch") :]
    keyframes = keyframes[: keyframes.index("}\n}") + 3]
    assert re.findall(r"([a-z-]+)\s*:", keyframes) == ["--reveal-shown", "--reveal-shown"], keyframes
    hidden = MOTION_CSS[MOTION_CSS.index("@container style(--reveal-shown: 0)") :]
    hidden = hidden[: hidden.index("}\n    }") + 1]
    assert re.findall(r"([a-z-]+)\s*:", hidden.split("{", 1)[1]) == ["opacity", "transition"], hidden
    assert "transition: opacity " in _rule("[data-reveal] > *")


def test_rotator_passes_its_count_interval_and_fade_to_the_css() -> None:
    rendered = str(text_rotator(["Apps", "Websites", "AI"]))
    assert '["--rotator-count"] : 3' in rendered
    assert f'["--rotator-interval"] : "{TEXT_ROTATOR_INTERVAL_MS}ms"' in rendered
    assert f'["--rotator-fade"] : "{TEXT_ROTATOR_FADE_MS}ms"' in rendered
    assert (
        f'["--rotator-fade-share"] : {round(TEXT_ROTATOR_FADE_MS / TEXT_ROTATOR_INTERVAL_MS, 6)}' in rendered
    )
    assert '["--rotator-index"] : 2' in rendered
    assert f'["--rotator-cycles"] : {TEXT_ROTATOR_CYCLES}' in rendered


def test_rotator_pause_reads_its_checkbox_within_its_scope_not_the_document() -> None:
    # A :has() anchored at the document (:root, html, body) restyled the whole home page on
    # each node React inserted while streaming and hydrating (three extra restyles of ~620
    # elements, measured in a trace); anchored at the scope, insertions elsewhere cost nothing.
    assert not re.search(r"(:root|\bhtml|\bbody):has\(", STYLES)
    assert f".{ROTATOR_SCOPE}:has([data-rotator-pause]:checked) .rotator > [data-rotator-word]" in MOTION_CSS
    from agency_site.pages.home.hero import _headline

    headline = str(_headline("en"))
    assert headline.count(ROTATOR_SCOPE) == 1
    assert headline.index(ROTATOR_SCOPE) < headline.index("rotator-pause")


def test_rotator_refuses_a_fade_longer_than_its_interval() -> None:
    with pytest.raises(ValueError, match="must fit"):
        text_rotator(["a", "b"], interval_ms=1000, fade_ms=500)


def test_overlay_animation_is_fade_in_hold_and_fade_out_within_the_lock() -> None:
    playing = _rule('#page-transition-overlay[data-state="playing"]')
    assert "animation: page-transition var(--page-transition-duration) " in playing
    duration = int(CSS_PROPERTIES["--page-transition-duration"].removesuffix("ms"))
    assert duration == OVERLAY_HOLD_MS + OVERLAY_FADE_OUT_MS == TRANSITION_LOCK_MS
    keyframes = MOTION_CSS[MOTION_CSS.index("@keyframes page-transition") :]
    # Fully shown from the end of the fade-in until the hold is over, then 700 ms out.
    assert f"{100 * OVERLAY_HOLD_MS / duration:.3f}% {{\n    opacity: 1;" in keyframes
    assert "100% {\n    opacity: 0;" in keyframes
    assert "backdrop-filter: blur(" in _rule("#page-transition-overlay")


def test_overlay_is_client_state_ending_with_its_animation() -> None:
    rendered = str(page_transition_overlay())
    assert "_client_state_dict_pageTransitionColour" in rendered
    assert (
        "onAnimationEnd:((...args) => ((() => (refs['_client_state_setPagetransitioncolour'](\"\")))"
        in rendered
    )
    assert OVERLAY_COLOUR._global_ref


def test_transition_link_defaults_to_white_at_85_percent_and_the_card_delays() -> None:
    link = transition_link("x", href="/services")
    assert isinstance(link, PageTransitionLink)
    rendered = str(link)
    assert f'_client_state_setPagetransitioncolour"]("{OVERLAY_DEFAULT_COLOUR}")' in rendered.replace(
        "'", '"'
    )
    assert OVERLAY_DEFAULT_COLOUR == "rgba(255, 255, 255, 0.85)"
    assert f"delayMs:{CARD_NAVIGATION_DELAY_DESKTOP_MS}" in rendered
    assert f"mobileDelayMs:{CARD_NAVIGATION_DELAY_MOBILE_MS}" in rendered
    assert f"lockMs:{TRANSITION_LOCK_MS}" in rendered
    assert f'mobileQuery:"(max-width: {MOBILE_BREAKPOINT_PX - 1}px)"' in rendered
    assert 'to:"/services"' in rendered and '"data-page-transition":"link"' in rendered


def test_back_link_waits_300_ms_at_every_width() -> None:
    rendered = str(transition_link("x", href="/de/services", colour="#dbeafe", back=True))
    assert "back:true" in rendered and '"data-page-transition":"back"' in rendered
    assert (
        f"delayMs:{BACK_NAVIGATION_DELAY_MS}" in rendered
        and f"mobileDelayMs:{BACK_NAVIGATION_DELAY_MS}" in rendered
    )


def test_the_overlay_sits_once_in_the_app_root() -> None:
    wraps = PageTransitionLink._get_app_wrap_components()
    assert list(wraps) == [(3, "PageTransitionOverlay")]


def test_the_react_component_has_its_header() -> None:
    source = (REACT_FOLDER / "page_transition.jsx").read_text(encoding="utf-8")
    assert source.startswith("// A link that plays the page-transition overlay")
    assert "export function PageTransition(" in source
