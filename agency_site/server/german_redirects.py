"""Former German addresses answer 301 to their German ones (DESIGN.md §2).

German pages used to live at /de + the English path (`/de/services/ai-callers`); now they
have German words (`/de/leistungen/ki-telefonassistenten`, content/slugs.yaml). Links to
the old addresses stay in search indexes, bookmarks and mails, so each answers 301 with
its new one, the query kept: in `make run`'s server (`FormerGermanUrls`, ASGI) and in
nginx (`nginx/former-urls.conf`, written beside the pages by `FormerGermanUrlsFile` and
included by deploy/nginx/agency-site.conf.template). Both come from `former_german_url`
and the route table, so they cannot disagree.
"""

from __future__ import annotations

from pathlib import Path

from reflex.plugins import Plugin
from starlette.types import Receive, Scope, Send

from agency_site.constants import LANGUAGE_PREFIX
from agency_site.content.slugs import get_german_urls
from agency_site.server.asgi import Middleware, respond

NGINX_FILE = "former-urls.conf"
_GERMAN = LANGUAGE_PREFIX["de"]


def former_german_url(path: str) -> str | None:
    """The German address of a former one ('/de/about' -> '/de/ueber-uns'), or None when
    `path` is no former German address (English paths, current German ones)."""
    if not path.startswith(_GERMAN + "/"):
        return None
    rest = path[len(_GERMAN) :]
    moved = get_german_urls().german(rest)
    return None if moved == rest else _GERMAN + moved


def former_german_urls() -> dict[str, str]:
    """Former address -> German address of every static page of the route table."""
    from agency_site.routes import route_table

    table = {}
    for route in route_table():
        if route.is_dynamic or route.path == "/":
            continue
        new = former_german_url(_GERMAN + route.path)
        if new is not None:
            table[_GERMAN + route.path] = new
    return table


def nginx_former_urls() -> str:
    """`map $uri $agency_former_url`: the exact pages first (nginx prefers them), then each
    renamed section for ids no page has (`/de/services/x` -> `/de/leistungen/x`)."""
    lines = [
        "# Former German addresses -> their German ones (agency_site/server/german_redirects.py).",
        "map $uri $agency_former_url {",
        '    default "";',
    ]
    lines += [f"    {old} {new};" for old, new in sorted(former_german_urls().items())]
    for spec, german in sorted(get_german_urls().sections.items()):
        if spec != german:
            lines.append(
                f"    ~^{_GERMAN}/{spec}(?<agency_former_rest>/.*)?$ {_GERMAN}/{german}$agency_former_rest;"
            )
    lines.append("}")
    return "\n".join(lines) + "\n"


class FormerGermanUrlsFile(Plugin):
    """Writes nginx/former-urls.conf beside the pages after a production build."""

    def post_build(self, **context) -> None:
        nginx_dir = Path(context["static_dir"]).parent / "nginx"
        nginx_dir.mkdir(exist_ok=True)
        (nginx_dir / NGINX_FILE).write_text(nginx_former_urls(), encoding="utf-8")


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
