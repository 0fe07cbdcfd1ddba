"""CleanUrls: prerendered pages answer at their clean URL, without a redirect."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from agency_site.serving import CleanUrls


@pytest.fixture
def static_dir(tmp_path: Path) -> Path:
    (tmp_path / "about").mkdir()
    (tmp_path / "about" / "index.html").write_text("about")
    (tmp_path / "de" / "about").mkdir(parents=True)
    (tmp_path / "de" / "about" / "index.html").write_text("ueber uns")
    (tmp_path / "assets").mkdir()
    return tmp_path


def _seen_path(static_dir: Path, path: str, method: str = "GET", kind: str = "http") -> str:
    seen: dict[str, str] = {}

    async def downstream(scope, receive, send) -> None:
        seen["path"] = scope["path"]

    scope = {"type": kind, "method": method, "path": path, "raw_path": path.encode()}
    # A thread of its own: Playwright's sync API may already run a loop in this one.
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, CleanUrls(downstream, static_dir=static_dir)(scope, None, None)).result()
    return seen["path"]


@pytest.mark.parametrize(
    ("requested", "served"),
    [
        ("/about", "/about/"),
        ("/de/about", "/de/about/"),
        ("/about/", "/about/"),
        ("/", "/"),
        ("/assets", "/assets"),  # a folder without a prerendered page
        ("/missing", "/missing"),
        ("/about/../about", "/about/../about"),
        ("/favicon.svg", "/favicon.svg"),
    ],
)
def test_rewrites_only_prerendered_pages(static_dir: Path, requested: str, served: str) -> None:
    assert _seen_path(static_dir, requested) == served


def test_leaves_posts_and_websockets_alone(static_dir: Path) -> None:
    assert _seen_path(static_dir, "/about", method="POST") == "/about"
    assert _seen_path(static_dir, "/about", kind="websocket") == "/about"
