"""A copy of the project that a test may change (content, pages) and build or serve."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Made by a build or a run: never copied from .web.
_WEB_SKIPPED = {"build", "e2e-build", "node_modules"}


def copy_project(destination: Path, *, web: bool = True) -> Path:
    """The project's files (tracked and new ones, as `git ls-files` lists them) in
    `destination`, with `.venv` and `.tools` linked; with `web`, what `make run` left in
    `.web` too (the installed frontend packages hard-linked, so 100 MB are not copied)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_symlink() or not source.is_file():
            continue  # .venv and .tools (linked below), files deleted in the work tree
        target = destination / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    for tools in (".venv", ".tools"):
        (destination / tools).symlink_to((ROOT / tools).resolve())
    source_web = ROOT / ".web"
    if web and (source_web / "node_modules").is_dir():
        (destination / ".web").mkdir()
        for entry in source_web.iterdir():
            if entry.name not in _WEB_SKIPPED:
                copy = shutil.copytree if entry.is_dir() else shutil.copy2
                copy(entry, destination / ".web" / entry.name)
        # Hard links: a dev server only reads the packages (their install is cached).
        subprocess.run(["cp", "-al", str(source_web / "node_modules"), str(destination / ".web")], check=True)
    return destination
