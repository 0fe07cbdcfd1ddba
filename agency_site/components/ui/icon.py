"""Icons: Lucide's, drawn into the page as inline SVG when the page is compiled.

How to use it (the same arguments as `rx.icon`):

    lucide_icon("phone", size=18, aria_hidden="true", class_name="text-violet-600")

`rx.icon` renders lucide-react's component, which makes every page download the Lucide
runtime and one small script per icon (16 of the home page's 30 script files were
icons). The icons never change in the browser, so here they are plain `<svg>` elements
in the prerendered HTML: the same drawing (Lucide's SVG files, `lucide-static`, the
version of lucide-react that Reflex pins, installed by `make` into `.tools/lucide`), the
same attributes and classes, and no script at all.

An unknown icon name stops the build, naming it (content/*.yaml names icons too).
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ElementTree
from html import escape
from pathlib import Path

import reflex as rx

from agency_site.settings import PROJECT_ROOT

# The lucide-static release drawing the same icons as the lucide-react release Reflex
# pins (reflex_components_lucide.icon.LUCIDE_LIBRARY); a unit test holds them equal.
# The Makefile reads this line to install it: keep it one plain string.
LUCIDE_VERSION = "1.26.0"
ICON_FOLDER = PROJECT_ROOT / ".tools" / "lucide" / "node_modules" / "lucide-static" / "icons"

_SVG_NAMESPACE = "{http://www.w3.org/2000/svg}"
# The shapes Lucide draws with (an icon using another element is refused by name).
_SHAPES = ("path", "circle", "rect", "line", "polyline", "polygon", "ellipse")


class UnknownIcon(ValueError):
    """No Lucide icon has this name."""


@functools.cache
def icon_shapes(name: str, folder: Path = ICON_FOLDER) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """The shapes (tag, attributes) Lucide draws icon `name` with."""
    path = folder / f"{name.replace('_', '-')}.svg"
    if not path.is_file():
        if not folder.is_dir():
            raise UnknownIcon(f"Lucide's icons are not installed ({folder}): run `make prepare`")
        raise UnknownIcon(f"no Lucide icon is called {name!r} ({path.name} is not in {folder})")
    root = ElementTree.parse(path).getroot()
    shapes = []
    for element in root:
        tag = element.tag.removeprefix(_SVG_NAMESPACE)
        if tag not in _SHAPES:
            raise UnknownIcon(f"icon {name!r} uses <{tag}>, which icon.py cannot draw")
        shapes.append((tag, tuple(sorted(element.attrib.items()))))
    return tuple(shapes)


def _markup(tag: str, attributes: tuple[tuple[str, str], ...]) -> str:
    return f"<{tag}" + "".join(f' {key}="{escape(value, quote=True)}"' for key, value in attributes) + "/>"


@functools.cache
def icon_markup(name: str) -> str:
    """The SVG markup of icon `name`'s shapes, to go inside its `<svg>` element."""
    return "".join(_markup(tag, attributes) for tag, attributes in icon_shapes(name))


def lucide_icon(name: str, *, size: int = 24, class_name: str = "", **props) -> rx.Component:
    """Lucide's icon `name` as an inline `<svg>`, `size` pixels square.

    Further props (`aria_hidden`, `style`, ...) go to the `<svg>` element, as with `rx.icon`;
    without an accessible name it is hidden from screen readers, as lucide-react does.
    The shapes are the element's inner markup, one component rather than one per shape:
    the pages hold some 2,500 icons, whose shapes were a third of all components built
    and compiled.
    """
    if not any(prop.startswith("aria_") or prop in ("role", "title") for prop in props):
        props["aria_hidden"] = "true"
    return rx.el.svg(
        # Lucide's own classes; its drawing attributes (fill, stroke and its width, caps and
        # joins) are one rule of assets/styles.css for every `svg.lucide`, not bytes of each
        # page's JavaScript. Inline SVG in HTML needs no xmlns.
        custom_attrs={
            "width": str(size),
            "height": str(size),
            "viewBox": "0 0 24 24",
            "dangerouslySetInnerHTML": {"__html": icon_markup(name)},
        },
        class_name=f"lucide lucide-{name.replace('_', '-')} {class_name}".strip(),
        **props,
    )
