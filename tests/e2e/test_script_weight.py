"""What the home page's first load makes a phone download in JavaScript, read from the
build the session serves: the page's module graph (benchmarks/page_weight.py), brotli
bytes as the server sends them (the build's .br sidecars)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from agency_site.settings import PROJECT_ROOT

BENCHMARKS = PROJECT_ROOT / "benchmarks"
HOME_BUDGET_BYTES = 135 * 1024


def _page_weight() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))  # page_weight.py imports lighthouse.py as a sibling
    try:
        spec = importlib.util.spec_from_file_location("page_weight_bench", BENCHMARKS / "page_weight.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # its dataclasses look their module up there
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCHMARKS))


def _sent_bytes(script: Path) -> int:
    """The brotli sidecar's size; a file too small to have one counts whole."""
    sidecar = script.with_name(script.name + ".br")
    return sidecar.stat().st_size if sidecar.is_file() else script.stat().st_size


@pytest.mark.parametrize("page", ["index.html", "de/index.html"])
def test_the_home_page_loads_under_135_kib_of_javascript_without_emotion(served_web: Path, page: str) -> None:
    client = served_web / "build" / "client"
    html = (client / page).read_text(encoding="utf-8")
    scripts = _page_weight().first_load_scripts(client, html)
    assert any(script.name.startswith("entry.client") for script in scripts), scripts
    brotli = sum(_sent_bytes(script) for script in scripts)
    assert brotli < HOME_BUDGET_BYTES, f"{page}: {brotli / 1024:.1f} KiB of JavaScript (brotli)"
    # Reflex's CSS-in-JS runtime, which no page of the site uses.
    emotion = [script.name for script in scripts if "data-emotion" in script.read_text(encoding="utf-8")]
    assert not emotion, emotion
