"""A content edit shown by the running dev backend (agency_site/dev/live_content.py's
module doc says which): the content is read and checked again, and the pages, shared
modules and site files it changed are compiled; a new or deleted post goes through
agency_site/dev/live_routes.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agency_site.components.shared_module import shared_builds
from agency_site.content import ContentError, get_content
from agency_site.content.blog import get_blog
from agency_site.content.slugs import get_german_urls
from agency_site.dev.live_content import (
    Facts,
    RestartNeeded,
    changed_facts,
    changed_keys,
    changed_posts,
    compile_pages,
    compile_shared,
    page_maker,
    pages_to_rebuild,
    reload_content,
    remembered_pages,
    shared_to_rebuild,
)
from agency_site.dev.live_routes import (
    apply_route_change,
    check_route_change,
    routed_pages,
    wait_for_paired_posts,
)
from agency_site.dev.new_entries import wait_for_new_entries
from agency_site.reflex_adapter import web_dir, write_if_changed
from agency_site.settings import get_settings


def apply_content_edit(app: Any, files: list[Path]) -> tuple[int, list[Path]]:
    """Show an edit of `files`: the number of pages compiled and the files written."""
    from agency_site.pages.redirects import no_script_redirects

    content_dir = get_settings().content_dir
    # One language of a new or deleted post saved, or a new service or project without its
    # texts or images: the rest is waited for.
    wait_for_paired_posts(content_dir)
    wait_for_new_entries(content_dir)
    before, posts_before, facts_before = get_content().strings, get_blog(), Facts.now()
    routes_before, german_before = routed_pages(), get_german_urls()
    redirects_before = no_script_redirects()
    try:
        reload_content()
    except ContentError:
        raise RestartNeeded("content error") from None
    routes_after = routed_pages()
    # A new, deleted or reordered post: live_routes; anything else of the route table restarts.
    routes_changed = [(key, page.spec) for key, page in routes_after.items()] != [
        (key, page.spec) for key, page in routes_before.items()
    ]
    if routes_changed or get_german_urls() != german_before:
        check_route_change(routes_before, routes_after, german_before, get_german_urls())
    # The app's head (not a page) sends a browser without JavaScript on to BotAgent.
    if no_script_redirects() != redirects_before:
        raise RestartNeeded("the app's head changed")
    posts = changed_posts(posts_before, get_blog())
    builds = [*remembered_pages().values(), *shared_builds()]
    facts = changed_facts(facts_before, Facts.now(), (fact for build in builds for fact in build.facts))
    changed = changed_keys(before, get_content().strings)
    rebuilding = pages_to_rebuild(content_dir, files, changed, posts, facts)
    shared = compile_shared(shared_to_rebuild(changed, posts, facts))
    if routes_changed:
        maker = page_maker()
        count, written = apply_route_change(
            app, routes_before, routes_after, rebuilding, maker.fields, maker.memo_module
        )
    else:
        count, written = compile_pages(app, rebuilding)
    written = shared + written
    if posts or facts:
        # The sitemap and the feeds list the posts and name the brand.
        written += write_site_files()
    return count, written


def write_site_files() -> list[Path]:
    """Write the sitemap and the feeds again (they list the posts), those that changed."""
    from agency_site.seo.plugin import seo_files_task

    return [web_dir() / path for path, text in seo_files_task() if write_if_changed(web_dir() / path, text)]
