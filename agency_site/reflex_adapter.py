"""The one module that reaches inside Reflex.

Everywhere else the site uses Reflex's public surface: `import reflex as rx` and the names
the `reflex` package exports at its top level (`from reflex import Var`). What the site
needs beyond that is imported here, from wherever this Reflex release (0.10.1) keeps it, so
an upgrade that moves one of them is one edit in this file. tests/unit/test_architecture.py
fails when any other module of the package imports such a path.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import reflex as rx
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
    "ComponentWithAppWrap",
    "Dirs",
    "Div",
    "Embed",
    "EventSpec",
    "EventType",
    "FunctionStringVar",
    "LiteralPosition",
    "NumberVar",
    "ObjectVar",
    "PlainAnchor",
    "PlainForm",
    "Plugin",
    "StringVar",
    "Templates",
    "VarData",
    "app_keeping_frontend_packages",
    "builds_for_dev_server",
    "element_ref",
    "environment",
    "format_ref",
    "format_route",
    "generated_vite_config",
    "imported_function",
    "make_room_for_another_app",
    "no_args_event_spec",
    "passthrough_event_spec",
    "register_model",
    "reload_on_content_edits",
    "resolved_color_mode",
    "site_app",
    "web_dir",
]

# Why each name is needed (the public surface has no equivalent):
# - PlainAnchor: `rx.el.a` is a React Router link, which resolves '#x' against the route and
#   routes '/de/...' in the app; a plain <a> lets the browser follow it (kit.plain_link).
# - Div: a subclass of the <div> element (the transition overlay) needs the element's class.
# - PlainForm: `rx.el.form` always prevents the browser's own submission (it adds a submit
#   handler even without `on_submit`); the desk's sign-in and sign-out forms post to the
#   backend's endpoints as plain HTML forms, which is a <div> element's class with another tag.
# - ClientStateVar: `rx._x.client_state` logs a warning on every use, on the build's stderr.
# - environment, Embed, Templates, Dirs: where Reflex builds and serves the frontend, which
#   the build plugins and the server read and patch.
# - format_route: the route key Reflex files a page under ('/' is 'index').


class PlainForm(Div):
    """A `<form>` the browser submits itself, to `action` with `method`."""

    tag = "form"
    method: rx.Var[str]
    action: rx.Var[str]


def imported_function(name: str, library: str) -> FunctionStringVar:
    """The JavaScript function `name` exported by `library` (one of our .jsx files), as a
    Var to call in place; the page that uses it imports it."""
    return FunctionStringVar.create(name, _var_data=VarData(imports={library: [name]}))


def element_ref(component_id: str) -> ObjectVar:
    """The React ref Reflex keeps for the component whose id is `component_id` (as
    `rx.set_focus` uses it): a Var whose `.current` is the mounted element."""
    from reflex import Var

    return Var(format_ref(component_id))._as_ref().to(dict)


class ComponentWithAppWrap(rx.Component):
    """A component that puts `app_wrap()`'s components once in the app's root, beside the
    pages (Reflex's own components do so through a private hook, wrapped here)."""

    @staticmethod
    def app_wrap() -> dict[tuple[int, str], rx.Component]:
        """The components to put in the root, by (order, name)."""
        return {}

    @classmethod
    def _get_app_wrap_components(cls) -> dict[tuple[int, str], rx.Component]:  # pyright: ignore[reportIncompatibleMethodOverride]
        return cls.app_wrap()


# The functions below import when called: reflex.model brings SQLModel and Alembic
# (110 modules on top of rxconfig.py's imports), and the build plugins that rxconfig.py
# imports should not pay for what only the server or the dev command uses.


def web_dir() -> Path:
    """The folder Reflex builds the frontend in (.web, or REFLEX_WEB_WORKDIR)."""
    from reflex.utils.prerequisites import get_web_dir

    return get_web_dir()


def generated_vite_config() -> str:
    """The vite.config.js Reflex writes into .web for this project's config (it renders the
    file at every compile rather than copying a template)."""
    from reflex.config import get_config
    from reflex.utils.frontend_skeleton import _compile_vite_config

    return _compile_vite_config(get_config())


def builds_for_dev_server() -> bool:
    """Whether this process builds the app for `reflex run` in dev mode (its first compile
    or a reload): Reflex sets both variables before it compiles and passes them on to the
    backend's workers. There a content error is shown in the browser instead of stopping."""
    return (
        environment.REFLEX_COMPILE_CONTEXT.get() == CompileContext.RUN
        and environment.REFLEX_ENV_MODE.get() == Env.DEV
    )


# Extensions Reflex's reloader skips (`reflex.utils.exec.HOTRELOAD_IGNORE_PATTERNS`) that the
# site is made of: the content files.
CONTENT_PATTERNS = (r"^.*\.yaml$", r"^.*\.yml$")
# SQLite's files beside a database (Reflex ignores `*.db` alone): a write to the dev
# database (its migration as the backend starts, a contact message) would restart it.
DATABASE_SIDE_FILES = (r"^.*\.db-journal$", r"^.*\.db-wal$", r"^.*\.db-shm$")


def reload_on_content_edits() -> bool:
    """Have `reflex run`'s reloader restart the dev backend on a save of content/*.yaml too
    (Reflex skips YAML; Markdown, images and Python it watches already), and not on SQLite's
    side files. Rxconfig.py calls it before Reflex starts its reloader. False, with a
    warning, when Reflex no longer has the setting, so an upgrade says why edits stopped
    showing (tests/unit/test_toolchain.py fails then too)."""
    import logging

    from reflex.utils import exec as reflex_exec

    namespace: dict[str, Any] = vars(reflex_exec)  # pyright: ignore[reportAssignmentType] (a module's namespace is its dict; run_granian_backend reads it there)
    patterns = namespace.get("HOTRELOAD_IGNORE_PATTERNS")
    if not isinstance(patterns, tuple):
        logging.getLogger(__name__).warning(
            "reflex.utils.exec.HOTRELOAD_IGNORE_PATTERNS is gone; edits to content/*.yaml may not reload"
        )
        return False
    kept = tuple(p for p in patterns if p not in CONTENT_PATTERNS + DATABASE_SIDE_FILES)
    namespace["HOTRELOAD_IGNORE_PATTERNS"] = kept + DATABASE_SIDE_FILES
    return True


def site_app(**kwargs: Any) -> rx.App:
    """An `rx.App` without Reflex's 'cannot connect to server' banner and pulser: every page
    of the site works without the backend, and the contact form reports its own failures in
    the visitor's language."""
    return _without_overlay(rx.App(**kwargs))


class _AppKeepingPackages(rx.App):
    def _get_frontend_packages(self, imports) -> None:
        return None


def app_keeping_frontend_packages(**kwargs: Any) -> rx.App:
    """A `site_app` that leaves .web's installed packages alone. Reflex installs the
    packages a compile's pages import and removes the others: for a one-page app (the
    content-error page) it would remove the site's, and reinstall them after the fix."""
    return _without_overlay(_AppKeepingPackages(**kwargs))


def _without_overlay(app: rx.App) -> rx.App:
    app.app_wraps[(5, "Overlay")] = lambda stateful: None
    return app


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
