"""README.md and the pages of docs/ link only to files the repository holds, and to headings
those files have: a page moved or a heading renamed is found here, not by a reader."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCED = re.compile(r"^```.*?^```", re.S | re.M)
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#+ (.+)$", re.M)


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def relative_links(page: Path) -> list[str]:
    text = FENCED.sub("", page.read_text(encoding="utf-8"))
    return [link for link in LINK.findall(text) if not re.match(r"[a-z]+:", link)]


def test_there_is_a_page_for_each_reader() -> None:
    names = {page.name for page in PAGES}
    assert {"README.md", "product.md", "architecture.md", "developers.md"} <= names
    assert {"content-editors.md", "operators.md", "production.md", "benchmarks.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for link in relative_links(page):
        path, _, fragment = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists():
            broken.append(f"{link}: no such file")
        elif fragment and target.suffix == ".md":
            anchors = {anchor(h) for h in HEADING.findall(FENCED.sub("", target.read_text(encoding="utf-8")))}
            if fragment not in anchors:
                broken.append(f"{link}: no such heading")
    assert broken == []


def test_the_readme_is_a_short_front_door() -> None:
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 200
