"""Security headers of every response, in both serving modes (issue 13, item 3).

The Content-Security-Policy allows scripts only from the site itself, from the voice-agent
provider (its widget loads on click), and inline scripts whose SHA-256 hash is listed: our
head script, React Router's and React's prerendered ones, whatever the build writes. Those
differ per page (React Router's context carries the page's data), so the build hashes each
page's inline scripts after every other step has changed it (`ContentSecurityPolicyHashes`,
the last plugin in rxconfig.py) and writes them where each server reads them:

- `.web/build/csp-hashes.json`: page file -> hashes, for `SecurityHeaders`, the ASGI
  middleware of `make run`'s server;
- `.web/build/nginx/csp-map.conf` (a `map $uri`, one full policy per page file) and
  `.web/build/nginx/security-headers.conf` (the `add_header` lines) for nginx (deploy/).

Frames are allowed only from the click-to-load providers (map, video host, avatar), the
microphone only to the avatar's origin, and the page may connect only to its own origin.
Styles keep 'unsafe-inline': emotion (Reflex's CSS-in-JS) writes `<style>` elements at run
time, and a style cannot run code.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reflex.plugins import Plugin
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from agency_site.content import get_content
from agency_site.settings import origin_of

HASHES_FILE = "csp-hashes.json"
NGINX_DIR = "nginx"
NGINX_MAP_FILE = "csp-map.conf"
NGINX_HEADERS_FILE = "security-headers.conf"
# Reflex copies the SPA fallback to 404.html after the plugins' post_build has run.
NOT_FOUND_PAGE = "404.html"
SPA_FALLBACK_PAGE = "__spa-fallback.html"

# Two years; browsers remember to use https for the site, Observatory asks for >= 6 months.
# Without includeSubDomains: the operator may have subdomains that are not on https yet.
HSTS = "max-age=63072000"

# <script> elements whose content runs: no type, or a JavaScript one. JSON-LD and other
# data blocks do not run, so CSP does not look at them.
_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)
_SRC = re.compile(r"\bsrc\s*=", re.IGNORECASE)
_RUNNABLE_TYPES = {"", "module", "text/javascript", "application/javascript"}


def script_hash(source: str) -> str:
    """The CSP source expression of an inline script: 'sha256-<base64>' of its UTF-8 text."""
    digest = hashlib.sha256(source.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def inline_script_hashes(html: str) -> list[str]:
    """The hashes of every inline script in `html` that a browser would run, in page order."""
    hashes: list[str] = []
    for match in _SCRIPT.finditer(html):
        attributes, body = match.group(1), match.group(2)
        kind = _TYPE.search(attributes)
        if _SRC.search(attributes) or (kind and kind.group(1).lower() not in _RUNNABLE_TYPES):
            continue
        digest = script_hash(body)
        if digest not in hashes:
            hashes.append(digest)
    return hashes


@dataclass(frozen=True)
class Providers:
    """The third-party origins the click-to-load embeds use (content/site.yaml)."""

    frames: tuple[str, ...]
    scripts: tuple[str, ...]
    microphone: tuple[str, ...]


@lru_cache(maxsize=1)
def providers() -> Providers:
    # Imported here: rxconfig.py imports this module before Reflex's config exists.
    from agency_site.components.embeds.video_card import PLAYER_ORIGIN

    links = get_content().site.links
    avatar = origin_of(str(links.avatar_embed_url))
    frames = (origin_of(str(get_content().site.office.map_embed_url)), PLAYER_ORIGIN, avatar)
    return Providers(
        frames=tuple(dict.fromkeys(frames)),
        scripts=(origin_of(str(links.voice_agent_script_url)),),
        microphone=(avatar,),
    )


def content_security_policy(script_hashes: list[str] | tuple[str, ...] = ()) -> str:
    """The policy of a page whose inline scripts have `script_hashes`."""
    embeds = providers()
    directives = {
        "default-src": ["'none'"],
        "script-src": ["'self'", *script_hashes, *embeds.scripts],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "media-src": ["'self'"],
        "manifest-src": ["'self'"],
        # 'self' covers the websocket too (ws/wss to the page's own host and port).
        "connect-src": ["'self'"],
        "frame-src": list(embeds.frames),
        "frame-ancestors": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "object-src": ["'none'"],
    }
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in directives.items())


def permissions_policy() -> str:
    """The microphone only for the avatar's frame; other powerful features for nobody."""
    microphone = " ".join(f'"{origin}"' for origin in providers().microphone)
    return ", ".join(
        [
            f"microphone=({microphone})",
            "camera=()",
            "geolocation=()",
            "payment=()",
            "usb=()",
        ]
    )


def static_headers(*, https: bool) -> dict[str, str]:
    """Every security header except the Content-Security-Policy."""
    headers = {
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "Permissions-Policy": permissions_policy(),
        # frame-ancestors 'none' says the same to current browsers.
        "X-Frame-Options": "DENY",
    }
    if https:
        headers["Strict-Transport-Security"] = HSTS
    return headers


# ---------------------------------------------------------------------------------------
# Build time: hash every page, write the files both servers read.


def page_hashes(static_dir: Path) -> dict[str, list[str]]:
    """Page file (relative to the build, e.g. 'about/index.html') -> its inline script hashes."""
    pages = {
        page.relative_to(static_dir).as_posix(): inline_script_hashes(page.read_text(encoding="utf-8"))
        for page in sorted(static_dir.rglob("*.html"))
    }
    if NOT_FOUND_PAGE not in pages:
        fallback = SPA_FALLBACK_PAGE if SPA_FALLBACK_PAGE in pages else "index.html"
        if fallback in pages:
            pages[NOT_FOUND_PAGE] = pages[fallback]
    return pages


def _nginx_string(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def nginx_csp_map(pages: dict[str, list[str]]) -> str:
    """`map $uri $agency_csp`: after try_files, $uri names the page file nginx sends."""
    lines = [
        "# Generated by agency_site/security.py at build time; do not edit.",
        "# The Content-Security-Policy of each page, by the file nginx serves ($uri after try_files).",
        "map $uri $agency_csp {",
        # Documents only: an empty value sends no header (scripts, styles, images need none).
        '    default "";',
        f"    ~\\.html$ {_nginx_string(content_security_policy())};",
    ]
    for page, hashes in pages.items():
        lines.append(f"    {_nginx_string('/' + page)} {_nginx_string(content_security_policy(hashes))};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def nginx_security_headers() -> str:
    """The `add_header` lines; include them in every location that sends a response
    (nginx drops a server's add_header in a location that has its own)."""
    lines = [
        "# Generated by agency_site/security.py at build time; do not edit.",
        "add_header Content-Security-Policy $agency_csp always;",
    ]
    for name, value in static_headers(https=True).items():
        lines.append(f"add_header {name} {_nginx_string(value)} always;")
    return "\n".join(lines) + "\n"


def write_security_files(static_dir: Path) -> dict[str, list[str]]:
    """Hash the pages in `static_dir` (.web/build/client) and write the files beside it."""
    pages = page_hashes(static_dir)
    build_dir = static_dir.parent
    (build_dir / HASHES_FILE).write_text(json.dumps(pages, indent=1, sort_keys=True), encoding="utf-8")
    nginx_dir = build_dir / NGINX_DIR
    nginx_dir.mkdir(exist_ok=True)
    (nginx_dir / NGINX_MAP_FILE).write_text(nginx_csp_map(pages), encoding="utf-8")
    (nginx_dir / NGINX_HEADERS_FILE).write_text(nginx_security_headers(), encoding="utf-8")
    return pages


class ContentSecurityPolicyHashes(Plugin):
    """Writes the per-page script hashes after the production build (module docstring)."""

    def post_build(self, **context) -> None:
        write_security_files(Path(context["static_dir"]))


# ---------------------------------------------------------------------------------------
# Serving: `make run`'s server (reflex run --env prod --single-port).


def page_file(path: str, status: int, known: dict[str, list[str]]) -> str:
    """The build's page file a request path was answered with, as CleanUrls and Reflex's
    static files resolve it: '/about' -> 'about/index.html'; anything else gets 404.html,
    with status 404, or 200 when it matches a dynamic route ('/blog/no-such-article')."""
    relative = path.strip("/")
    if status == 404:
        return NOT_FOUND_PAGE
    if not relative:
        return "index.html"
    for candidate in (f"{relative}/index.html", f"{relative}.html", relative):
        if candidate in known:
            return candidate
    return NOT_FOUND_PAGE


class SecurityHeaders:
    """Adds the security headers to every HTTP response of the app (pages, files, API),
    with the page's own script hashes in the HTML's Content-Security-Policy."""

    def __init__(self, app: ASGIApp, hashes_file: Path | None = None) -> None:
        self.app = app
        self.hashes_file = hashes_file
        self._pages: dict[str, list[str]] | None = None
        self._mtime: float | None = None

    def _hashes_path(self) -> Path:
        if self.hashes_file is not None:
            return self.hashes_file
        from reflex.constants import Dirs
        from reflex.utils.prerequisites import get_web_dir

        return get_web_dir() / Path(Dirs.STATIC).parent / HASHES_FILE

    def pages(self) -> dict[str, list[str]]:
        """The build's hashes, reread when a new build replaced them."""
        path = self._hashes_path()
        try:
            mtime = path.stat().st_mtime
        except FileNotFoundError:
            return {}
        if self._pages is None or mtime != self._mtime:
            self._pages = json.loads(path.read_text(encoding="utf-8"))
            self._mtime = mtime
        return self._pages

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        https = scope.get("scheme") == "https"

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in static_headers(https=https).items():
                    headers.setdefault(name, value)
                # The policy governs documents only. On the ~30 scripts, styles and images
                # of a page it would be ~0.5 KB of header each, for nothing.
                if headers.get("content-type", "").startswith("text/html"):
                    pages = self.pages()
                    hashes = pages.get(page_file(scope["path"], message["status"], pages), [])
                    headers.setdefault("Content-Security-Policy", content_security_policy(hashes))
            await send(message)

        await self.app(scope, receive, send_with_headers)
