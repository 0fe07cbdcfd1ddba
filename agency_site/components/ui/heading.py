"""Headings, and other large text, that wrap long German words at their syllables.

One place for how a heading breaks on a narrow screen: the glossary's soft hyphens
(content/hyphenation.yaml, agency_site/content/hyphenation.py) go into its text, and the pages'
`lang` lets a browser with a German dictionary hyphenate the rest (`hyphens: auto`,
assets/styles.css). Nothing cuts a word at an arbitrary letter, and nothing shrinks a
heading because its words are long.
"""

from __future__ import annotations

from typing import Literal

import reflex as rx

from agency_site.content.hyphenation import soft_hyphens

HeadingLevel = Literal[1, 2, 3]
_TAGS = {1: rx.el.h1, 2: rx.el.h2, 3: rx.el.h3}

# The page's one <h1>, the same on every page.
PAGE_TITLE = "text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"


def wrapping(text: str) -> str:
    """`text` for the screen, with the glossary's break points (never for a title, a
    description or anything a machine reads)."""
    return soft_hyphens(text)


def heading(
    level: HeadingLevel, content: str | rx.Component, *, class_name: str = "", **props
) -> rx.Component:
    """An <h1>, <h2> or <h3> whose long words break at their syllables on a narrow screen
    (a component as `content` brings its own text: give it `wrapping(...)`)."""
    text = wrapping(content) if isinstance(content, str) else content
    return _TAGS[level](text, class_name=class_name, **props)


def page_title(text: str, *, class_name: str = "", **props) -> rx.Component:
    """The page's single <h1>; tests find it by its test id."""
    return heading(
        1, text, data_testid="screen-title", class_name=f"{PAGE_TITLE} {class_name}".strip(), **props
    )
