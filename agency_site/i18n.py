"""Languages and translated text, resolved when pages are compiled (docs/architecture.md §2)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from agency_site.constants import DEFAULT_LANGUAGE, LANGUAGE_PREFIX, LANGUAGES
from agency_site.content import get_content
from agency_site.content.slugs import get_german_urls

logger = logging.getLogger(__name__)

# The page being built, so a missing text can name it; and, while the app is built, the
# list its missing texts are collected in (the build stops after the last page). These
# three are context, not parameters, because `t(lang, key)` is asked from every component:
# no component reads a page's path from here (the app loop hands it to the page shell).
_page: ContextVar[str | None] = ContextVar("page", default=None)
_missing: ContextVar[list[MissingText] | None] = ContextVar("missing", default=None)
# The texts the page being built has shown so far (inside `on_page`): the page shell reads
# them to footnote the headline figures the page names (agency_site.components.ui.figures).
_shown: ContextVar[list[str] | None] = ContextVar("shown", default=None)


class MissingText(KeyError):
    """A key with a text in no language: the page would show the raw key."""

    def __init__(self, key: str, page: str | None) -> None:
        super().__init__(key)
        self.key = key
        self.page = page

    def __str__(self) -> str:
        where = f" (page {self.page})" if self.page else ""
        return f"no text for key {self.key!r} in any language{where}"


@contextmanager
def on_page(page: str) -> Iterator[None]:
    """Texts asked for inside the block belong to `page` (a path, for error messages)."""
    token = _page.set(page)
    shown = _shown.set([])
    try:
        yield
    finally:
        _shown.reset(shown)
        _page.reset(token)


@contextmanager
def collecting_missing_texts() -> Iterator[list[MissingText]]:
    """Inside the block a missing text is recorded (and its key shown) instead of raised,
    so a build can name every missing text of every page before it stops."""
    missing: list[MissingText] = []
    token = _missing.set(missing)
    try:
        yield missing
    finally:
        _missing.reset(token)


def shown_texts() -> list[str]:
    """The texts the page being built has asked for so far (none outside `on_page`)."""
    return list(_shown.get() or ())


def text_in(lang: str, key: str) -> str | None:
    """The text of `key` in exactly `lang`, or None (for optional texts, e.g. seo.yaml's)."""
    return get_content().strings.get(lang, {}).get(key)


def t(lang: str, key: str, **values: object) -> str:
    """Text of `key` in `lang`, following docs/product.md §8's fallbacks.

    A key missing in `lang` logs a warning and uses English (tests/unit/test_i18n.py
    keeps both languages complete, so a build never needs it). A key with no text in any
    language is an error naming the key and the page being built: raised at once, or,
    while the app is built (`collecting_missing_texts`), collected so that the build
    stops naming them all. An empty key gives the empty string.
    `values` fill `{placeholders}` in the text.
    """
    if not key:
        return ""
    text = text_in(lang, key)
    if text is None and lang != DEFAULT_LANGUAGE:
        text = text_in(DEFAULT_LANGUAGE, key)
        if text is not None:
            logger.warning("Missing translation for %r in %r on %s; using English", key, lang, _page.get())
    if text is None:
        error = MissingText(key, _page.get())
        collected = _missing.get()
        if collected is None:
            raise error
        collected.append(error)
        return key
    text = text.format(**values) if values else text
    shown = _shown.get()
    if shown is not None:
        shown.append(text)
    return text


def missing_keys(strings: dict[str, dict[str, str]]) -> dict[str, list[str]]:
    """For each language, the keys another language has and it lacks."""
    every_key = set().union(*(keys.keys() for keys in strings.values()))
    return {lang: sorted(every_key - strings[lang].keys()) for lang in strings}


def localized_path(lang: str, path: str) -> str:
    """The path of the page at spec path `path` in `lang`: English at the spec's path,
    German under /de with the German slugs of the content files (/de/ueber-uns)."""
    if not path.startswith("/"):
        raise ValueError(f"path must start with '/': {path!r}")
    prefix = LANGUAGE_PREFIX[lang]
    if not prefix:
        return path
    path, hash_mark, fragment = path.partition("#")
    german = get_german_urls().german(path)
    return (prefix if german == "/" else prefix + german) + hash_mark + fragment


def split_language(path: str) -> tuple[str, str]:
    """A path in either language -> its language and the path without that language's
    prefix: '/de/ueber-uns' -> ('de', '/ueber-uns'), '/about' -> ('en', '/about')."""
    for lang, prefix in LANGUAGE_PREFIX.items():
        if prefix and (path == prefix or path.startswith(prefix + "/")):
            return lang, path[len(prefix) :] or "/"
    return DEFAULT_LANGUAGE, path


def spec_path_of(path: str) -> str:
    """The spec path of a page's path in either language: '/de/ueber-uns' -> '/about'."""
    lang, rest = split_language(path)
    return rest if lang == DEFAULT_LANGUAGE else get_german_urls().spec(rest)


def twin_path(lang: str, spec_path: str | None) -> str:
    """The page at `spec_path` in `lang`, as a link works without script. A dynamic route's
    pattern (`/blog/[blog_id]`) links to its section; no path (the not-found page) links to
    the home page. The head script completes the link in the browser (the URL's own id,
    query and hash)."""
    path = spec_path or "/"
    if "[" in path:
        path = path[: path.index("/[")] or "/"
    return localized_path(lang, path)


def browser_languages() -> dict[str, object]:
    """The one value the browser code knows the languages by: the German prefix and the
    German word of each section (content/slugs.yaml). The head script reads it from its
    `data-languages` attribute, `usePageLanguage` gets it as its argument, so no browser
    file writes the prefix or a slug."""
    return {"germanPrefix": LANGUAGE_PREFIX["de"], "germanSections": dict(get_german_urls().sections)}


def alternate_urls(site_url: str, path: str) -> dict[str, str]:
    """The hreflang URLs of the page at spec path `path`: en, de, and x-default (English)."""
    urls = {lang: site_url + localized_path(lang, path) for lang in LANGUAGES}
    urls["x-default"] = urls["en"]
    return urls
