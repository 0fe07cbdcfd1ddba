"""Browser-side state by name: one Reflex client state variable per name, shared."""

from __future__ import annotations

import re
from functools import cache

from agency_site.reflex_adapter import ClientStateVar


@cache
def client_state(name: str, default: str | bool) -> ClientStateVar:
    """The one browser-side state variable called `name` (any characters; shared by every
    component that uses it, so a picker and the card it drives see the same value)."""
    return ClientStateVar.create(re.sub(r"\W", "_", name), default)
