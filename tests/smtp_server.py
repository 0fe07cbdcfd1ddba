"""A real SMTP server on loopback for the leads tests (aiosmtpd): keeps what it receives,
refuses on request. Unit and e2e tests read the lead emails back from it."""

from __future__ import annotations

import email
import email.policy
import threading
from email.message import EmailMessage
from pathlib import Path

from aiosmtpd.controller import Controller

from tests.support.server import free_port


class SmtpServer:
    """Answers DATA with `refusal` (e.g. '451 4.3.0 try later', '550 5.1.1 no such user')
    while it is set, else accepts and keeps the message (and its bytes, `raw`); with
    `folder`, also as a file there, for tests in other processes (`Mailbox`). With `utf8`
    it offers SMTPUTF8 (RFC 6531), as most servers do; without, it offers none."""

    def __init__(self, folder: Path | None = None, *, utf8: bool = False) -> None:
        self.folder = folder
        self.received: list[tuple[str, list[str], EmailMessage]] = []
        self.raw: list[bytes] = []
        self.refusal: str | None = None
        self.attempts = 0
        self.arrived = threading.Event()
        self._controller = Controller(self, hostname="127.0.0.1", port=free_port(), enable_SMTPUTF8=utf8)
        self._controller.start()
        self.url = f"smtp://127.0.0.1:{self._controller.port}"

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: N802 (aiosmtpd's name)
        self.attempts += 1
        if self.refusal:
            return self.refusal
        message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        self.raw.append(envelope.original_content)
        self.received.append((envelope.mail_from, list(envelope.rcpt_tos), message))
        if self.folder is not None:
            path = self.folder / f"{len(self.received):06d}.eml"
            path.with_suffix(".tmp").write_bytes(envelope.original_content)
            path.with_suffix(".tmp").rename(path)  # whole files only
        self.arrived.set()
        return "250 Message accepted for delivery"

    def messages(self) -> list[EmailMessage]:
        return [message for _, _, message in self.received]

    def stop(self) -> None:
        self._controller.stop()


class Mailbox:
    """The messages an `SmtpServer(folder)` received, read from its folder."""

    def __init__(self, folder: Path):
        self.folder = folder

    def messages(self) -> list[EmailMessage]:
        return [
            email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            for path in sorted(self.folder.glob("*.eml"))
        ]
