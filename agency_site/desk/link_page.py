"""The page a mailed sign-in link opens: one button, and only its POST signs in.

Opening the link spends nothing. Mail filters open the links of every message they scan
(Outlook's Safe Links, a company's virus scanner); had the link itself signed in, they
would have used it up before the member of staff clicked it, and whoever scanned it would
have held the session. The page is built on the backend (it must work before the desk's
own page has loaded anything), runs no script and loads nothing; its one style block is
allowed by its hash.
"""

from __future__ import annotations

import base64
import hashlib
from html import escape

from starlette.responses import HTMLResponse

from agency_site.i18n import t

# The site's violet and ink (assets/styles.css); white on this violet is 5.7:1.
STYLE = (
    "body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc}"
    "main{max-width:32rem;margin:12vh auto;padding:0 1.25rem}"
    "h1{font-size:1.5rem;line-height:1.25}"
    "button{font:inherit;font-weight:600;padding:.75rem 1.5rem;border:0;border-radius:.75rem;"
    "background:#7c3aed;color:#fff;cursor:pointer}"
    "button:focus-visible{outline:2px solid #0f172a;outline-offset:2px}"
)
# What every answer of the desk's endpoints carries (desk/http.py too): kept by no cache,
# indexed by no search engine.
PRIVATE = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow"}
_STYLE_HASH = base64.b64encode(hashlib.sha256(STYLE.encode()).digest()).decode()
# Nothing runs or loads; the button may post here only. Same-origin referrer: Chromium
# sends `Origin: null` with a form posted from a no-referrer page, and the POST is
# accepted only from a page of this site (its Origin).
HEADERS = {
    **PRIVATE,
    "Referrer-Policy": "same-origin",
    "Content-Security-Policy": (
        f"default-src 'none'; style-src 'sha256-{_STYLE_HASH}'; frame-ancestors 'none'; "
        "base-uri 'none'; form-action 'self'"
    ),
}


def link_page(action: str, token: str, lang: str) -> HTMLResponse:
    """The page in `lang` whose button posts `token` to `action`."""
    title = escape(t(lang, "desk-link-title"))
    html = (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="robots" content="noindex, nofollow"><title>{title}</title>'
        f"<style>{STYLE}</style></head><body><main>"
        f"<h1>{title}</h1><p>{escape(t(lang, 'desk-link-intro'))}</p>"
        f'<form method="post" action="{escape(action)}">'
        f'<input type="hidden" name="token" value="{escape(token)}">'
        f'<input type="hidden" name="lang" value="{lang}">'
        f'<button type="submit" data-testid="desk-link-sign-in">{escape(t(lang, "desk-link-button"))}</button>'
        "</form></main></body></html>"
    )
    return HTMLResponse(html, headers=HEADERS)
