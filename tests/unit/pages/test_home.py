"""Home page content and the shared pieces' settings (docs/product.md §2 'Home', §9)."""

from __future__ import annotations

import pytest

from agency_site.components.embeds.click_to_load import (
    EmbedState,
    IframeEmbed,
    Poster,
    ScriptEmbed,
    click_to_load,
)
from agency_site.components.embeds.video_card import CARD_PARAMS, DIALOG_PARAMS, player_url
from agency_site.components.ui.carousel import carousel_options
from agency_site.constants import LANGUAGES
from agency_site.i18n import t
from agency_site.pages.home.blog_teaser import short_date, teaser_posts
from agency_site.pages.home.faq import FAQ_KEYS
from agency_site.pages.home.hero import hero_words
from tests.e2e.support.expected import BLOG_POST_IDS, FAQ_ITEM_COUNT


def test_hero_words_are_apps_websites_ai() -> None:
    assert hero_words("en") == ["Apps", "Websites", "AI"]
    assert hero_words("de") == ["Apps", "Websites", "KI"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_faq_has_eight_answered_items_with_the_development_times(lang: str) -> None:
    assert len(FAQ_KEYS) == FAQ_ITEM_COUNT
    for key in FAQ_KEYS:
        assert t(lang, f"{key}-question").endswith("?")
        assert len(t(lang, f"{key}-answer")) > 100
    assert "1–2" in t(lang, "faq-time-answer") and "3–6" in t(lang, "faq-time-answer")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_blog_teaser_posts_are_the_six_newest(lang: str) -> None:
    assert [post.id for post in teaser_posts(lang)] == list(BLOG_POST_IDS[:6])


def test_the_short_date_is_the_month_by_name() -> None:
    for lang in ("en", "de"):
        for post in teaser_posts(lang):
            assert short_date(lang, post) in post.date and not short_date(lang, post)[0].isdigit()


def test_player_urls_carry_the_spec_parameters() -> None:
    card = player_url("123", CARD_PARAMS, "h=abc")
    assert card.startswith("https://player.vimeo.com/video/123?")
    for part in (
        "autoplay=1",
        "muted=1",
        "transparent=1",
        "controls=0",
        "background=1",
        "playsinline=1",
        "h=abc",
    ):
        assert part in card
    full = player_url("123", DIALOG_PARAMS)
    assert "controls=1" in full and "dnt=1" in full and "background" not in full


def test_carousel_options_follow_section_9() -> None:
    options = carousel_options(loop=True, mobile_only=False)
    assert options == {"loop": True, "dragThreshold": 10, "duration": 25, "align": "center"}
    mobile = carousel_options(loop=False, mobile_only=True)
    assert mobile["active"] is False
    assert mobile["breakpoints"] == {"(max-width: 767px)": {"active": True}}


def test_embeds_render_nothing_of_the_provider_until_loaded() -> None:
    """The prerendered markup is the placeholder: the iframe or script is only in the
    branch shown once the client state says loaded; leaving the page resets that state."""
    box = click_to_load(
        IframeEmbed(src="https://maps.example/embed", title="Map"),
        embed_id="office-map",
        testid="office-map",
        poster=Poster("/contact/map.webp", 10, 10),
        label="Load",
        note="note",
    )
    compiled = str(box)
    state = EmbedState("office-map")
    loaded = f'{state.loaded!s}?(jsx(Fragment,{{}},jsx("div"'
    assert loaded in compiled and compiled.index('"https://maps.example/embed"') > compiled.index(loaded)
    assert "autoFocus:" in compiled and str(state.status.value) in compiled
    hooks = "\n".join(box._get_all_hooks())
    assert '_client_state_setEmbed_office_map\']("idle")' in hooks  # on unmount
    script = str(
        click_to_load(
            ScriptEmbed(src="https://widget.example/w.js"),
            embed_id="voice",
            testid="voice",
            poster=Poster("/v.webp", 1, 1),
            label="Load",
            note="note",
        )
    )
    assert 'jsx("script",{async:true,src:"https://widget.example/w.js"}' in script


def test_an_embeds_client_state_is_named_by_its_id_not_its_test_id() -> None:
    """A test id can change without renaming the state the browser keeps for the embed."""
    box = str(
        click_to_load(
            IframeEmbed(src="https://maps.example/embed", title="Map"),
            embed_id="office-map",
            testid="map-under-test",
            poster=Poster("/contact/map.webp", 10, 10),
            label="Load",
            note="note",
        )
    )
    assert str(EmbedState("office-map").status.value) in box
    assert "map_under_test" not in box
    assert '"data-testid":"map-under-test"' in box
