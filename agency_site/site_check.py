"""The site's content check (`python -m agency_site.site_check`, make check-content).

Loads every content file once, so a broken one stops the build before any page is made,
then asks the route table and the sharing check whether every kind of page has its German
word, sharing texts and images. It sits above `routes` and `seo/`, so `content/` imports
nothing above it. On failure it prints one line per problem, every problem at once, each
with file, line and fix."""

from __future__ import annotations

import sys

from agency_site.content.blog import get_blog
from agency_site.content.catalog import get_catalog
from agency_site.content.hyphenation import get_hyphenation
from agency_site.content.legal import get_legal_texts
from agency_site.content.loader import Content, ContentError, get_content, raise_all
from agency_site.content.slugs import check_sections
from agency_site.images.check import code_image_errors, missing_image_errors
from agency_site.images.variants import assets_dir
from agency_site.routes import route_table
from agency_site.seo.sharing_check import route_kinds, sharing_errors
from agency_site.settings import get_settings


def check_all_content() -> Content:
    """Validate strings and facts, then each area's own files, then that every kind of page
    has its sharing texts and images, and that the images the content and the code name
    exist; raises ContentError (ContentErrors naming every problem of every area at once).

    The cached getters are the ones the pages read, so each file is parsed (and each
    post rendered) once per build, here, and the pages reuse the result.
    """
    errors: list[ContentError] = []
    content: Content | None = None
    for load_area in (get_content, get_catalog, get_blog, get_legal_texts, get_hyphenation):
        try:
            loaded = load_area()
        except ContentError as error:
            errors.append(error)
            continue
        if isinstance(loaded, Content):
            content = loaded
    if not errors and content is not None:
        # What a new page needs beyond its module and route: its German word, its
        # sharing texts and images.
        try:
            check_sections([route.path for route in route_table()])
        except ContentError as error:
            errors.append(error)
        errors += sharing_errors(content, get_settings().content_dir, route_kinds())
        # The images the content and the pages' code name (a deleted one would show broken).
        errors += missing_image_errors(get_catalog(), content.site, get_settings().content_dir, assets_dir())
        errors += code_image_errors(assets_dir())
    raise_all(errors)
    assert content is not None
    return content


def main() -> int:
    """Check the content; print `content ok` or every problem, and return the exit status."""
    try:
        content = check_all_content()
    except ContentError as error:
        for problem in error.errors:
            print(f"content error: {problem.describe()}", file=sys.stderr)
        count = len(error.errors)
        print(
            f"{count} content error{'s' if count > 1 else ''}: the site is not built until it is fixed",
            file=sys.stderr,
        )
        return 1
    counts = ", ".join(f"{lang}: {len(keys)} keys" for lang, keys in content.strings.items())
    print(f"content ok ({counts})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
