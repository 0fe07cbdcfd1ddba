"""The constants the stylesheet needs reach it as CSS custom properties, from one source."""

from __future__ import annotations

import re
from pathlib import Path

from agency_site.components.ui.css_properties import (
    CSS_PROPERTIES,
    STYLESHEET_NAME,
    SiteCssProperties,
    root_rule,
)
from agency_site.constants import CONTENT_MAX_WIDTH_PX
from agency_site.settings import PROJECT_ROOT

STYLES = (PROJECT_ROOT / "assets" / "styles.css").read_text(encoding="utf-8")
PACKAGE = PROJECT_ROOT / "agency_site"
# What declares a property: CSS_PROPERTIES, a rule of styles.css, or a Python style dict.
DECLARED = re.compile(r"(--[a-z][a-z0-9-]*)\s*:|[\"'](--[a-z][a-z0-9-]*)[\"']\s*:")
READ = re.compile(r"var\((--[a-z][a-z0-9-]*)|-\((--[a-z][a-z0-9-]*)\)|style\((--[a-z][a-z0-9-]*)")


def _without_comments(css: str) -> str:
    return re.sub(r"/\*.*?\*/", "", css, flags=re.S)


def _sources() -> dict[str, str]:
    files = {"assets/styles.css": _without_comments(STYLES)}
    for path in sorted(PACKAGE.rglob("*.py")) + sorted(PACKAGE.rglob("*.jsx")):
        files[str(path.relative_to(PROJECT_ROOT))] = path.read_text(encoding="utf-8")
    return files


def test_the_root_rule_declares_every_property() -> None:
    rule = root_rule()
    assert rule.count(":root {") == 1
    for name, value in CSS_PROPERTIES.items():
        assert f"  {name}: {value};\n" in rule


def test_the_plugin_adds_the_rule_to_the_apps_stylesheet() -> None:
    plugin = SiteCssProperties()
    assert plugin.get_stylesheet_paths() == [f"./{STYLESHEET_NAME}"]
    ((path, text),) = plugin.get_static_assets()
    assert path == Path("styles") / STYLESHEET_NAME and text == root_rule()


def test_every_property_read_is_declared() -> None:
    declared = set(CSS_PROPERTIES)
    read: dict[str, str] = {}
    for name, text in _sources().items():
        declared |= {a or b for a, b in DECLARED.findall(text)}
        for groups in READ.findall(text):
            read.setdefault(next(group for group in groups if group), name)
    assert {prop: where for prop, where in read.items() if prop not in declared} == {}


def test_the_content_width_is_typed_nowhere_but_in_the_constants() -> None:
    typed = re.compile(rf"\b{CONTENT_MAX_WIDTH_PX}px")
    assert [name for name, text in _sources().items() if typed.search(text)] == []
    assert CSS_PROPERTIES["--content-max-width"] == f"{CONTENT_MAX_WIDTH_PX}px"


def test_the_header_reads_its_scroll_threshold_and_scrolled_width() -> None:
    css = _without_comments(STYLES)
    assert "animation-range: 0px var(--header-scroll-threshold) !important;" in css
    assert "#site-header > div { width: var(--scrolled-header-width); }" in css
