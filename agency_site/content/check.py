"""Load every content file once, so a broken one stops the build before any page is made."""

from __future__ import annotations

from agency_site.content.blog import get_blog
from agency_site.content.catalog import get_catalog
from agency_site.content.legal import get_legal_texts
from agency_site.content.loader import Content, get_content


def check_all_content() -> Content:
    """Validate strings and facts, then each area's own files; raises ContentError.

    The cached getters are the ones the pages read, so each file is parsed (and each
    post rendered) once per build, here, and the pages reuse the result.
    """
    content = get_content()
    for load_area in (get_catalog, get_blog, get_legal_texts):
        load_area()
    return content
