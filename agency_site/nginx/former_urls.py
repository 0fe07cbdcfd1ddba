"""Build time: nginx's map of former German addresses to their German ones
(agency_site/server/german_redirects.py says why), from the route table."""

from __future__ import annotations

from pathlib import Path

from agency_site.constants import LANGUAGE_PREFIX
from agency_site.content.slugs import get_german_urls
from agency_site.reflex_adapter import Plugin
from agency_site.server.build_output import NGINX_DIR
from agency_site.server.german_redirects import former_german_url

NGINX_FILE = "former-urls.conf"
_GERMAN = LANGUAGE_PREFIX["de"]


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
        "# Former German addresses -> their German ones (agency_site/nginx/former_urls.py).",
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
        nginx_dir = Path(context["static_dir"]).parent / NGINX_DIR
        nginx_dir.mkdir(exist_ok=True)
        (nginx_dir / NGINX_FILE).write_text(nginx_former_urls(), encoding="utf-8")
