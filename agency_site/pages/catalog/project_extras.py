"""Project-specific sections: 104's videos and language picker, 106's voice demo."""

from __future__ import annotations

import reflex as rx

from agency_site.content.catalog import Project


def avatar_videos(lang: str, project: Project) -> rx.Component:
    """104: vertical testimonials, horizontal demos, and the six-language video."""
    return rx.fragment()


def voice_demo(lang: str, project: Project) -> rx.Component:
    """106: the live voice-agent widget (click to load) and a click-to-call link."""
    return rx.fragment()
