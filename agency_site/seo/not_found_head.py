"""The not-found page's head in its server HTML: title, description and robots noindex.

Every unknown URL is answered with one document, Reflex's SPA fallback (copied to
`404.html` after the plugins' post_build): a shell prerendered with no page in it, so its
<head> had no <title> at all (invalid HTML, and a tab and a search engine saw none) until
the scripts rendered the not-found page. `NotFoundHead` writes the page's title, its
description and `noindex` into that shell when the site is built. They are English: one
document serves both languages (the head script sets `<html lang>` from the path before
anything is painted, and React's own title, in the path's language, then comes first:
React puts the <title> it renders before any other in the head).
"""

from __future__ import annotations

import html
from pathlib import Path

from agency_site.i18n import t
from agency_site.reflex_adapter import Plugin

SPA_FALLBACK_PAGE = "__spa-fallback.html"
MARKER = "data-not-found-head"
CHARSET = '<meta charSet="utf-8"/>'


def not_found_head_tags(lang: str = "en") -> str:
    """The title, description and robots tags of the not-found page in `lang`, as HTML."""
    title = f"{t(lang, 'page-notfound-title')} | {t(lang, 'site-title-suffix')}"
    description = t(lang, "notfound-description")
    return (
        f"<title {MARKER}>{html.escape(title)}</title>"
        f'<meta name="description" content="{html.escape(description)}" {MARKER}/>'
        f'<meta name="robots" content="noindex" {MARKER}/>'
    )


def with_not_found_head(document: str) -> str:
    """`document` with the not-found head tags after its charset (once; a document that
    already has a <title> is left as it is)."""
    if "<title" in document or CHARSET not in document:
        return document
    return document.replace(CHARSET, CHARSET + not_found_head_tags(), 1)


class NotFoundHead(Plugin):
    """Writes the not-found page's head into the SPA fallback after the build (before
    Reflex copies it to 404.html; before the script hashes, which it does not change)."""

    def post_build(self, **context) -> None:
        page = Path(context["static_dir"]) / SPA_FALLBACK_PAGE
        if page.is_file():
            page.write_text(with_not_found_head(page.read_text(encoding="utf-8")), encoding="utf-8")
