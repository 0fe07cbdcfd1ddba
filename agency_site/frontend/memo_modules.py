"""Each page's memoized components in a file of its own, not in the one every page loads."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx


def with_own_memo_module(component: rx.Component, module: str) -> Callable[[], rx.Component]:
    """`component` as a page for `app.add_page`, whose memoized components go to a file of
    their own.

    Reflex puts every memoized component of the pages a module adds into one file
    (`.web/app_components/<module>.jsx`, Reflex's `memo_paths.capture_source_module`), and
    every page imports it: the contact form's components would be downloaded by every
    reader. A page given as a function defined in `module` gets that module's file.
    """

    def page() -> rx.Component:
        return component

    page.__module__ = module
    return page
