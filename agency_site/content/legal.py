"""Legal notice and privacy policy: `content/legal/{lang}/{document}.md`.

Each file has front matter (description, optional `updated` text) and a Markdown
body. Company facts are never typed into the texts: the body names them as
`{placeholders}` (e.g. `{company_name}`, `{vat_id}`) filled from `content/site.yaml`, so
the notice and the policy always match the facts the footer and contact page show. A fact
a language names its own way (Bukarest / Bucharest) is filled in that language. An
unknown placeholder fails the build naming the file and the placeholder.
"""

from __future__ import annotations

import re
from datetime import date
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field

from agency_site.constants import ACCESS_LOG_DAYS, LANGUAGES
from agency_site.content.loader import ContentError, load_language, load_site_facts, placeholders
from agency_site.content.markdown import read_front_matter, render_markdown
from agency_site.content.models import SiteFacts, Strict, localized, tel_href
from agency_site.formats import month_year
from agency_site.settings import LeadSettings, get_settings

LEGAL_DOCUMENTS = ("impressum", "privacy")
# Contact messages are deleted after this many days unless the operator sets another
# retention (`leads.retention_days`, CONTACT_RETENTION_DAYS): six months, what
# answering an enquiry and a follow-up needs.
DEFAULT_RETENTION_DAYS = LeadSettings.retention_days
# The contact line that also takes WhatsApp messages (content/site.yaml, contact.phones).
WHATSAPP_LINE = "contact-phone-mobile"
# The Dubai team's paragraphs in the privacy policy (content/i18n/*/legal.yaml), by
# whether `office.entity_form` says it is a company of its own or the controller's staff.
DUBAI_TEAM_KEYS = {
    True: ("legal-dubai-team-recipient-entity", "legal-dubai-team-transfer-entity"),
    False: ("legal-dubai-team-recipient-staff", "legal-dubai-team-transfer-staff"),
}
# Each delivery channel of a contact message (leads.model.Channel): its sentence in the
# privacy policy's section 2 and its recipient in section 5 (content/i18n/*/legal.yaml).
CHANNEL_TEXTS = {
    "webhook": ("legal-forward-webhook", "legal-recipient-webhook"),
    "email": ("legal-forward-email", "legal-recipient-email"),
}
_H2 = re.compile(r"<h2>(.*?)</h2>", re.DOTALL)


class LegalFrontMatter(Strict):
    """The header of a legal file; the page title is the page's translation key."""

    description: str = Field(min_length=1)
    # The month the text last changed, as year and month ('2026-11'); shown in the
    # language's words.
    updated: str | None = Field(default=None, pattern=r"^\d{4}-(0[1-9]|1[0-2])$")


class Section(BaseModel):
    """A second-level heading of a legal text, for the table of contents."""

    model_config = ConfigDict(frozen=True)

    anchor: str
    title: str


class LegalText(BaseModel):
    """One legal document in one language, ready to show."""

    model_config = ConfigDict(frozen=True)

    description: str
    updated: str | None
    html: str
    sections: list[Section]


def retention_days() -> int:
    """How long contact messages are kept: the operator's setting once the leads package
    provides one, otherwise the default."""
    leads = getattr(get_settings(), "leads", None)
    return int(getattr(leads, "retention_days", DEFAULT_RETENTION_DAYS))


def _enquiry_channels(
    facts: dict[str, str], strings: dict[str, str], channels: tuple[str, ...]
) -> dict[str, str]:
    """What happens to a contact message after it is stored, as the settings say (the webhook,
    the team's inbox; each channel has its sentence and its recipient in legal.yaml)."""
    forwarding = [strings[CHANNEL_TEXTS[channel][0]].format_map(facts) for channel in channels]
    # Each a bullet of its own, after the one before the placeholder (none: no bullet).
    recipients = [f"\n- {strings[CHANNEL_TEXTS[channel][1]].format_map(facts)}" for channel in channels]
    return {
        "enquiry_forwarding": " ".join(forwarding) or strings["legal-forward-none"].format_map(facts),
        "enquiry_recipients": "".join(recipients),
    }


def legal_facts(
    site: SiteFacts, lang: str, strings: dict[str, str] | None = None, leads: LeadSettings | None = None
) -> dict[str, str]:
    """Every value a legal text in `lang` may name, by placeholder; `strings` are the
    language's texts, for the paragraphs that depend on a fact (the Dubai team's role) or a
    setting (`leads`, default the configured ones: where a contact message goes)."""
    leads = leads or get_settings().leads
    legal, office, authority = site.legal, site.office, site.legal.supervisory_authority
    providers = site.providers
    office_place = ", ".join(localized(part, lang) for part in (office.district, office.city, office.country))
    facts = {
        "brand": site.brand.name,
        "company_name": legal.company_name,
        "street": legal.street,
        "postcode": legal.postcode,
        "city": localized(legal.city, lang),
        "country": localized(legal.country, lang),
        "phone": legal.phone,
        "phone_tel": tel_href(legal.phone),
        "email": str(legal.email),
        "website": str(legal.website),
        "vat_id": legal.vat_id,
        "tax_code": legal.tax_code,
        "trade_register": legal.trade_register,
        "euid": legal.euid,
        "managing_director": legal.managing_director,
        "content_responsible": legal.content_responsible,
        "content_responsible_address": localized(legal.content_responsible_address, lang),
        "contact_email": str(site.contact.email),
        "demo_phone": site.links.voice_demo_phone,
        "whatsapp_phone": next(
            (phone.number for phone in site.contact.phones if phone.label_key == WHATSAPP_LINE), ""
        ),
        "office": f"{office.company}, {office.building}, {office_place}",
        "office_company": office.company,
        "office_city": localized(office.city, lang),
        "office_country": localized(office.country, lang),
        "office_entity_form": office.entity_form or "",
        "authority_name": localized(authority.name, lang),
        "authority_address": (
            f"{authority.street}, {authority.postcode} {localized(authority.city, lang)},"
            f" {localized(authority.country, lang)}"
        ),
        "authority_website": str(authority.website),
        "retention_days": str(leads.retention_days),
        # How long the server counts messages per address (the form's rate limit).
        "rate_window_minutes": str(max(1, round(leads.rate_window_s / 60))),
        # nginx's access log, shortened addresses, kept this long (deploy/logrotate/).
        "log_days": str(ACCESS_LOG_DAYS),
        # How long the server keeps a visitor's connection state after their last event.
        "state_expiry_minutes": str(max(1, round(get_settings().state_expiry_s / 60))),
        # Where each click-to-load embed and external link goes (docs/architecture.md §6).
        "map_host": _host(office.map_embed_url),
        "voice_host": _host(site.links.voice_agent_script_url),
        "avatar_host": _host(site.links.avatar_embed_url),
        "scheduling_host": _host(site.links.scheduling_url),
        # Who processes what for us (site.yaml, providers), in this language.
        "hosting_provider": localized(providers.hosting, lang),
        "enquiries_provider": localized(providers.enquiries, lang),
        "voice_provider": localized(providers.voice, lang),
        "avatar_provider": localized(providers.avatar, lang),
        "scheduling_provider": localized(providers.scheduling, lang),
        "payment_provider": localized(providers.payment, lang),
        "email_provider": localized(providers.email, lang),
        "voice_retention_days": str(providers.voice_retention_days),
        "avatar_retention_days": str(providers.avatar_retention_days),
    }
    if strings is not None:
        recipient, transfer = DUBAI_TEAM_KEYS[office.is_separate_entity]
        facts["dubai_team_recipient"] = strings[recipient].format_map(facts)
        facts["dubai_team_transfer"] = strings[transfer].format_map(facts)
        facts |= _enquiry_channels(facts, strings, leads.channels)
    return facts


def _host(url: object) -> str:
    return urlsplit(str(url)).netloc


def _with_anchors(html: str) -> tuple[str, list[Section]]:
    """Give every <h2> an id, so the table of contents can link to it."""
    sections: list[Section] = []

    def anchor(match: re.Match[str]) -> str:
        section = Section(anchor=f"section-{len(sections) + 1}", title=re.sub(r"<[^>]+>", "", match.group(1)))
        sections.append(section)
        return f'<h2 id="{section.anchor}">{match.group(1)}</h2>'

    return _H2.sub(anchor, html), sections


def load_legal_text(path: Path, facts: dict[str, str], lang: str = "en") -> LegalText:
    """Validate one legal file and fill in the company facts."""
    front, body = read_front_matter(path, LegalFrontMatter)
    for field, text in (("description", front.description), ("(body)", body)):
        try:
            names = placeholders(text)
        except ValueError as error:
            raise ContentError(path, field, f"broken placeholder: {error}") from None
        unknown = sorted(names - facts.keys())
        if unknown:
            raise ContentError(
                path, "{" + unknown[0] + "}", f"unknown placeholder; use one of {', '.join(sorted(facts))}"
            )
    html, sections = _with_anchors(render_markdown(body.format_map(facts), breaks=True))
    if not html:
        raise ContentError(path, "(body)", "the text is empty")
    return LegalText(
        description=front.description.format_map(facts),
        updated=month_year(lang, date.fromisoformat(f"{front.updated}-01")) if front.updated else None,
        html=html,
        sections=sections,
    )


def load_legal(content_dir: Path) -> dict[str, dict[str, LegalText]]:
    """Both documents in both languages; raises ContentError naming the file and the field."""
    site = load_site_facts(content_dir / "site.yaml")
    texts: dict[str, dict[str, LegalText]] = {}
    for lang in LANGUAGES:
        facts = legal_facts(site, lang, load_language(content_dir, lang)[0])
        texts[lang] = {
            doc: load_legal_text(content_dir / "legal" / lang / f"{doc}.md", facts, lang)
            for doc in LEGAL_DOCUMENTS
        }
    return texts


@lru_cache(maxsize=1)
def get_legal_texts() -> dict[str, dict[str, LegalText]]:
    """Both legal texts of the configured content folder, per language, loaded once per process."""
    return load_legal(get_settings().content_dir)


def get_legal(lang: str, document: str) -> LegalText:
    """`document` ('impressum' or 'privacy') in `lang`."""
    return get_legal_texts()[lang][document]
