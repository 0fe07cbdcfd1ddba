"""Legal texts: complete in both languages, company facts filled in, broken files named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agency_site.constants import LANGUAGES
from agency_site.content import ContentError, get_content
from agency_site.content.legal import get_legal, legal_facts, load_legal, retention_days
from agency_site.content.models import localized

GDPR_RIGHTS = ("15", "16", "17", "18", "20", "21")


def _text(html: str) -> str:
    # Citations are kept on one line with non-breaking spaces ('Art.&nbsp;15').
    return re.sub(r"<[^>]+>", " ", html).replace("&nbsp;", " ")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_privacy_policy_has_the_ten_sections(lang: str) -> None:
    policy = get_legal(lang, "privacy")
    assert [section.title.split(".")[0] for section in policy.sections] == [str(n) for n in range(1, 11)]
    text = _text(policy.html)
    for article in GDPR_RIGHTS:
        assert re.search(rf"Art\. {article}\b", text), article
    assert "Art. 77" in text  # the right to complain to an authority


@pytest.mark.parametrize("lang", LANGUAGES)
def test_privacy_policy_describes_what_the_site_really_does(lang: str) -> None:
    text = _text(get_legal(lang, "privacy").html)
    site = get_content().site
    facts = legal_facts(site, lang)
    assert "<code>language</code>" in get_legal(lang, "privacy").html  # the stored language key
    assert f"{retention_days()} " in text
    for host in ("map_host", "voice_host", "avatar_host", "scheduling_host"):
        assert facts[host] in text, host
    assert "vimeo" in text.lower()
    assert site.legal.company_name in text and str(site.legal.email) in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_legal_notice_names_every_company_fact(lang: str) -> None:
    notice = get_legal(lang, "impressum")
    text = _text(notice.html)
    legal = get_content().site.legal
    for value in (
        legal.company_name,
        legal.street,
        localized(legal.city, lang),
        localized(legal.country, lang),
        legal.tax_code,
        legal.phone,
        str(legal.email),
        legal.vat_id,
        legal.trade_register,
        legal.euid,
        legal.managing_director,
        legal.content_responsible,
    ):
        assert value in text, value
    assert str(legal.website).rstrip("/") in text
    # Six disclaimer sections, under the disclaimer heading.
    assert len(re.findall(r"<h3>", notice.html)) == 6
    # docs/product.md: no consumer arbitration; and no link to the closed EU ODR platform.
    assert "ec.europa.eu/consumers/odr" not in notice.html
    assert ("arbitration board" if lang == "en" else "Verbraucherschlichtungsstelle") in text
    # The seat, the representative's role and the § 18(2) MStV heading.
    labels = {
        "en": (
            "Registered office:",
            "Administrator (managing director), authorised to represent",
            "§ 18(2) MStV",
        ),
        "de": (
            "Sitz der Gesellschaft:",
            "Administrator (Geschäftsführer), vertretungsberechtigt",
            "§ 18 Abs. 2 MStV",
        ),
    }[lang]
    for label in labels:
        assert label in text, label


@pytest.mark.parametrize("lang", LANGUAGES)
def test_neither_text_claims_no_personal_data_arrives_without_a_message(lang: str) -> None:
    """Every request brings connection data (the IP address)."""
    for document in ("impressum", "privacy"):
        text = _text(get_legal(lang, document).html)
        assert ("IP address" if lang == "en" else "IP-Adresse") in text
        for claim in (
            "We receive personal data only when you send us a message",
            "without giving us any personal data",
            "Personenbezogene Daten erhalten wir nur, wenn Sie uns eine Nachricht senden",
            "ohne uns personenbezogene Daten mitzuteilen",
        ):
            assert claim not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_privacy_policy_covers_every_way_data_reaches_us(lang: str) -> None:
    """Booking, orders, the demo line, e-mail/phone/WhatsApp, logs;
    the AI providers as processors; a safeguard per recipient and no Art. 49 fallback;
    withdrawing consent covers cookies; the authority's postal address."""
    site = get_content().site
    html = get_legal(lang, "privacy").html
    text = _text(html)
    facts = legal_facts(site, lang)
    for link in ("https://vimeo.com/privacy", "https://policies.google.com/privacy"):
        assert f'href="{link}"' in html, link
    for fact in ("demo_phone", "whatsapp_phone", "scheduling_host", "authority_address", "authority_website"):
        assert facts[fact] and facts[fact].rstrip("/") in text, fact
    for phrase in {
        "en": (
            "14 days",
            "Art. 6(1)(c)",
            "transcript",
            "processors under Art. 28",
            "Data Privacy Framework",
            "standard contractual clauses",
            "Cookies the provider has already set",
        ),
        "de": (
            "14 Tagen",
            "Art. 6 Abs. 1 lit. c",
            "Transkript",
            "Auftragsverarbeiter nach Art. 28",
            "Data Privacy Framework",
            "Standardvertragsklauseln",
            "Cookies, die der Anbieter bereits gesetzt hat",
        ),
    }[lang]:
        assert phrase in text, phrase
    assert "Art. 49" not in text
    assert "(Art. 26" in text and text.count("Art. 26") == 1  # Vimeo and Google only


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dubai_team_is_described_as_the_facts_say(lang: str, content_copy: Path) -> None:
    """A company of its own: a processor with standard contractual clauses; otherwise staff."""
    text = _text(load_legal(content_copy)[lang]["privacy"].html)
    assert get_content().site.office.entity_form in text
    assert ("module 2" if lang == "en" else "Modul 2") in text
    site_yaml = content_copy / "site.yaml"
    site_yaml.write_text(re.sub(r"(?m)^  entity_form: .*$", "  entity_form: null", site_yaml.read_text()))
    staff = _text(load_legal(content_copy)[lang]["privacy"].html)
    assert ("own staff" if lang == "en" else "eigenen Personal") in staff
    assert ("module 2" if lang == "en" else "Modul 2") not in staff


def test_retention_follows_the_operator_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from agency_site.content import legal

    monkeypatch.setattr(
        legal, "get_settings", lambda: SimpleNamespace(leads=SimpleNamespace(retention_days=30))
    )
    assert retention_days() == 30
    monkeypatch.setattr(legal, "get_settings", lambda: SimpleNamespace())
    assert retention_days() == legal.DEFAULT_RETENTION_DAYS


def test_unknown_placeholder_is_named(content_copy: Path) -> None:
    path = content_copy / "legal" / "de" / "impressum.md"
    path.write_text(path.read_text() + "\n{tax_number}\n")
    with pytest.raises(ContentError) as error:
        load_legal(content_copy)
    assert error.value.path == path and error.value.field == "{tax_number}"


def test_missing_text_is_named(content_copy: Path) -> None:
    (content_copy / "legal" / "en" / "privacy.md").unlink()
    with pytest.raises(ContentError) as error:
        load_legal(content_copy)
    assert error.value.path.name == "privacy.md" and "missing" in str(error.value)


def test_unknown_front_matter_field_is_named(content_copy: Path) -> None:
    path = content_copy / "legal" / "en" / "privacy.md"
    path.write_text(path.read_text().replace("updated:", "title: Privacy\nupdated:", 1))
    with pytest.raises(ContentError) as error:
        load_legal(content_copy)
    assert error.value.field == "title"
