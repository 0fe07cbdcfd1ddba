"""Legal notice and privacy policy texts (content/legal/). Filled by the legal-pages issue."""

from __future__ import annotations

from pathlib import Path


def load_legal(content_dir: Path) -> None:
    """Validate the legal texts; raises ContentError naming file and field."""
