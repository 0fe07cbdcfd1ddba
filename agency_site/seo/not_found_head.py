"""The not-found page's server HTML, one document per language: `<html lang>`, title,
description and robots noindex.

Every unknown URL is answered with a shell prerendered with no page in it, Reflex's SPA
fallback (copied to `404.html` after the plugins' post_build); its <head> had no <title>
at all (invalid HTML, and a tab and a search engine saw none) until the scripts rendered
the not-found page. `NotFoundHead` writes the page's title, its description and
`noindex` into that shell when the site is built (English, `404.html`), and writes a
German copy (`lang="de"`, German texts) beside it for the servers to send for unknown
paths under /de: `make run`'s (agency_site/server/not_found_language.py) and nginx
(deploy/nginx, `error_page 404` by path). A reader without scripts, a crawler and a
screen reader's first look get the page's language from the server. Once hydrated, React
renders the same title (it puts its own <title> before any other in the head).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from agency_site.i18n import t
from agency_site.reflex_adapter import Plugin
from agency_site.server.build_output import NOT_FOUND_PAGES, SPA_FALLBACK_PAGE

MARKER = "data-not-found-head"
CHARSET = '<meta charSet="utf-8"/>'
_HTML_LANG = re.compile(r'<html lang="[^"]*"')


def not_found_head_tags(lang: str = "en") -> str:
    """The title, description and robots tags of the not-found page in `lang`, as HTML."""
    title = f"{t(lang, 'page-notfound-title')} | {t(lang, 'site-title-suffix')}"
    description = t(lang, "notfound-description")
    return (
        f"<title {MARKER}>{html.escape(title)}</title>"
        f'<meta name="description" content="{html.escape(description)}" {MARKER}/>'
        f'<meta name="robots" content="noindex" {MARKER}/>'
    )


def with_not_found_head(document: str, lang: str = "en") -> str:
    """`document` as the not-found page in `lang`: its `<html lang>`, and the head tags
    after its charset (once; a document that already has a <title> is left as it is)."""
    if "<title" in document or CHARSET not in document:
        return document
    document = _HTML_LANG.sub(f'<html lang="{lang}"', document, count=1)
    return document.replace(CHARSET, CHARSET + not_found_head_tags(lang), 1)


class NotFoundHead(Plugin):
    """Writes the not-found page's head into the SPA fallback after the build (before
    Reflex copies it to 404.html; before the script hashes, which it does not change),
    and the German not-found document beside it."""

    def post_build(self, **context) -> None:
        static_dir = Path(context["static_dir"])
        page = static_dir / SPA_FALLBACK_PAGE
        if not page.is_file():
            return
        shell = page.read_text(encoding="utf-8")
        page.write_text(with_not_found_head(shell, "en"), encoding="utf-8")
        (static_dir / NOT_FOUND_PAGES["de"]).write_text(with_not_found_head(shell, "de"), encoding="utf-8")
