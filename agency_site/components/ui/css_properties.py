"""The constants the stylesheet needs, as CSS custom properties: one source.

assets/styles.css and the Tailwind classes of the layout read these properties
(`max-w-(--content-max-width)`, `var(--header-scroll-threshold)`) instead of typing the
numbers of docs/product.md §9 again. `SiteCssProperties` (a build plugin, rxconfig.py) writes them as
one `:root` rule into the app's stylesheet when the pages are compiled, ahead of
assets/styles.css, so they are there before the first paint, with JavaScript off too.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from agency_site.constants import (
    CONTENT_MAX_WIDTH_PX,
    HEADER_HEIGHT_PX,
    HEADER_SCROLL_THRESHOLD_PX,
    OVERLAY_FADE_OUT_MS,
    OVERLAY_HOLD_MS,
    REVEAL_THRESHOLD,
    REVEAL_THRESHOLD_MOBILE,
    SCROLLED_HEADER_WIDTH_PERCENT,
)
from agency_site.reflex_adapter import Dirs, Plugin

# The browser's default font size, in which docs/product.md's pixel sizes are meant.
_ROOT_FONT_PX = 16

CSS_PROPERTIES: dict[str, str] = {
    "--content-max-width": f"{CONTENT_MAX_WIDTH_PX}px",
    # In rem, so the fixed header grows with a reader's larger font, as its text does.
    "--header-height": f"{HEADER_HEIGHT_PX / _ROOT_FONT_PX:g}rem",
    "--header-scroll-threshold": f"{HEADER_SCROLL_THRESHOLD_PX}px",
    "--scrolled-header-width": f"{SCROLLED_HEADER_WIDTH_PERCENT}%",
    # How much of a block is in view when its reveal starts (a scroll-driven animation's
    # range, hence a share of the block, not a time).
    "--reveal-threshold": f"{REVEAL_THRESHOLD:.0%}",
    "--reveal-threshold-mobile": f"{REVEAL_THRESHOLD_MOBILE:.0%}",
    # The page-transition overlay: its fade in and hold, then its fade out.
    "--page-transition-duration": f"{OVERLAY_HOLD_MS + OVERLAY_FADE_OUT_MS}ms",
}

# The generated file, beside Reflex's own stylesheets in .web/styles/.
STYLESHEET_NAME = "site-properties.css"


def root_rule() -> str:
    """The `:root` rule declaring every property of CSS_PROPERTIES."""
    lines = "".join(f"  {name}: {value};\n" for name, value in CSS_PROPERTIES.items())
    return f"/* Written from agency_site/constants.py (components/ui/css_properties.py). */\n:root {{\n{lines}}}\n"


class SiteCssProperties(Plugin):
    """Adds the `:root` rule of CSS_PROPERTIES to the app's stylesheet."""

    def get_stylesheet_paths(self, **context) -> Sequence[str]:
        """Imported by Reflex's root stylesheet before the app's stylesheets."""
        return [f"./{STYLESHEET_NAME}"]

    def get_static_assets(self, **context) -> Sequence[tuple[Path, str | bytes]]:
        """The stylesheet itself, written into .web/styles/ with the compiled pages."""
        return [(Path(Dirs.STYLES) / STYLESHEET_NAME, root_rule())]
