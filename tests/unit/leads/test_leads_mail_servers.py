"""Mail servers as they are: one that hangs delays no webhook, one without STARTTLS never
gets the password or the lead, and an international address stays a valid Reply-To."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import replace

import pytest

from agency_site.leads import Inbox, MessageStatus, delivery, receive, store
from agency_site.leads.delivery import deliver
from tests.support.smtp_server import SmtpServer as LoopbackSmtp
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import valid_form

TEAM = "team@agency.example"
GERMAN_ADDRESS = "info@müller.de"


class HungSmtp:
    """Accepts connections and never says a word (no greeting) until `stop()`, which ends
    every connection it has taken and refuses later ones."""

    def __init__(self) -> None:
        self._socket = socket.create_server(("127.0.0.1", 0))
        self.url = f"smtp://127.0.0.1:{self._socket.getsockname()[1]}"
        self.connections: list[socket.socket] = []
        self._stopped = threading.Event()
        self._acceptor = threading.Thread(target=self._accept, daemon=True)
        self._acceptor.start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self._socket.accept()
            except OSError:
                break
            if self._stopped.is_set():
                connection.close()
                break
            self.connections.append(connection)
        for connection in self.connections:
            connection.close()

    def stop(self) -> None:
        if self._stopped.is_set():
            return
        self._stopped.set()
        # Wakes the accept() under way (closing alone would not) and resets the backlog.
        self._socket.shutdown(socket.SHUT_RDWR)
        self._socket.close()
        self._acceptor.join(timeout=10)


@pytest.fixture
def hung_smtp() -> Iterator[HungSmtp]:
    server = HungSmtp()
    yield server
    server.stop()


def stored(engine, **form: str) -> int:
    inbox = Inbox.create(engine, TEST_SETTINGS)
    outcome = asyncio.run(receive(valid_form(**form), client="c", inbox=inbox))
    assert outcome.message_id is not None
    return outcome.message_id


def test_a_mail_server_that_hangs_delays_no_webhook(engine, receiver, hung_smtp):
    settings = replace(
        TEST_SETTINGS,
        webhook_url=receiver.url,
        notify_email=TEAM,
        smtp_url=hung_smtp.url,
        smtp_timeout_s=120,
        webhook_attempts=1,
    )
    inbox = Inbox.create(engine, settings)
    subjects = [f"Enquiry number {n}" for n in range(4)]

    async def scenario() -> list[str]:
        for subject in subjects:
            assert (await receive(valid_form(subject=subject), client=subject, inbox=inbox)).sent
        # Every lead reaches the webhook while the mail server still holds its sessions.
        deadline = time.monotonic() + 60
        while len(receiver.accepted) < len(subjects) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        arrived = receiver.subjects()
        hung_smtp.stop()  # the mail sessions end; the email channel fails and retries later
        # Each delivery records how its round went before the database goes.
        await asyncio.gather(*delivery._in_flight)
        return arrived

    assert sorted(asyncio.run(scenario())) == subjects


def test_a_mail_server_without_starttls_gets_no_password_and_no_lead(engine):
    server = LoopbackSmtp()
    try:
        message_id = stored(engine)
        plain = server.url.replace("smtp://", "smtp://leads:hunter2@") + "?starttls=true"
        settings = replace(TEST_SETTINGS, notify_email=TEAM, smtp_url=plain, webhook_attempts=1)
        assert asyncio.run(deliver(engine, message_id, settings)) is False
        assert server.attempts == 0 and server.received == []
        [delivery] = store.deliveries(engine, message_id)
        assert delivery.last_error is not None and "SMTPNotSupportedError" in delivery.last_error
        assert "hunter2" not in delivery.last_error
    finally:
        server.stop()


@pytest.mark.parametrize("utf8", [True, False])
def test_an_international_address_is_a_valid_reply_to_or_none(engine, utf8):
    server = LoopbackSmtp(utf8=utf8)
    try:
        message_id = stored(engine, email=GERMAN_ADDRESS, name="Jörg Müller")
        settings = replace(TEST_SETTINGS, notify_email=TEAM, smtp_url=server.url)
        assert asyncio.run(deliver(engine, message_id, settings)) is True
        assert store.get(engine, message_id).status == MessageStatus.DELIVERED
        [raw] = server.raw
        [email] = server.messages()
        headers = raw.split(b"\r\n\r\n", 1)[0]
        if utf8:
            # RFC 6532: the address as it is, in UTF-8, which replying uses.
            assert f"Reply-To: {GERMAN_ADDRESS}".encode() in headers
        else:
            # No encoded word where an address belongs: no Reply-To; the address is in the text.
            assert b"Reply-To" not in headers and email["Reply-To"] is None
        assert b"=?utf-8?" not in headers.split(b"Subject:", 1)[0]
        assert f"Jörg Müller <{GERMAN_ADDRESS}>" in email.get_content()
    finally:
        server.stop()
