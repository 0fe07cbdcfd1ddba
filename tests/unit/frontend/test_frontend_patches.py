"""Our patches of the frontend Reflex generates (agency_site/frontend/patches/).

If a test here fails after a Reflex upgrade, the message names the generated file and the
patch whose anchor moved: read the new file and adapt the patch (and the build stops the
same way until then).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from agency_site.frontend.patches.anchored import (
    PATCHED_MARKER,
    VITE_CONFIG,
    AnchoredPatch,
    FrontendPatchError,
    PatchGeneratedFrontend,
    apply_patches,
    js_sections,
    template_path,
    template_text,
)
from agency_site.frontend.patches.backend_url import SAME_ORIGIN_PORT
from agency_site.frontend.patches.connect_on_intent import CONNECT_ON_INTENT, STATE_JS
from agency_site.frontend.patches.dev_watch import DEV_WATCH
from agency_site.frontend.patches.unused_runtime import (
    STAND_IN,
    STAND_IN_IN_WEB,
    UNUSED_RUNTIME,
    EmotionStandIn,
)

# Every patch set the build applies (rxconfig.py); a new one belongs here too.
ALL_PATCH_SETS = [CONNECT_ON_INTENT, SAME_ORIGIN_PORT, UNUSED_RUNTIME, DEV_WATCH]
ALL_PATCHES = [patch for patch_set in ALL_PATCH_SETS for patch in patch_set]


@pytest.mark.parametrize("patch", ALL_PATCHES, ids=lambda patch: f"{patch.file}:{patch.name}")
def test_each_anchor_occurs_once_in_the_installed_reflex(patch: AnchoredPatch):
    count = template_text(patch.file).count(patch.anchor)
    assert count == 1, (
        f"Reflex's generated {patch.file} changed: the anchor of patch '{patch.name}' "
        f"occurs {count} times (expected once). Patch: {patch.why}. Anchor: {patch.anchor!r}"
    )


@pytest.mark.parametrize("patch", ALL_PATCHES, ids=lambda patch: patch.name)
def test_each_patch_has_its_code(patch: AnchoredPatch):
    assert patch.name in js_sections(patch.source), f"{patch.source} has no section '// @patch {patch.name}'"
    assert patch.code.strip()


def _patched(file: str) -> str:
    patches = [patch for patch in ALL_PATCHES if patch.file == file]
    return apply_patches(template_text(file), patches, file)


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    return node


@pytest.mark.parametrize("file", [STATE_JS, VITE_CONFIG])
def test_each_patched_file_is_valid_javascript(tmp_path: Path, file: str):
    module = tmp_path / "patched.mjs"
    module.write_text(_patched(file))
    checked = subprocess.run([_node(), "--check", str(module)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_no_page_loads_emotion_or_the_upload_helper():
    config = _patched(VITE_CONFIG)
    # The first alias, so Reflex's own ("$", "@") cannot claim the name first.
    aliases = config[config.index("alias: [") :]
    assert aliases.index("/^@emotion\\/react$/") < aliases.index('find: "$"')
    assert f'new URL("./{STAND_IN_IN_WEB}", import.meta.url)' in config
    state = _patched(STATE_JS)
    assert not re.search(r"^import [^;]*helpers/upload", state, re.MULTILINE)
    assert 'import("$/utils/helpers/upload")' in state


def test_the_dev_servers_watcher_waits_for_a_file_written_whole():
    """Vite's own watcher option, in the dev server's watch block (dev_watch.py): a
    stylesheet copied into .web/ is reported once, finished."""
    config = _patched(VITE_CONFIG)
    server = config[config.index("  server: {") :]
    watch = server[server.index("watch: {") : server.index("ignored: [")]
    assert re.search(r"awaitWriteFinish: \{ stabilityThreshold: \d+, pollInterval: \d+ \}", watch), watch


def test_the_stand_in_is_written_into_the_build():
    tasks: list = []
    EmotionStandIn().pre_compile(add_save_task=tasks.append)
    assert [task() for task in tasks] == [(STAND_IN_IN_WEB, STAND_IN.read_text(encoding="utf-8"))]


# Runs the stand-in in Node with a createElement that returns what it was given.
STAND_IN_HARNESS = """
const { jsx } = await import(process.argv[2]);
const calls = [
  jsx("p", null, "text"),
  jsx("div", { id: "a", className: "card" }, "one", "two"),
  jsx("div", { css: { display: "flex", gap: 4, "&:hover": { color: "red" } }, style: { gap: 8 } }),
];
console.log(JSON.stringify(calls));
"""


def test_the_stand_in_is_create_element_and_keeps_flat_css_as_style(tmp_path: Path):
    react = tmp_path / "react.mjs"
    react.write_text(
        "export const createElement = (type, props, ...children) => ({ type, props, children });\n"
    )
    stand_in = tmp_path / "jsx.mjs"
    stand_in.write_text(STAND_IN.read_text(encoding="utf-8").replace('from "react"', 'from "./react.mjs"'))
    harness = tmp_path / "harness.mjs"
    harness.write_text(STAND_IN_HARNESS)
    ran = subprocess.run([_node(), str(harness), str(stand_in)], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    plain, with_props, with_css = json.loads(ran.stdout)
    assert plain == {"type": "p", "props": None, "children": ["text"]}
    assert with_props == {
        "type": "div",
        "props": {"id": "a", "className": "card"},
        "children": ["one", "two"],
    }
    # Declarations become the inline style (an explicit style wins); nested rules go.
    assert with_css == {"type": "div", "props": {"style": {"display": "flex", "gap": 8}}, "children": []}


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
