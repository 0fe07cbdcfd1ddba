"""Anchored patches of the frontend files Reflex generates, applied by a plugin (rxconfig.py).

Reflex copies its JavaScript runtime (e.g. `utils/state.js`) from its templates into
`.web/` and offers no setting for some of what we need changed there. `PatchGeneratedFrontend`
changes such a file through Reflex's public plugin hook (`add_modify_task`) with small,
named patches: each one quotes an *anchor*, a piece of Reflex's code that must occur
exactly once in the file, and puts code of ours before it, after it or instead of it.
The code lives in a real JavaScript file beside the Python module that declares the
patches and quotes their anchors (connect_on_intent.py and .js, backend_url.py and .js),
in a section headed `// @patch <name>`.

When a Reflex upgrade changes an anchor, the build stops naming the file, the patch and
the anchor, and so does `tests/unit/frontend/test_frontend_patches.py`, which checks every patch
against the templates of the installed Reflex. Nothing is patched halfway.

To add a patch (say, for the production stack), declare it in a tuple of `AnchoredPatch`
with its section in a `.js` file of this folder, and pass the tuple to the plugin in rxconfig.py:
`PatchGeneratedFrontend(CONNECT_ON_INTENT, MY_PATCHES)`; the unit test covers it once it is
added to `ALL_PATCH_SETS` there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from agency_site.reflex_adapter import Plugin, Templates, generated_vite_config

# Marks a file we patched, so a second compile over the same .web starts from the template
# (whichever module path the marker of an earlier compile named).
PATCHED_BY = "// agency-site: patched by "
PATCHED_MARKER = PATCHED_BY + "agency_site/frontend/patches/anchored.py"
_SECTION = re.compile(r"^// @patch ([\w-]+)[^\n]*\n", re.MULTILINE)


class FrontendPatchError(RuntimeError):
    """A patch no longer fits the file Reflex generates (after a Reflex upgrade)."""


@dataclass(frozen=True)
class AnchoredPatch:
    """One change of a generated file: `code` goes `where` the anchor is.

    `file` is relative to `.web/` (e.g. "utils/state.js"), `anchor` is Reflex's code quoted
    exactly, `source` is the .js file holding the section `// @patch <name>`, `why` says
    what it is for (shown when it fails).
    """

    name: str
    file: str
    anchor: str
    where: Literal["before", "after", "instead"]
    source: Path
    why: str

    @property
    def code(self) -> str:
        sections = js_sections(self.source)
        if self.name not in sections:
            raise FrontendPatchError(
                f"{self.source}: no section '// @patch {self.name}' for patch {self.name}"
            )
        return sections[self.name]


@cache
def js_sections(source: Path) -> dict[str, str]:
    """The `// @patch <name>` sections of a .js file, by name: the lines after the heading,
    up to the next heading, without the blank lines at the end."""
    text = source.read_text(encoding="utf-8")
    heads = list(_SECTION.finditer(text))
    ends = [head.start() for head in heads[1:]] + [len(text)]
    return {
        head.group(1): text[head.end() : end].rstrip() + "\n" for head, end in zip(heads, ends, strict=True)
    }


# Generated files that Reflex renders from code at every compile instead of copying a
# template file: what it writes for each.
VITE_CONFIG = "vite.config.js"
_RENDERED: dict[str, Callable[[], str]] = {VITE_CONFIG: generated_vite_config}


def template_path(file: str) -> Path:
    """Where the installed Reflex keeps the template of the generated `.web/<file>`."""
    return Path(Templates.Dirs.WEB_TEMPLATE) / file


def template_text(file: str) -> str:
    """What the installed Reflex writes as `.web/<file>` before any patch."""
    if file in _RENDERED:
        return _RENDERED[file]()
    return template_path(file).read_text(encoding="utf-8")


def _origin(file: str) -> str:
    return f"rendered by {_RENDERED[file].__name__}()" if file in _RENDERED else str(template_path(file))


def apply_patches(text: str, patches: Iterable[AnchoredPatch], file: str) -> str:
    """`text` (Reflex's `file`) with every patch applied; raises naming what no longer fits."""
    for patch in patches:
        count = text.count(patch.anchor)
        if count != 1:
            found = "is missing from" if count == 0 else f"occurs {count} times in"
            raise FrontendPatchError(
                f"Reflex's {file} ({_origin(file)}) changed: the anchor of patch "
                f"'{patch.name}' {found} it, so the patch no longer applies.\n"
                f"  patch: {patch.why}\n  anchor: {patch.anchor!r}\n"
                "Read the new file and adapt the patch (agency_site/frontend/patches/anchored.py explains how)."
            )
        replacement = {
            "before": patch.code + patch.anchor,
            "after": patch.anchor + patch.code,
            "instead": patch.code,
        }[patch.where]
        text = text.replace(patch.anchor, replacement, 1)
    return f"{PATCHED_MARKER}\n{text}"


def _patcher(file: str, patches: tuple[AnchoredPatch, ...]) -> Callable[[str], str]:
    def modify(content: str) -> str:
        if content.startswith(PATCHED_BY):
            # .web still holds an earlier compile's output: patch the template again.
            content = template_text(file)
        return apply_patches(content, patches, file)

    return modify


class PatchGeneratedFrontend(Plugin):
    """Applies the given patch sets to the files Reflex generates, at every compile."""

    def __init__(self, *patch_sets: tuple[AnchoredPatch, ...]) -> None:
        self.patches = tuple(patch for patch_set in patch_sets for patch in patch_set)

    def pre_compile(self, **context) -> None:
        by_file: dict[str, list[AnchoredPatch]] = {}
        for patch in self.patches:
            by_file.setdefault(patch.file, []).append(patch)
        for file, patches in by_file.items():
            context["add_modify_task"](file, _patcher(file, tuple(patches)))
