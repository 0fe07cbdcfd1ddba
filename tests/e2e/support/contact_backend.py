"""What the e2e server stores contact messages in and delivers them to: a throw-away SQLite
file, a local webhook receiver and a loopback SMTP server, owned by the test session; and
the leads desk's sign-in: its staff, its mails through that SMTP server, and a real OpenID
provider on loopback (support/oidc_provider.py) when `make oidc-provider` installed it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa

from agency_site.leads import ContactMessage, store
from agency_site.leads.database import create_engine, migrate
from tests.support.smtp_server import Mailbox, SmtpServer
from tests.support.webhook_receiver import RemoteWebhook, WebhookReceiver

from .oidc_provider import MODULES as OIDC_MODULES
from .oidc_provider import STAFF, OidcClient, OidcProvider

# The team's address the e2e server mails each lead to.
TEAM_EMAIL = "team@agency.example"
# The desk's staff: one signs in with the identity provider (its STAFF account), one by
# an emailed link. Both are named in DESK_STAFF, as an operator may.
OIDC_STAFF_EMAIL = STAFF.email
LINK_STAFF_EMAIL = "lena@agency.example"
# The site's address (SITE_URL) of the e2e build is the default; the identity provider
# sends the browser back to its callback there, and the desk tests take that request to
# the server under test (test_desk_sign_in.py).
SITE_URL = "http://localhost:3000"
OIDC_REDIRECT_URI = SITE_URL + "/_desk/oidc/callback"


@dataclass
class ContactBackend:
    """The e2e server's database folder and webhook, and the env that points the server at them."""

    folder: Path
    engine: sa.Engine
    webhook: WebhookReceiver | RemoteWebhook
    smtp_url: str
    # What the SMTP server received (it runs in the process that started the backend).
    mailbox: Mailbox
    smtp: SmtpServer | None = None
    # The desk's identity provider (None if oidc-provider is not installed), and what the
    # server is configured with for it.
    oidc: OidcClient | None = None
    oidc_provider: OidcProvider | None = None

    @property
    def env(self) -> dict[str, str]:
        return {
            "DATABASE_URL": str(self.engine.url),
            "CONTACT_WEBHOOK_URL": self.webhook.url,
            "CONTACT_NOTIFY_EMAIL": TEAM_EMAIL,
            "SMTP_URL": self.smtp_url,
            "CONTACT_WEBHOOK_BACKOFF_S": "0.05",
            "CONTACT_RETRY_INTERVAL_S": "1",
            # Many tests (the contact page's too) send messages from this one machine.
            "CONTACT_RATE_LIMIT": "10000",
            # A loaded test machine is not a hung database (test_contact_deadline.py is).
            "CONTACT_SAVE_DEADLINE_S": "30",
            "DESK_STAFF": f"{OIDC_STAFF_EMAIL},{LINK_STAFF_EMAIL}",
            # Every desk test signs in from this one machine.
            "DESK_SIGN_IN_LIMIT": "1000",
            "DESK_SIGN_IN_IP_LIMIT": "1000",
            **self.oidc_env,
        }

    @property
    def oidc_env(self) -> dict[str, str]:
        if self.oidc is None:
            return {}
        return {
            "DESK_OIDC_ISSUER": self.oidc.issuer,
            "DESK_OIDC_CLIENT_ID": self.oidc.client_id,
            "DESK_OIDC_CLIENT_SECRET": self.oidc.client_secret,
        }

    def rows(self, **filters: str) -> list[ContactMessage]:
        return list(store.messages(self.engine, **filters))

    def row_with_subject(self, subject: str) -> ContactMessage | None:
        return next((row for row in self.rows() if row.subject == subject), None)

    def stop_database(self) -> Path:
        """Take the database away, as a crashed disk or unmounted volume would."""
        away = self.folder.with_name(self.folder.name + "-away")
        self.folder.rename(away)
        return away

    def start_database(self, away: Path) -> None:
        away.rename(self.folder)

    def stop(self) -> None:
        self.webhook.stop()
        if self.smtp is not None:
            self.smtp.stop()
        if self.oidc_provider is not None:
            self.oidc_provider.stop()
        self.engine.dispose()


def start_oidc_provider(tmp: Path) -> OidcProvider | None:
    """The desk's identity provider with its accounts, if `make oidc-provider` installed it."""
    if not OIDC_MODULES.joinpath("oidc-provider").is_dir():
        return None
    return OidcProvider(tmp / "oidc").start(redirect_uris=[OIDC_REDIRECT_URI])


def start_contact_backend(tmp: Path) -> ContactBackend:
    """A migrated SQLite database under `tmp`, a running webhook receiver and SMTP server."""
    folder = tmp / "database"
    folder.mkdir()
    engine = create_engine(f"sqlite:///{folder / 'messages.db'}")
    migrate(engine)
    mail_folder = tmp / "mailbox"
    mail_folder.mkdir()
    smtp = SmtpServer(mail_folder)
    provider = start_oidc_provider(tmp)
    return ContactBackend(
        folder=folder,
        engine=engine,
        webhook=WebhookReceiver(),
        smtp_url=smtp.url,
        mailbox=Mailbox(mail_folder),
        smtp=smtp,
        oidc=provider.client if provider else None,
        oidc_provider=provider,
    )


def connect_contact_backend(
    folder: Path, webhook_url: str, smtp_url: str, oidc: dict[str, str] | None = None
) -> ContactBackend:
    """The backend another process started (the pytest-xdist controller), seen from a worker."""
    engine = create_engine(f"sqlite:///{folder / 'messages.db'}")
    return ContactBackend(
        folder=folder,
        engine=engine,
        webhook=RemoteWebhook(webhook_url),
        smtp_url=smtp_url,
        mailbox=Mailbox(folder.parent / "mailbox"),
        oidc=OidcClient(**oidc) if oidc else None,
    )
