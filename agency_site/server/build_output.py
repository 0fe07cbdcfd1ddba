"""Where the production build that the servers serve lies, and the files in it that the
build writes for them."""

from __future__ import annotations

from pathlib import Path

from agency_site.reflex_adapter import Dirs, web_dir

# Beside the pages (static_dir().parent): each page file's inline script hashes.
HASHES_FILE = "csp-hashes.json"
# Beside the pages: the files nginx includes (deploy/nginx/agency-site.conf.template).
NGINX_DIR = "nginx"
# Reflex copies the SPA fallback to 404.html after the plugins' post_build has run.
NOT_FOUND_PAGE = "404.html"
SPA_FALLBACK_PAGE = "__spa-fallback.html"
# The not-found page of each language (agency_site/seo/not_found_head.py writes the German one).
NOT_FOUND_PAGES = {"en": NOT_FOUND_PAGE, "de": "404-de.html"}


def static_dir() -> Path:
    """The build's pages and files (.web/build/client); its parent holds what the build
    wrote for the servers (csp-hashes.json, nginx/)."""
    return web_dir() / Dirs.STATIC
