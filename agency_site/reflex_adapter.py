"""The one module that reaches inside Reflex.

Everywhere else the site uses Reflex's public surface: `import reflex as rx` and the names
the `reflex` package exports at its top level (`from reflex import Var`). What the site
needs beyond that is imported here, from wherever this Reflex release (0.10.1) keeps it, so
an upgrade that moves one of them is one edit in this file. tests/unit/test_architecture.py
fails when any other module of the package imports such a path.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

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
    "StringVar",
    "Templates",
    "VarData",
    "dev_reloader",
    "environment",
    "format_ref",
    "format_route",
    "no_args_event_spec",
    "passthrough_event_spec",
    "register_model",
    "resolved_color_mode",
    "web_dir",
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


def register_model(model: type) -> None:
    """Have Reflex create and migrate `model`'s table with its own (`reflex db`)."""
    from reflex.model import ModelRegistry

    ModelRegistry.register(model)
