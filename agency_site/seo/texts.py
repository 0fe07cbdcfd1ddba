"""A page's title and description in search results: its own, or an override from seo.yaml.

A page's own texts come from its screen (heading, excerpt, ...). Where they do not fit a
search result (shared by sibling pages, or longer than 160 characters), `seo.yaml`
replaces them with `seo-{page}-title` / `seo-{page}-description`, {page} being the page's
path without language prefix, slashes as dashes ('/' is 'home').
"""

from __future__ import annotations

from agency_site.i18n import t, text_in

DESCRIPTION_MIN = 50
DESCRIPTION_MAX = 160


def page_key(path: str) -> str:
    """`/portfolio/ai-callers` -> `portfolio-ai-callers`; `/` -> `home`."""
    return path.strip("/").replace("/", "-") or "home"


def override(lang: str, path: str, field: str) -> str | None:
    """The seo.yaml text replacing a page's own `field` ('title' or 'description'), if any."""
    return text_in(lang, f"seo-{page_key(path)}-{field}")


def full_title(lang: str, title: str) -> str:
    """The <title>: the page's title, then the brand."""
    return f"{title} | {t(lang, 'site-title-suffix')}"


def search_title(lang: str, path: str, own_title: str) -> str:
    return full_title(lang, override(lang, path, "title") or own_title)


def search_description(lang: str, path: str, own_description: str) -> str:
    return override(lang, path, "description") or own_description
