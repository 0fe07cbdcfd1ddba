"""The English headings, labels and buttons are in sentence case ('Our services', not 'Our
Services'): only the first word, names and acronyms start with a capital."""

from __future__ import annotations

import re

import pytest

from agency_site.content import get_content

SMALL_WORDS = {"a", "an", "the", "and", "or", "of", "for", "to", "in", "on", "with", "by", "at", "from"}
# Texts whose capitals are names (of a client, a product, a language), or labels the code and
# its tests name as they are ('Send Message', 'Message Sent', 'Schedule a Call').
NAMES = {
    "client-ikigai-studio": "a client's name",
    "contact-name-placeholder": "a person's name",
    "contact-phone-mobile": "WhatsApp",
    "embed-name-google-maps": "a product",
    "feature-smart-start-bilingual": "two languages",
    "home-features-eyebrow": "the brand",
    "tech-react-native": "a product",
    "contact-send": "the form's button, named so throughout the code",
    "contact-sent": "the form's button, named so throughout the code",
    "schedule-call": "the header's button, named so throughout the code",
}


def title_case_words(text: str) -> list[str]:
    """The words after the first that start with a capital though they are neither an
    acronym (AI, FAQ, SEO) nor a placeholder: a text in title case has several."""
    words = re.findall(r"\{?[A-Za-z][\w'.-]*\}?", text)
    return [
        word
        for word in words[1:]
        if word[0].isupper()
        and not word.isupper()
        and not word.startswith("{")
        and not any(c.isupper() for c in word[1:])
    ]


def short_texts() -> dict[str, str]:
    """The English texts short enough to be a heading, a label or a button."""
    return {key: value for key, value in get_content().strings["en"].items() if len(value) < 70}


def test_english_headings_labels_and_buttons_are_in_sentence_case() -> None:
    found = []
    for key, text in short_texts().items():
        words = re.findall(r"[A-Za-z][\w'-]*", text)
        lower = [word for word in words[1:] if word[0].islower() and word.lower() not in SMALL_WORDS]
        if key not in NAMES and title_case_words(text) and not lower:
            found.append(f"{key}: {text!r}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    "text", ["Our Services", "Close Avatar Session", "Portfolio: All Projects", "Launch Virtual Assistant"]
)
def test_title_case_is_found(text: str) -> None:
    assert title_case_words(text)


@pytest.mark.parametrize(
    "text", ["Our services", "AI callers", "BotAgent: AI assistant", "Read the FAQ", "{brand} blog"]
)
def test_sentence_case_passes(text: str) -> None:
    words = re.findall(r"[A-Za-z][\w'-]*", text)
    lower = [word for word in words[1:] if word[0].islower()]
    assert not title_case_words(text) or lower
