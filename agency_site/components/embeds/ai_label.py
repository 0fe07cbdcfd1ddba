"""The 'AI-generated' label of a synthetic video (Art. 50(4) of the EU AI Act): on the card
itself, over the poster and the playing video, and in the full-screen dialog's header, so it
travels with the video wherever it is shown."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.icon import lucide_icon
from agency_site.i18n import t

_BADGE = (
    "inline-flex items-center gap-1 rounded-full bg-slate-950/75 px-2.5 py-1 text-xs font-semibold "
    "text-white ring-1 ring-white/30"
)


def ai_label(lang: str, *, on_card: bool) -> rx.Component:
    """'AI-generated' / 'KI-generiert': over the playing video's top left corner (`on_card`),
    or inline (beside the dialog's title, in the strip over a placeholder)."""
    return rx.el.span(
        lucide_icon("sparkles", size=12, aria_hidden="true"),
        t(lang, "video-ai-generated"),
        data_testid="ai-label",
        class_name=f"{_BADGE} pointer-events-none absolute left-3 top-3 z-10"
        if on_card
        else f"{_BADGE} shrink-0",
    )
