"""The one module that reaches inside Reflex.

Everywhere else the site uses Reflex's public surface: `import reflex as rx` and the names
the `reflex` package exports at its top level (`from reflex import Var`). What the site
needs beyond that is imported here, from wherever this Reflex release (0.10.1) keeps it, so
an upgrade that moves one of them is one edit in this file. tests/unit/test_architecture.py
fails when any other module of the package imports such a path.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from reflex.constants import Dirs
from reflex.event import EventSpec, EventType, no_args_event_spec, passthrough_event_spec
from reflex.experimental.client_state import ClientStateVar
from reflex.plugins import Plugin
from reflex.style import resolved_color_mode
from reflex.vars import ArrayVar, FunctionStringVar, NumberVar, ObjectVar, StringVar, VarData
from reflex_base.constants.base import Env, Templates
from reflex_base.constants.compiler import CompileContext, Embed
from reflex_base.environment import environment
from reflex_base.utils.format import format_ref, format_route
from reflex_components_core.el.elements.inline import A as PlainAnchor
from reflex_components_core.el.elements.typography import Div

# Not reflex.components.sonner: an alias Reflex installs at import time, which type
# checkers cannot follow.
from reflex_components_sonner.toast import LiteralPosition

__all__ = [
    "ArrayVar",
    "ClientStateVar",
    "CompileContext",
    "Dirs",
    "Div",
    "Embed",
    "Env",
    "EventSpec",
    "EventType",
    "FunctionStringVar",
    "LiteralPosition",
    "NumberVar",
    "ObjectVar",
    "PlainAnchor",
    "Plugin",
    "RoutedFiles",
    "StringVar",
    "Templates",
    "VarData",
    "dev_reloader",
    "environment",
    "evaluate_memo",
    "format_ref",
    "format_route",
    "no_args_event_spec",
    "order_pages",
    "page_files",
    "passthrough_event_spec",
    "recompile_memo_modules",
    "recompile_pages",
    "register_model",
    "remove_pages",
    "resolved_color_mode",
    "routes_manifest",
    "uses_granian",
    "web_dir",
    "write_if_changed",
]

# Why each name is needed (the public surface has no equivalent):
# - PlainAnchor: `rx.el.a` is a React Router link, which resolves '#x' against the route and
#   routes '/de/...' in the app; a plain <a> lets the browser follow it (kit.plain_link).
# - Div: a subclass of the <div> element (the transition overlay) needs the element's class.
# - ClientStateVar: `rx._x.client_state` logs a warning on every use, on the build's stderr.
# - environment, Embed, Templates, Dirs: where Reflex builds and serves the frontend, which
#   the build plugins and the server read and patch.
# - CompileContext, Env: which command builds the app (`reflex run` in dev mode shows a
#   content error in the browser, agency_site/dev/reload.py); format_route: the route key
#   Reflex files a page under ('/' is 'index').


# The three functions below import when called: reflex.model brings SQLModel and Alembic
# (0.44 s and 110 modules on top of rxconfig.py's imports), and the build plugins that
# rxconfig.py imports should not pay for what only the server or the dev command uses.


def web_dir() -> Path:
    """The folder Reflex builds the frontend in (.web, or REFLEX_WEB_WORKDIR)."""
    from reflex.utils.prerequisites import get_web_dir

    return get_web_dir()


def dev_reloader() -> ModuleType:
    """Reflex's module that runs `reflex run` and its reloader (`reflex.utils.exec`)."""
    from reflex.utils import exec as reflex_exec

    return reflex_exec


def uses_granian() -> bool:
    """Whether `reflex run` serves the backend with Granian (the reloader whose supervisor
    respawns its worker on SIGHUP), not Uvicorn: `reflex.utils.exec.should_use_granian`'s
    rule, without importing that module (0.9 s) into every process that reads rxconfig.py;
    tests/unit/test_live_content.py holds the two equal."""
    from importlib.util import find_spec

    if environment.REFLEX_USE_GRANIAN.is_set():
        return bool(environment.REFLEX_USE_GRANIAN.get())
    return find_spec("uvicorn") is None or find_spec("gunicorn") is None


def make_room_for_another_app() -> None:
    """Let this process make a second `rx.App` (the dev server's content-error page, when
    building the site's pages found a missing text): Reflex allows one App per registration
    context, so the context becomes a fork of itself, which keeps the registered states and
    event handlers and, set here, the config already loaded (a bare fork reads rxconfig.py
    again)."""
    from reflex_base.registry import RegistrationContext

    current = RegistrationContext.get()
    fork = current.fork()
    fork._set_config(current.config)
    RegistrationContext.set(fork)


def register_model(model: type) -> None:
    """Have Reflex create and migrate `model`'s table with its own (`reflex db`)."""
    from reflex.model import ModelRegistry

    ModelRegistry.register(model)


def recompile_pages(app: Any, pages: dict[str, dict[str, Any]]) -> dict[Path, str]:
    """The frontend files of some of `app`'s pages compiled again, without the rest of the
    app (the dev server's live content edits, agency_site/dev/live_content.py): each route
    of `pages` (Reflex's route key, as `format_route` gives it) gets the page fields given
    there (`component`, `title`, `description`, `image`) in place of those it was added
    with, and the result is its page module and the memo modules of the pages' source
    modules, by their path in .web.

    Reflex 0.10.1's `compile_app` compiles every page and writes every shared file; this is
    its page step (a `CompileContext` over some pages) and its memo step for their own
    memo modules. The caller must pass every route of a source module it passes one of
    (they share one memo file). tests/unit/test_live_content.py compiles a page through
    here and compares it with Reflex's full compile, so a Reflex that changes any of this
    fails there.
    """
    import dataclasses

    from reflex.compiler import compiler, utils
    from reflex.compiler.plugins import default_page_plugins
    from reflex_base.config import get_config
    from reflex_base.plugins import CompileContext as PagesCompileContext
    from reflex_base.plugins import CompilerHooks

    unevaluated = app._unevaluated_pages
    definitions = []
    for route, fields in pages.items():
        definitions.append(dataclasses.replace(unevaluated[route], **fields))
    compiler_plugins, _ = compiler._resolve_radix_themes_plugin(app, get_config().plugins)
    context = PagesCompileContext(
        app=app,
        pages=definitions,
        hooks=CompilerHooks(plugins=default_page_plugins(style=app.style, plugins=compiler_plugins)),
    )
    with app.set_contexts(), context:
        context.compile()
    outputs: dict[Path, str] = {}
    for page in context.compiled_pages.values():
        if page.output_path is not None and page.output_code is not None:
            outputs[utils.resolve_path_of_web_dir(page.output_path)] = page.output_code
    memo_files, _ = compiler.compile_memo_components(context.auto_memo_components.values())
    for path, code in memo_files:
        outputs[utils.resolve_path_of_web_dir(path)] = code
    for definition in definitions:
        unevaluated[definition.route] = definition
    return outputs


def evaluate_memo(memo: Any) -> Any:
    """Build the body of `memo` (what `rx.memo` returned) now, and return it (a component
    or a Var): Reflex builds a component memo's body when the memo is first used, a var
    memo's when the memos are compiled; once built, it is kept."""
    return _body_of(memo._definition).get()


def _body_of(definition: Any) -> Any:
    """A memo definition's lazily built, then kept, body (`_LazyBody`)."""
    return getattr(definition, "_component", None) or definition._function


def recompile_memo_modules(modules: set[str]) -> dict[Path, str]:
    """The frontend files of the `rx.memo`s defined in `modules` (Reflex writes those of one
    Python module into one file, .web/app_components/<module path>.jsx), compiled again
    with their bodies built anew, by their path in .web (the dev server's live edits of
    what every page imports from there: agency_site/components/shared_module.py).

    Reflex builds a memo's body once and keeps it; its full compile compiles every
    registered memo (`MEMOS`) through `compile_memo_components`, as here.
    tests/unit/test_live_content.py compares the file with a full compile's."""
    from reflex.compiler import compiler, utils
    from reflex_base.components.memo import MEMOS

    definitions = [definition for definition in MEMOS.values() if definition.source_module in modules]
    for definition in definitions:
        body = _body_of(definition)
        body._ready = False
        body.get()
    files, _ = compiler.compile_memo_components(definitions)
    return {utils.resolve_path_of_web_dir(path): code for path, code in files}


def write_if_changed(path: Path, text: str) -> bool:
    """Write `text` to `path` unless it holds that text already (so Vite's hot update sees
    only the files that changed); whether it wrote."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


# The dev server's live change of the route table (agency_site/dev/live_routes.py): pages
# added and removed while the backend runs, as Reflex 0.10.1 keeps them (`App.add_page`
# registers one in `_unevaluated_pages` and its on-load events; the full compile writes
# each page's file under .web/app/routes/, its memo module under .web/app_components/ and
# the route manifest .web/routes.json). React Router's dev server reads .web/app/routes/
# again when a file there is added or removed (its `flatRoutes` route config).


@dataclass(frozen=True)
class RoutedFiles:
    """The files of .web one page of the app is compiled into."""

    page: Path
    memo: Path | None


def page_files(route_key: str, memo_module: str) -> RoutedFiles:
    """Where the page at `route_key` (Reflex's route key) and its memo module `memo_module`
    (a module name, agency_site.frontend.memo_modules) are written."""
    from reflex.compiler.utils import get_page_path
    from reflex_base.utils.memo_paths import mirrored_jsx_path, module_to_mirrored_segments

    segments = module_to_mirrored_segments(memo_module)
    return RoutedFiles(
        Path(get_page_path(route_key)),
        None if segments is None else mirrored_jsx_path(web_dir(), segments),
    )


def remove_pages(app: Any, route_keys: set[str]) -> None:
    """Take the pages at `route_keys` out of the running `app`: what `add_page` registered
    and what compiling them noted, so its router no longer matches them."""
    for route in route_keys:
        app._unevaluated_pages.pop(route, None)
        app._pages.pop(route, None)
        app._load_events.pop(route, None)
        app._stateful_pages.pop(route, None)
        app._evaluated_pages.discard(route)
    app.__dict__.pop("router", None)


def order_pages(app: Any, route_keys: list[str]) -> None:
    """Put `app`'s pages in the order of `route_keys` (those it does not name after them),
    as adding them in that order would have: the route manifest lists them so."""
    pages = app._unevaluated_pages
    ordered = {route: pages[route] for route in route_keys if route in pages}
    ordered |= {route: page for route, page in pages.items() if route not in ordered}
    pages.clear()
    pages.update(ordered)
    app.__dict__.pop("router", None)


def routes_manifest(app: Any) -> tuple[Path, str]:
    """The route manifest the full compile writes (.web/routes.json, every page's route),
    for `app` as it is now."""
    import json

    from reflex.compiler.utils import resolve_path_of_web_dir

    return resolve_path_of_web_dir(Dirs.ROUTES_MANIFEST), json.dumps(app._page_routes)
