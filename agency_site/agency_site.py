"""Builds the app: head, theme, and the route loop; nothing more (docs/architecture.md §7)."""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

import reflex as rx
from alembic.util.exc import CommandError
from sqlalchemy.exc import SQLAlchemyError

from agency_site.components.head_script import head_script
from agency_site.components.layout.shell import page_shell
from agency_site.components.page_hooks import is_german_path, page_language
from agency_site.components.ui.toaster import lazy_toaster
from agency_site.constants import LANGUAGES
from agency_site.content import ContentError
from agency_site.content.slugs import check_sections
from agency_site.desk.housekeeping import keep_tidy
from agency_site.desk.http import desk_app
from agency_site.desk.speed import watch_response_times
from agency_site.frontend.memo_modules import with_own_memo_module
from agency_site.i18n import MissingText, collecting_missing_texts, localized_path, on_page, t
from agency_site.leads import ContactMessage, retry_deliveries
from agency_site.leads.database import default_engine, migrate
from agency_site.pages.content_errors import Problem, content_errors_page, content_problems
from agency_site.pages.desk import DeskRoute, desk_head, desk_routes
from agency_site.pages.not_found import not_found_description, not_found_page, not_found_title
from agency_site.pages.redirects import NoScriptRedirect, no_script_redirects
from agency_site.reflex_adapter import (
    Dirs,
    app_keeping_frontend_packages,
    builds_for_dev_server,
    environment,
    format_route,
    make_room_for_another_app,
    register_model,
    site_app,
    web_dir,
)
from agency_site.routes import Route, route_table
from agency_site.seo.head import PageHead, not_found_tags, og_image_path, page_head
from agency_site.seo.plugin import show_content_errors
from agency_site.server.contact_post import contact_post_app
from agency_site.server.log_privacy import install as withhold_payloads_from_logs
from agency_site.server.middleware import MIDDLEWARE
from agency_site.settings import get_settings
from agency_site.site_check import check_all_content


def memo_module(route: Route, lang: str) -> str:
    """The file a page's memoized components go to: one per page and language (a project
    page's players are its own); the contact page's server code has one of its own for
    both languages."""
    builder_module = route.build.__module__
    if route.on_load is not None:
        return builder_module
    path = route.path
    name = path.strip("/").replace("/", "_").replace("-", "_") or "index"
    return f"{builder_module}_{name}_{lang}"


def will_compile() -> bool:
    """Whether this process compiles the pages. Reflex's production backend does not (it
    runs with REFLEX_SKIP_COMPILE; the frontend was built before): it needs each route
    and what the route runs on load, not the pages' components, whose building was two
    thirds of its start (2 of 3.3 s of CPU)."""
    return not environment.REFLEX_SKIP_COMPILE.get()


def page_component(route: Route, lang: str) -> tuple[rx.Component, PageHead]:
    """`route`'s page in `lang` as the app registers it, and its head. The page is told
    its language, the page shell also its path (its header link, its language links).
    Everything is built inside `on_page`, so a missing text names its page and the shell
    footnotes the headline figures the page's content showed."""
    with on_page(localized_path(lang, route.path)):
        page = route.build(lang)
        shell = page_shell(lang, route.path, page.content)
        head = page_head(lang, route, page)
    return rx.fragment(shell, *head.tags), head


def page_fields(route: Route, lang: str) -> dict[str, Any]:
    """`route`'s page in `lang` as `app.add_page` takes it: the component and its head."""
    component, head = page_component(route, lang)
    return {
        # Every page's memoized components (those bound to client state: video cards,
        # dialogs, transition links...) go to a file of its page type, not to the one
        # file every page downloads (it had grown to 375 kB raw with every project's
        # players).
        "component": with_own_memo_module(component, memo_module(route, lang)),
        "title": head.title,
        "description": head.description,
        "image": head.image_url,
    }


def not_found_fields() -> dict[str, Any]:
    """The not-found page as `app.add_page` takes it."""
    with on_page("404"):
        return {
            "component": rx.fragment(
                not_found_page(),
                rx.cond(
                    is_german_path(), rx.fragment(*not_found_tags("de")), rx.fragment(*not_found_tags("en"))
                ),
            ),
            "title": not_found_title(),
            "description": not_found_description(),
            "image": get_settings().site_url + og_image_path("not-found", "en"),
        }


def desk_page_fields(route: DeskRoute, lang: str) -> dict[str, Any]:
    """A desk page in `lang` as `app.add_page` takes it: in the site's shell, with the
    desk's own head (pages/desk/__init__.py), its memoized components in a file of its own."""
    path = localized_path(lang, route.path)
    with on_page(path):
        component = rx.fragment(page_shell(lang, route.path, route.build(lang)), *desk_head())
        title = t(lang, "desk-title")
        description = t(lang, "desk-description")
    name = route.path.strip("/").replace("/", "_")
    return {
        "component": with_own_memo_module(component, f"{route.build.__module__}_{name}_{lang}"),
        "title": title,
        "description": description,
    }


def add_pages(app: rx.App) -> None:
    """Every route in both languages, the desk's pages, then the not-found page."""
    compiling = will_compile()
    for route in route_table():
        for lang in LANGUAGES:
            path = localized_path(lang, route.path)
            if not compiling:
                app.add_page(rx.fragment(), route=path, on_load=route.on_load)
                continue
            app.add_page(**page_fields(route, lang), route=path, on_load=route.on_load)
    for desk_route in desk_routes():
        for lang in LANGUAGES:
            path = localized_path(lang, desk_route.path)
            if not compiling:
                app.add_page(rx.fragment(), route=path)
                continue
            app.add_page(**desk_page_fields(desk_route, lang), route=path)
    if not compiling:
        app.add_page(rx.fragment(), route="404")
        return
    app.add_page(**not_found_fields(), route="404")


def stop_on_missing_texts(missing: list[MissingText]) -> NoReturn:
    """One line per missing key, naming every page that asks for it; then stop the build."""
    for problem in missing_text_problems(missing):
        print(f"missing text: {problem.what}", file=sys.stderr)
    raise SystemExit(1)


def missing_text_problems(missing: list[MissingText]) -> list[Problem]:
    """The missing texts as the dev server's error page lists them: one per key."""
    pages: dict[str, list[str]] = {}
    for error in missing:
        where = pages.setdefault(error.key, [])
        if (error.page or "?") not in where:
            where.append(error.page or "?")
    return [
        Problem(
            "content/i18n/",
            f"{key!r} has no text in any language; used on {', '.join(where)}",
            f"add `{key}:` with its text to content/i18n/en/ and content/i18n/de/, or correct the key",
        )
        for key, where in pages.items()
    ]


def last_compiled_routes() -> list[str]:
    """The routes of the dev server's last compile (Reflex's routes manifest in .web), so
    the error page replaces each page the browser may have open; none before a first one."""
    try:
        routes = json.loads((web_dir() / Dirs.ROUTES_MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [route for route in routes if isinstance(route, str)]


def content_errors_app(problems: list[Problem]) -> rx.App:
    """For the dev server while content is broken: the error page at every address the
    site had (the route table, when it can still be read) and at any other (not found),
    so the open page shows it and the next save that fixes the content replaces it."""
    show_content_errors()
    # It keeps the site's frontend packages, so the fix reinstalls nothing.
    app = app_keeping_frontend_packages(
        stylesheets=["/styles.css"], html_custom_attrs={"lang": "en"}, toaster=lazy_toaster()
    )
    try:
        paths = [localized_path(lang, route.path) for route in route_table() for lang in LANGUAGES]
    except ContentError:
        # The route table needs the content too: the routes of the last compile instead.
        paths = ["/", *(route for route in last_compiled_routes() if route != "404")]
    title = "Content error"
    for path in dict.fromkeys(format_route(path) for path in paths):
        app.add_page(content_errors_page(problems), route=path, title=title)
    app.add_page(content_errors_page(problems), route="404", title=title)
    for problem in problems:
        print(f"content error: {problem.describe()}", file=sys.stderr)
    return app


def migrate_the_dev_database() -> None:
    """Under the dev server (make dev, a plain `reflex run`): DATABASE_URL's database
    brought to alembic/'s head, as `make migrate` does. Reflex itself only checks it, after
    importing this module, and that check does not migrate: on a fresh clone's database it
    printed 'Target database is not up to date' and left an empty alembic_version table
    behind, and the form answered 'technical problem' (no such table: contact_message).
    A database already at head costs a query (under 0.1 s per start or reload)."""
    try:
        migrate(default_engine())
    except (SQLAlchemyError, CommandError) as error:
        # The pages need no database, so the dev server keeps serving them; the form
        # cannot store a message until this is fixed. (No URL: it may hold a password.)
        print(f"database error: DATABASE_URL's database not migrated: {error}", file=sys.stderr)


def build_app() -> rx.App:
    """Create the app and register every route in both languages; under the dev server,
    the content-error page instead while the content check fails."""
    # Before anything logs: no visitor's message in the logs (log_privacy.py).
    withhold_payloads_from_logs()
    # The app's database tables, as `reflex db makemigrations` / `reflex db migrate` look for them.
    register_model(ContactMessage)
    try:
        check_all_content()
        check_sections([route.path for route in route_table()])
    except ContentError as error:
        if builds_for_dev_server():
            return content_errors_app(content_problems(error))
        # One line per problem (file, line, field, fix), then stop the build.
        for problem in error.errors:
            print(f"content error: {problem.describe()}", file=sys.stderr)
        raise SystemExit(1) from None

    app = site_app(
        head_components=[
            head_script(),
            rx.el.link(rel="icon", href="/favicon.svg", type="image/svg+xml"),
            NoScriptRedirect.create(targets=no_script_redirects()),
        ],
        # <html lang> follows the page's path, so the prerendered HTML of each page carries it.
        # App annotates str values, but Reflex's compiler takes Vars here (dict[str, Var | Any]).
        html_custom_attrs={"lang": page_language()},  # pyright: ignore[reportArgumentType]
        stylesheets=["/styles.css"],
        # First the contact form's no-JavaScript endpoint (Reflex mounts its own backend
        # under that app), then the desk's sign-in endpoints, then our middleware around all.
        api_transformer=[contact_post_app(), desk_app(), *MIDDLEWARE],
        # Toasts follow a click; their library loads after hydration (components/ui/toaster.py).
        toaster=lazy_toaster(),
    )
    with collecting_missing_texts() as missing:
        add_pages(app)
    if missing:
        if builds_for_dev_server():
            # The site's App exists already: the error page's App needs a context of its own.
            make_room_for_another_app()
            return content_errors_app(missing_text_problems(missing))
        stop_on_missing_texts(missing)
    if builds_for_dev_server():
        migrate_the_dev_database()
    app.register_lifespan_task(retry_deliveries)
    app.register_lifespan_task(watch_response_times)
    app.register_lifespan_task(keep_tidy)
    return app


app = build_app()
