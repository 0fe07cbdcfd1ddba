"""A backup taken while the site runs, restored into a new database: the same leads, field
for field, on SQLite (its online backup) and on PostgreSQL (pg_dump, pg_restore)."""

from __future__ import annotations

import json
import tarfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlmodel import Session

from agency_site.leads.database import create_engine, migrate
from agency_site.leads.model import ContactMessage
from agency_site.settings import sqlalchemy_url
from deploy import backup
from deploy.backup import BackupError, create, restore
from tests.unit.leads.conftest import POSTGRES_URL, TEST_SETTINGS, _postgres_or_skip
from tests.unit.leads.support import valid_form


def store_leads(url: str, count: int) -> None:
    engine = create_engine(url, settings=TEST_SETTINGS)
    try:
        migrate(engine)
        with Session(engine) as session:
            for number in range(count):
                form = valid_form(name=f"Visitor {number}", message=f"Lead number {number}, with ümlauts.")
                form.pop("form_trap")
                session.add(ContactMessage(**form, last_error="HTTP 503" if number == 1 else None))
            session.commit()
    finally:
        engine.dispose()


def rows(url: str) -> list[dict]:
    engine = sa.create_engine(sqlalchemy_url(url), poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as connection:
            result = connection.execute(sa.text("select * from contact_message order by id"))
            return [dict(row._mapping) for row in result]
    finally:
        engine.dispose()


def env_file(folder: Path, database_url: str) -> Path:
    content = folder / "content"
    content.mkdir()
    (content / "site.yaml").write_text("brand: Agency\n", encoding="utf-8")
    path = folder / "env"
    path.write_text(
        f"DATABASE_URL={database_url}\nCONTENT_DIR={content}\nAGENCY_HOME={folder}\n", encoding="utf-8"
    )
    return path


def check_round_trip(tmp_path: Path, source_url: str, target_url: str) -> None:
    store_leads(source_url, 3)
    archive = create(env_file(tmp_path, source_url), tmp_path / "backups")
    assert archive.stat().st_mode & 0o077 == 0  # it holds the env file's secrets
    with tarfile.open(archive) as tar:
        assert {"manifest.json", "env", "content/site.yaml"} <= set(tar.getnames())
        manifest = json.load(tar.extractfile("manifest.json"))  # type: ignore[arg-type]
    assert manifest["leads"] == 3
    assert restore(archive, target_url) == 3
    before, after = rows(source_url), rows(target_url)
    assert after == before and after[1]["name"] == "Visitor 1" and after[1]["last_error"] == "HTTP 503"
    # A second restore into the same database would mix two sets of leads.
    with pytest.raises(BackupError, match="new"):
        restore(archive, target_url)


@pytest.mark.parametrize("safe_extraction", [True, False], ids=["tarfile-filter", "debian-12-python"])
def test_a_sqlite_database_round_trips(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, safe_extraction: bool
) -> None:
    # Debian 12's Python (3.11.2) has no tarfile extraction filter: the restore works without.
    if not safe_extraction:
        monkeypatch.setattr(backup, "_SAFE", {})
    check_round_trip(tmp_path, f"sqlite:///{tmp_path / 'live.db'}", f"sqlite:///{tmp_path / 'restored.db'}")


@pytest.fixture
def two_postgres_databases() -> Iterator[tuple[str, str]]:
    """A database with leads and the name of a new one to restore into; both dropped after."""
    _postgres_or_skip()
    names = [f"backup_test_{uuid.uuid4().hex[:10]}" for _ in range(2)]
    server = sa.create_engine(sqlalchemy_url(POSTGRES_URL), poolclass=sa.pool.NullPool)
    with server.execution_options(isolation_level="AUTOCOMMIT").connect() as connection:
        connection.execute(sa.text(f'create database "{names[0]}"'))
    url = sa.make_url(POSTGRES_URL)
    try:
        yield (
            url.set(database=names[0]).render_as_string(False),
            url.set(database=names[1]).render_as_string(False),
        )
    finally:
        with server.execution_options(isolation_level="AUTOCOMMIT").connect() as connection:
            for name in names:
                connection.execute(sa.text(f'drop database if exists "{name}" with (force)'))
        server.dispose()


def test_a_postgres_database_round_trips_into_a_new_one(tmp_path: Path, two_postgres_databases) -> None:
    source, target = two_postgres_databases
    check_round_trip(tmp_path, source, target)
