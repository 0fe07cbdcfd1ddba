"""Every figure with % in any text, post or legal page of both languages is true to its
basis: one of our headline results is marked (`40 %*`), footnoted with its basis
(content/i18n/*/figures.yaml, filled from content/site.yaml) and says what that basis
measured (an average says 'average', a highest value says 'up to', a survey says who was
asked); any other % is named below as not our result, with what it is. A new % in any text
fails until it is one or the other."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agency_site.components.ui.figures import HEADLINE_FIGURES, MARKER
from agency_site.constants import LANGUAGES
from agency_site.content import get_content
from agency_site.settings import PROJECT_ROOT

CONTENT = PROJECT_ROOT / "content"
# How each language writes a figure: '40 %' (German, a non-breaking space), '40%'.
PERCENT_SIGN = {"en": "%", "de": "\u00a0%"}
# A number with %, a range ending in one ('40 bis 70 %') as one, or the word.
PERCENT = re.compile(
    r"(?<![\w.,])(?:\d+(?:[.,]\d+)?\s*(?:–|-|to|bis)\s*)?(\d+(?:[.,]\d+)?)(?:[ \u00a0]?%|\s(?:Prozent|per ?cent|percent)\b)"
)

# What each basis measured, as the copy must say it beside the figure (in its text or its
# label): every group needs one of its words. The bases: figures.yaml.
QUALIFIERS: dict[str, dict[str, list[tuple[str, ...]]]] = {
    # The mean over apps, against our estimate for two separate native apps.
    "35": {"en": [("average",), ("native",)], "de": [("schnitt",), ("nativ",)]},
    # The mean efficiency gain over automated processes.
    "40": {"en": [("average",), ("efficiency",)], "de": [("schnitt", "durchschnittlich"), ("effizienz",)]},
    # Highest values measured: operating costs, manual time per case, support tickets.
    "60": {"en": [("up to",), ("operating cost",)], "de": [("bis zu",), ("betriebskosten",)]},
    "70": {"en": [("up to",), ("manual",)], "de": [("bis zu",), ("manuell",)]},
    "80": {"en": [("up to",), ("ticket",)], "de": [("bis zu",), ("ticket",)]},
    # Only callers who answered the survey after the call.
    "92": {"en": [("surveyed",)], "de": [("befragt",)]},
}

# Percentages in the posts that are not a result of ours, each with what it is; `source`,
# when given, must be named in the same paragraph.
NOT_OUR_RESULTS: dict[tuple[str, str], tuple[str, str | None]] = {
    ("ai-automation.md", "70"): ("the example target of a pilot, in quotes", None),
    ("ai-automation.md", "2"): ("the example target of a pilot, in quotes", None),
    ("ethical-ai.md", "95"): ("an imagined system, to show why one overall rate is not enough", None),
    ("ethical-ai.md", "70"): ("an imagined system, to show why one overall rate is not enough", None),
    ("future-of-ai-agents.md", "95"): ("arithmetic: 0.95 to the tenth power", None),
    ("future-of-ai-agents.md", "60"): ("arithmetic: 0.95 to the tenth power is 0.60", None),
    ("ai-cybersecurity.md", "74"): ("a cited study", "Verizon"),
    ("ai-healthcare.md", "27"): ("a cited study", "Annals of Internal Medicine"),
}


def _companion(key: str, strings: dict[str, str]) -> str:
    """The label shown beside a figure that is a text of its own ('…-stat', '…-value')."""
    for suffix, label in (("-stat", "-stat-label"), ("-value", "")):
        if key.endswith(suffix):
            return strings.get(key.removesuffix(suffix) + label, "")
    return ""


def text_findings(lang: str, key: str, text: str, strings: dict[str, str]) -> list[str]:
    """What is wrong with the figures of one text of the site (`strings`: its language's)."""
    if key.startswith("figure-basis-"):
        return []
    findings = []
    for match in PERCENT.finditer(text):
        figure, whole = match.group(1), match.group(0)
        if text[match.end() :][:1] != MARKER or whole != figure + PERCENT_SIGN[lang]:
            findings.append(f"{key}: '{whole}' is not a marked headline figure ({MARKER} and its basis)")
            continue
        if figure not in HEADLINE_FIGURES or f"figure-basis-{figure}" not in strings:
            findings.append(f"{key}: '{whole}{MARKER}' has no basis in figures.yaml")
            continue
        said = f"{text} {_companion(key, strings)}".lower()
        for words in QUALIFIERS[figure][lang]:
            if not any(word in said for word in words):
                findings.append(
                    f"{key}: '{whole}{MARKER}' does not say {' or '.join(repr(w) for w in words)}"
                )
    return findings


def page_findings(path: Path) -> list[str]:
    """What is wrong with the figures of a post or legal text: a page with no footnote."""
    findings = []
    shown = path.relative_to(CONTENT) if path.is_relative_to(CONTENT) else path.name
    for paragraph in path.read_text(encoding="utf-8").split("\n\n"):
        for match in PERCENT.finditer(paragraph):
            known = NOT_OUR_RESULTS.get((path.name, match.group(1)))
            if (
                known is None
                or "–" in match.group(0)
                or " to " in match.group(0)
                or " bis " in match.group(0)
            ):
                findings.append(f"{shown}: '{match.group(0)}' without a basis")
            elif known[1] is not None and known[1] not in paragraph:
                findings.append(f"{shown}: '{match.group(0)}' without its source {known[1]}")
    return findings


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_percent_in_the_texts_is_a_marked_figure_true_to_its_basis(lang: str) -> None:
    strings = get_content().strings[lang]
    found = [finding for key, text in strings.items() for finding in text_findings(lang, key, text, strings)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_percent_in_the_posts_and_legal_texts_has_its_basis(lang: str) -> None:
    pages = sorted((CONTENT / "blog" / lang).glob("*.md")) + sorted((CONTENT / "legal" / lang).glob("*.md"))
    assert len(pages) >= 10
    found = [finding for path in pages for finding in page_findings(path)]
    assert not found, "\n".join(found)
    # Every entry of the table is still in the posts (a figure removed leaves no excuse behind).
    named = {
        (path.name, match.group(1))
        for path in pages
        for match in PERCENT.finditer(path.read_text(encoding="utf-8"))
    }
    assert set(NOT_OUR_RESULTS) <= named


def test_the_arithmetic_in_the_posts_holds() -> None:
    assert round(0.95**10 * 100) == 60


# ---- Broken samples: the rules find what they are meant to find ----


@pytest.mark.parametrize(
    ("lang", "text", "expected"),
    [
        ("de", "92\u00a0%* der Anrufenden bewerten das Gespräch als natürlich.", "'befragt'"),
        ("en", "cuts the cost of video production by up to 60%*.", "'operating cost'"),
        ("en", "Reusable components cut the development time of an app by 35%* on average.", "'native'"),
        ("de", "Der Aufwand sank meist um 40 bis 70\u00a0%.", "not a marked headline figure"),
        ("en", "Tickets fall by up to 80%.", "not a marked headline figure"),
        ("en", "A gain of 45%* on average.", "no basis"),
        ("de", "Ein Gewinn von 40%* im Schnitt an Effizienz.", "not a marked headline figure"),
    ],
)
def test_a_figure_untrue_to_its_basis_is_found(lang: str, text: str, expected: str) -> None:
    findings = text_findings(lang, "sample", text, get_content().strings[lang])
    assert findings and expected in findings[0], findings


def test_a_post_naming_our_result_without_a_basis_is_found(tmp_path: Path) -> None:
    sample = tmp_path / "ai-automation.md"
    sample.write_text(
        "In unseren Projekten sank der Aufwand meist um 40 bis 70\u00a0%.\n\n"
        "Laut einer Studie waren es 74\u00a0%.\n",
        encoding="utf-8",
    )
    assert page_findings(sample) == [
        "ai-automation.md: '40 bis 70\u00a0%' without a basis",
        "ai-automation.md: '74\u00a0%' without a basis",
    ]
    cited = tmp_path / "ai-cybersecurity.md"
    cited.write_text("Laut einer Studie waren es 74\u00a0%.\n", encoding="utf-8")
    assert page_findings(cited) == ["ai-cybersecurity.md: '74\u00a0%' without its source Verizon"]
