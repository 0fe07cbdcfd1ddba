"""Remembered consent per embed provider (docs/architecture.md §6), and the privacy settings.

Each click-to-load placeholder offers, beside loading once, to always load its
provider's content. The choice lives only in the visitor's browser (local storage,
`EMBED_CONSENT_STORAGE_KEY`, documented in the privacy policy) and holds for that one
provider: a placeholder of a provider the visitor has not chosen never loads by itself.
The privacy settings (`privacy_settings`, on the privacy policy's page, linked from the
footer) list every provider and withdraw a choice. The browser side is
frontend/react/embed_consent.jsx; the embed's state is click_to_load's `EmbedState`.

    consent = embed_provider(lang, "vimeo")        # then click_to_load(..., consent=consent)
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

import reflex as rx
from reflex import EventHandler, Var

from agency_site.components.ui.heading import heading
from agency_site.components.ui.kit import FOCUS_RING_TIGHT
from agency_site.constants import EMBED_CONSENT_STORAGE_KEY
from agency_site.content import get_content
from agency_site.frontend.react import jsx_library
from agency_site.i18n import t
from agency_site.reflex_adapter import no_args_event_spec

# Where the settings are: the privacy policy's page, this section of it.
PRIVACY_SETTINGS_ID = "privacy-settings"
PRIVACY_SETTINGS_PATH = f"/datenschutz#{PRIVACY_SETTINGS_ID}"
# Every provider, in the order the settings list them; the id is what the browser stores.
PROVIDER_IDS = ("vimeo", "google-maps", "voice-agent", "avatar")


@dataclass(frozen=True)
class EmbedProvider:
    """A third party whose content a placeholder loads: its stored id, its name in words for
    the buttons ('Always load the voice assistant', never a host name) and its host."""

    id: str
    name: str
    host: str


def embed_provider(lang: str, provider_id: str) -> EmbedProvider:
    """The provider `provider_id` with its name as the page shows it in `lang`."""
    links = get_content().site.links
    hosts = {
        "vimeo": "player.vimeo.com",
        "google-maps": urlsplit(str(get_content().site.office.map_embed_url)).hostname or "",
        "voice-agent": urlsplit(str(links.voice_agent_script_url)).hostname or "",
        "avatar": urlsplit(str(links.avatar_embed_url)).hostname or "",
    }
    return EmbedProvider(provider_id, t(lang, f"embed-name-{provider_id}"), hosts[provider_id])


_LIBRARY = jsx_library("embed_consent.jsx")


class RememberButton(rx.Component):
    """'Always load <provider>': stores the choice, then `on_remember` loads the embed."""

    library = _LIBRARY
    tag = "RememberButton"

    storage_key: Var[str] = Var.create(EMBED_CONSENT_STORAGE_KEY)
    provider: Var[str]
    on_remember: EventHandler[no_args_event_spec]


class RememberedEmbed(rx.Component):
    """Nothing visible: `on_remembered` runs after hydration when the provider is allowed
    (or becomes allowed on this page) and the placeholder is still `waiting`."""

    library = _LIBRARY
    tag = "RememberedEmbed"

    storage_key: Var[str] = Var.create(EMBED_CONSENT_STORAGE_KEY)
    provider: Var[str]
    waiting: Var[bool]
    on_remembered: EventHandler[no_args_event_spec]


class ProviderConsent(rx.Component):
    """A provider's status in the privacy settings and the button withdrawing it."""

    library = _LIBRARY
    tag = "ProviderConsent"

    storage_key: Var[str] = Var.create(EMBED_CONSENT_STORAGE_KEY)
    provider: Var[str]
    allowed_text: Var[str]
    ask_text: Var[str]
    withdraw_text: Var[str]


def privacy_settings(lang: str) -> rx.Component:
    """The privacy settings: every embed provider, whether it loads by itself, withdraw."""
    rows = []
    for provider_id in PROVIDER_IDS:
        provider = embed_provider(lang, provider_id)
        rows.append(
            rx.el.li(
                rx.el.span(
                    rx.el.span(t(lang, f"consent-purpose-{provider_id}"), class_name="font-semibold"),
                    f" ({provider.host})",
                    class_name="min-w-0 flex-1",
                ),
                ProviderConsent.create(
                    provider=provider_id,
                    allowed_text=t(lang, "consent-allowed"),
                    ask_text=t(lang, "consent-ask"),
                    withdraw_text=t(lang, "consent-withdraw", provider=provider.name),
                    class_name=(
                        "rounded-full border border-slate-300 px-4 py-1.5 text-sm font-semibold text-slate-800 "
                        f"hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 {FOCUS_RING_TIGHT}"
                    ),
                ),
                data_testid=f"consent-{provider_id}",
                class_name="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-200 py-3 text-sm",
            )
        )
    return rx.el.section(
        heading(
            2, t(lang, "consent-title"), id=f"{PRIVACY_SETTINGS_ID}-title", class_name="text-xl font-bold"
        ),
        rx.el.p(t(lang, "consent-intro"), class_name="mt-2 text-sm text-slate-600"),
        rx.el.ul(*rows, class_name="mt-4"),
        id=PRIVACY_SETTINGS_ID,
        aria_labelledby=f"{PRIVACY_SETTINGS_ID}-title",
        data_testid="privacy-settings",
        class_name="scroll-mt-28",
    )
