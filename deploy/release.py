"""Releases that can be rolled back: each build in a folder of its own, `current` switched at once.

    python -m deploy.release upgrade [--source DIR] [--ref REF]   # build, migrate, switch, restart
    python -m deploy.release rollback [--to NAME] [--downgrade-database]
    python -m deploy.release status

Under AGENCY_HOME (default /srv/agency):

    releases/<time>-<commit>/   the code of one commit (git archive), its .venv and its build
    current -> releases/...     what nginx serves and the systemd units run
    tools/                      Node and bun for the builds, shared by every release

`upgrade` builds the source checkout's commit into a new release folder (`make export`
there, with the env file's settings, which the build bakes into the pages), applies the
new release's migrations while the old release still serves, points `current` at it in
one rename, reloads nginx and restarts the backend instances one at a time, each answering
/ping before the next goes down, so a visitor's connection always has an instance to go
to. Old releases beyond KEEP_RELEASES are removed; the current one and the one before it
are always kept, so nothing piles up and a rollback always has somewhere to go.

Settings come from the env file the units read (--env-file, default /etc/agency/env):
AGENCY_HOME, KEEP_RELEASES (5), BACKEND_PORTS, SERVICE_USER (agency: the migrations run as
that account when this runs as root), and the two service commands, RESTART_BACKEND
(`systemctl restart agency-backend@{port}`) and RELOAD_NGINX (`systemctl reload nginx`).
"""

from __future__ import annotations

import argparse
import os
import pwd
import re
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
from dotenv import dotenv_values

DEFAULT_ENV_FILE = Path("/etc/agency/env")
# What nginx serves of a release, and the list of the files its own build wrote under assets/.
CLIENT = Path(".web/build/client")
OWN_ASSETS = Path(".web/build/own-assets.txt")
PING_TIMEOUT_S = 120.0
_REVISION = re.compile(r"^revision(?:: str)? = ['\"](\w+)['\"]", re.M)
_DOWN_REVISION = re.compile(r"^down_revision(?:: [^=]+)? = (.+)$", re.M)


class ReleaseError(RuntimeError):
    """A step failed; the message says which and what is left as it was."""


def read_env_file(path: Path) -> dict[str, str]:
    """The variables of an env file as the units read it (KEY=value lines, # comments)."""
    if not path.is_file():
        raise ReleaseError(f"{path}: no such env file (deploy/agency.env.example shows one)")
    return {key: value for key, value in dotenv_values(path).items() if value is not None}


def alembic_head(release: Path) -> str:
    """The newest migration of a release: the revision no other one builds on."""
    revisions, parents = set(), set()
    for script in (release / "alembic" / "versions").glob("*.py"):
        text = script.read_text(encoding="utf-8")
        found = _REVISION.search(text)
        if found:
            revisions.add(found.group(1))
        down = _DOWN_REVISION.search(text)
        if down:
            parents.update(re.findall(r"['\"](\w+)['\"]", down.group(1)))
    heads = sorted(revisions - parents)
    if len(heads) != 1:
        raise ReleaseError(f"{release.name}: expected one newest migration, found {heads or 'none'}")
    return heads[0]


@dataclass
class Deployment:
    """One installation: its folders, its settings and how to restart its services."""

    env: dict[str, str]
    env_file: Path

    @classmethod
    def from_env_file(cls, path: Path) -> Deployment:
        return cls(env=read_env_file(path), env_file=path)

    @property
    def home(self) -> Path:
        return Path(self.env.get("AGENCY_HOME", "/srv/agency"))

    @property
    def keep(self) -> int:
        return max(2, int(self.env.get("KEEP_RELEASES", "5")))

    @property
    def ports(self) -> list[int]:
        return [int(port) for port in self.env.get("BACKEND_PORTS", "8001,8002").split(",") if port.strip()]

    @property
    def current_link(self) -> Path:
        return self.home / "current"

    def releases(self) -> list[Path]:
        """Every release folder, oldest first (their names start with the build time)."""
        folder = self.home / "releases"
        return sorted(path for path in folder.iterdir() if path.is_dir()) if folder.is_dir() else []

    def current(self) -> Path | None:
        return self.current_link.resolve() if self.current_link.is_symlink() else None

    def previous(self) -> Path | None:
        """The release before the current one: where a rollback goes."""
        releases, current = self.releases(), self.current()
        if current not in releases:
            return None
        index = releases.index(current)
        return releases[index - 1] if index > 0 else None

    # --- the steps -------------------------------------------------------------------

    def run(self, command: list[str], *, cwd: Path | None = None, as_service: bool = False) -> None:
        """A command with the env file's settings in its environment; its output goes on."""
        user = self.env.get("SERVICE_USER", "agency")
        if as_service and user and os.geteuid() == 0 and _user_exists(user):
            command = ["runuser", "-u", user, "--", *command]
        result = subprocess.run(command, cwd=cwd, env=os.environ | self.env)
        if result.returncode != 0:
            raise ReleaseError(f"{shlex.join(command)} failed (exit {result.returncode})")

    def build(self, source: Path, ref: str = "HEAD") -> Path:
        """A new release folder with the code of `ref` in `source`, installed and built."""
        commit = _git(source, "rev-parse", "--short=10", f"{ref}^{{commit}}")
        release = self.home / "releases" / f"{time.strftime('%Y%m%dT%H%M%S')}-{commit}"
        release.mkdir(parents=True)
        try:
            archive = subprocess.Popen(["git", "-C", str(source), "archive", commit], stdout=subprocess.PIPE)
            # Modes by the umask (0644, 0755), not git's group-writable 0664.
            subprocess.run(
                ["tar", "-x", "--no-same-permissions", "-C", str(release)], stdin=archive.stdout, check=True
            )
            if archive.wait() != 0:
                raise ReleaseError(f"git archive {commit} failed")
            (release / "RELEASE").write_text(f"{commit}\n", encoding="utf-8")
            tools = self.home / "tools"
            tools.mkdir(exist_ok=True)
            (release / ".tools").symlink_to(tools)
            print(f"release: building {release.name} (packages, then the pages: some minutes)", flush=True)
            self.run(["make", "--no-print-directory", "export", "PYTHON=python3"], cwd=release)
            carried = carry_assets(release, self.current())
            if carried:
                print(
                    f"release: {carried} asset files of the serving release kept for pages still open",
                    flush=True,
                )
            # The services may not write into the code: Python's bytecode is made now.
            self.run(
                [str(release / ".venv" / "bin" / "python"), "-m", "compileall", "-q", "agency_site"],
                cwd=release,
            )
        except BaseException:
            shutil.rmtree(release, ignore_errors=True)
            raise
        return release

    def migrate(self, release: Path) -> None:
        """The release's migrations, applied while the running release still serves."""
        print(f"release: migrating the database to {release.name}'s schema", flush=True)
        python = str(release / ".venv" / "bin" / "python")
        self.run([python, "-m", "agency_site.leads", "migrate"], cwd=release, as_service=True)

    def downgrade(self, release: Path, revision: str) -> None:
        """Undo migrations down to `revision`, with the scripts of `release` (which has them)."""
        print(f"release: downgrading the database to {revision}", flush=True)
        alembic = str(release / ".venv" / "bin" / "alembic")
        self.run(
            [alembic, "-c", str(release / "alembic.ini"), "downgrade", revision], cwd=release, as_service=True
        )

    def switch(self, release: Path) -> None:
        """Point `current` at `release` in one rename: no moment without a site."""
        staged = self.home / ".current.new"
        staged.unlink(missing_ok=True)
        staged.symlink_to(release.relative_to(self.home))
        os.replace(staged, self.current_link)
        print(f"release: current -> {release.name}", flush=True)

    def reload_nginx(self) -> None:
        command = self.env.get("RELOAD_NGINX", "systemctl reload nginx")
        self.run(shlex.split(command))

    def restart_backends(self) -> None:
        """One instance at a time, each answering /ping before the next one stops."""
        command = self.env.get("RESTART_BACKEND", "systemctl restart agency-backend@{port}")
        for port in self.ports:
            print(f"release: restarting the backend on 127.0.0.1:{port}", flush=True)
            self.run(shlex.split(command.format(port=port)))
            wait_for_ping(port)

    def prune(self) -> list[Path]:
        """Remove releases beyond the newest KEEP_RELEASES, never current or previous."""
        releases = self.releases()
        keep = set(releases[-self.keep :]) | {self.current(), self.previous()}
        removed = [release for release in releases if release not in keep]
        for release in removed:
            shutil.rmtree(release)
            print(f"release: removed {release.name}", flush=True)
        return removed

    # --- the commands ----------------------------------------------------------------

    def activate(self, release: Path) -> None:
        self.migrate(release)
        self.switch(release)
        self.reload_nginx()
        self.restart_backends()

    def upgrade(self, source: Path, ref: str = "HEAD") -> Path:
        release = self.build(source, ref)
        self.activate(release)
        self.prune()
        print(f"release: {release.name} is live", flush=True)
        return release

    def rollback(self, to: str | None = None, *, downgrade_database: bool = False) -> Path:
        current = self.current()
        target = self.home / "releases" / to if to else self.previous()
        if target is None or not target.is_dir():
            raise ReleaseError(f"no release to go back to ({to or 'none before the current one'})")
        if downgrade_database:
            if current is None:
                raise ReleaseError("no current release holds the migrations to undo")
            self.downgrade(current, alembic_head(target))
        self.switch(target)
        self.reload_nginx()
        self.restart_backends()
        print(f"release: rolled back to {target.name}", flush=True)
        return target

    def status(self) -> str:
        current = self.current()
        lines = [f"{'*' if release == current else ' '} {release.name}" for release in self.releases()]
        return "\n".join(lines or ["no release yet"])


def carry_assets(release: Path, previous: Path | None) -> int:
    """Copy the previous release's own assets (scripts, styles, image widths: all named by a
    hash of their content) into the new release. A page opened before the switch still asks
    for the files of its build as the visitor moves on; each release carries only its
    predecessor's own files, so nothing piles up. Returns how many files were copied."""
    client = release / CLIENT
    own = sorted(str(path.relative_to(client)) for path in (client / "assets").rglob("*") if path.is_file())
    (release / OWN_ASSETS).write_text("".join(f"{name}\n" for name in own), encoding="utf-8")
    if previous is None or not (previous / OWN_ASSETS).is_file():
        return 0
    carried = 0
    for name in (previous / OWN_ASSETS).read_text(encoding="utf-8").split():
        source, target = previous / CLIENT / name, client / name
        if source.is_file() and not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
            carried += 1
    return carried


def wait_for_ping(port: int, timeout_s: float = PING_TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/ping", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            raise ReleaseError(
                f"the backend on 127.0.0.1:{port} did not answer /ping within {timeout_s:.0f} s"
            )
        time.sleep(0.5)


def _git(source: Path, *args: str) -> str:
    result = subprocess.run(["git", "-C", str(source), *args], capture_output=True, text=True)
    if result.returncode != 0:
        raise ReleaseError(f"git {' '.join(args)} in {source}: {result.stderr.strip()}")
    return result.stdout.strip()


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--env-file", type=Path, default=Path(os.environ.get("AGENCY_ENV_FILE", DEFAULT_ENV_FILE))
    )
    commands = parser.add_subparsers(dest="command", required=True)
    upgrade = commands.add_parser("upgrade", help="build a release, migrate, switch to it, restart")
    upgrade.add_argument("--source", type=Path, default=Path.cwd(), help="a git checkout (default: here)")
    upgrade.add_argument("--ref", default="HEAD", help="the commit, tag or branch to build")
    rollback = commands.add_parser("rollback", help="switch back to the release before current")
    rollback.add_argument("--to", help="a release folder's name (default: the one before current)")
    rollback.add_argument(
        "--downgrade-database", action="store_true", help="first undo the migrations the target release lacks"
    )
    commands.add_parser("status", help="the releases, * marking the current one")
    args = parser.parse_args(argv)
    try:
        deployment = Deployment.from_env_file(args.env_file)
        if args.command == "upgrade":
            deployment.upgrade(args.source.resolve(), args.ref)
        elif args.command == "rollback":
            deployment.rollback(args.to, downgrade_database=args.downgrade_database)
        else:
            print(deployment.status())
    except ReleaseError as error:
        print(f"release: {error}", file=sys.stderr)
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
