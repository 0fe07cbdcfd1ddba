"""The live voice-agent widget (home demo, project 106): the provider's script, loaded on click.

    voice_agent(lang, poster=Poster(...), class_name="h-64 rounded-2xl", embed_id=HOME_VOICE_AGENT,
                testid="voice-agent")

Nothing is fetched from the provider before the visitor clicks (docs/architecture.md §6); the note
names the provider and says the visitor will talk to an AI.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import reflex as rx

from agency_site.components.embeds.click_to_load import Poster, ScriptEmbed, click_to_load
from agency_site.components.embeds.consent import embed_provider
from agency_site.content import get_content
from agency_site.i18n import t


def voice_agent(lang: str, *, poster: Poster, class_name: str, embed_id: str, testid: str) -> rx.Component:
    """The click-to-load placeholder for the voice-agent script of `content/site.yaml`;
    `embed_id` names its client state, `testid` is its box's test id."""
    script_url = str(get_content().site.links.voice_agent_script_url)
    return click_to_load(
        ScriptEmbed(src=script_url),
        poster=poster,
        label=t(lang, "voice-agent-load"),
        note=t(lang, "voice-agent-note", provider=urlsplit(script_url).hostname),
        icon="mic",
        class_name=class_name,
        lang=lang,
        embed_id=embed_id,
        testid=testid,
        consent=embed_provider(lang, "voice-agent"),
        # `class_name` gives a least height or an aspect ratio: the note is never cut off.
        grows=True,
    )
