"""The leads package is the domain: it answers in codes and never reaches up into the
translations or the user interface. The page and its state say the codes."""

from __future__ import annotations

import ast
from pathlib import Path

import agency_site.leads

LEADS = Path(agency_site.leads.__file__).parent
# Layers above the domain: translations and everything that renders or holds UI state.
NEVER = (
    "agency_site.i18n",
    "agency_site.pages",
    "agency_site.state",
    "agency_site.components",
    "agency_site.seo",
)


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_leads_package_never_imports_translations_or_ui():
    modules = sorted(LEADS.glob("*.py"))
    assert len(modules) >= 10, "the leads package moved; point this test at it"
    offenders = {
        f"{path.relative_to(LEADS.parent.parent)}: {name}"
        for path in modules
        for name in imported_modules(path)
        if name.startswith(NEVER)
    }
    assert not offenders, sorted(offenders)
