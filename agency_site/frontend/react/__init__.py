"""Our own React code: every `.jsx` file of the site lives in this folder.

DESIGN.md §4's order of preference ends here: native HTML, then Reflex (components,
Vars, client-side state, event chains), then a wrapped third-party React library, and
only then a React component of ours, in a real `.jsx` file of this folder, linted by
ESLint (`make lint`, `eslint.config.mjs`), wrapped by an `rx.Component` whose `library`
is `jsx_library("<file>.jsx")`. No JavaScript lives inside Python strings
(tests/unit/test_architecture.py).
"""

from __future__ import annotations

from pathlib import Path

import reflex as rx

REACT_FOLDER = Path(__file__).parent


def jsx_library(file_name: str) -> str:
    """The import path of `file_name`, a `.jsx` file of this folder, for a wrapper's `library`.

    Reflex links the file into the build (`assets/external/agency_site/frontend/react/`), so the
    file here stays the only copy.
    """
    return rx.asset(file_name, shared=True).importable_path
