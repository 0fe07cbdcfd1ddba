"""The dev server shows a content or page edit in the open page within a second or two,
without restarting its backend.

A restart (Reflex's reloader) imports and builds the whole app again and compiles all of
its pages: some 12 s of CPU, 13 to 80 s to the browser on the shared 2-core machine. Here
the dev backend watches `content/` and `agency_site/pages/` itself (its reloader is told to
leave them alone: agency_site/dev/reload.py) and, when a file there is saved, compiles only
the pages it changes, writing only the files whose text changed, so Vite's hot update
replaces just those modules in the open page:

- a text of `content/i18n/`: the content is read again, and the pages that showed one of
  the changed texts are built again (each page's build is kept with the keys it asked for,
  `remember_page`);
- a legal text (`content/legal/`): the two legal pages;
- a blog post (`content/blog/{lang}/{id}.md`, its body or front matter): the posts are read
  again, and the pages that showed one of the changed posts (the article, the blog list,
  the home teasers, the articles suggesting it: each page's build is kept with the posts
  it read, `recording_posts`) are built again, with the sitemap and the feeds;
- a Python file of `agency_site/pages/`: it and the page modules that import it (found in
  their source) are imported again, with the route table, and the pages they build are
  built again. Pages must not define states (Reflex does not allow a state class twice);
- a file of `assets/`, saved, new or deleted (agency_site/dev/live_assets.py): copied where
  Reflex copies `assets/` into the build (or removed from there); the app's stylesheet
  also where its root stylesheet imports it, which Vite sends the open page; an image
  that pages show (through `picture()`, which notes it: each page's build is kept with
  the images it showed, `recording_images`) gets its variants encoded
  (agency_site/images/variants.py, as the build's plugin does), and the pages that show
  it are built again (their `<source>` elements name the new files). A new or deleted
  file has the content read and checked again, as a content edit;
- the catalog and the company facts (`services.yaml`, `projects.yaml`, `site.yaml`) and the
  glossary's break points (`hyphenation.yaml`): the content is read again, and the pages
  that read a fact that changed are built again, with the sitemap and the feeds. The
  models note each field a page reads (`recording_facts`, agency_site/content/models.py): a
  field of a service or project, of a section of site.yaml, which entries a list of the
  catalog holds, each text given break points. A project's year is on its two pages, a
  service's colour on some twenty. A site.yaml edit also builds the legal pages (their
  texts are filled in with its facts). The footer, the header's bar and the company's
  JSON-LD node, alike on every page of a language (the header's bar takes the page's
  current link and language links as props), are compiled once into modules every page
  imports (agency_site/components/shared_module.py): what they read is kept for the
  module (`remember_shared`, agency_site/components/shared_module.py), so an edit of the office, the phone, the footer's services,
  a menu label or the scheduling address builds those modules again (`compile_shared`),
  not the 85 pages;
- `glossary.yaml` (only the tests read it) and the stock images of `blog/images.yaml`
  (they go into the posts: the pages that show a post whose image changed are built again);
- a new or deleted blog post, service or project, a new German slug of one, a date that
  reorders the blog (a change of the route table's content pages):
  agency_site/dev/live_routes.py adds the new pages to the running app and compiles them
  where the dev frontend routes to them, takes the deleted ones out, and compiles the
  pages that list or link to them. One language of a new or deleted post saved, the other
  one is waited for; a new service's or project's line, its texts and images
  (agency_site/dev/new_entries.py).

An edit that every page shows (the brand's name, in every page's head) compiles every
page here: less work than a restart, which compiles them all too, and the open page stays
(5.1 to 5.3 s for the 85 pages at load average 3.5, about 0.05 s a page on a quiet
machine); the shared footer shows it first.

Anything else restarts the backend as the reloader would (this module's file is touched,
which the reloader watches): another content file (the German URLs of `slugs.yaml`), a
content error (the restarted backend shows the error page,
agency_site/pages/content_errors.py), a missing text, another change of the route table or
of the German URLs (a new or removed page of the code, a new German section word), a
change of the app's head (its no-script redirect names site.yaml's BotAgent address), a text also read outside the pages (at import, by the app's
head, by the server), a page module the app imports itself (the not-found page, the
redirects, the content-error page), a page module that no longer imports, a deleted
image that a page still shows (a content error where the content check sees its name),
or a deleted or Sass stylesheet of the app.
"""

from __future__ import annotations

import ast
import importlib
import logging
import os
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

from agency_site.components.shared_module import reading, shared_builds
from agency_site.content import get_content
from agency_site.content.blog import BlogPost, get_blog
from agency_site.content.catalog import Catalog, get_catalog
from agency_site.content.hyphenation import Hyphenation, get_hyphenation
from agency_site.content.models import Fact, SiteFacts
from agency_site.content.slugs import GermanUrls, get_german_urls
from agency_site.dev.reload import PACKAGE_DIR, PAGES_DIR
from agency_site.i18n import asked_outside_pages, collecting_missing_texts
from agency_site.images.variants import assets_dir
from agency_site.reflex_adapter import recompile_memo_modules, recompile_pages, write_if_changed

logger = logging.getLogger(__name__)

# The page kinds (agency_site.routes.PageKind) a legal text is shown on.
LEGAL_PAGE_KINDS = frozenset({"impressum", "privacy"})
# The catalog and company files (content/), whose facts pages note as they read them
# (`recording_facts`); the glossary is read by the tests alone, the stock images of
# blog/images.yaml go into the posts.
FACT_FILES = frozenset({"services.yaml", "projects.yaml", "site.yaml", "hyphenation.yaml"})
UNREAD_FILES = frozenset({"glossary.yaml", "blog/images.yaml"})

PageFields = dict[str, Any]


@dataclass(frozen=True)
class PageBuild:
    """How the app built one page, and the texts it showed."""

    route_key: str
    build: Callable[[], PageFields]
    kind: str
    memo_module: str
    keys: frozenset[str]
    # The blog posts it showed, as (language, id).
    posts: frozenset[tuple[str, str]] = frozenset()
    # The images of assets/ it showed, as '/blog/stock-01.webp'.
    images: frozenset[str] = frozenset()
    # The facts of the catalog and company files it read (`Fact`).
    facts: frozenset[Fact] = frozenset()


_pages: dict[str, PageBuild] = {}

# When this process began reading the site's files (the app's module imports this one before
# the pages and the content). A file saved after that and before the watch below begins (the
# app's build and a restart's compile take seconds) is seen by no watcher (dev/watch.py),
# the reloader's included: Granian does not watch while it respawns its worker.
_loaded_at = time.time()


@dataclass(frozen=True)
class PageMaker:
    """How the app builds a route's page in a language (agency_site.agency_site gives its
    own: `page_fields` and `memo_module`), for the pages a new route adds."""

    fields: Callable[[Any, str], PageFields]
    memo_module: Callable[[Any, str], str]


_page_maker: PageMaker | None = None


def use_page_maker(maker: PageMaker) -> None:
    """The app's way to build a page, given when it builds its pages."""
    global _page_maker
    _page_maker = maker


def page_maker() -> PageMaker:
    if _page_maker is None:
        raise RestartNeeded("the app gave no way to build a new page")
    return _page_maker


class RestartNeeded(Exception):
    """The edit needs the whole app built again; the message says why."""


def remember_page(route_key: str, build: Callable[[], PageFields], kind: str, memo_module: str) -> PageFields:
    """Build a page (`build` returns what `app.add_page` takes) and keep how, with the
    texts it asked for, the blog posts and facts it read and the images it showed."""
    fields, reads = reading(build)
    _pages[route_key] = PageBuild(route_key, build, kind, memo_module, *reads)
    return fields


def remembered_pages() -> dict[str, PageBuild]:
    return dict(_pages)


def forget_page(route_key: str) -> None:
    """The page at `route_key` is gone (agency_site/dev/live_routes.py)."""
    _pages.pop(route_key, None)


def shared_to_rebuild(
    changed: set[str],
    posts: set[tuple[str, str]] | frozenset[tuple[str, str]] = frozenset(),
    facts: set[Fact] | frozenset[Fact] = frozenset(),
) -> set[str]:
    """The shared modules that read one of the `changed` texts, `posts` or `facts`."""
    return {
        shared.module
        for shared in shared_builds()
        if shared.keys & changed or shared.posts & posts or shared.facts & facts
    }


def compile_shared(modules: set[str]) -> list[Path]:
    """Build the shared `modules` again and write their files if they changed."""
    if not modules:
        return []
    with collecting_missing_texts() as missing:
        outputs = recompile_memo_modules(modules)
    if missing:
        raise RestartNeeded("a text is missing")
    return [path for path, text in outputs.items() if write_if_changed(path, text)]


def changed_keys(before: dict[str, dict[str, str]], after: dict[str, dict[str, str]]) -> set[str]:
    """The keys whose text differs in any language (added and removed ones included)."""
    changed: set[str] = set()
    for lang in before.keys() | after.keys():
        old, new = before.get(lang, {}), after.get(lang, {})
        changed |= {key for key in old.keys() | new.keys() if old.get(key) != new.get(key)}
    return changed


def changed_posts(
    before: dict[str, list[BlogPost]], after: dict[str, list[BlogPost]]
) -> set[tuple[str, str]]:
    """The posts, as (language, id), that differ in anything a page could show."""
    changed: set[tuple[str, str]] = set()
    for lang in before.keys() | after.keys():
        old = {post.id: post for post in before.get(lang, [])}
        new = {post.id: post for post in after.get(lang, [])}
        changed |= {
            (lang, post_id) for post_id in old.keys() | new.keys() if old.get(post_id) != new.get(post_id)
        }
    return changed


@dataclass(frozen=True)
class Facts:
    """The catalog and company facts as one build read them."""

    catalog: Catalog
    site: SiteFacts
    hyphenation: Hyphenation
    german: GermanUrls

    @classmethod
    def now(cls) -> Facts:
        return cls(get_catalog(), get_content().site, get_hyphenation(), get_german_urls())

    def value(self, fact: Fact) -> object:
        """What a page that read `fact` showed of it."""
        area, name = fact
        if area == "catalog":
            if isinstance(name, tuple):
                # What a method of the catalog gave: ('projects_for', tab), ('others', id, limit).
                method, *args = name
                return [project.id for project in getattr(self.catalog, method)(*args)]
            return [entry if isinstance(entry, str) else entry.id for entry in getattr(self.catalog, name)]
        if area == "german":
            section, entry_id = name
            return self.german.ids.get(section, {}).get(entry_id)
        if area == "hyphenated":
            return self.hyphenation.apply(name)
        if area == "site":
            section, field = name
            value = getattr(self.site, section)
            return value if field is None else getattr(value, field)
        entry_id, field = name
        entries = self.catalog.services if area == "service" else self.catalog.projects
        return next((getattr(entry, field) for entry in entries if entry.id == entry_id), None)


def changed_facts(before: Facts, after: Facts, read: Iterable[Fact]) -> set[Fact]:
    """Those of the facts `read` that differ between the two builds."""
    return {fact for fact in set(read) if before.value(fact) != after.value(fact)}


def is_post_file(content_dir: Path, file: Path) -> bool:
    """Whether `file` is a blog post, content/blog/{lang}/{id}.md."""
    parts = file.relative_to(content_dir).parts
    return len(parts) == 3 and parts[0] == "blog" and file.suffix == ".md"


def reload_content() -> None:
    """Forget every content file read so far and read (and check) them again; raises
    ContentError as the app's build does."""
    from agency_site.content.legal import get_legal_texts
    from agency_site.server.security_policy import providers
    from agency_site.site_check import check_all_content

    # The embed providers of the pages' security policy, which the server sends.
    for cached in (
        get_content,
        get_catalog,
        get_blog,
        get_legal_texts,
        get_hyphenation,
        get_german_urls,
        providers,
    ):
        cached.cache_clear()
    check_all_content()


def pages_to_rebuild(
    content_dir: Path,
    files: Iterable[Path],
    changed: set[str],
    posts: set[tuple[str, str]] | frozenset[tuple[str, str]] = frozenset(),
    facts: set[Fact] | frozenset[Fact] = frozenset(),
) -> list[PageBuild]:
    """The pages an edit of `files` (whose texts `changed`, and the blog `posts` and the
    `facts` it changed) shows on; RestartNeeded when a rebuild of some pages cannot show it."""
    kinds: set[str] = set()
    for file in files:
        try:
            name = file.relative_to(content_dir).as_posix()
        except ValueError:
            raise RestartNeeded(f"{file} is not in {content_dir}") from None
        area = name.split("/")[0]
        if area == "legal" or name == "site.yaml":
            # The legal texts are filled in with the company's facts of site.yaml.
            kinds |= LEGAL_PAGE_KINDS
        elif area != "i18n" and name not in FACT_FILES | UNREAD_FILES and not is_post_file(content_dir, file):
            raise RestartNeeded(f"{name} is read by many pages")
    if outside := changed & asked_outside_pages():
        raise RestartNeeded(f"{', '.join(sorted(outside))} also read outside the pages")
    touched = {
        page.memo_module
        for page in _pages.values()
        if page.keys & changed or page.posts & posts or page.facts & facts or page.kind in kinds
    }
    # Pages that share a memo module are compiled together (they share its file).
    return [page for page in _pages.values() if page.memo_module in touched]


PAGES_PACKAGE = "agency_site.pages"
ROUTES_MODULE = "agency_site.routes"


def module_of(file: Path) -> str:
    """The module name of a Python file of the pages' package."""
    parts = file.relative_to(PAGES_DIR).with_suffix("").parts
    if parts and parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PAGES_PACKAGE, *parts))


def imported_pages_modules(source: str) -> set[str]:
    """The modules of the pages' package a module's source imports (absolute imports:
    the package uses no relative ones)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        found |= {name for name in names if name == PAGES_PACKAGE or name.startswith(PAGES_PACKAGE + ".")}
    return found


def pages_import_graph() -> tuple[dict[str, set[str]], set[str]]:
    """Which modules of the pages' package each of them imports, and those the rest of
    the site imports (besides the route table, which is imported again with the pages)."""
    graph = {
        module_of(file): imported_pages_modules(file.read_text(encoding="utf-8"))
        for file in PAGES_DIR.rglob("*.py")
    }
    outside: set[str] = set()
    for file in PACKAGE_DIR.rglob("*.py"):
        if not file.is_relative_to(PAGES_DIR) and file.name != "routes.py":
            outside |= imported_pages_modules(file.read_text(encoding="utf-8"))
    return graph, {module for module in outside if module in graph}


def modules_using(changed: set[str], graph: dict[str, set[str]]) -> set[str]:
    """`changed` and every module that imports one of them, directly or through others."""
    using = set(changed)
    while grown := {module for module, imports in graph.items() if imports & using} - using:
        using |= grown
    return using


def apply_page_edit(app: Any, files: list[Path]) -> tuple[int, list[Path]]:
    """Show an edit of Python files of the pages' package: the modules that use them are
    imported again, with the route table, and the pages they build are compiled."""
    from agency_site.routes import route_table

    changed = {module_of(file) for file in files if file.suffix == ".py"}
    if not changed:
        return 0, []
    graph, imported_outside = pages_import_graph()
    using = modules_using(changed, graph)
    if stale := using & imported_outside:
        raise RestartNeeded(f"{', '.join(sorted(stale))} is imported outside the pages")
    paths_before = [route.path for route in route_table()]
    for module in (*using, ROUTES_MODULE):
        sys.modules.pop(module, None)
    try:
        routes = importlib.import_module(ROUTES_MODULE)
        new_routes = {route.path: route for route in routes.route_table()}
    except Exception as error:
        raise RestartNeeded(f"the pages do not import: {error!r}") from None
    if list(new_routes) != paths_before:
        raise RestartNeeded("the pages changed")
    touched: set[str] = set()
    rebuilt: dict[str, PageBuild] = {}
    for page in _pages.values():
        # Each route's page is built by `page_fields(route, lang)` (agency_site.agency_site).
        if not isinstance(page.build, partial):
            continue
        route, *rest = page.build.args
        new_route = new_routes[route.path]
        rebuilt[page.route_key] = replace(page, build=partial(page.build.func, new_route, *rest))
        if new_route.build.__module__ in using:
            touched.add(page.memo_module)
    _pages.update(rebuilt)
    return compile_pages(app, [page for page in _pages.values() if page.memo_module in touched])


def build_pages(pages: list[PageBuild]) -> dict[str, PageFields]:
    """Build `pages` again (keeping what each read); RestartNeeded when a text is missing."""
    with collecting_missing_texts() as missing:
        fields = {
            page.route_key: remember_page(page.route_key, page.build, page.kind, page.memo_module)
            for page in pages
        }
    if missing:
        raise RestartNeeded("a text is missing")
    return fields


def compile_pages(app: Any, pages: list[PageBuild]) -> tuple[int, list[Path]]:
    """Build `pages` again and write the files of theirs that changed."""
    if not pages:
        return 0, []
    outputs = recompile_pages(app, build_pages(pages))
    return len(pages), [path for path, text in outputs.items() if write_if_changed(path, text)]


def restart_backend() -> None:
    """Have the reloader respawn this worker, as it does for a Python edit: this module's
    file (which it watches) is touched. Not by SIGHUP to Granian's supervisor: after a
    SIGHUP it starts watching its paths afresh, and one that vanished since `reflex run`
    listed them (SQLite's journal beside the database) stops it ('No path was found')."""
    os.utime(Path(__file__))


def saved_while_starting(content_dir: Path) -> list[Path]:
    """The content files, Python files of the package and assets saved since this process
    began reading them."""
    return sorted(
        path
        for folder in (content_dir, PACKAGE_DIR, assets_dir())
        for path in folder.rglob("*")
        if "__pycache__" not in path.parts and path.is_file() and path.stat().st_mtime > _loaded_at
    )


def restart_if_saved_while_starting(content_dir: Path) -> bool:
    """Restart the backend if a file was saved while it started; whether it did."""
    if missed := saved_while_starting(content_dir):
        names = ", ".join(str(path.name) for path in missed)
        print(f"Live content: {names} saved while the backend started; restarting it", file=sys.stderr)
        restart_backend()
        return True
    return False
