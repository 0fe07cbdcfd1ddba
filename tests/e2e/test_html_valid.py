"""Valid HTML: the Nu HTML Checker (vnu) finds no error in any page of the build.

Every HTML file the build serves (each prerendered page, the not-found page, the
redirects) is checked in one run of the checker (one Java start, a few seconds); files
with the same bytes (`about.html` and `about/index.html`) are checked once. A page planted
beside them with a `<style>` in its body and an empty `aria-describedby` is checked in the
same run, as the control: the run must report it.

vnu-jar comes from the npm registry into .tools/vnu (`make vnu`, a dependency of
`make test`); it needs Java.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VNU_JAR = ROOT / ".tools" / "vnu" / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"

CONTROL_PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Control</title></head>
<body><main><span><style>.x { color: red; }</style></span>
<input id="a" aria-label="a" aria-describedby=""></main></body></html>
"""


def unique_pages(client: Path) -> list[Path]:
    """Every HTML file under `client`, one of each set of identical files."""
    seen: dict[str, Path] = {}
    for path in sorted(client.rglob("*.html")):
        seen.setdefault(hashlib.sha256(path.read_bytes()).hexdigest(), path)
    return sorted(seen.values())


def run_vnu(files: list[Path]) -> list[dict]:
    """The checker's errors for `files`, in one run."""
    java = shutil.which("java")
    if java is None or not VNU_JAR.is_file():
        pytest.fail(f"the Nu HTML Checker needs Java and {VNU_JAR}; run `make vnu`", pytrace=False)
    result = subprocess.run(
        [java, "-Xss4m", "-jar", str(VNU_JAR), "--errors-only", "--format", "json", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    # vnu writes its JSON report to stderr, and exits 1 when it found errors.
    return json.loads(result.stderr)["messages"]


def test_every_built_page_is_valid_html(served_web: Path, tmp_path: Path) -> None:
    client = served_web / "build" / "client"
    pages = unique_pages(client)
    assert len(pages) > 70, f"only {len(pages)} pages in {client}"
    control = tmp_path / "control.html"
    control.write_text(CONTROL_PAGE)
    messages = run_vnu([*pages, control])
    found = [m for m in messages if not m.get("url", "").endswith("/control.html")]
    planted = [m["message"] for m in messages if m.get("url", "").endswith("/control.html")]
    # The control: the run reports what was planted.
    assert any("style" in message for message in planted), planted
    assert any("aria-describedby" in message for message in planted), planted
    if found:
        lines = [
            f"{Path(m['url'].removeprefix('file:')).relative_to(client)}:{m.get('lastLine', '?')}: {m['message']}"
            for m in found
        ]
        pytest.fail(
            f"{len(found)} HTML errors in {len(pages)} pages:\n    " + "\n    ".join(lines[:60]),
            pytrace=False,
        )
