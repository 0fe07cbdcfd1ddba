"""Project-specific sections (docs/product.md §2 'Project detail'): 104's video carousels and
six-language video, 106's live voice agent and click-to-call link.

Every player and widget sits behind the click-to-load placeholder (docs/architecture.md §6):
nothing is fetched from the video host or the voice-agent provider before a click.
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.embeds.click_to_load import Poster
from agency_site.components.embeds.ids import AVATAR_LANGUAGE_VIDEO, PROJECT_VOICE_AGENT, testimonial_video
from agency_site.components.embeds.video_card import VideoChoice, video_card, video_language_picker
from agency_site.components.embeds.voice_agent import voice_agent
from agency_site.components.ui.carousel import carousel
from agency_site.components.ui.heading import heading
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING, plain_link, section_heading
from agency_site.components.ui.picture import HALF_COLUMN_SIZES, NARROW_SIZES
from agency_site.content import get_content
from agency_site.content.catalog import Project, VideoTestimonial
from agency_site.content.models import tel_href
from agency_site.i18n import t

VERTICAL_POSTER = Poster("/projects/ai-avatar-poster-vertical.webp", 540, 960)
HORIZONTAL_POSTER = Poster("/projects/ai-avatar-poster-horizontal.webp", 1280, 720, sizes=NARROW_SIZES)
VOICE_POSTER = Poster("/projects/ai-caller-voice-poster.webp", 1200, 675, sizes=HALF_COLUMN_SIZES)


def _clip_card(lang: str, clip: VideoTestimonial, title: str) -> rx.Component:
    return video_card(
        lang,
        video_id=clip.vimeo_id,
        player_params=clip.player_params,
        poster=HORIZONTAL_POSTER if clip.is_horizontal else VERTICAL_POSTER,
        title=title,
        vertical=not clip.is_horizontal,
        embed_id=testimonial_video(clip.id),
        testid=f"video-{clip.id}",
        ai_generated=clip.is_ai_generated,
    )


def _clip_carousel(
    lang: str, clips: list[VideoTestimonial], title_key: str, *, vertical: bool
) -> rx.Component:
    title = t(lang, title_key)
    slides = [_clip_card(lang, clip, f"{title} {number}") for number, clip in enumerate(clips, start=1)]
    return rx.el.div(
        heading(2, title, class_name="text-xl font-semibold text-slate-900"),
        carousel(
            slides,
            lang=lang,
            label=title,
            loop=True,
            slide_class_name="basis-[70%] sm:basis-[40%] lg:basis-[28%]"
            if vertical
            else "basis-[92%] lg:basis-[70%]",
            class_name="mt-6",
            testid="vertical-videos" if vertical else "horizontal-videos",
        ),
        class_name="mt-10",
    )


def _language_choices(project: Project) -> list[VideoChoice]:
    videos = {item.id: item for item in get_content().site.videos.avatar_project_languages}
    return [
        VideoChoice(id=item.id, name=item.name, video_id=item.video_id, player_params=item.player_params)
        for item in (videos[option] for option in project.language_options)
    ]


def _language_video(lang: str, project: Project) -> rx.Component:
    choices = _language_choices(project)
    return rx.el.div(
        section_heading(t(lang, "project-language-title"), t(lang, "project-language-text"), centered=True),
        rx.el.div(
            video_language_picker(
                lang,
                target=AVATAR_LANGUAGE_VIDEO,
                choices=choices,
                label=t(lang, "project-language-label"),
                testid="avatar-language-video-languages",
            ),
            video_card(
                lang,
                choices=choices,
                poster=HORIZONTAL_POSTER,
                title=t(lang, "project-language-title"),
                embed_id=AVATAR_LANGUAGE_VIDEO,
                testid="avatar-language-video",
                ai_generated=True,
                class_name="mt-6 shadow-xl shadow-indigo-900/10",
            ),
            class_name="mx-auto mt-8 max-w-4xl",
        ),
        class_name="mt-16",
    )


def avatar_videos(lang: str, project: Project) -> rx.Component:
    """104: vertical testimonials and horizontal demos in looping carousels, then the
    language picker with its video. Nothing for projects without videos."""
    if not project.video_testimonials and not project.language_options:
        return rx.fragment()
    vertical = [clip for clip in project.video_testimonials if not clip.is_horizontal]
    horizontal = [clip for clip in project.video_testimonials if clip.is_horizontal]
    # Synthetic clips are not presented as what clients said.
    testimonials = (
        "project-videos-testimonials-ai"
        if any(clip.is_ai_generated for clip in vertical)
        else "project-videos-testimonials"
    )
    return rx.el.section(
        _clip_carousel(lang, vertical, testimonials, vertical=True) if vertical else rx.fragment(),
        _clip_carousel(lang, horizontal, "project-videos-demos", vertical=False)
        if horizontal
        else rx.fragment(),
        _language_video(lang, project) if project.language_options else rx.fragment(),
        data_testid="project-videos",
        class_name="mt-10",
    )


def voice_demo(lang: str, project: Project) -> rx.Component:
    """106: the live voice agent (script loaded on click) and a click-to-call link."""
    if not project.voice_demo:
        return rx.fragment()
    phone = get_content().site.links.voice_demo_phone
    return rx.el.section(
        rx.el.div(
            heading(
                2, t(lang, "project-voice-title"), class_name="text-2xl font-bold tracking-tight sm:text-3xl"
            ),
            rx.el.p(t(lang, "project-voice-text"), class_name="mt-3 text-blue-50"),
            plain_link(
                lucide_icon("phone", size=20, aria_hidden="true"),
                t(lang, "project-call", phone=phone),
                href=tel_href(phone),
                data_testid="click-to-call",
                class_name=f"mt-8 inline-flex items-center gap-2 rounded-full bg-white px-6 py-3.5 font-semibold text-blue-700 shadow-lg transition hover:bg-blue-50 {FOCUS_RING}",
            ),
            class_name="lg:pr-6",
        ),
        voice_agent(
            lang,
            poster=VOICE_POSTER,
            class_name="aspect-video rounded-2xl bg-blue-950",
            embed_id=PROJECT_VOICE_AGENT,
            testid="project-voice-agent",
        ),
        data_testid="voice-demo",
        class_name="mt-16 grid items-center gap-8 rounded-3xl bg-gradient-to-br from-blue-600 to-indigo-700 p-6 text-white sm:p-10 lg:grid-cols-2",
    )
