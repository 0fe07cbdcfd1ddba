"""Fixtures shared by the unit tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from agency_site.settings import PROJECT_ROOT

CONTENT = PROJECT_ROOT / "content"


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    """A throw-away copy of `content/` that a test may break."""
    target = tmp_path / "content"
    shutil.copytree(CONTENT, target)
    return target
