"""Demo section: the voice assistant, the virtual sales manager avatar and three highlights."""

from __future__ import annotations

from urllib.parse import urlsplit

import reflex as rx

from agency_site.components.embeds.avatar import avatar_session
from agency_site.components.embeds.click_to_load import Poster
from agency_site.components.embeds.ids import HOME_VOICE_AGENT
from agency_site.components.embeds.voice_agent import voice_agent
from agency_site.components.ui.heading import heading
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import plain_link
from agency_site.components.ui.picture import HALF_COLUMN_SIZES
from agency_site.components.ui.reveal import reveal_attrs
from agency_site.content import get_content
from agency_site.content.models import tel_href
from agency_site.i18n import t
from agency_site.pages.home.common import home_section
from agency_site.pages.home.features import Feature, feature_carousel

VOICE_POSTER = Poster("/home/voice-poster.webp", 800, 400, sizes=HALF_COLUMN_SIZES)
AVATAR_POSTER = Poster("/home/avatar-poster.webp", 800, 400, sizes=HALF_COLUMN_SIZES)
HIGHLIGHTS = (
    Feature("languages", "home-highlight-languages"),
    Feature("ticket-check", "home-highlight-tickets"),
    Feature("clock", "home-highlight-always"),
)


def _demo_card(icon: str, title: str, text: str, *children: rx.Component, index: int) -> rx.Component:
    return rx.el.article(
        rx.el.div(
            rx.el.span(
                lucide_icon(icon, size=22, aria_hidden="true"),
                class_name="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-violet-500/20 text-violet-200",
            ),
            heading(3, title, class_name="text-xl font-semibold text-white"),
            class_name="flex items-center gap-4",
        ),
        rx.el.p(text, class_name="mt-4 leading-relaxed text-slate-300"),
        *children,
        class_name="flex flex-col rounded-3xl border border-white/10 bg-white/5 p-6 sm:p-8",
        custom_attrs=reveal_attrs(index),
    )


def voice_card(lang: str) -> rx.Component:
    """The AI voice assistant: the 24/7 demo line and the live widget, loaded on click."""
    phone = get_content().site.links.voice_demo_phone
    return _demo_card(
        "audio-lines",
        t(lang, "home-voice-title"),
        t(lang, "home-voice-text"),
        rx.el.p(
            rx.el.span(t(lang, "home-voice-phone-label"), class_name="text-slate-300"),
            plain_link(
                lucide_icon("phone", size=16, aria_hidden="true"),
                phone,
                href=tel_href(phone),
                class_name="inline-flex items-center gap-2 font-semibold text-white underline-offset-4 hover:underline",
            ),
            class_name="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm",
            custom_attrs={"data-testid": "voice-demo-phone"},
        ),
        voice_agent(
            lang,
            poster=VOICE_POSTER,
            class_name="mt-6 min-h-64 rounded-2xl bg-slate-800 sm:min-h-80 lg:min-h-64 lg:flex-1",
            embed_id=HOME_VOICE_AGENT,
            testid="voice-agent",
        ),
        index=0,
    )


def avatar_card(lang: str) -> rx.Component:
    """The virtual sales manager: the avatar session, launched on click."""
    links = get_content().site.links
    return _demo_card(
        "user-round",
        t(lang, "home-avatar-title"),
        t(lang, "home-avatar-text"),
        rx.el.div(
            avatar_session(
                lang,
                embed_url=str(links.avatar_embed_url),
                poster=AVATAR_POSTER,
                provider=urlsplit(str(links.avatar_embed_url)).hostname or "",
            ),
            class_name="mt-6",
        ),
        index=1,
    )


def demo_section(lang: str) -> rx.Component:
    """The live demo on a dark panel: two cards side by side, then the highlights."""
    return rx.el.div(
        home_section(
            lang,
            "demo",
            rx.el.div(voice_card(lang), avatar_card(lang), class_name="mt-12 grid gap-6 lg:grid-cols-2"),
            feature_carousel(
                lang, HIGHLIGHTS, label=t(lang, "home-highlights-label"), testid="demo-highlights", dark=True
            ),
            id="demo",
            dark=True,
        ),
        class_name="rounded-[2rem] bg-slate-950 px-4 sm:px-10",
    )
