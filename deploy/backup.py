"""Backup and restore: the leads database, the env file and the content, in one archive.

    python -m deploy.backup create [--env-file FILE] [--out DIR]
    python -m deploy.backup restore ARCHIVE --database-url URL

`create` writes `agency-backup-<time>.tar.gz` (mode 0600: it holds the env file's secrets)
into --out (default /var/backups/agency): the database of the env file's DATABASE_URL, taken
while the site runs (PostgreSQL: `pg_dump` in its custom format, one consistent snapshot;
SQLite: SQLite's online backup, never a copy of a file being written), the env file, the
content of the current release and `manifest.json` (when, what, how many leads).

`restore` loads the archive's database into the database URL names, which must hold no
contact messages yet (PostgreSQL: created if it does not exist; SQLite: a new file), and
prints how many leads it holds beside how many the backup held. The env file and content
are unpacked with `tar -xzf ARCHIVE env content`.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa

from agency_site.settings import redact_url, sqlalchemy_url
from deploy.release import DEFAULT_ENV_FILE, ReleaseError, read_env_file

DEFAULT_OUT = Path("/var/backups/agency")
# tarfile's safe extraction where this Python has it (3.11.4 on; Debian 12's 3.11.2 has not):
# only the two members named below are taken out, whatever else an archive holds.
_SAFE = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
DUMP = "database.pgdump"
SQLITE = "database.sqlite"


class BackupError(RuntimeError):
    """What failed; the message names no secret."""


def lead_count(url: str) -> int:
    engine = sa.create_engine(sqlalchemy_url(url), poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as connection:
            return connection.execute(sa.text("select count(*) from contact_message")).scalar_one()
    finally:
        engine.dispose()


def libpq_target(url: str) -> tuple[str, dict[str, str]]:
    """The URL as pg_dump and pg_restore take it (no SQLAlchemy driver name), and the
    password apart, for their environment: a command line is visible to every account."""
    parsed = sa.make_url(url)
    password = {"PGPASSWORD": parsed.password} if parsed.password else {}
    return parsed.set(drivername="postgresql", password=None).render_as_string(), password


def sqlite_path(url: str) -> Path:
    database = sa.make_url(url).database
    if not database:
        raise BackupError(f"{url}: no SQLite file named")
    return Path(database)


def _pg(command: list[str], url: str) -> None:
    target, password = libpq_target(url)
    result = subprocess.run([*command, target], capture_output=True, text=True, env=os.environ | password)
    if result.returncode != 0:
        # pg_* errors name the database, never the password; the URL is shown redacted.
        raise BackupError(f"{command[0]} on {redact_url(url)} failed: {result.stderr.strip()}")


def dump_database(url: str, folder: Path) -> str:
    """The database into `folder`, while it serves; the file's name says which kind."""
    if url.startswith("sqlite"):
        source = sqlite3.connect(f"file:{sqlite_path(url)}?mode=ro", uri=True)
        target = sqlite3.connect(folder / SQLITE)
        try:
            source.backup(target)
        finally:
            target.close()
            source.close()
        return SQLITE
    _pg(["pg_dump", "--format=custom", "--no-owner", "--no-privileges", "--file", str(folder / DUMP)], url)
    return DUMP


def create(env_file: Path, out: Path) -> Path:
    env = read_env_file(env_file)
    url = env.get("DATABASE_URL")
    if not url:
        raise BackupError(f"{env_file} sets no DATABASE_URL")
    home = Path(env.get("AGENCY_HOME", "/srv/agency"))
    content = Path(env.get("CONTENT_DIR") or home / "current" / "content")
    out.mkdir(parents=True, exist_ok=True, mode=0o700)
    stamp = time.strftime("%Y%m%dT%H%M%S")
    archive = out / f"agency-backup-{stamp}.tar.gz"
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        database = dump_database(url, folder)
        manifest = {
            "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "database": database,
            "leads": lead_count(url),
            "release": (home / "current").resolve().name if (home / "current").is_symlink() else None,
        }
        (folder / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        old_umask = os.umask(0o077)
        try:
            with tarfile.open(archive, "w:gz") as tar:
                tar.add(folder / "manifest.json", "manifest.json")
                tar.add(folder / database, database)
                tar.add(env_file, "env")
                if content.is_dir():
                    tar.add(content, "content")
        finally:
            os.umask(old_umask)
    print(f"backup: {archive} ({manifest['leads']} leads, {database})")
    return archive


def _ensure_postgres_database(url: str) -> None:
    """Create the target database when it does not exist (on the same server)."""
    target = sa.make_url(sqlalchemy_url(url))
    server = sa.create_engine(target.set(database="postgres"), poolclass=sa.pool.NullPool)
    try:
        with server.execution_options(isolation_level="AUTOCOMMIT").connect() as connection:
            exists = connection.execute(
                sa.text("select 1 from pg_database where datname = :name"), {"name": target.database}
            ).first()
            if not exists:
                connection.execute(sa.text(f'create database "{target.database}"'))
    finally:
        server.dispose()


def _holds_leads(url: str) -> bool:
    try:
        return lead_count(url) > 0
    except (sa.exc.ProgrammingError, sa.exc.OperationalError):
        return False  # no table yet: an empty database


def restore(archive: Path, url: str) -> int:
    with tempfile.TemporaryDirectory() as scratch, tarfile.open(archive, "r:gz") as tar:
        folder = Path(scratch)
        tar.extract("manifest.json", folder, **_SAFE)
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        database = manifest["database"]
        if database not in (SQLITE, DUMP):
            raise BackupError(f"{archive}: not a backup of this site (database {database!r})")
        tar.extract(database, folder, **_SAFE)
        if database == SQLITE:
            if not url.startswith("sqlite"):
                raise BackupError("this backup is of a SQLite database; restore it into a sqlite:/// URL")
            path = sqlite_path(url)
            if path.exists() and path.stat().st_size > 0:
                raise BackupError(f"{path} exists; restore into a new file")
            source, target = sqlite3.connect(folder / SQLITE), sqlite3.connect(path)
            try:
                source.backup(target)
            finally:
                target.close()
                source.close()
        else:
            if url.startswith("sqlite"):
                raise BackupError(
                    "this backup is of a PostgreSQL database; restore it into a postgresql:// URL"
                )
            _ensure_postgres_database(url)
            if _holds_leads(url):
                raise BackupError(
                    f"{redact_url(url)} holds contact messages already; restore into a new database"
                )
            dump = str(folder / DUMP)
            _pg(["pg_restore", "--no-owner", "--no-privileges", "--exit-on-error", dump, "--dbname"], url)
    count = lead_count(url)
    print(
        f"restore: {redact_url(url)} holds {count} leads; the backup of {manifest['created_at']} held {manifest['leads']}"
    )
    if count != manifest["leads"]:
        raise BackupError("the restored database does not hold the backup's leads")
    return count


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("create", help="back up the database, the env file and the content")
    make.add_argument(
        "--env-file", type=Path, default=Path(os.environ.get("AGENCY_ENV_FILE", DEFAULT_ENV_FILE))
    )
    make.add_argument("--out", type=Path, default=DEFAULT_OUT)
    load = commands.add_parser("restore", help="load a backup's database into a new database")
    load.add_argument("archive", type=Path)
    load.add_argument("--database-url", required=True, help="the database to restore into (new or empty)")
    args = parser.parse_args(argv)
    try:
        if args.command == "create":
            create(args.env_file, args.out)
        else:
            restore(args.archive, args.database_url)
    except (BackupError, ReleaseError) as error:
        print(f"backup: {error}", file=sys.stderr)
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
