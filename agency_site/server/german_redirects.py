"""Former German addresses answer 301 to their German ones (docs/architecture.md §2).

German pages used to live at /de + the English path (`/de/services/ai-callers`); now they
have German words (`/de/leistungen/ki-telefonassistenten`, content/slugs.yaml). Links to
the old addresses stay in search indexes, bookmarks and mails, so each answers 301 with
its new one, the query kept: in `make run`'s server (`FormerGermanUrls`, ASGI) and in
nginx (`nginx/former-urls.conf`, written beside the pages by agency_site/nginx/former_urls.py
and included by deploy/nginx/agency-site.conf.template). Both come from `former_german_url`,
so they cannot disagree.
"""

from __future__ import annotations

from starlette.types import Receive, Scope, Send

from agency_site.constants import LANGUAGE_PREFIX
from agency_site.content.slugs import get_german_urls
from agency_site.i18n import split_language
from agency_site.server.asgi import Middleware, respond

_GERMAN = LANGUAGE_PREFIX["de"]


def former_german_url(path: str) -> str | None:
    """The German address of a former one ('/de/about' -> '/de/ueber-uns'), or None when
    `path` is no former German address (English paths, current German ones)."""
    lang, rest = split_language(path)
    if lang != "de":
        return None
    moved = get_german_urls().german(rest)
    return None if moved == rest else _GERMAN + moved


class FormerGermanUrls(Middleware):
    """ASGI middleware of `make run`'s server: 301 from a former German address."""

    methods = ("GET", "HEAD")

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        new = former_german_url(scope["path"])
        if new is None:
            await self.app(scope, receive, send)
            return
        query = scope.get("query_string", b"").decode("latin-1")
        await respond(send, 301, headers={"location": new + (f"?{query}" if query else "")})
