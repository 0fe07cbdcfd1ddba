"""Services and projects (content/services.yaml, content/projects.yaml). Filled by the services issue."""

from __future__ import annotations

from pathlib import Path


def load_catalog(content_dir: Path) -> None:
    """Validate the service and project files; raises ContentError naming file and field."""
