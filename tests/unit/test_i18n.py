"""i18n: docs/product.md §8's fallbacks, path twins, and no key missing in either language."""

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


def test_key_missing_everywhere_is_an_error_naming_key_and_page(fake_strings: None) -> None:
    with pytest.raises(i18n.MissingText) as error, i18n.on_page("/de/about"):
        i18n.t("de", "no-such-key")
    assert (error.value.key, error.value.page) == ("no-such-key", "/de/about")
    assert "'no-such-key'" in str(error.value) and "/de/about" in str(error.value)


def test_a_key_in_german_only_is_missing_on_english_pages(fake_strings: None) -> None:
    content = i18n.get_content()
    content.strings["de"]["only-de"] = "Nur Deutsch"
    with pytest.raises(i18n.MissingText):
        i18n.t("en", "only-de")


def test_while_building_every_missing_text_is_collected_with_its_page(fake_strings: None) -> None:
    with i18n.collecting_missing_texts() as missing:
        with i18n.on_page("/about"):
            assert i18n.t("en", "no-such-key") == "no-such-key"
        with i18n.on_page("/de/blog"):
            assert i18n.t("de", "other-key") == "other-key"
            assert i18n.t("de", "greeting") == "Hallo"
    assert [(error.key, error.page) for error in missing] == [
        ("no-such-key", "/about"),
        ("other-key", "/de/blog"),
    ]


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
        ("de", "/services/ai-callers", "/de/leistungen/ki-telefonassistenten"),
    ],
)
def test_localized_path(lang: str, path: str, expected: str) -> None:
    assert i18n.localized_path(lang, path) == expected


def test_localized_path_rejects_relative_paths() -> None:
    with pytest.raises(ValueError):
        i18n.localized_path("de", "about")
