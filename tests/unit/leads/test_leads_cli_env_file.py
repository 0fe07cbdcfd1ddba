"""The operators' CLI reads the settings the systemd units read, when told, and never makes
an empty database where it found none."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from agency_site.leads import Inbox, receive
from agency_site.leads.database import create_engine, migrate
from agency_site.settings import DEFAULT_DATABASE_URL, PROJECT_ROOT
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import valid_form

SYSTEMD = PROJECT_ROOT / "deploy" / "systemd"


def leads(*argv: str, environment: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """`python -m agency_site.leads ...` as an operator types it, in a shell that has none of
    the site's settings unless given here."""
    clean = {
        name: value
        for name, value in os.environ.items()
        if name not in ("DATABASE_URL", "SITE_URL", "AGENCY_ENV_FILE", "SMTP_URL")
        and not name.startswith(("CONTACT_", "REFLEX_"))
    }
    return subprocess.run(
        [sys.executable, "-m", "agency_site.leads", *argv],
        cwd=cwd,
        env={**clean, "PYTHONPATH": str(PROJECT_ROOT), **environment},
        capture_output=True,
        text=True,
        timeout=120,
    )


def a_database_with_a_lead(path: Path) -> str:
    url = f"sqlite:///{path}"
    engine = create_engine(url, settings=TEST_SETTINGS)
    migrate(engine)
    asyncio.run(
        receive(
            valid_form(subject="From the env file"), client="c", inbox=Inbox.create(engine, TEST_SETTINGS)
        )
    )
    engine.dispose()
    return url


def test_the_env_file_the_units_name_is_read_when_told(tmp_path):
    url = a_database_with_a_lead(tmp_path / "leads.db")
    env_file = tmp_path / "env"
    env_file.write_text(f"SITE_URL=https://www.example.com\nDATABASE_URL={url}\n")
    told = leads("--env-file", str(env_file), "list", environment={}, cwd=tmp_path)
    assert told.returncode == 0, told.stderr
    assert "From the env file" in told.stdout and "1 message(s)" in told.stdout
    # The variable the units set, AGENCY_ENV_FILE, does the same from an operator's shell.
    [unit_line] = [
        line
        for line in (SYSTEMD / "agency-purge.service").read_text().splitlines()
        if line.startswith("Environment=AGENCY_ENV_FILE")
    ]
    assert unit_line == "Environment=AGENCY_ENV_FILE=/etc/agency/env"
    told = leads("list", environment={"AGENCY_ENV_FILE": str(env_file)}, cwd=tmp_path)
    assert told.returncode == 0 and "From the env file" in told.stdout
    missing = leads("--env-file", str(tmp_path / "nope"), "list", environment={}, cwd=tmp_path)
    assert (
        missing.returncode == 2 and "AGENCY_ENV_FILE=" in missing.stderr and "Traceback" not in missing.stderr
    )


def test_no_command_but_migrate_creates_a_database(tmp_path):
    nowhere = tmp_path / "typo.db"
    told = leads("list", environment={"DATABASE_URL": f"sqlite:///{nowhere}"}, cwd=tmp_path)
    assert told.returncode == 2 and "Traceback" not in told.stderr
    assert f"no database at {nowhere}" in told.stderr and "--env-file /etc/agency/env" in told.stderr
    assert not nowhere.exists()


def test_production_never_creates_a_database_in_the_code_folder(tmp_path):
    code_folder_database = Path(DEFAULT_DATABASE_URL.removeprefix("sqlite:///"))
    existed = code_folder_database.exists()
    env_file = tmp_path / "env"
    env_file.write_text("SITE_URL=https://www.example.com\n")  # DATABASE_URL forgotten
    told = leads("--env-file", str(env_file), "migrate", environment={}, cwd=tmp_path)
    assert told.returncode == 2 and "refusing to create the database in the code folder" in told.stderr
    assert code_folder_database.exists() == existed


def test_a_settings_file_with_hostile_passwords_prints_none_of_them(tmp_path):
    """The URL settings of an env file hold passwords with the characters a URL gives a
    meaning to (or percent-encoded), each wrong in another way too: every line the command
    prints names its variable and no part of a password. (Every setting with every
    character: tests/unit/test_settings_secrets.py.)"""
    for number, characters in enumerate((["/", "#", "?", "@"], [":", "%2F", "%", "#"])):
        passwords = [f"Pq7x{character}Zk9w" for character in characters]
        env_file = tmp_path / f"env-{number}"
        env_file.write_text(
            "\n".join(
                [
                    "SITE_URL=https://www.example.com",
                    f"DATABASE_URL=mysql://agency:{passwords[0]}@db.internal/agency",
                    f"REFLEX_REDIS_URL=redis://:{passwords[1]}@127.0.0.1:six/0",
                    f"CONTACT_WEBHOOK_URL=hooks.example.com/{passwords[2]}",
                    "CONTACT_NOTIFY_EMAIL=team@example.com",
                    f"SMTP_URL=smtp://leads:{passwords[3]}@mail.example.com:587",
                ]
            )
            + "\n"
        )
        told = leads("--env-file", str(env_file), "stats", environment={}, cwd=tmp_path)
        assert told.returncode == 2 and "Traceback" not in told.stderr
        named = {line.split("=")[0].split(":")[0] for line in told.stderr.splitlines()}
        assert {"DATABASE_URL", "REFLEX_REDIS_URL", "CONTACT_WEBHOOK_URL", "SMTP_URL"} <= named, told.stderr
        assert "Pq7x" not in told.stderr and "Zk9w" not in told.stderr, told.stderr
