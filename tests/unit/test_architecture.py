"""DESIGN.md's module boundaries, checked on the source so a shortcut fails the suite."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import agency_site

PACKAGE = Path(agency_site.__file__).parent


def _imported_modules(path: Path) -> set[str]:
    """Every module a file imports, also under `if TYPE_CHECKING:` and inside functions."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_seo_reads_route_metadata_not_page_internals() -> None:
    offenders = {
        path.name: sorted(
            module for module in _imported_modules(path) if module.startswith("agency_site.pages")
        )
        for path in sorted((PACKAGE / "seo").glob("*.py"))
    }
    assert {name: modules for name, modules in offenders.items() if modules} == {}


def test_focus_rings_come_from_the_ui_kit() -> None:
    ring = re.compile(r"(?<![\w-])focus-visible:outline-2\b")
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "kit.py" and ring.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], "use agency_site.components.ui.kit's focus rings"
