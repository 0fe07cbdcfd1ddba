"""Languages and translated text, resolved when pages are compiled (DESIGN.md §2)."""

from __future__ import annotations

import logging

from agency_site.constants import DEFAULT_LANGUAGE, LANGUAGE_PREFIX, LANGUAGES
from agency_site.content import get_content

logger = logging.getLogger(__name__)


def t(lang: str, key: str, **values: object) -> str:
    """Text of `key` in `lang`, following SPEC.md §8's fallbacks.

    A key missing in `lang` logs a warning and uses English; missing in English
    too, the key itself is shown; an empty key gives the empty string.
    `values` fill `{placeholders}` in the text.
    """
    if not key:
        return ""
    strings = get_content().strings
    text = strings.get(lang, {}).get(key)
    if text is None:
        logger.warning("Missing translation for %r in %r; using English", key, lang)
        text = strings[DEFAULT_LANGUAGE].get(key, key)
    return text.format(**values) if values else text


def missing_keys(strings: dict[str, dict[str, str]]) -> dict[str, list[str]]:
    """For each language, the keys another language has and it lacks."""
    every_key = set().union(*(keys.keys() for keys in strings.values()))
    return {lang: sorted(every_key - strings[lang].keys()) for lang in strings}


def localized_path(lang: str, path: str) -> str:
    """The path of a page in `lang`: English at the spec's path, German under /de."""
    if not path.startswith("/"):
        raise ValueError(f"path must start with '/': {path!r}")
    prefix = LANGUAGE_PREFIX[lang]
    if path == "/":
        return prefix or "/"
    return prefix + path


def alternate_urls(site_url: str, path: str) -> dict[str, str]:
    """The hreflang URLs of the page at spec path `path`: en, de, and x-default (English)."""
    urls = {lang: site_url + localized_path(lang, path) for lang in LANGUAGES}
    urls["x-default"] = urls["en"]
    return urls


def unlocalized_path(path: str) -> str:
    """The spec's path of a localized path: `/de/about` -> `/about`, `/de` -> `/`."""
    for lang in LANGUAGES:
        prefix = LANGUAGE_PREFIX[lang]
        if prefix and (path == prefix or path.startswith(prefix + "/")):
            return path[len(prefix) :] or "/"
    return path


def language_of_path(path: str) -> str:
    """The language a path is in, by its prefix."""
    for lang in LANGUAGES:
        prefix = LANGUAGE_PREFIX[lang]
        if prefix and (path == prefix or path.startswith(prefix + "/")):
            return lang
    return DEFAULT_LANGUAGE
