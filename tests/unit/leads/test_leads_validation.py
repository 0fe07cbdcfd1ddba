"""Server-side validation (issue 6, item 2): SPEC.md §5's rules, bounds, trimming, languages."""

from __future__ import annotations

import pytest

from agency_site.i18n import t
from agency_site.leads.model import MAX_LENGTHS
from agency_site.leads.validation import clean, validate
from tests.unit.leads.support import valid_form

LANGS = ("en", "de")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("field", "value", "key"),
    [
        ("name", "A", "name-min-error"),
        ("email", "ada@", "email-error"),
        ("subject", "Hi!", "subject-min-error"),
        ("message", "Too short", "message-min-error"),
    ],
)
def test_each_rule_has_its_message_in_the_visitors_language(lang, field, value, key):
    assert validate(valid_form(language=lang, **{field: value})) == {field: t(lang, key)}


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_form_names_every_field_in_form_order(lang):
    errors = validate({"language": lang})
    assert list(errors) == ["name", "email", "subject", "message"]
    assert errors["name"] == t(lang, "name-min-error")


def test_surrounding_whitespace_does_not_count():
    # Nine characters plus spaces is still too short; padding is no way around a rule.
    assert validate(valid_form(name="  A \n", message="   123456789   ")) == {
        "name": t("en", "name-min-error"),
        "message": t("en", "message-min-error"),
    }
    cleaned = clean(valid_form(name="  Ada  ", email=" ada@example.com\t"))
    assert (cleaned.name, cleaned.email) == ("Ada", "ada@example.com")


@pytest.mark.parametrize(
    "email",
    ["ada@example.com", "first.last+tag@sub.example.co.uk", "jörg@bücher.de"],
)
def test_valid_addresses_pass(email):
    assert validate(valid_form(email=email)) == {}


@pytest.mark.parametrize(
    "email",
    [
        "ada",
        "ada@",
        "@example.com",
        "ada@example",
        "ada@@example.com",
        "ada @example.com",
        "ada@exa mple.com",
    ],
)
def test_invalid_addresses_fail(email):
    assert validate(valid_form(email=email)) == {"email": t("en", "email-error")}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("field", list(MAX_LENGTHS))
def test_upper_bounds_have_their_own_message(lang, field):
    limit = MAX_LENGTHS[field]
    too_long = (
        "x" * (limit - len("@example.com") + 1) + "@example.com" if field == "email" else "x" * (limit + 1)
    )
    assert len(too_long) == limit + 1
    errors = validate(valid_form(language=lang, **{field: too_long}))
    assert errors == {field: t(lang, "field-max-error", max=limit)}
    assert str(limit) in errors[field]


def test_text_at_the_bound_is_accepted():
    assert validate(valid_form(name="x" * 100, subject="y" * 200, message="z" * 5000)) == {}


def test_unknown_language_falls_back_to_english():
    assert validate(valid_form(language="fr", name="A")) == {"name": t("en", "name-min-error")}
    assert clean(valid_form(language="<script>")).language == "en"


def test_page_is_kept_only_when_it_is_a_path_of_this_site():
    assert clean(valid_form(page="/de/contact")).page == "/de/contact"
    assert clean(valid_form(page="https://evil.example/x")).page == ""
    assert clean(valid_form(page="//evil.example/x")).page == ""


def test_nul_characters_are_dropped_not_stored():
    assert clean(valid_form(message="Hello\x00 there, friends")).message == "Hello there, friends"


def test_honeypot_is_noticed_only_when_filled():
    assert clean(valid_form(website="  ")).honeypot is False
    assert clean(valid_form(website="https://spam.example")).honeypot is True
