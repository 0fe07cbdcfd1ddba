"""What the e2e server stores contact messages in and delivers them to: a throw-away SQLite
file and a local webhook receiver, both owned by the test session (issue 6)."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import sqlalchemy as sa

from agency_site.leads import ContactMessage, store
from agency_site.leads.database import create_engine, migrate


@dataclass
class Webhook:
    """Records what it receives; answers 503 while `down` is set."""

    url: str = ""
    down: threading.Event = field(default_factory=threading.Event)
    accepted: list[dict] = field(default_factory=list)
    refused: int = 0


@dataclass
class ContactBackend:
    """The e2e server's database folder and webhook, and the env that points the server at them."""

    folder: Path
    engine: sa.Engine
    webhook: Webhook
    server: ThreadingHTTPServer

    @property
    def env(self) -> dict[str, str]:
        return {
            "DATABASE_URL": str(self.engine.url),
            "CONTACT_WEBHOOK_URL": self.webhook.url,
            "CONTACT_WEBHOOK_BACKOFF_S": "0.05",
            "CONTACT_RETRY_INTERVAL_S": "1",
            # Many tests (the contact page's too) send messages from this one machine.
            "CONTACT_RATE_LIMIT": "10000",
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
        self.server.shutdown()
        self.server.server_close()
        self.engine.dispose()


def start_contact_backend(tmp: Path) -> ContactBackend:
    """A migrated SQLite database under `tmp` and a running webhook receiver."""
    folder = tmp / "database"
    folder.mkdir()
    engine = create_engine(f"sqlite:///{folder / 'messages.db'}")
    migrate(engine)
    webhook = Webhook()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            if webhook.down.is_set():
                webhook.refused += 1
                self.send_response(503)
            else:
                webhook.accepted.append(body)
                self.send_response(200)
            self.end_headers()

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    webhook.url = f"http://127.0.0.1:{server.server_address[1]}/leads"
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    return ContactBackend(folder=folder, engine=engine, webhook=webhook, server=server)
