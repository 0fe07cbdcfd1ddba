"""Load every content file once, so a broken one stops the build before any page is made."""

from __future__ import annotations

from agency_site.content.blog import load_blog
from agency_site.content.catalog import load_catalog
from agency_site.content.legal import load_legal
from agency_site.content.loader import Content, get_content
from agency_site.settings import get_settings


def check_all_content() -> Content:
    """Validate strings and facts, then each area's own files; raises ContentError."""
    content = get_content()
    content_dir = get_settings().content_dir
    for load_area in (load_catalog, load_blog, load_legal):
        load_area(content_dir)
    return content
