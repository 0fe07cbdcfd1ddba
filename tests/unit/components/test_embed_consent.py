"""Remembered embed consent: the policy documents the stored key and links the settings."""

from __future__ import annotations

import re

import pytest

from agency_site.components.embeds.consent import PRIVACY_SETTINGS_ID, PROVIDER_IDS, embed_provider
from agency_site.components.layout.navigation import FOOTER_LEGAL_NAV
from agency_site.constants import EMBED_CONSENT_STORAGE_KEY, LANGUAGES
from agency_site.content.legal import get_legal
from agency_site.i18n import t


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_privacy_policy_names_the_key_and_links_the_settings(lang: str) -> None:
    html = get_legal(lang, "privacy").html
    assert f"<code>{EMBED_CONSENT_STORAGE_KEY}</code>" in html
    assert f'href="#{PRIVACY_SETTINGS_ID}"' in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_provider_has_a_name_and_a_purpose(lang: str) -> None:
    for provider_id in PROVIDER_IDS:
        assert embed_provider(lang, provider_id).name
        assert t(lang, f"consent-purpose-{provider_id}")


def test_the_footer_links_the_settings() -> None:
    assert f"/datenschutz#{PRIVACY_SETTINGS_ID}" in [item.path for item in FOOTER_LEGAL_NAV]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_consent_buttons_name_each_provider_in_words_not_by_its_host(lang: str) -> None:
    for provider_id in PROVIDER_IDS:
        provider = embed_provider(lang, provider_id)
        assert provider.host and "." in provider.host
        for key in ("embed-always", "consent-withdraw"):
            label = t(lang, key, provider=provider.name)
            assert provider.host not in label and not re.search(r"\w\.\w", label), label


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_link_to_a_clients_site_says_it_goes_to_a_website(lang: str) -> None:
    assert "website" in t(lang, "project-visit").lower()
