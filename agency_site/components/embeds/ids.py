"""The stable id of each embed on the site: it names the embed's client state (and, for a
video, its dialog and its language radios), so two embeds on one page never share state.

The tests find the same boxes by their `data-testid`, which each call sets apart: a test id
can change without renaming a client state, and an id without touching a test.
"""

from __future__ import annotations

PROMO_VIDEO = "promo-video"
LANGUAGE_VIDEO = "language-video"
AVATAR_LANGUAGE_VIDEO = "avatar-language-video"
HOME_VOICE_AGENT = "voice-agent"
PROJECT_VOICE_AGENT = "project-voice-agent"
AVATAR_SESSION = "avatar-session"
OFFICE_MAP = "office-map"


def testimonial_video(clip_id: str) -> str:
    """The id of a project's testimonial video card."""
    return f"video-{clip_id}"
