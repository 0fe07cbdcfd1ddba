"""The dev server shows a change of the route table's content pages without restarting its
backend: a new, deleted or renamed (German slug) blog post, service or project, a date
that reorders the blog, a portfolio tab that a service's first project adds.

A new post adds two pages (/blog/<id> and /de/blog/<slug>). They are built and added to the
running app (`app.add_page`, in the route table's order), compiled into their files under
.web/app/routes/, where React Router's dev server finds them (it reads that folder again
when a file is added or removed: Reflex's routes.js is its `flatRoutes`), and the route
manifest (.web/routes.json) is written again. A deleted post's pages are taken out of the
app and their files deleted. Then the pages that list posts are compiled again: those that
showed a changed or deleted post (live_content's `pages_to_rebuild`), and those that now
show other posts than before. A page notes each post it takes out of the blog's list
(`recording_posts`), not the list itself, so the pages that read any post are built again
(about 25 ms each; compiling one takes ten times that) and those that read other posts
now are compiled: the blog list, the home page's six teasers when the post is among the
newest, the three articles before it, which suggest the next three. The sitemap and the
feeds follow (live_content).

A service or a project is shown the same way. The pages that list them note the catalog's
lists they read (`recording_facts`, agency_site/content/catalog.py: the services' list,
the portfolio's tabs, a tab's projects, the projects a project page suggests), a lookup
by id notes the entry alone, and a German link notes the slug it names (('german',
(section, id)), agency_site/content/slugs.py), so a new service compiles the services'
list and the unknown-service page in both languages, the footer's module if it lists it,
the home page if it features it; a new German slug the pages that link to it (a
service's portfolio tab moves with it). Those are among live_content's
`pages_to_rebuild`; the list of the kind that came or went is compiled first. A route
change that most pages show compiles them all, as any live edit (live_content's
`compile_pages`): less work than a restart, which compiles every page too.

A new post is two files, saved one after the other; between the two saves the blog is
not whole (a post in one language only is a content error), and the dev server waits for
the other file instead of showing that error (`WaitingForSave`). Deleting a post is
waited for the same way, and so is a new service's or project's line saved before its
texts or images (agency_site/dev/new_entries.py).

Other route changes still restart the backend: a new German section word (slugs.yaml:
every German URL changes), a new or removed page of the code (routes.py), and a service
or project with a content error (the backend restarts into the error page).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from agency_site.constants import LANGUAGES
from agency_site.content import ContentError
from agency_site.content.slugs import GermanUrls, check_sections
from agency_site.dev.live_content import (
    ROUTES_MODULE,
    PageBuild,
    RestartNeeded,
    build_pages,
    forget_page,
    remembered_pages,
)
from agency_site.i18n import localized_path
from agency_site.reflex_adapter import (
    format_route,
    order_pages,
    page_files,
    recompile_pages,
    remove_pages,
    routes_manifest,
    write_if_changed,
)
from agency_site.routes import Route

# The page kinds whose pages may come and go while the backend runs: a blog post's, a
# service's, a project's, a portfolio tab's (a service's first project adds one).
LIVE_KINDS = frozenset({"article", "service", "project", "portfolio"})
# The kind of the pages that list each, compiled first: where one looks for a new one.
LIST_KINDS = {"article": "blog", "service": "services", "project": "portfolio", "portfolio": "portfolio"}
# The page kind that lists every post: it notes the posts it shows, not the blog's list, so
# it is compiled whenever posts come or go (the catalog's lists note themselves: their
# pages are among those to rebuild when they change).
POSTS_LIST_KIND = "blog"
NOT_FOUND_ROUTE = "404"


class WaitingForSave(Exception):
    """Part of a change's files are saved (one language of a new or deleted post, a new
    service's line without its texts): the rest of the save is another change."""


@dataclass(frozen=True)
class RoutedPage:
    """One page of the route table: `route` in `lang`."""

    route: Route
    lang: str

    @property
    def spec(self) -> tuple[str, str]:
        return self.route.path, self.lang


def routed_pages() -> dict[str, RoutedPage]:
    """Every page of the route table by its route key (Reflex's), in the order the app
    adds them (agency_site.agency_site.add_pages)."""
    # The table of the pages' code as it is now: a page edit imports the routes module
    # afresh (live_content.apply_page_edit), after this module imported it.
    routes = importlib.import_module(ROUTES_MODULE)
    return {
        format_route(localized_path(lang, route.path)): RoutedPage(route, lang)
        for route in routes.route_table()
        for lang in LANGUAGES
    }


def unpaired_posts(content_dir: Path) -> list[str]:
    """The post files that have no file of the same id in another language (a new post
    of which one language is saved, or a deleted one of which one is still there)."""
    ids = {lang: {path.stem for path in (content_dir / "blog" / lang).glob("*.md")} for lang in LANGUAGES}
    every = set().union(*ids.values())
    return sorted(
        f"blog/{lang}/{post_id}.md" for post_id in every for lang in LANGUAGES if post_id not in ids[lang]
    )


def wait_for_paired_posts(content_dir: Path) -> None:
    """WaitingForSave while a post is in one language only."""
    if missing := unpaired_posts(content_dir):
        raise WaitingForSave(f"waiting for {', '.join(missing)} (a post needs both languages)")


def changed_pages(before: dict[str, RoutedPage], after: dict[str, RoutedPage]) -> tuple[set[str], set[str]]:
    """The route keys of the pages gone and of the pages new (a key whose route or language
    changed is both)."""
    removed = {key for key, page in before.items() if key not in after or after[key].spec != page.spec}
    added = {key for key, page in after.items() if key not in before or before[key].spec != page.spec}
    return removed, added


def check_route_change(
    before: dict[str, RoutedPage],
    after: dict[str, RoutedPage],
    german_before: GermanUrls,
    german_after: GermanUrls,
) -> None:
    """RestartNeeded unless the pages that come and go are of `LIVE_KINDS` and the German
    URLs changed only in the slugs of posts, services, projects and tabs (the pages that
    link to one note its slug: `Facts`, agency_site/dev/live_content.py), not in a section
    word (every German URL)."""
    if german_after.sections != german_before.sections:
        raise RestartNeeded("the German URLs changed")
    removed, added = changed_pages(before, after)
    for key in sorted(removed | added):
        page = after.get(key) or before[key]
        if page.route.kind not in LIVE_KINDS:
            raise RestartNeeded("the pages changed")
    try:
        check_sections([page.route.path for page in after.values()])
    except ContentError:
        raise RestartNeeded("content error") from None


def compile_and_write(app: Any, fields: dict[str, dict[str, Any]]) -> list[Path]:
    """Compile the pages of `fields` (by route key) and write their files that changed."""
    if not fields:
        return []
    outputs = recompile_pages(app, fields)
    return [path for path, text in outputs.items() if write_if_changed(path, text)]


def apply_route_change(
    app: Any,
    before: dict[str, RoutedPage],
    after: dict[str, RoutedPage],
    rebuilding: list[PageBuild],
    page_fields: Callable[[Route, str], dict[str, Any]],
    memo_module: Callable[[Route, str], str],
) -> tuple[int, list[Path]]:
    """Show a change of the route table from `before` to `after` (`check_route_change`
    allowed it): the pages gone are taken out of `app` and their files deleted, the new
    ones built, added and compiled, and so are the pages of `rebuilding` (those that showed
    a changed post) and the pages that read other posts now. `page_fields` and
    `memo_module` build a page as the app does (agency_site.agency_site). The number of
    pages compiled and the files written or deleted."""
    removed, added = changed_pages(before, after)
    kinds = {(after.get(key) or before[key]).route.kind for key in removed | added}
    remembered = remembered_pages()
    gone: list[Path] = []
    for key in sorted(removed):
        page = remembered.get(key)
        forget_page(key)
        if page is not None:
            files = page_files(key, page.memo_module)
            shared = any(other.memo_module == page.memo_module for other in remembered_pages().values())
            gone += [path for path in (files.page, None if shared else files.memo) if path is not None]
    remove_pages(app, removed)
    new = [
        PageBuild(
            key,
            partial(page_fields, after[key].route, after[key].lang),
            after[key].route.kind,
            memo_module(after[key].route, after[key].lang),
            frozenset(),
        )
        for key in after
        if key in added
    ]
    fields = build_pages(new)
    for key, page_field in fields.items():
        page = after[key]
        app.add_page(
            **page_field, route=localized_path(page.lang, page.route.path), on_load=page.route.on_load
        )
    order_pages(app, [*after, NOT_FOUND_ROUTE])
    kept = {key: page for key, page in remembered_pages().items() if key not in added}
    # First the lists of what came or went (the blog's list, the services', the portfolio's
    # tabs that show it), where one looks for a new page, then the new pages, both before
    # the rest is built. The list before the new pages: React Router's dev server reads its
    # routes again when a page file is added, and Vite's hot update of a file written after
    # that came a second or more later (3.8 s from saving to the post in the open list,
    # 2.1 s with the list first, at load average 6-7).
    listing = {LIST_KINDS[kind] for kind in kinds}
    rebuilt = {page.route_key for page in rebuilding}
    lists = [
        page
        for key, page in kept.items()
        if page.kind in listing
        and after[key].route.canonical is None
        and (page.kind == POSTS_LIST_KIND or key in rebuilt)
    ]
    fields |= build_pages(lists)
    first = [*(page.route_key for page in new), *(page.route_key for page in lists)]
    written = compile_and_write(app, {page.route_key: fields[page.route_key] for page in lists})
    written += compile_and_write(app, {page.route_key: fields[page.route_key] for page in new})
    # Then the pages kept that showed a changed post or fact (a catalog's list, a German
    # slug), and, when posts came or went, those that read other posts now: the home
    # page's teasers (of all pages its compile takes longest, 0.3 to 0.5 s a language),
    # the articles that suggest the post, those whose stock image moved with their position.
    chosen = (rebuilt & set(kept)) - set(first)
    posts_moved = "article" in kinds
    readers = [
        page
        for key, page in kept.items()
        if ((posts_moved and page.posts) or key in chosen) and key not in first
    ]
    fields |= build_pages(readers)
    now = remembered_pages()
    chosen |= {page.route_key for page in readers if now[page.route_key].posts != page.posts}
    # Pages that share a memo module are compiled together (they share its file).
    modules = {now[key].memo_module for key in chosen}
    chosen |= {key for key, page in kept.items() if page.memo_module in modules} - set(first)
    fields |= build_pages([now[key] for key in chosen if key not in fields])
    written += compile_and_write(app, {key: fields[key] for key in sorted(chosen)})
    manifest, text = routes_manifest(app)
    if write_if_changed(manifest, text):
        written.append(manifest)
    # A page file of a key that changed its post was written again: not deleted.
    gone = [path for path in gone if path not in written]
    for path in gone:
        path.unlink(missing_ok=True)
    return len(first) + len(chosen), written + gone
