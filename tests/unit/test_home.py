"""Home page content and the shared pieces' settings (SPEC.md §2 'Home', §9)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from agency_site.components.embeds.click_to_load import IframeEmbed, ScriptEmbed, embed_attrs
from agency_site.components.embeds.video_card import CARD_PARAMS, DIALOG_PARAMS, player_url
from agency_site.components.ui.behaviours import BEHAVIOURS_FILE, BEHAVIOURS_SCRIPT, behaviours_file_text
from agency_site.components.ui.carousel import carousel_options
from agency_site.constants import FAQ_ITEM_COUNT, LANGUAGES
from agency_site.i18n import t
from agency_site.pages.home.blog_teaser import short_date, teaser_posts
from agency_site.pages.home.faq import FAQ_KEYS
from agency_site.pages.home.hero import hero_words
from tests.e2e.expected import BLOG_POST_IDS


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
def test_blog_teaser_posts_are_the_six_of_the_spec(lang: str) -> None:
    assert [post.id for post in teaser_posts(lang)] == list(BLOG_POST_IDS[:6])


def test_english_short_date_is_the_date_up_to_its_first_space() -> None:
    for post in teaser_posts("en"):
        assert short_date("en", post) == post.date.split(" ")[0]
    for post in teaser_posts("de"):
        assert short_date("de", post) in post.date and not short_date("de", post)[0].isdigit()


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


def test_embed_attrs_describe_the_embed_without_loading_it() -> None:
    iframe = embed_attrs(IframeEmbed(src="https://maps.example/embed", title="Map", height_px=450))
    assert iframe == {
        "data-embed": "iframe",
        "data-embed-src": "https://maps.example/embed",
        "data-embed-title": "Map",
        "data-embed-height": "450",
    }
    script = embed_attrs(ScriptEmbed(src="https://widget.example/w.js", extra={"data-agent": "7"}))
    assert script == {
        "data-embed": "script",
        "data-embed-src": "https://widget.example/w.js",
        "data-embed-attr-data-agent": "7",
    }


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_behaviours_script_is_valid_javascript(tmp_path) -> None:
    path = tmp_path / "behaviours.js"
    path.write_text(BEHAVIOURS_SCRIPT)
    result = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert "</script" not in BEHAVIOURS_SCRIPT.lower()


def test_behaviours_file_is_up_to_date() -> None:
    assert BEHAVIOURS_FILE.read_text(encoding="utf-8") == behaviours_file_text(), (
        "run: .venv/bin/python -m agency_site.components.ui.behaviours"
    )
