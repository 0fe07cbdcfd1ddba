"""Soft hyphens for long words on narrow screens (agency_site/content/hyphenation.py,
content/hyphenation.yaml) and the heading helper that uses them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agency_site.components.ui.heading import heading, page_title
from agency_site.content import ContentError
from agency_site.content.hyphenation import SOFT_HYPHEN, get_hyphenation, load_hyphenation, soft_hyphens
from agency_site.settings import PROJECT_ROOT


def _glossary(tmp_path: Path, text: str) -> Path:
    (tmp_path / "hyphenation.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def _shown(text: str) -> str:
    return text.replace(SOFT_HYPHEN, "·")


def test_a_word_breaks_where_the_glossary_says_in_any_case_and_inside_compounds(tmp_path: Path) -> None:
    glossary = load_hyphenation(
        _glossary(tmp_path, "words:\n  - Gesund|heits|wesen\n  - Telefon|assistent\n")
    )
    assert _shown(glossary.apply("KI im Gesundheitswesen")) == "KI im Gesund·heits·wesen"
    assert _shown(glossary.apply("gesundheitswesen, KI-Telefonassistenten")) == (
        "gesund·heits·wesen, KI-Telefon·assistenten"
    )
    # Text without a glossary word, and the words once broken, stay as they are.
    assert glossary.apply("Apps and websites") == "Apps and websites"
    assert glossary.apply(glossary.apply("Gesundheitswesen")) == glossary.apply("Gesundheitswesen")


def test_the_longer_of_two_overlapping_words_wins(tmp_path: Path) -> None:
    glossary = load_hyphenation(_glossary(tmp_path, "words:\n  - Daten|schutz\n  - Daten|schutz|erklärung\n"))
    assert _shown(glossary.apply("Datenschutzerklärung")) == "Daten·schutz·erklärung"


@pytest.mark.parametrize(
    ("entry", "problem"),
    [("Gesundheitswesen", "String should match pattern"), ("Gesund||wesen", "String should match pattern")],
)
def test_an_entry_without_a_break_point_is_named_with_its_line(
    tmp_path: Path, entry: str, problem: str
) -> None:
    with pytest.raises(ContentError) as raised:
        load_hyphenation(_glossary(tmp_path, f"words:\n  - Daten|schutz\n  - {entry}\n"))
    assert raised.value.line == 3 and problem in raised.value.problem


def test_a_word_listed_twice_is_named(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="listed twice"):
        load_hyphenation(_glossary(tmp_path, "words:\n  - Daten|schutz\n  - daten|sch|utz\n"))


def test_the_sites_glossary_loads_and_every_entry_is_a_word_of_the_german_copy() -> None:
    """An entry no German text uses any more is dead weight: the copy changed, the list did not."""
    glossary = get_hyphenation()
    copy = (
        "\n".join(
            path.read_text(encoding="utf-8").lower()
            for folder in ("content/i18n/de", "content/blog/de", "content/legal/de")
            for path in (PROJECT_ROOT / folder).glob("*.*")
        )
        + (PROJECT_ROOT / "content/services.yaml").read_text(encoding="utf-8").lower()
        + (PROJECT_ROOT / "content/projects.yaml").read_text(encoding="utf-8").lower()
    )
    unused = [word for word in glossary.breaks if word not in copy]
    assert glossary.breaks and unused == []


def _text(component) -> str:
    """The text child of a rendered element, as the browser gets it."""
    return json.loads(component.render()["children"][0]["contents"])


def test_headings_show_the_break_points_and_keep_their_props() -> None:
    title = page_title("KI im Gesundheitswesen", class_name="mt-8")
    assert _text(title) == f"KI im Gesund{SOFT_HYPHEN}heits{SOFT_HYPHEN}wesen"
    assert "screen-title" in str(title.render()) and "mt-8" in str(title.render())
    assert (
        _text(heading(3, "Softwareentwicklung"))
        == soft_hyphens("Softwareentwicklung")
        != "Softwareentwicklung"
    )
