"""The dev backend's watch (agency_site/dev/watch.py): what it hands on, and when it
says it watches."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

import pytest

from agency_site.dev import live_assets, watch

# A failure deadline for the watcher's batches, not a speed requirement.
BATCH_TIMEOUT_S = 30


@pytest.fixture
def site(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> SimpleNamespace:
    """A project's content, pages and assets, and the dev build's web folder, in a folder;
    `edits` is what the watch handed on as edits of assets/."""
    folders = SimpleNamespace(
        content=tmp_path / "content",
        pages=tmp_path / "pages",
        assets=tmp_path / "assets",
        web=tmp_path / ".web",
    )
    for folder in vars(folders).values():
        folder.mkdir()
    (folders.web / "public").mkdir()
    folders.edits = []

    def apply_asset_edit(app: object, files: list[Path]) -> tuple[int, list[Path]]:
        folders.edits.append(files)
        # As the real one does, a deleted file's copy leaves the build.
        for file in files:
            if not file.exists():
                (folders.web / "public" / file.relative_to(folders.assets)).unlink(missing_ok=True)
        return 0, []

    monkeypatch.setattr(watch, "get_settings", lambda: SimpleNamespace(content_dir=folders.content))
    monkeypatch.setattr(watch, "PAGES_DIR", folders.pages)
    monkeypatch.setattr(watch, "assets_dir", lambda: folders.assets)
    monkeypatch.setattr(live_assets, "assets_dir", lambda: folders.assets)
    monkeypatch.setattr(live_assets, "web_dir", lambda: folders.web)
    # The files of this test were saved after the module's import, not while it started.
    monkeypatch.setattr(watch, "restart_if_saved_while_starting", lambda content_dir: False)
    monkeypatch.setattr(watch, "apply_asset_edit", apply_asset_edit)
    return folders


async def _watch_until(site: SimpleNamespace, edits: int, save: list[Path]) -> None:
    """Run the watch until it has handed on `edits` edits; each file of `save` is saved
    once the watch has handed on the edits before it."""
    task = asyncio.create_task(watch.live_content_edits(object()))
    try:
        deadline = asyncio.get_running_loop().time() + BATCH_TIMEOUT_S
        while len(site.edits) < edits:
            assert asyncio.get_running_loop().time() < deadline, site.edits
            if save and len(site.edits) == edits - len(save):
                save.pop(0).write_bytes(b"saved")
            await asyncio.sleep(0.05)
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task


def _save_built(site: SimpleNamespace, file: Path) -> None:
    """Save `file` of assets/, and its copy into the build as Reflex's compile does."""
    for path in (file, site.web / "public" / file.relative_to(site.assets)):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"jpeg")


def test_a_file_deleted_while_no_watch_ran_is_handled_when_the_watch_begins(
    site: SimpleNamespace, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its copy was still in the build (Reflex's compile never removes one): the watch
    that begins hands it on as deleted, then each save as before."""
    gone, kept = site.assets / "og/careers-en.jpg", site.assets / "og/about-en.jpg"
    for image in (gone, kept):
        _save_built(site, image)
    live_assets.remember_assets()
    gone.unlink()
    saved = site.assets / "favicon.svg"
    asyncio.run(_watch_until(site, 2, [saved]))
    assert site.edits == [[gone], [saved]]
    assert watch.WATCHING_LINE in capsys.readouterr().err
    # What it last saw: neither is deleted again when the next watch begins.
    assert live_assets.deleted_while_unwatched() == []


def test_a_file_saved_while_the_backend_started_and_deleted_before_the_next_watch_is_handled(
    site: SimpleNamespace, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sharing image saved while the backend started restarted it (no watcher saw the
    save), the restart's compile copied it into the build, and it was deleted before the
    next watch began: no list named it, so its copy was served on. The watch that
    restarts notes it first."""
    _save_built(site, site.assets / "og/about-en.jpg")
    live_assets.remember_assets()
    added = site.assets / "og/careers-en.jpg"
    _save_built(site, added)
    monkeypatch.setattr(watch, "restart_if_saved_while_starting", lambda content_dir: True)
    asyncio.run(watch.live_content_edits(object()))
    added.unlink()
    monkeypatch.setattr(watch, "restart_if_saved_while_starting", lambda content_dir: False)
    asyncio.run(_watch_until(site, 1, []))
    assert site.edits == [[added]]
    assert not (site.web / "public/og/careers-en.jpg").exists()
