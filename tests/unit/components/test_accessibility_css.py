"""The accessibility rules of assets/styles.css that Python code relies on."""

from __future__ import annotations

import re
from pathlib import Path

from agency_site.components.ui import kit
from agency_site.components.ui.css_properties import CSS_PROPERTIES
from agency_site.constants import HEADER_HEIGHT_PX

STYLES = (Path(__file__).resolve().parents[3] / "assets" / "styles.css").read_text()


def test_the_header_height_is_one_value_that_the_scroll_padding_reads() -> None:
    height = re.fullmatch(r"([\d.]+)rem", CSS_PROPERTIES["--header-height"])
    assert height and float(height.group(1)) * 16 == HEADER_HEIGHT_PX
    assert "--header-height:" not in STYLES  # declared once, from the constant
    assert re.search(r"scroll-padding-top:\s*calc\(var\(--header-height\)", STYLES)


def test_every_focus_variant_of_the_kit_has_its_rule() -> None:
    variants = {value for name, value in vars(kit).items() if name.startswith("FOCUS_RING")}
    for variant in variants - {"focus-ring"}:  # the plain ring is every element's :focus-visible
        assert f".{variant}" in STYLES, variant
