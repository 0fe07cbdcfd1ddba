"""A Reflex plugin writing sitemap.xml, robots.txt and the feeds into the build.

Like Reflex's own SitemapPlugin (disabled in rxconfig.py): at compile time it adds a save
task whose files land in `.web/public/`, which both `reflex export` and `reflex run --env
prod` copy into the served build. Nothing is written into the repository.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from agency_site.reflex_adapter import Dirs, Plugin

# Set while this process compiles the dev server's content-error page instead of the site
# (agency_site.build_app): the files below would list content that is broken.
_showing_content_errors = False


def show_content_errors() -> None:
    """Mark this process as compiling the content-error page: no sitemap or feeds."""
    global _showing_content_errors
    _showing_content_errors = True


def showing_content_errors() -> bool:
    """Whether this process compiles the content-error page instead of the site."""
    return _showing_content_errors


def seo_files_task() -> list[tuple[str, str]]:
    from agency_site.seo.site_files import site_files

    return [(str(PurePosixPath(Dirs.PUBLIC) / path.lstrip("/")), text) for path, text in site_files().items()]


class SeoFilesPlugin(Plugin):
    """Generates the crawler and feed files on every compile."""

    def pre_compile(self, **context) -> None:
        # The dev server's content-error page has no sitemap: the content it lists is broken.
        if not showing_content_errors():
            context["add_save_task"](seo_files_task)
