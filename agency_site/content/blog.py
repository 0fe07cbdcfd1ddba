"""Blog posts (content/blog/*.md, one file per post and language). Filled by the blog issue."""

from __future__ import annotations

from pathlib import Path


def load_blog(content_dir: Path) -> None:
    """Validate every post; raises ContentError naming file and field."""
