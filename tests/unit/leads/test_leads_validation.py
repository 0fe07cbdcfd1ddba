"""Server-side validation: docs/product.md §5's rules, bounds, trimming, languages.

The leads package answers in codes (`Problem`); tests/unit/leads/test_contact_form_state.py
checks what the visitor reads.
"""

from __future__ import annotations

import re

import pytest

from agency_site.constants import LANGUAGES
from agency_site.i18n import t
from agency_site.leads.model import MAX_LENGTHS
from agency_site.leads.validation import HONEYPOT_FIELD, Problem, clean, validate
from tests.unit.leads.support import valid_form


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("name", "A", Problem.TOO_SHORT),
        ("email", "ada@", Problem.NOT_AN_EMAIL),
        ("subject", "Hi!", Problem.TOO_SHORT),
        ("message", "Too short", Problem.TOO_SHORT),
    ],
)
def test_each_rule_names_its_field_and_problem(field, value, problem):
    assert validate(valid_form(**{field: value})) == {field: problem}


def test_an_empty_form_names_every_field_in_form_order():
    errors = validate({"language": "de"})
    assert list(errors) == ["name", "email", "subject", "message"]
    assert errors["email"] == Problem.NOT_AN_EMAIL


def test_surrounding_whitespace_does_not_count():
    # Nine characters plus spaces is still too short; padding is no way around a rule.
    assert validate(valid_form(name="  A \n", message="   123456789   ")) == {
        "name": Problem.TOO_SHORT,
        "message": Problem.TOO_SHORT,
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
    assert validate(valid_form(email=email)) == {"email": Problem.NOT_AN_EMAIL}


@pytest.mark.parametrize("field", list(MAX_LENGTHS))
def test_upper_bounds_are_a_problem_of_their_own(field):
    limit = MAX_LENGTHS[field]
    too_long = (
        "x" * (limit - len("@example.com") + 1) + "@example.com" if field == "email" else "x" * (limit + 1)
    )
    assert len(too_long) == limit + 1
    assert validate(valid_form(**{field: too_long})) == {field: Problem.TOO_LONG}


def test_text_at_the_bound_is_accepted():
    assert validate(valid_form(name="x" * 100, subject="y" * 200, message="z" * 5000)) == {}


def test_unknown_language_falls_back_to_english():
    assert clean(valid_form(language="fr")).language == "en"
    assert clean(valid_form(language="<script>")).language == "en"
    assert clean(valid_form(language="de")).language == "de"


def test_page_is_kept_only_when_it_is_a_path_of_this_site():
    assert clean(valid_form(page="/de/contact")).page == "/de/contact"
    assert clean(valid_form(page="https://evil.example/x")).page == ""
    assert clean(valid_form(page="//evil.example/x")).page == ""


def test_nul_characters_are_dropped_not_stored():
    assert clean(valid_form(message="Hello\x00 there, friends")).message == "Hello there, friends"


def test_honeypot_is_noticed_only_when_filled():
    assert clean(valid_form(form_trap="  ")).honeypot is False
    assert clean(valid_form(form_trap="https://spam.example")).honeypot is True
    assert clean(valid_form(form_trap={"url": "x"})).honeypot is True


def test_a_filled_honeypot_gets_no_hints_whatever_else_is_wrong():
    form = valid_form(form_trap="https://spam.example", name="A", email="nope", message={"$gt": ""})
    assert validate(form) == {}


# What a hostile client can send over the websocket instead of a form field's text.
NOT_TEXT = [{"$gt": ""}, ["Ada", "Lovelace"], 12345, 1.5, True, None]


@pytest.mark.parametrize("value", NOT_TEXT, ids=repr)
@pytest.mark.parametrize("field", ["name", "email", "subject", "message"])
def test_only_text_is_a_field(field, value):
    assert validate(valid_form(**{field: value})) == {field: Problem.NOT_TEXT}
    submission = clean(valid_form(**{field: value}))
    assert getattr(submission, field) == ""  # never a Python repr


def test_hidden_fields_that_are_not_text_fall_back():
    submission = clean(valid_form(language={"$ne": "en"}, page=["/contact"]))
    assert (submission.language, submission.page) == ("en", "")


@pytest.mark.parametrize("form_data", [None, "name=Ada", [["name", "Ada"]], 42])
def test_a_payload_that_is_no_form_at_all_is_an_empty_form(form_data):
    assert validate(form_data) == validate({})
    assert clean(form_data).language == "en"


# Words autofill matches in a field's name, id or label to fill it from a saved profile:
# Chromium's address heuristics (components/autofill/core/common/autofill_regex_constants)
# and the fields of password managers' identity profiles (website, url, company, address...).
AUTOFILL_WORDS = re.compile(
    r"web|site|url|homepage|www|link|company|business|organi[sz]ation|firm|address|addr|street|"
    r"city|town|zip|postal|plz|country|state|province|phone|tel|mobile|fax|e.?mail|name|title|"
    r"birth|login|user|pass|search|card|unternehmen|firma|strasse|straße|ort|land|telefon",
    re.IGNORECASE,
)


def test_the_honeypot_is_named_and_labelled_in_words_no_autofill_fills():
    """`website` was filled from visitors' saved profiles (spam)."""
    assert not AUTOFILL_WORDS.search(HONEYPOT_FIELD)
    for lang in LANGUAGES:
        assert not AUTOFILL_WORDS.search(t(lang, "contact-honeypot-label"))


def test_control_and_direction_characters_are_dropped_from_single_lines():
    """ESC, BEL, C1 controls and U+202E never reach an operator's terminal."""
    submission = clean(
        valid_form(
            name="Ada\x1b[2J\x07 Love\u202elace\u2066",
            subject="Offer\x9b31m\u200f\tnow\nplease",
            email="ada@example.com\u202e",
        )
    )
    assert submission.name == "Ada[2J Lovelace"
    assert submission.subject == "Offer31m now please"
    assert submission.email == "ada@example.com"


def test_a_message_keeps_its_lines_and_tabs_but_no_other_controls():
    submission = clean(valid_form(message="Hello\x1b]0;owned\x07 team,\r\n\tline two\rthree \u202eevil"))
    assert submission.message == "Hello]0;owned team,\n\tline two\nthree evil"


@pytest.mark.parametrize(
    ("page", "stored"),
    [
        ("/contact", "/contact"),
        ("/de/contact?ref=home#form", "/de/contact?ref=home#form"),
        ("/\\evil.com", ""),
        ("//evil.com", ""),
        ("/foo//evil.com", ""),
        ("https://evil.com/contact", ""),
        ("javascript:alert(1)", ""),
        ("/\t/evil.com", ""),
        ("contact", ""),
    ],
)
def test_page_is_kept_only_as_a_path_of_this_site(page, stored):
    assert clean(valid_form(page=page)).page == stored
