"""The mobile menu (SPEC.md §4): open or closed, held in the browser only."""

from __future__ import annotations

from functools import cache

from reflex.experimental.client_state import ClientStateVar


@cache
def menu_open_state() -> ClientStateVar:
    """Whether the mobile menu panel is open.

    One instance for every page: the compiled header is then byte-identical across the
    pages of a language, and the bundler ships it once instead of once per page.
    """
    return ClientStateVar.create("menu_open", default=False)
