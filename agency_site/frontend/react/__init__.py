"""Our own React code: every `.jsx` file of the site lives in this folder.

docs/architecture.md §4's order of preference ends here: native HTML, then Reflex (components,
Vars, client-side state, event chains), then a wrapped third-party React library, and
only then a React component of ours, in a real `.jsx` file of this folder, linted by
ESLint (`make lint`, `eslint.config.mjs`), wrapped by an `rx.Component` whose `library`
is `jsx_library("<file>.jsx")`. No JavaScript lives inside Python strings
(tests/unit/test_architecture.py).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import reflex as rx

REACT_FOLDER = Path(__file__).parent


def jsx_library(file_name: str) -> str:
    """The import path of `file_name`, a `.jsx` file of this folder, for a wrapper's `library`.

    Reflex links the file into the build (`assets/external/agency_site/frontend/react/`), so
    the file here stays the only copy. `rx.asset` finds this folder with `inspect.stack()`,
    which reads the source of every frame on the stack: called while the app's modules
    import each other (some 35 frames deep) its 11 calls took about 1 s of CPU in every
    build and dev server reload. In a thread of its own the stack is a few frames deep;
    the frame it looks at is `_shared_asset`'s, in this file, as before.
    """
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="jsx-library") as pool:
        return pool.submit(_shared_asset, file_name).result()


def _shared_asset(file_name: str) -> str:
    return rx.asset(file_name, shared=True).importable_path
