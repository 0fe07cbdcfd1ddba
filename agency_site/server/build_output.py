"""Where the production build that the server serves lies."""

from __future__ import annotations

from pathlib import Path


def static_dir() -> Path:
    """The build's pages and files (.web/build/client); its parent holds what the build
    wrote for the servers (csp-hashes.json, nginx/)."""
    from reflex.constants import Dirs
    from reflex.utils.prerequisites import get_web_dir

    return get_web_dir() / Dirs.STATIC
