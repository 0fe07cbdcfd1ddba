"""Releases that can be rolled back: the order of an upgrade's steps, the atomic switch of
`current`, what pruning keeps, and where a rollback goes (the build itself is rehearsed by
`make rehearse`, which builds real releases)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from deploy import release as release_module
from deploy.release import Deployment, ReleaseError, alembic_head

ROOT = Path(__file__).resolve().parents[3]


def deployment(tmp_path: Path, names: list[str], **env: str) -> Deployment:
    for name in names:
        (tmp_path / "releases" / name).mkdir(parents=True)
    settings = {"AGENCY_HOME": str(tmp_path), "BACKEND_PORTS": "8001,8002", **env}
    return Deployment(env=settings, env_file=tmp_path / "env")


@pytest.fixture
def steps(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What an upgrade did, in order, without running a command."""
    done: list[str] = []
    monkeypatch.setattr(Deployment, "run", lambda self, command, **_: done.append(" ".join(command)))
    monkeypatch.setattr(release_module, "wait_for_ping", lambda port: done.append(f"ping {port}"))
    original_switch = Deployment.switch

    def switch(self: Deployment, target: Path) -> None:
        original_switch(self, target)
        done.append(f"switch {target.name}")

    monkeypatch.setattr(Deployment, "switch", switch)
    return done


def test_migrations_run_before_the_switch_and_backends_restart_one_at_a_time(tmp_path: Path, steps) -> None:
    site = deployment(tmp_path, ["20261128T100000-aaa", "20261129T100000-bbb"])
    site.switch(site.releases()[0])
    steps.clear()
    site.activate(site.releases()[1])
    assert steps[0].endswith("-m agency_site.leads migrate")
    assert steps[1:] == [
        "switch 20261129T100000-bbb",
        "systemctl reload nginx",
        "systemctl restart agency-backend@8001",
        "ping 8001",
        "systemctl restart agency-backend@8002",
        "ping 8002",
    ]
    assert os.readlink(tmp_path / "current") == "releases/20261129T100000-bbb"
    assert site.previous() == site.releases()[0]


def test_the_switch_is_one_rename_of_a_link(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = deployment(tmp_path, ["20261128T100000-aaa", "20261129T100000-bbb"])
    site.switch(site.releases()[0])
    renames: list[tuple[str, str]] = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (renames.append((str(a), str(b))), real_replace(a, b)))
    site.switch(site.releases()[1])
    assert renames == [(str(tmp_path / ".current.new"), str(tmp_path / "current"))]
    assert (tmp_path / "current").is_symlink() and site.current() == site.releases()[1]
    assert "* 20261129T100000-bbb" in site.status()


def test_pruning_keeps_the_newest_and_always_current_and_previous(tmp_path: Path) -> None:
    names = [f"2026112{day}T100000-c{day}" for day in range(1, 9)]
    site = deployment(tmp_path, names, KEEP_RELEASES="3")
    site.switch(tmp_path / "releases" / names[2])  # rolled back far: current is old
    removed = site.prune()
    kept = [path.name for path in site.releases()]
    assert kept == [names[1], names[2], *names[-3:]]
    assert {path.name for path in removed} == {names[0], names[3], names[4]}


def test_a_rollback_goes_to_the_release_before_current(tmp_path: Path, steps) -> None:
    site = deployment(tmp_path, ["20261128T100000-aaa", "20261129T100000-bbb"])
    site.switch(site.releases()[1])
    steps.clear()
    assert site.rollback().name == "20261128T100000-aaa"
    assert steps[0] == "switch 20261128T100000-aaa" and "migrate" not in " ".join(steps)
    with pytest.raises(ReleaseError, match="no release to go back to"):
        site.rollback()


def test_a_rollback_can_undo_the_newer_releases_migrations_first(tmp_path: Path, steps) -> None:
    site = deployment(tmp_path, ["20261128T100000-aaa", "20261129T100000-bbb"])
    old, new = site.releases()
    for release, revisions in ((old, [("a1", None)]), (new, [("a1", None), ("b2", "a1")])):
        versions = release / "alembic" / "versions"
        versions.mkdir(parents=True)
        for revision, down in revisions:
            down_text = f'"{down}"' if down else "None"
            (versions / f"{revision}.py").write_text(
                f'revision: str = "{revision}"\ndown_revision: str | None = {down_text}\n'
            )
    site.switch(new)
    steps.clear()
    site.rollback(downgrade_database=True)
    assert steps[0].endswith(f"alembic -c {new / 'alembic.ini'} downgrade a1")
    assert steps[1] == f"switch {old.name}"


def test_the_repositorys_migrations_have_one_head() -> None:
    assert alembic_head(ROOT) in {
        path.name.split("_", 1)[0] for path in (ROOT / "alembic" / "versions").glob("*.py")
    }


def test_a_release_keeps_its_predecessors_own_assets_and_no_older_ones(tmp_path: Path) -> None:
    """Pages open before an upgrade still find their scripts; three releases on, the first
    one's files are gone (each release carries only its predecessor's own)."""
    releases = [tmp_path / name for name in ("r1", "r2", "r3")]
    for index, release in enumerate(releases):
        assets = release / release_module.CLIENT / "assets"
        assets.mkdir(parents=True)
        (assets / f"entry-{index}.js").write_text(f"build {index}")
        (assets / "shared-same-hash.css").write_text("same")
    assert release_module.carry_assets(releases[0], None) == 0
    assert release_module.carry_assets(releases[1], releases[0]) == 1
    assert release_module.carry_assets(releases[2], releases[1]) == 1
    served = sorted(path.name for path in (releases[2] / release_module.CLIENT / "assets").iterdir())
    assert served == ["entry-1.js", "entry-2.js", "shared-same-hash.css"]
    own = (releases[2] / release_module.OWN_ASSETS).read_text().split()
    assert own == ["assets/entry-2.js", "assets/shared-same-hash.css"]
