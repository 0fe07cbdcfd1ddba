"""Multilingual video demo: five languages; switching reloads the player (docs/product.md §2)."""

from __future__ import annotations

import reflex as rx

from agency_site.components.embeds.click_to_load import Poster
from agency_site.components.embeds.ids import LANGUAGE_VIDEO
from agency_site.components.embeds.video_card import VideoChoice, video_card, video_language_picker
from agency_site.components.ui.picture import NARROW_SIZES
from agency_site.components.ui.reveal import reveal_attrs
from agency_site.content import get_content
from agency_site.i18n import t
from agency_site.pages.home.common import home_section

LANGUAGES_POSTER = Poster("/home/languages-poster.webp", 1280, 720, sizes=NARROW_SIZES)


def language_choices() -> list[VideoChoice]:
    """The five home video languages of `content/site.yaml`, English first."""
    return [
        VideoChoice(id=item.id, name=item.name, video_id=item.video_id, player_params=item.player_params)
        for item in get_content().site.videos.home_languages
    ]


def language_demo(lang: str) -> rx.Component:
    """Heading, language picker and the video card it controls."""
    choices = language_choices()
    return home_section(
        lang,
        "languages",
        rx.el.div(
            video_language_picker(
                lang,
                target=LANGUAGE_VIDEO,
                choices=choices,
                label=t(lang, "home-languages-label"),
                testid="language-video-languages",
            ),
            video_card(
                lang,
                choices=choices,
                poster=LANGUAGES_POSTER,
                title=t(lang, "home-languages-video-title"),
                embed_id=LANGUAGE_VIDEO,
                testid="language-video",
                # The avatar's face and voice are synthetic.
                ai_generated=True,
                class_name="mt-8 shadow-xl shadow-violet-900/10",
            ),
            class_name="mx-auto mt-10 max-w-4xl",
            custom_attrs=reveal_attrs(),
        ),
    )
