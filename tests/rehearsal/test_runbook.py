"""The operators' runbook (docs/operators.md), block by block, against a rehearsal install:
a fresh folder standing in for /, the stack's services on loopback (PostgreSQL, Redis, nginx
on free ports), this repository cloned as the server's checkout. `make rehearse` runs it.

Each block runs as written, in bash, after the substitutions below move it into the
rehearsal folder; a block marked 'instead' gets the stand-in named beside it, and a block
marked 'skipped' says why. On the way the rehearsal checks what the runbook promises: the
first release serves, a second one with a migration is installed while a visitor has the
contact form open and their message arrives once, the rollbacks land where they say (with
the migration undone when asked), and a backup restored into a new database holds the
same leads, field for field.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
import redis
import sqlalchemy as sa
from playwright.sync_api import expect, sync_playwright

from agency_site.settings import sqlalchemy_url
from deploy.release import alembic_head
from tests.e2e.conftest import CHROMIUM_ARGS, chromium_executable
from tests.rehearsal.runbook import Block, blocks, substitute
from tests.support.server import free_port

ROOT = Path(__file__).resolve().parents[2]
POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_DB = os.environ.get("REHEARSAL_REDIS_DB", "11")
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
# The second release's migration: a table of its own, so undoing it is visible.
MIGRATION = '''"""Rehearsal: a table the second release adds."""

import sqlalchemy as sa
from alembic import op

revision: str = "rehearsal01"
down_revision: str | None = "{parent}"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("rehearsal_marker", sa.Column("id", sa.Integer, primary_key=True))


def downgrade() -> None:
    op.drop_table("rehearsal_marker")
'''


@dataclass
class Rehearsal:
    folder: Path
    role: str
    https_port: int = field(default_factory=free_port)
    http_port: int = field(default_factory=free_port)
    backend_ports: tuple[int, int] = field(default_factory=lambda: (free_port(), free_port()))

    def at(self, path: str) -> Path:
        """Where the machine's `path` is in the rehearsal."""
        return self.folder / path.lstrip("/")

    @property
    def site(self) -> str:
        return f"https://localhost:{self.https_port}"

    def database_url(self, suffix: str = "") -> str:
        return f"postgresql://{self.role}:CHANGE-ME@127.0.0.1:5432/{self.role}{suffix}"

    def replacements(self) -> list[tuple[str, str]]:
        """The runbook's machine, moved into the rehearsal: names, ports, folders."""
        names = [
            ("runuser -u postgres -- ", ""),  # PGHOST and PGUSER reach the server's superuser
            ("CREATE ROLE agency ", f"CREATE ROLE {self.role} "),
            ("CREATE DATABASE agency OWNER agency", f"CREATE DATABASE {self.role} OWNER {self.role}"),
            ("createdb -O agency agency_restored", f"createdb -O {self.role} {self.role}_restored"),
            ("postgresql://agency:CHANGE-ME@127.0.0.1:5432/agency_restored", self.database_url("_restored")),
            ("-g agency ", "-g root "),  # no account `agency` on a build machine
            ("agency-backend@8001", f"agency-backend@{self.backend_ports[0]}"),
            ("agency-backend@8002", f"agency-backend@{self.backend_ports[1]}"),
            ("https://www.example.com", self.site),
        ]
        folders = [
            "/srv/agency",
            "/etc/agency",
            "/etc/systemd/system",
            "/etc/nginx",
            "/etc/logrotate.d",
            "/etc/letsencrypt",
            "/var/www/acme",
            "/var/log/agency-site",
            "/var/backups/agency",
            "/var/lib/agency",
        ]
        return names + [(path, str(self.at(path))) for path in folders]

    def environment(self) -> dict[str, str]:
        """An operator's root shell, with the shims first and the folders' defaults moved.
        It keeps this machine's own settings (its certificate authorities: Node needs them
        to reach the npm registry here), not the test run's (the project's tools on PATH,
        Reflex's and the tests' variables)."""
        machine = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("REFLEX_", "PYTEST", "TEST_", "VIRTUAL_ENV", "DATABASE_URL", "CONTACT_"))
        }
        return machine | {
            "PATH": f"{self.folder / 'bin'}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
            "HOME": os.environ.get("HOME", "/root"),
            "LANG": "C.UTF-8",
            "REHEARSAL_CONFIG": str(self.folder / "rehearsal.json"),
            # The Makefile's defaults for the server's files, and psql's server.
            "ENV_FILE": str(self.at("/etc/agency/env")),
            "BACKUP_DIR": str(self.at("/var/backups/agency")),
            "PGHOST": "127.0.0.1",
            "PGUSER": "postgres",
            # curl trusts the rehearsal's self-signed certificate as a server's real one (pip
            # reads this variable too: the bundle holds the system's authorities as well).
            "CURL_CA_BUNDLE": str(self.folder / "ca-bundle.pem"),
        }

    def settings(self) -> dict[str, str]:
        """What the operator writes into the env file, for this rehearsal."""
        live = self.at("/etc/letsencrypt/live/localhost")
        return {
            "SITE_URL": self.site,
            "API_URL": self.site,
            "DATABASE_URL": self.database_url(),
            "REFLEX_REDIS_URL": f"redis://127.0.0.1:6379/{REDIS_DB}",
            "BACKEND_PORTS": ",".join(map(str, self.backend_ports)),
            "NGINX_HTTP_PORT": str(self.http_port),
            "TLS_CERT": str(live / "fullchain.pem"),
            "TLS_KEY": str(live / "privkey.pem"),
            "ACME_WEBROOT": str(self.at("/var/www/acme")),
            "SITE_ROOT": str(self.at("/srv/agency/current/.web/build/client")),
            "SECURITY_DIR": str(self.at("/srv/agency/current/.web/build/nginx")),
            "NGINX_ACCESS_LOG": str(self.at("/var/log/agency-site/access.log")),
            "AGENCY_HOME": str(self.at("/srv/agency")),
            "SERVICE_USER": "",
            "GRANIAN_WORKERS": "1",
            # The content's placeholders stand on a build machine: go on with them, as the
            # go-live check allows when told (docs/operators.md, 'Going live').
            "ALLOW_PLACEHOLDERS": "yes",
        }

    # --- the machine the runbook expects ----------------------------------------------

    def prepare(self) -> None:
        shutil.copyfile("/etc/ssl/certs/ca-certificates.crt", self.folder / "ca-bundle.pem")
        bin_dir = self.folder / "bin"
        run_dir = self.folder / "run"
        # (/var/lib/agency: what the units' StateDirectory= makes.)
        for folder in (
            bin_dir,
            run_dir,
            self.at("/etc/systemd/system"),
            self.at("/etc/logrotate.d"),
            self.at("/var/lib/agency"),
        ):
            folder.mkdir(parents=True, exist_ok=True)
        nginx_dir = self.at("/etc/nginx")
        for sub in ("sites-available", "sites-enabled", "tmp"):
            (nginx_dir / sub).mkdir(parents=True, exist_ok=True)
        (nginx_dir / "nginx.conf").write_text(
            textwrap.dedent(f"""\
            # Debian's /etc/nginx/nginx.conf, in short: the sites of sites-enabled.
            load_module {BROTLI_MODULE};
            user root root;
            pid {run_dir / "nginx.pid"};
            error_log {run_dir / "nginx-error.log"} warn;
            events {{ worker_connections 512; }}
            http {{
                include /etc/nginx/mime.types;
                default_type application/octet-stream;
                sendfile on;
                {" ".join(f"{kind}_temp_path {nginx_dir / 'tmp' / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))}
                include {nginx_dir / "sites-enabled"}/*;
            }}
            """),
            encoding="utf-8",
        )
        shims = {
            "nginx": f'exec /usr/sbin/nginx -c {nginx_dir / "nginx.conf"} "$@"\n',
            "systemctl": f'exec {sys.executable} {ROOT / "tests" / "rehearsal" / "systemctl.py"} "$@"\n',
        }
        for name, body in shims.items():
            shim = bin_dir / name
            shim.write_text("#!/bin/sh\n" + body, encoding="utf-8")
            shim.chmod(0o755)
        (self.folder / "rehearsal.json").write_text(
            json.dumps(
                {
                    "run_dir": str(run_dir),
                    "unit_dir": str(self.at("/etc/systemd/system")),
                    "nginx": str(bin_dir / "nginx"),
                    "nginx_pid": str(run_dir / "nginx.pid"),
                    "replacements": self.replacements(),
                }
            ),
            encoding="utf-8",
        )

    def run(self, block: Block) -> str:
        script = substitute(block.script, self.replacements())
        print(f"\n--- {block.section}: {block.first_line}", flush=True)
        result = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script],
            cwd=self.folder,
            env=self.environment(),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        print(result.stdout[-4000:], flush=True)
        assert result.returncode == 0, (
            f"{block.first_line} failed (exit {result.returncode}):\n{result.stdout[-4000:]}"
        )
        return result.stdout

    def edit_env_file(self) -> None:
        """The operator's edit of /etc/agency/env: each setting's line set, or added."""
        path = self.at("/etc/agency/env")
        lines = path.read_text(encoding="utf-8").splitlines()
        for key, value in self.settings().items():
            matching = [i for i, line in enumerate(lines) if line.lstrip("# ").startswith(f"{key}=")]
            if matching:
                lines[matching[0]] = f"{key}={value}"
            else:
                lines.append(f"{key}={value}")
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    def certificate_instead_of_certbot(self) -> None:
        """A self-signed certificate where certbot puts Let's Encrypt's, and the challenge
        path proven to be served over http, as Let's Encrypt would fetch it."""
        live = self.at("/etc/letsencrypt/live/localhost")
        live.mkdir(parents=True)
        subprocess.run(
            [
                "openssl",
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-days",
                "2",
                "-subj",
                "/CN=localhost",
            ]
            + ["-addext", "subjectAltName=DNS:localhost", "-keyout", str(live / "privkey.pem")]
            + ["-out", str(live / "fullchain.pem")],
            check=True,
            capture_output=True,
        )
        with (self.folder / "ca-bundle.pem").open("a") as bundle:
            bundle.write((live / "fullchain.pem").read_text())
        challenge = self.at("/var/www/acme/.well-known/acme-challenge")
        challenge.mkdir(parents=True)
        (challenge / "rehearsal-token").write_text("rehearsal-token.key-authorization")
        http = f"http://localhost:{self.http_port}"
        answer = httpx.get(f"{http}/.well-known/acme-challenge/rehearsal-token")
        assert answer.status_code == 200 and answer.text == "rehearsal-token.key-authorization"
        redirect = httpx.get(f"{http}/about")
        assert redirect.status_code == 301 and redirect.headers["location"] == f"{self.site}/about"

    # --- what the rehearsal looks at -------------------------------------------------

    def releases(self) -> list[str]:
        return sorted(path.name for path in self.at("/srv/agency/releases").iterdir())

    def current(self) -> str:
        return self.at("/srv/agency/current").resolve().name

    def query(self, sql: str, suffix: str = "") -> list[tuple]:
        engine = sa.create_engine(sqlalchemy_url(self.database_url(suffix)), poolclass=sa.pool.NullPool)
        try:
            with engine.connect() as connection:
                return [tuple(row) for row in connection.execute(sa.text(sql))]
        finally:
            engine.dispose()

    def stop(self) -> None:
        env = self.environment()
        systemctl = str(self.folder / "bin" / "systemctl")
        if (self.folder / "rehearsal.json").exists():
            for port in self.backend_ports:
                subprocess.run([systemctl, "stop", f"agency-backend@{port}"], env=env, check=False)
        pid = self.folder / "run" / "nginx.pid"
        if pid.exists():
            subprocess.run([str(self.folder / "bin" / "nginx"), "-s", "quit"], env=env, check=False)


def _superuser() -> sa.Engine:
    return sa.create_engine(sqlalchemy_url(POSTGRES_URL), poolclass=sa.pool.NullPool).execution_options(
        isolation_level="AUTOCOMMIT"
    )


@pytest.fixture
def rehearsal() -> Iterator[Rehearsal]:
    missing = [
        tool
        for tool in ("nginx", "openssl", "curl", "git", "psql", "createdb", "pg_dump")
        if not shutil.which(tool)
    ]
    if missing or not BROTLI_MODULE.exists():
        pytest.skip(f"the rehearsal needs {', '.join(missing) or BROTLI_MODULE} (Debian packages)")
    try:
        with _superuser().connect() as connection:
            connection.execute(sa.text("select 1"))
    except sa.exc.OperationalError as error:
        pytest.skip(f"PostgreSQL unreachable at {POSTGRES_URL}: {error.orig}")
    try:
        redis.Redis.from_url(f"redis://127.0.0.1:6379/{REDIS_DB}", socket_timeout=2).ping()
    except redis.RedisError as error:
        pytest.skip(f"Redis unreachable at 127.0.0.1:6379: {error}")
    folder = Path(tempfile.mkdtemp(prefix="rehearsal-"))
    stage = Rehearsal(folder=folder, role=f"agency_rehearsal_{uuid.uuid4().hex[:8]}")
    stage.prepare()
    try:
        yield stage
    finally:
        stage.stop()
        with _superuser().connect() as connection:
            for name in (stage.role, f"{stage.role}_restored"):
                connection.execute(sa.text(f'drop database if exists "{name}" with (force)'))
            connection.execute(sa.text(f'drop role if exists "{stage.role}"'))
        shutil.rmtree(folder, ignore_errors=True)


def _commit_a_migration(src: Path) -> None:
    versions = src / "alembic" / "versions"
    (versions / "rehearsal01_marker.py").write_text(
        MIGRATION.format(parent=alembic_head(src)), encoding="utf-8"
    )
    git = ["git", "-C", str(src), "-c", "user.name=Rehearsal", "-c", "user.email=rehearsal@localhost"]
    subprocess.run([*git, "add", "alembic/versions"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "A release with a migration"], check=True)


# Two builds of the whole site and a dozen service restarts: 11 to 15 minutes on the shared
# machine at load 12 to 21, more than the suite's 15-minute bound for a hung test.
@pytest.mark.timeout(3600)
def test_the_runbook_installs_upgrades_rolls_back_backs_up_and_restores(rehearsal: Rehearsal) -> None:
    first_head = alembic_head(ROOT)
    skipped = []
    for block in blocks():
        if block.how == "skipped":
            skipped.append(f"{block.first_line} ({block.why})")
            if block.first_line.startswith("useradd"):
                # Instead of the clone from the agency's server: this repository's commit.
                src = rehearsal.at("/srv/agency/src")
                subprocess.run(["git", "clone", "-q", str(ROOT), str(src)], check=True)
            continue
        if block.how == "instead":
            assert block.first_line.startswith("certbot"), block.first_line
            rehearsal.certificate_instead_of_certbot()
            continue
        if block.section == "Upgrade":
            _commit_a_migration(rehearsal.at("/srv/agency/src"))
            _upgrade_with_the_form_open(rehearsal, block)
            continue
        output = rehearsal.run(block)
        if "agency.env.example /etc/agency/env" in block.script:
            rehearsal.edit_env_file()
        if block.script.startswith("curl"):
            assert f"200 {rehearsal.site}/" in output
            assert "active (running)" in output and "inactive" not in output
        if block.section == "Roll back" and "DOWNGRADE_DATABASE" in block.script:
            assert rehearsal.current() == rehearsal.releases()[0]
            assert rehearsal.query("select version_num from alembic_version") == [(first_head,)]
            assert rehearsal.query("select to_regclass('rehearsal_marker')") == [(None,)]
        elif block.section == "Roll back" and "TO=" in block.script:
            assert rehearsal.current() == rehearsal.releases()[-1]
        elif block.section == "Roll back":
            assert rehearsal.current() == rehearsal.releases()[0]
            assert f"* {rehearsal.releases()[0]}" in output
        if "make restore" in block.script:
            columns = "select * from contact_message order by id"
            restored = rehearsal.query(columns, "_restored")
            assert restored == rehearsal.query(columns) and len(restored) == 1
    print("\nskipped on a build machine:\n  " + "\n  ".join(skipped))


def _upgrade_with_the_form_open(rehearsal: Rehearsal, block: Block) -> None:
    """A visitor has the contact form open (and connected) while the release changes under
    them; their message, sent after both backends restarted, is stored once."""
    subject = f"Rehearsal {uuid.uuid4().hex[:8]}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(ignore_https_errors=True).new_page()
            page.goto(f"{rehearsal.site}/contact")
            values = {"name": "Ada Lovelace", "email": "ada@example.com", "subject": subject}
            values["message"] = "We would like an AI caller that books appointments for our clinic."
            for name, value in values.items():
                page.locator(f"#contact-form [name='{name}']").fill(value)
            first = rehearsal.releases()
            rehearsal.run(block)
            assert (
                len(rehearsal.releases()) == len(first) + 1
                and rehearsal.current() == rehearsal.releases()[-1]
            )
            assert rehearsal.query("select version_num from alembic_version") == [("rehearsal01",)]
            page.get_by_test_id("contact-submit").click()
            expect(page.get_by_test_id("contact-submit")).to_have_text("Message Sent", timeout=30_000)
        finally:
            browser.close()
    stored = rehearsal.query(f"select count(*) from contact_message where subject = '{subject}'")
    assert stored == [(1,)]
