"""The security header policy, one for both serving modes: the Content-Security-Policy
of a page, given its inline scripts' hashes, and every other security header.

Scripts come only from the site itself, from the voice-agent provider (its widget loads
on click), and inline scripts whose SHA-256 hash is listed: our head script, React
Router's and React's prerendered ones, whatever the build writes. Those differ per page
(React Router's context carries the page's data), so the build hashes each page
(agency_site/nginx/csp_files.py) and each server sends a page its own list: `make run`'s
(server/security_headers.py) and nginx (deploy/).

Frames are allowed only from the click-to-load providers (map, video host, avatar), the
microphone only to the avatar's origin, and the page may connect only to its own origin.
Styles keep 'unsafe-inline': scripts set style attributes (the page transition's colour) and
the toasts' library writes a `<style>` element at run time, and a style cannot run code.
"""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache

from agency_site.constants import VIMEO_PLAYER_ORIGIN
from agency_site.content import get_content
from agency_site.settings import origin_of

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
    """The embed providers' origins, from the company facts (content/site.yaml)."""
    links = get_content().site.links
    avatar = origin_of(str(links.avatar_embed_url))
    frames = (origin_of(str(get_content().site.office.map_embed_url)), VIMEO_PLAYER_ORIGIN, avatar)
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


# The leads desk's page files (pages/desk/): a policy of their own, stricter than the
# site's, kept out of search engines by header too, and no Referer to another site (not
# no-referrer: the sign-in form's post would carry `Origin: null` and be refused).
DESK_PAGE_PREFIXES = ("desk/", "de/desk/")
DESK_HEADERS = {"X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin"}


def is_desk_page(page_file: str) -> bool:
    """Whether a page file of the build ('desk/lead/index.html') is one of the desk's."""
    return page_file.lstrip("/").startswith(DESK_PAGE_PREFIXES)


def desk_content_security_policy(script_hashes: list[str] | tuple[str, ...] = ()) -> str:
    """The desk's policy: the page's own scripts and origin only. No embed provider's
    frame, script or microphone: the desk shows leads, nothing from anyone else."""
    directives = {
        "default-src": ["'none'"],
        "script-src": ["'self'", *script_hashes],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "manifest-src": ["'self'"],
        "connect-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "object-src": ["'none'"],
    }
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in directives.items())


def page_policy(page_file: str, script_hashes: list[str] | tuple[str, ...] = ()) -> str:
    """The policy of a page file of the build: the desk's for the desk's pages."""
    if is_desk_page(page_file):
        return desk_content_security_policy(script_hashes)
    return content_security_policy(script_hashes)


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
