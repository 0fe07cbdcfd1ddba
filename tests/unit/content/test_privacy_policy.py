"""The privacy policy names what the code does: every delivery channel of a contact message,
every setting that decides what is kept and for how long, every column a message stores and
every embed provider, in both languages, filled from the same settings and facts the code
uses. A channel, setting or column added without its place in the policy fails here."""

from __future__ import annotations

import dataclasses
import re
import subprocess
from datetime import date

import pytest

from agency_site.components.embeds.consent import PROVIDER_IDS, embed_provider
from agency_site.constants import ACCESS_LOG_DAYS, EMBED_CONSENT_STORAGE_KEY, LANGUAGE_STORAGE_KEY, LANGUAGES
from agency_site.content import get_content
from agency_site.content.legal import CHANNEL_TEXTS, get_legal, legal_facts, load_legal_text
from agency_site.content.loader import load_language
from agency_site.formats import month_year
from agency_site.leads.model import Channel, ContactMessage
from agency_site.settings import PROJECT_ROOT, LeadSettings, Settings

CONTENT = PROJECT_ROOT / "content"
ALL_CHANNELS = LeadSettings(
    webhook_url="https://hooks.example.com/leads",
    notify_email="team@example.com",
    smtp_url="smtps://user:secret@mail.example.com",
)

# Each setting: the fact the policy names it by, or why it decides nothing a visitor is told.
SETTINGS_IN_POLICY = {
    "webhook_url": "enquiry_forwarding",
    "notify_email": "enquiry_forwarding",
    "smtp_url": "enquiry_forwarding",
    "retention_days": "retention_days",
    "rate_window_s": "rate_window_minutes",
    "state_expiry_s": "state_expiry_minutes",
    "database_url": "hosting_provider",
    "redis_url": "hosting_provider",
}
SETTINGS_NOT_IN_POLICY = {
    "webhook_secrets": "signs the webhook; no data of its own",
    "webhook_timeout_s": "how long a delivery waits",
    "webhook_attempts": "delivery retries",
    "webhook_backoff_s": "delivery retries",
    "retry_interval_s": "delivery retries",
    "retry_schedule_s": "delivery retries",
    "rate_limit": "how many messages the window allows, not what is kept",
    "notify_from": "the sender address of the team's email",
    "smtp_timeout_s": "how long a delivery waits",
    "save_deadline_s": "how long a visitor waits",
    "db_connect_timeout_s": "database timeouts",
    "db_statement_timeout_s": "database timeouts",
    "db_pool_timeout_s": "database timeouts",
    "db_busy_timeout_s": "database timeouts",
    "site_url": "the site's own address",
    "content_dir": "where the texts are",
    "leads": "the settings above",
    "api_url": "where the pages find the server",
    "trusted_proxy_hops": "which address the rate limit counts",
    "allowed_origins": "which pages may connect",
    "metrics_allow": "who may read the monitoring counts, named as such",
    "desk": "who of the team signs in to the leads desk, and how; nothing a visitor gives",
}
# Each column of a stored message a visitor gives or causes, as each language names it;
# the others are bookkeeping of the delivery.
COLUMNS_IN_POLICY = {
    "name": {"en": "your name", "de": "Ihren Namen"},
    "email": {"en": "your email address", "de": "Ihre E-Mail-Adresse"},
    "subject": {"en": "the subject", "de": "den Betreff"},
    "message": {"en": "your message", "de": "Ihre Nachricht"},
    "language": {"en": "the language and address of the page", "de": "die Sprache und Adresse der Seite"},
    "page": {"en": "the language and address of the page", "de": "die Sprache und Adresse der Seite"},
    "created_at": {"en": "and the time", "de": "und den Zeitpunkt"},
}
COLUMNS_NOT_IN_POLICY = {
    "id", "public_id", "status", "delivery_attempts", "last_error", "next_attempt_at",
    "submission_key", "content_hash", "alerted_at", "dead_alerted_at", "released_at", "problems",
    # The team's follow-up (its pipeline status, when it first answered), and the fields
    # above folded for search: nothing a visitor gives beyond those fields.
    "pipeline_status", "first_response_at", "response_alerted_at", "search_text",
}  # fmt: skip


def _policy(lang: str, leads: LeadSettings) -> str:
    strings = load_language(CONTENT, lang)[0]
    facts = legal_facts(get_content().site, lang, strings, leads)
    html = load_legal_text(CONTENT / "legal" / lang / "privacy.md", facts, lang).html
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html).replace("&nbsp;", " "))


def _source(lang: str) -> str:
    return (CONTENT / "legal" / lang / "privacy.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_delivery_channel_is_named_with_its_recipient_when_configured(lang: str) -> None:
    strings = load_language(CONTENT, lang)[0]
    facts = legal_facts(get_content().site, lang, strings, ALL_CHANNELS)
    assert set(ALL_CHANNELS.channels) == {channel.value for channel in Channel}
    policy = _policy(lang, ALL_CHANNELS)
    for channel in Channel:
        for key in CHANNEL_TEXTS[channel]:
            sentence = re.sub(r"\*\*|\s+", " ", strings[key].format_map(facts)).strip()
            assert re.sub(r"\s+", " ", sentence.replace("  ", " ")).split(" (")[0].strip() in policy.replace(
                "  ", " "
            )
    assert facts["email_provider"] in policy and facts["enquiries_provider"] in policy
    # Without a channel, the policy says the message stays in the database and names no recipient.
    alone = _policy(lang, LeadSettings())
    assert strings["legal-forward-none"] in alone
    assert facts["email_provider"] not in alone and facts["enquiries_provider"] not in alone


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_setting_is_named_by_the_policy_or_has_its_reason(lang: str) -> None:
    fields = {field.name for cls in (LeadSettings, Settings) for field in dataclasses.fields(cls)}
    unclassified = fields - set(SETTINGS_IN_POLICY) - set(SETTINGS_NOT_IN_POLICY)
    assert not unclassified, f"settings the privacy policy does not account for: {sorted(unclassified)}"
    source = _source(lang)
    for fact in set(SETTINGS_IN_POLICY.values()):
        assert "{" + fact + "}" in source, fact
    monitoring = {"en": "For monitoring", "de": "Zur Überwachung"}[lang]
    assert monitoring in source


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_policy_is_filled_from_the_settings_the_code_uses(lang: str) -> None:
    leads = dataclasses.replace(ALL_CHANNELS, retention_days=97, rate_window_s=1200)
    policy = _policy(lang, leads)
    assert " 97 " in policy and " 20 " in policy
    assert f" {ACCESS_LOG_DAYS} " in policy
    # The log's period is the one logrotate keeps.
    rotation = (PROJECT_ROOT / "deploy" / "logrotate" / "agency-site").read_text(encoding="utf-8")
    assert f"rotate {ACCESS_LOG_DAYS}\n" in rotation and f"maxage {ACCESS_LOG_DAYS}\n" in rotation


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_stored_column_and_browser_key_and_provider_is_named(lang: str) -> None:
    columns = set(ContactMessage.model_fields)
    assert columns == set(COLUMNS_IN_POLICY) | COLUMNS_NOT_IN_POLICY, sorted(
        columns ^ (set(COLUMNS_IN_POLICY) | COLUMNS_NOT_IN_POLICY)
    )
    policy = _policy(lang, ALL_CHANNELS)
    for column, words in COLUMNS_IN_POLICY.items():
        assert words[lang] in policy, column
    for key in (LANGUAGE_STORAGE_KEY, EMBED_CONSENT_STORAGE_KEY):
        assert f"`{key}`" in _source(lang)
    for provider_id in PROVIDER_IDS:
        assert embed_provider(lang, provider_id).host in policy, provider_id
    site = get_content().site
    for provider in ("hosting", "voice", "avatar", "scheduling", "payment"):
        assert "{" + provider + "_provider}" in _source(lang)
    assert site.providers.voice_retention_days and "{voice_retention_days}" in _source(lang)
    assert "{avatar_retention_days}" in _source(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_the_policy_must_not_claim(lang: str) -> None:
    source = _source(lang)
    # The site counts visits from its own log, so it cannot say it uses no analysis.
    assert "GoAccess" in source
    assert not re.search(r"(no|keine)[\w\s-]*(analytics|Analyse)", source), "says no analytics"
    # The recipients are those listed and the channels configured: not 'only' a fixed list.
    assert "ausschließlich:" not in source and "limited to:" not in source
    # The site loads no web fonts.
    assert not re.search(r"(Fonts|Schriften) (and|und) (images|Bilder) (are hosted|liegen)", source)
    # Erasure in forwarded systems is done by people, not at once by the command line.
    assert "sofort und auch in den Systemen" not in source and "immediate and also removes" not in source
    # WhatsApp's transfer to Meta is not ours.
    assert "**WhatsApp** (Meta Platforms" not in source
    # Withdrawal: closing the page does not undo 'always load'.
    assert "#privacy-settings" in source.split("## 4.")[0]
    # No comment in the text stands for a value: those are placeholders in site.yaml.
    assert "PLACEHOLDER" not in source


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_policy_is_dated_the_month_it_last_changed(lang: str) -> None:
    path = CONTENT / "legal" / lang / "privacy.md"
    updated = re.search(r"^updated: (.+)$", path.read_text(encoding="utf-8"), re.M)
    assert updated
    changed = subprocess.run(
        ["git", "log", "-1", "--format=%cs", "--", str(path)],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--", str(path)], cwd=PROJECT_ROOT, capture_output=True, text=True
    ).stdout.strip()
    if dirty or not changed:
        changed = date.today().isoformat()  # being changed now
    assert updated.group(1) == changed[:7], f"{path.name}: updated {updated.group(1)}, changed {changed}"
    assert get_legal(lang, "privacy").updated == month_year(lang, date.fromisoformat(f"{changed[:7]}-01"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_person_responsible_under_the_mstv_has_an_address_in_germany(lang: str) -> None:
    notice = (CONTENT / "legal" / lang / "impressum.md").read_text(encoding="utf-8")
    section = notice.split("MStV", 1)[1].split("\n## ", 1)[0]
    assert "{content_responsible_address}" in section
    assert "wie oben" not in section and "as above" not in section
