"""Copy rules for every content text: the German glossary (content/glossary.yaml, with the
English twins' `en_avoid` spellings), the space before %, one ellipsis character, and % rather
than a spelled-out word in the posts.

Each rule is a function from one text to what it finds, so the same function runs over the
content files (a finding names the file and the key, or the line) and over deliberately
broken samples at the end of this module, which show that every rule can fail.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from agency_site.constants import LANGUAGES
from agency_site.content.loader import parse_yaml
from agency_site.settings import PROJECT_ROOT

CONTENT = PROJECT_ROOT / "content"
NBSP = "\u00a0"


@dataclass(frozen=True)
class Term:
    """A glossary entry: the word we use and the spellings it replaces."""

    term: str
    avoid: tuple[re.Pattern[str], ...]
    # Spellings the English texts must not use for the same thing (one name per
    # thing in both languages where the English twin drifted the same way).
    en_avoid: tuple[re.Pattern[str], ...] = ()


@dataclass(frozen=True)
class Text:
    """One text of a content file: `where` is 'file: key' or 'file:line'."""

    where: str
    text: str
    is_post: bool = False


def load_glossary(path: Path = CONTENT / "glossary.yaml") -> list[Term]:
    entries = parse_yaml(path.read_text(encoding="utf-8"))["terms"]
    return [
        Term(
            entry["term"],
            tuple(re.compile(pattern) for pattern in entry["avoid"]),
            tuple(re.compile(pattern) for pattern in entry.get("en_avoid", ())),
        )
        for entry in entries
    ]


def content_texts(lang: str) -> Iterator[Text]:
    """Every text a visitor can read in `lang`: translation values by key, Markdown by line."""
    for path in sorted((CONTENT / "i18n" / lang).glob("*.yaml")):
        for group in (parse_yaml(path.read_text(encoding="utf-8")) or {}).values():
            for key, value in group.items():
                yield Text(f"{path.relative_to(PROJECT_ROOT)}: {key}", str(value))
    for folder in ("blog", "legal"):
        for path in sorted((CONTENT / folder / lang).glob("*.md")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                yield Text(f"{path.relative_to(PROJECT_ROOT)}:{number}", line, is_post=folder == "blog")


# ---- The rules: each returns a list of findings, empty when the text is fine ----


def glossary_findings(text: str, glossary: list[Term], lang: str = "de") -> list[str]:
    return [
        f"'{match.group(0)}': use '{entry.term}'"
        for entry in glossary
        for pattern in (entry.avoid if lang == "de" else entry.en_avoid)
        for match in pattern.finditer(text)
    ]


def _around(text: str, match: re.Match[str]) -> str:
    return text[max(0, match.start() - 12) : match.end() + 2].replace(NBSP, "⍽")


def percent_findings(text: str, lang: str) -> list[str]:
    """German: a non-breaking space before every % (40 %). English: none (40%)."""
    if lang == "de":
        return [
            f"'{_around(text, m)}': non-breaking space before %" for m in re.finditer(f"(?<!{NBSP})%", text)
        ]
    return [f"'{_around(text, m)}': no space before % in English" for m in re.finditer(r"\s%", text)]


def ellipsis_findings(text: str, lang: str) -> list[str]:
    """One ellipsis character (…), never three dots; German puts a non-breaking space before it
    (Wird gesendet …), English none (Sending…)."""
    found = [f"'{_around(text, m)}': write … instead of ..." for m in re.finditer(r"\.\.\.", text)]
    if lang == "de":
        found += [
            f"'{_around(text, m)}': non-breaking space before …" for m in re.finditer(f"(?<!{NBSP})…", text)
        ]
    else:
        found += [f"'{_around(text, m)}': no space before … in English" for m in re.finditer(r"\s…", text)]
    return found


def percent_word_findings(text: str) -> list[str]:
    """The posts write figures as '40 %', not '40 Prozent' / '40 percent'."""
    return [f"'{m.group(0)}': write %" for m in re.finditer(r"\b(?:Prozent|percent)\b", text)]


def findings(lang: str, rule: Callable[[Text], list[str]]) -> list[str]:
    return [f"{text.where}: {finding}" for text in content_texts(lang) for finding in rule(text)]


def _report(found: list[str]) -> str:
    return "\n".join(["", *found])


# ---- The content files ----


@pytest.mark.parametrize("lang", LANGUAGES)
def test_texts_use_the_glossary_terms(lang: str) -> None:
    glossary = load_glossary()
    found = findings(lang, lambda text: glossary_findings(text.text, glossary, lang))
    assert not found, _report(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_percent_signs_are_spaced_as_the_language_wants(lang: str) -> None:
    found = findings(lang, lambda text: percent_findings(text.text, lang))
    assert not found, _report(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_ellipsis_character(lang: str) -> None:
    found = findings(lang, lambda text: ellipsis_findings(text.text, lang))
    assert not found, _report(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_posts_write_percent_as_a_sign(lang: str) -> None:
    found = findings(lang, lambda text: percent_word_findings(text.text) if text.is_post else [])
    assert not found, _report(found)


def test_the_checks_read_every_german_file() -> None:
    """A moved folder must not make the checks above pass on nothing."""
    places = {text.where.split(":")[0] for text in content_texts("de")}
    assert {
        "content/i18n/de/home.yaml",
        "content/blog/de/ai-healthcare.md",
        "content/legal/de/privacy.md",
    } <= places


def test_no_glossary_term_is_forbidden_by_its_own_list() -> None:
    glossary = load_glossary()
    for entry in glossary:
        assert not glossary_findings(entry.term, [entry]), entry.term


# ---- Broken samples: every rule finds what it is meant to find ----


@pytest.mark.parametrize(
    ("sample", "expected"),
    [
        ("Unsere Voicebots nehmen Anrufe an.", "KI-Telefonassistent"),
        ("Rufen Sie unsere Demo-Leitung an.", "Demo-Hotline"),
        ("Wir nutzen die besten Sprachmodelle für Telefonate.", "Sprach- und Stimmmodelle"),
        ("Sie sprechen mit einem KI-Sprachagenten.", "KI-Telefonassistent"),
        ("Der EU AI Act gilt ab 2026.", "KI-Verordnung (EU) 2024/1689"),
        ("Anrufer bewerten ihn gut.", "Anrufende"),
        ("für Entscheiderinnen und Entscheider", "neutrale Form ohne Genderzeichen"),
        ("alle Kund*innen", "neutrale Form ohne Genderzeichen"),
        # One name per thing, and the gender-neutral forms.
        ("92 % der Anrufenden halten sie für menschlich.", "bewerten das Gespräch als natürlich"),
        ("Klicken Sie auf „Virtuellen Assistenten starten“.", "Virtueller Vertriebsmanager"),
        ("Der virtuelle Vertriebsassistent antwortet.", "Virtueller Vertriebsmanager"),
        ("In einem kostenlosen 30-Minuten-Gespräch zeigen wir", "kostenloses 30-minütiges Erstgespräch"),
        ("Buchen Sie ein kostenloses Gespräch.", "kostenloses 30-minütiges Erstgespräch"),
        ("Nach dem Start messen wir.", "Livegang"),
        ("von der Idee bis zum Start", "Livegang"),
        ("entscheiden gemeinsam – auf Deutsch, Englisch oder Arabisch", "auf Deutsch oder Englisch"),
        ("Eine feste Ansprechperson, wöchentliche Demos", "alle zwei Wochen eine Demo"),
        ("sehen alle ein bis zwei Wochen eine Demo", "alle zwei Wochen eine Demo"),
        ("Wir entwickeln in Zwei-Wochen-Sprints.", "alle zwei Wochen eine Demo"),
        ("erfahrene Entwickler", "Entwicklungsteam"),
        ("Ihre besten Verkäufer", "Vertriebsleute"),
        ("ohne Moderator in Bereitschaft", "Moderation"),
        ("im Kalender der Berater", "Beratungsteam"),
        ("aus Gründern Beratungstermine", "Gründungsinteressierte"),
        ("auf der Seite unseres Zahlungsanbieters", "Zahlungsdienstleister"),
        ("nutzen Werkzeuge und erledigen Aufgaben", "Tools"),
        ("Monate vom Kick-off bis zum Livegang", "Projektstart"),
        ("mit Ihrer Wissensdatenbank verbunden", "Wissensbasis"),
        ("Besucher verlassen Ihre Website", "Besuchende"),
        ("mit jedem Interessenten", "Interessierte"),
        ("Nur für Analysten bauen", "Analyseteam"),
        ("Video-Avatare, die präsentieren, verkaufen und einarbeiten", "vorstellen"),
        ("Anrufe annehmen, Anliegen qualifizieren", "Anliegen klären"),
        ("und halten Sie einen Schritt voraus", "der Entwicklung einen Schritt voraus"),
        ("Befähigung", "Wissen, das bleibt"),
        ("Er führt ein persönliches Erstgespräch", "kostenloses 30-minütiges Erstgespräch"),
    ],
)
def test_glossary_flags_a_forbidden_variant(sample: str, expected: str) -> None:
    found = glossary_findings(sample, load_glossary())
    assert any(f"use '{expected}'" in finding for finding in found), found


@pytest.mark.parametrize(
    ("sample", "expected"),
    [
        ("92% of callers think they are human.", "bewerten das Gespräch als natürlich"),
        ("Virtual sales assistant (AI avatar)", "Virtueller Vertriebsmanager"),
        ("Book a free call and leave with a plan.", "kostenloses 30-minütiges Erstgespräch"),
        ("In a free 30-minute call we show you", "kostenloses 30-minütiges Erstgespräch"),
        ("in English, German or Arabic", "auf Deutsch oder Englisch"),
        ("One senior contact, weekly demos", "alle zwei Wochen eine Demo"),
        ("AI callers (voice bots) answer", "KI-Telefonassistent"),
        ("Try the live voice agent", "KI-Telefonassistent"),
        ("Client-centered", "britische Schreibung"),
        ("Optimization and growth", "britische Schreibung"),
        ("support my call center?", "britische Schreibung"),
        ("months from kickoff to launch", "Projektstart"),
        ("Not redirected? click here", "ein Link, der sein Ziel nennt"),
    ],
)
def test_glossary_flags_a_forbidden_english_variant(sample: str, expected: str) -> None:
    found = glossary_findings(sample, load_glossary(), "en")
    assert any(f"use '{expected}'" in finding for finding in found), found


@pytest.mark.parametrize(
    "sample",
    [
        "Große Sprachmodelle schreiben Texte, Sprach- und Stimmmodelle sprechen sie.",
        "Heutige Assistenten beruhen auf großen Sprachmodellen.",
        "92\u00a0% der Anrufenden bewerten das Gespräch als natürlich.",
        "Nach dem Livegang betreuen wir die Lösung; der Projektstart ist im Mai.",
        "Gründungsinteressierte buchen ein Gespräch im Kalender des Beratungsteams.",
    ],
)
def test_glossary_lets_the_right_terms_pass(sample: str) -> None:
    assert glossary_findings(sample, load_glossary()) == []


@pytest.mark.parametrize(
    ("sample", "lang"),
    [
        ("92 % der Anrufenden", "de"),
        ("92% der Anrufenden", "de"),
        ("92 % of callers", "en"),
        ("92\u00a0%", "en"),
    ],
)
def test_percent_rule_flags_wrong_spacing(sample: str, lang: str) -> None:
    assert percent_findings(sample, lang)


@pytest.mark.parametrize(("sample", "lang"), [("92\u00a0% der Anrufenden", "de"), ("92% of callers", "en")])
def test_percent_rule_passes_right_spacing(sample: str, lang: str) -> None:
    assert percent_findings(sample, lang) == []


@pytest.mark.parametrize(
    ("sample", "lang"),
    [
        ("Wird gesendet...", "de"),
        ("Wird gesendet…", "de"),
        ("Wird gesendet …", "de"),
        ("Sending...", "en"),
        ("Sending …", "en"),
    ],
)
def test_ellipsis_rule_flags_dots_and_wrong_spacing(sample: str, lang: str) -> None:
    assert ellipsis_findings(sample, lang)


@pytest.mark.parametrize(("sample", "lang"), [("Wird gesendet\u00a0…", "de"), ("Sending…", "en")])
def test_ellipsis_rule_passes_the_house_style(sample: str, lang: str) -> None:
    assert ellipsis_findings(sample, lang) == []


@pytest.mark.parametrize("sample", ["um 40 bis 70 Prozent", "by 40 to 70 percent"])
def test_percent_word_rule_flags_a_spelled_out_percent(sample: str) -> None:
    assert percent_word_findings(sample)
