"""Icons are Lucide's drawings, inlined as SVG at compile time (components/ui/icon.py)."""

from __future__ import annotations

import dataclasses
import re
import subprocess

import pytest
from pydantic import BaseModel
from reflex_components_lucide.icon import LUCIDE_LIBRARY

from agency_site.components.ui.icon import ICON_FOLDER, LUCIDE_VERSION, UnknownIcon, icon_shapes, lucide_icon
from agency_site.content.catalog import get_catalog
from agency_site.settings import PROJECT_ROOT

MAKEFILE = PROJECT_ROOT / "Makefile"


def test_the_drawings_are_those_of_the_lucide_react_reflex_pins() -> None:
    assert LUCIDE_LIBRARY == f"lucide-react@{LUCIDE_VERSION}", "update icon.py's LUCIDE_VERSION"
    assert (ICON_FOLDER.parent / "package.json").read_text().count(f'"version": "{LUCIDE_VERSION}"') == 1


def test_the_makefile_installs_the_version_icon_py_names() -> None:
    """The Makefile reads the version from icon.py rather than writing it a second time."""
    assert not re.search(r"^LUCIDE_VERSION\s*:?=\s*[0-9]", MAKEFILE.read_text(), re.M)
    shown = subprocess.run(
        [
            "make",
            "-s",
            "--no-print-directory",
            "--eval",
            "lucide-version: ; @echo $(LUCIDE_VERSION)",
            "lucide-version",
        ],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert shown.stdout.strip() == LUCIDE_VERSION


def test_an_icon_is_an_inline_svg_with_lucides_shapes_and_attributes() -> None:
    rendered = str(lucide_icon("circle-check", size=16, class_name="text-violet-600"))
    assert rendered.startswith('jsx("svg",')
    for attribute in (
        'className:"lucide lucide-circle-check text-violet-600"',
        'width:"16"',
        'height:"16"',
        'viewBox:"0 0 24 24"',
        '"aria-hidden":"true"',
    ):
        assert attribute in rendered
    # Lucide's drawing attributes are one rule of the stylesheet, not bytes of every icon.
    assert "stroke" not in rendered.split("dangerouslySetInnerHTML")[0]
    css = (PROJECT_ROOT / "assets" / "styles.css").read_text(encoding="utf-8")
    rule = css[css.index("svg.lucide {") : css.index("}", css.index("svg.lucide {"))]
    for declaration in ("fill: none", "stroke: currentColor", "stroke-width: 2", "stroke-linecap: round"):
        assert declaration in rule
    # Lucide's shapes, as the <svg>'s inner markup.
    assert '<circle cx=\\"12\\" cy=\\"12\\" r=\\"10\\"/><path d=\\"m9 12 2 2 4-4\\"/>' in rendered


def test_an_icon_with_a_name_for_screen_readers_is_not_hidden() -> None:
    assert "aria-hidden" not in str(lucide_icon("phone", aria_label="Call us"))


def test_reflex_style_names_with_underscores_work() -> None:
    assert icon_shapes("circle_help") == icon_shapes("circle-help")


def test_an_unknown_icon_stops_the_build_naming_it() -> None:
    with pytest.raises(UnknownIcon, match="'no-such-icon'"):
        lucide_icon("no-such-icon")


def _icons_named_in(value: object) -> set[str]:
    """Every `icon` field of a content model, at any depth."""
    if isinstance(value, BaseModel):
        found = {value.icon} if isinstance(getattr(value, "icon", None), str) else set()
        return found.union(*(_icons_named_in(getattr(value, field)) for field in type(value).model_fields))
    if dataclasses.is_dataclass(value):
        return set().union(
            *(_icons_named_in(getattr(value, field.name)) for field in dataclasses.fields(value))
        )
    if isinstance(value, dict):
        return set().union(*(_icons_named_in(item) for item in value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(*(_icons_named_in(item) for item in value))
    return set()


def test_every_icon_the_content_names_exists() -> None:
    names = _icons_named_in(get_catalog())
    assert len(names) > 10  # the services' and the projects' features
    unknown = [name for name in sorted(names) if not (ICON_FOLDER / f"{name}.svg").is_file()]
    assert unknown == []
