"""i18n: SPEC.md §8's fallbacks, path twins, and no key missing in either language."""

from __future__ import annotations

import logging

import pytest

from agency_site import i18n
from agency_site.content import get_content
from agency_site.content.loader import Content


@pytest.fixture
def fake_strings(monkeypatch: pytest.MonkeyPatch) -> None:
    content = Content(
        site=get_content().site,
        strings={
            "en": {"greeting": "Hello", "only-en": "English only", "with-value": "Hi {name}"},
            "de": {"greeting": "Hallo", "with-value": "Hallo {name}"},
        },
    )
    monkeypatch.setattr(i18n, "get_content", lambda: content)


def test_text_in_the_requested_language(fake_strings: None) -> None:
    assert i18n.t("en", "greeting") == "Hello"
    assert i18n.t("de", "greeting") == "Hallo"


def test_missing_german_key_warns_and_uses_english(
    fake_strings: None, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="agency_site.i18n"):
        assert i18n.t("de", "only-en") == "English only"
    assert "only-en" in caplog.text


def test_key_missing_everywhere_shows_the_key(fake_strings: None) -> None:
    assert i18n.t("de", "no-such-key") == "no-such-key"
    assert i18n.t("en", "no-such-key") == "no-such-key"


def test_empty_key_gives_empty_string(fake_strings: None) -> None:
    assert i18n.t("en", "") == ""


def test_placeholders_are_filled(fake_strings: None) -> None:
    assert i18n.t("de", "with-value", name="Ada") == "Hallo Ada"


def test_missing_keys_lists_gaps_per_language() -> None:
    gaps = i18n.missing_keys({"en": {"a": "A", "b": "B"}, "de": {"a": "A", "c": "C"}})
    assert gaps == {"en": ["c"], "de": ["b"]}


def test_no_key_is_missing_in_either_language() -> None:
    gaps = i18n.missing_keys(get_content().strings)
    assert gaps == {"en": [], "de": []}, f"keys missing per language: {gaps}"


@pytest.mark.parametrize(
    ("lang", "path", "expected"),
    [
        ("en", "/", "/"),
        ("de", "/", "/de"),
        ("en", "/services/ai-callers", "/services/ai-callers"),
        ("de", "/services/ai-callers", "/de/services/ai-callers"),
    ],
)
def test_localized_path(lang: str, path: str, expected: str) -> None:
    assert i18n.localized_path(lang, path) == expected


def test_localized_path_rejects_relative_paths() -> None:
    with pytest.raises(ValueError):
        i18n.localized_path("de", "about")


@pytest.mark.parametrize(
    ("path", "spec_path", "lang"),
    [
        ("/de", "/", "de"),
        ("/de/about", "/about", "de"),
        ("/about", "/about", "en"),
        ("/", "/", "en"),
        # A path that merely starts with the letters "de" is English.
        ("/delivery", "/delivery", "en"),
    ],
)
def test_unlocalized_path_and_language(path: str, spec_path: str, lang: str) -> None:
    assert i18n.unlocalized_path(path) == spec_path
    assert i18n.language_of_path(path) == lang
