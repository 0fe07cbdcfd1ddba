"""Hero: the title, the headline with the rotating word, two buttons and the promo video."""

from __future__ import annotations

import reflex as rx

from agency_site.components.embeds.click_to_load import Poster
from agency_site.components.embeds.ids import PROMO_VIDEO
from agency_site.components.embeds.video_card import video_card
from agency_site.components.ui.heading import heading, wrapping
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import PRIMARY_BUTTON_RAISED, SECONDARY_BUTTON, button_link
from agency_site.components.ui.picture import HALF_COLUMN_SIZES
from agency_site.components.ui.rotator import ROTATOR_SCOPE, rotator_pause, text_rotator
from agency_site.constants import HERO_WORD_FADE_MS, HERO_WORD_INTERVAL_MS
from agency_site.content import get_content
from agency_site.i18n import localized_path, t

HERO_WORD_KEYS = ("home-hero-word-apps", "home-hero-word-websites", "home-hero-word-ai")
FACT_KEYS = ("home-hero-fact-efficiency", "home-hero-fact-callers", "home-hero-fact-costs")
PROMO_POSTER = Poster("/home/promo-poster.webp", 1280, 720, sizes=HALF_COLUMN_SIZES)


def hero_words(lang: str) -> list[str]:
    """The rotating words, in order (docs/product.md §2: Apps, Websites, AI)."""
    return [t(lang, key) for key in HERO_WORD_KEYS]


def _headline(lang: str) -> rx.Component:
    # The page's h1 names what the agency does (the screen title); the display line
    # below it carries the rotating word, which a heading should not.
    return rx.el.div(
        heading(
            1,
            t(lang, "page-home-title"),
            id="hero-title",
            data_testid="screen-title",
            class_name=(
                "inline-flex rounded-full border border-violet-200 bg-violet-50 px-4 py-1.5 text-sm font-semibold "
                "text-violet-700"
            ),
        ),
        rx.el.p(
            rx.el.span(wrapping(t(lang, "home-hero-before")), class_name="block"),
            text_rotator(
                hero_words(lang),
                interval_ms=HERO_WORD_INTERVAL_MS,
                fade_ms=HERO_WORD_FADE_MS,
                class_name="justify-items-center lg:justify-items-start",
                word_class_name=(
                    "bg-gradient-to-r from-violet-600 via-fuchsia-500 to-indigo-600 bg-clip-text pb-1 text-transparent"
                ),
            ),
            rx.el.span(wrapping(t(lang, "home-hero-after")), class_name="block"),
            class_name=(
                "mt-6 flex flex-col text-[2.35rem] font-extrabold leading-[1.08] tracking-tight text-slate-900 "
                "sm:text-6xl xl:text-[4.25rem]"
            ),
        ),
        rx.el.div(
            rotator_pause(t(lang, "home-hero-pause")), class_name="mt-3 flex justify-center lg:justify-start"
        ),
        class_name=ROTATOR_SCOPE,
    )


def _facts(lang: str) -> rx.Component:
    return rx.el.ul(
        *[
            rx.el.li(
                lucide_icon(
                    "circle-check", size=18, aria_hidden="true", class_name="mt-0.5 shrink-0 text-violet-600"
                ),
                t(lang, key),
                class_name="flex items-start gap-2",
            )
            for key in FACT_KEYS
        ],
        class_name="mt-8 grid gap-2 text-left text-sm text-slate-600 sm:text-base",
    )


def hero(lang: str) -> rx.Component:
    """The first screen: headline, subtitle, buttons to /services and /contact, promo video."""
    site = get_content().site
    return rx.el.section(
        rx.el.div(
            _headline(lang),
            rx.el.p(
                t(lang, "home-hero-subtitle"),
                class_name="mt-6 max-w-xl text-lg leading-relaxed text-slate-600",
            ),
            rx.el.div(
                button_link(
                    t(lang, "home-hero-explore"),
                    localized_path(lang, "/services"),
                    style=PRIMARY_BUTTON_RAISED,
                ),
                button_link(
                    t(lang, "home-hero-contact"),
                    localized_path(lang, "/contact"),
                    style=SECONDARY_BUTTON,
                    icon="",
                ),
                class_name="mt-8 flex flex-col gap-3 sm:flex-row",
                custom_attrs={"data-testid": "hero-actions"},
            ),
            _facts(lang),
            class_name="flex min-w-0 flex-col items-center text-center lg:items-start lg:text-left",
        ),
        rx.el.div(
            rx.el.div(
                class_name="absolute -inset-x-2 -inset-y-6 -z-10 sm:-inset-6 rounded-[2.5rem] bg-gradient-to-tr from-violet-200 via-fuchsia-100 to-indigo-200 blur-2xl",
                aria_hidden="true",
            ),
            video_card(
                lang,
                video_id=site.videos.promo_video_id,
                poster=PROMO_POSTER,
                title=t(lang, "home-promo-title"),
                embed_id=PROMO_VIDEO,
                testid="promo-video",
                lazy=False,
                class_name="shadow-2xl shadow-violet-900/20",
            ),
            class_name="relative isolate min-w-0",
        ),
        class_name="grid items-center gap-12 pb-12 pt-10 sm:pt-16 lg:grid-cols-2 lg:gap-16 lg:pb-20",
        custom_attrs={"aria-labelledby": "hero-title"},
    )
