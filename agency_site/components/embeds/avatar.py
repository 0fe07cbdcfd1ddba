"""Avatar session (docs/product.md §2 'Avatar demo', §4, §7, §9): a live AI avatar in an iframe.

How to use it:

    avatar_session(lang, embed_url=str(site.links.avatar_embed_url),
                   poster=Poster("/home/avatar.webp", 800, 400))

Closed at first: a self-hosted poster, a note that the visitor will talk to an AI and
which provider hosts it, and 'Launch Virtual Assistant'. Launching renders the iframe
(microphone allowed, 400 px high). From 2 s after launch a style injection is tried
every 500 ms for up to 10 s; the provider is cross-origin, so it normally fails, which
is logged once. 'Close Avatar Session' posts a hide message to the avatar, removes the
iframe 100 ms later and shows the launch button again, focused.

The session's state (closed, launched, closing, closed again) is the click-to-load state
of `click_to_load.py`, in Python; the timers and the messages are `frontend/react/avatar_frame.jsx`.
"""

from __future__ import annotations

import reflex as rx
from reflex import EventHandler, Var

from agency_site.components.embeds.click_to_load import (
    CLOSED,
    CLOSING,
    EmbedState,
    Poster,
    click_to_load,
)
from agency_site.components.embeds.consent import embed_provider
from agency_site.components.embeds.ids import AVATAR_SESSION
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING_ON_DARK
from agency_site.constants import (
    AVATAR_BOX_HEIGHT_PX,
    AVATAR_REMOVAL_DELAY_MS,
    AVATAR_STYLE_INJECTION_EVERY_MS,
    AVATAR_STYLE_INJECTION_FOR_MS,
    AVATAR_STYLE_INJECTION_START_MS,
)
from agency_site.frontend.react import jsx_library
from agency_site.i18n import t
from agency_site.reflex_adapter import no_args_event_spec


class AvatarFrame(rx.Component):
    """The avatar's iframe, its style injection and its goodbye (`frontend/react/avatar_frame.jsx`)."""

    library = jsx_library("avatar_frame.jsx")
    tag = "AvatarFrame"

    src: Var[str]
    title: Var[str]
    closing: Var[bool]
    injection_start_ms: Var[int]
    injection_every_ms: Var[int]
    injection_for_ms: Var[int]
    removal_delay_ms: Var[int]
    auto_focus: Var[bool]
    on_closed: EventHandler[no_args_event_spec]


def avatar_session(lang: str, *, embed_url: str, poster: Poster, provider: str = "") -> rx.Component:
    """The avatar demo box: launch button until clicked, then the live avatar and a close button."""
    state = EmbedState(AVATAR_SESSION)
    close = rx.el.button(
        lucide_icon("x", size=16, aria_hidden="true"),
        t(lang, "avatar-close"),
        type="button",
        on_click=state.set(CLOSING),
        class_name=(
            "absolute right-3 top-3 z-10 inline-flex items-center gap-1.5 rounded-full bg-slate-950/70 "
            "px-4 py-2 text-sm font-semibold text-white backdrop-blur hover:bg-slate-950/90 "
            f"{FOCUS_RING_ON_DARK}"
        ),
    )
    frame = AvatarFrame.create(
        src=embed_url,
        title=t(lang, "avatar-title"),
        closing=state.closing,
        injection_start_ms=AVATAR_STYLE_INJECTION_START_MS,
        injection_every_ms=AVATAR_STYLE_INJECTION_EVERY_MS,
        injection_for_ms=AVATAR_STYLE_INJECTION_FOR_MS,
        removal_delay_ms=AVATAR_REMOVAL_DELAY_MS,
        on_closed=state.set(CLOSED),
        auto_focus=state.clicked,
        class_name="block h-full w-full border-0",
    )
    return click_to_load(
        frame,
        embed_id=AVATAR_SESSION,
        testid="avatar-session",
        poster=poster,
        label=t(lang, "avatar-launch"),
        note=t(lang, "avatar-note", provider=provider or t(lang, "avatar-provider")),
        icon="sparkles",
        class_name=f"h-[{AVATAR_BOX_HEIGHT_PX}px] w-full rounded-3xl bg-slate-900",
        lang=lang,
        loaded_children=(close,),
        consent=embed_provider(lang, "avatar"),
    )
