"""Our patches of the frontend Reflex generates (agency_site/frontend/patches/).

If a test here fails after a Reflex upgrade, the message names the generated file and the
patch whose anchor moved: read the new file and adapt the patch (and the build stops the
same way until then).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from agency_site.frontend.patches.anchored import (
    PATCHED_MARKER,
    AnchoredPatch,
    FrontendPatchError,
    PatchGeneratedFrontend,
    apply_patches,
    js_sections,
    template_path,
)
from agency_site.frontend.patches.backend_url import SAME_ORIGIN_PORT
from agency_site.frontend.patches.connect_on_intent import CONNECT_ON_INTENT, STATE_JS

# Every patch set the build applies (rxconfig.py); a new one belongs here too.
ALL_PATCH_SETS = [CONNECT_ON_INTENT, SAME_ORIGIN_PORT]
ALL_PATCHES = [patch for patch_set in ALL_PATCH_SETS for patch in patch_set]


@pytest.mark.parametrize("patch", ALL_PATCHES, ids=lambda patch: f"{patch.file}:{patch.name}")
def test_each_anchor_occurs_once_in_the_installed_reflex(patch: AnchoredPatch):
    template = template_path(patch.file)
    assert template.is_file(), f"Reflex no longer generates {patch.file} from {template}"
    count = template.read_text(encoding="utf-8").count(patch.anchor)
    assert count == 1, (
        f"Reflex's generated {patch.file} ({template}) changed: the anchor of patch '{patch.name}' "
        f"occurs {count} times (expected once). Patch: {patch.why}. Anchor: {patch.anchor!r}"
    )


@pytest.mark.parametrize("patch", ALL_PATCHES, ids=lambda patch: patch.name)
def test_each_patch_has_its_code(patch: AnchoredPatch):
    assert patch.name in js_sections(patch.source), f"{patch.source} has no section '// @patch {patch.name}'"
    assert patch.code.strip()


def _patched(file: str) -> str:
    patches = [patch for patch in ALL_PATCHES if patch.file == file]
    return apply_patches(template_path(file).read_text(encoding="utf-8"), patches, file)


def test_the_patched_state_js_is_valid_javascript(tmp_path: Path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    module = tmp_path / "state.mjs"
    module.write_text(_patched(STATE_JS))
    checked = subprocess.run([node, "--check", str(module)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_the_socket_client_and_cookies_are_imported_only_when_connecting():
    code = _patched(STATE_JS)
    for library in ("socket.io-client", "universal-cookie"):
        assert not re.search(rf"^import [^;]*{re.escape(library)}", code, re.MULTILINE), library
        assert f'import("{library}")' in code
    # The static runtime asks for a connection only once the page wants one.
    assert "Object.keys(app.initialState).length > 1" not in code
    assert code.count("connectionWanted") >= 5


def test_a_moved_anchor_stops_the_build_naming_the_file_and_the_patch():
    text = template_path(STATE_JS).read_text(encoding="utf-8")
    moved = text.replace('import io from "socket.io-client";', 'import { io } from "socket.io-client";')
    with pytest.raises(FrontendPatchError, match=r"utils/state\.js.*lazy-socket-client"):
        apply_patches(moved, CONNECT_ON_INTENT, STATE_JS)


def test_the_plugin_patches_each_file_once_even_over_an_earlier_build():
    tasks: list[tuple[str, object]] = []
    PatchGeneratedFrontend(CONNECT_ON_INTENT).pre_compile(
        add_modify_task=lambda file, fn: tasks.append((file, fn))
    )
    assert [file for file, _ in tasks] == [STATE_JS]
    modify = tasks[0][1]
    pristine = template_path(STATE_JS).read_text(encoding="utf-8")
    once = modify(pristine)
    assert once.startswith(PATCHED_MARKER)
    # .web kept from an earlier compile already holds the patched file: same result.
    assert modify(once) == once
