"""A real SMTP server on loopback for the leads tests (aiosmtpd): keeps what it receives,
refuses on request. Unit and e2e tests read the lead emails back from it, and the desk's
sign-in links: `expect_mail(to)` waits for the next message to an address and reads it as
its reader would (`Mail`: subject, text, links)."""

from __future__ import annotations

import email
import email.policy
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import getaddresses
from html.parser import HTMLParser
from pathlib import Path

from aiosmtpd.controller import Controller

from tests.support.server import free_port

# A link in a plain-text body: up to whitespace or what closes the text around it.
TEXT_LINK = re.compile(r"""https?://[^\s<>"'()\[\]]+""")


class _Hrefs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.hrefs.append(href)  # the parser has already decoded &amp; and the like


@dataclass(frozen=True)
class Mail:
    """A received message as its reader sees it: recipients, subject, text and links."""

    message: EmailMessage

    @property
    def to(self) -> list[str]:
        """The addresses of To and Cc, in lower case."""
        headers = self.message.get_all("To", []) + self.message.get_all("Cc", [])
        return [address.lower() for _, address in getaddresses([str(header) for header in headers])]

    @property
    def subject(self) -> str:
        return str(self.message["Subject"] or "")

    def _part(self, subtype: str) -> str:
        part = self.message.get_body(preferencelist=(subtype,))
        return part.get_content() if part is not None else ""  # transfer encoding undone

    @property
    def text(self) -> str:
        """The plain-text body ('' if it has none)."""
        return self._part("plain")

    @property
    def html(self) -> str:
        """The HTML body ('' if it has none)."""
        return self._part("html")

    @property
    def links(self) -> list[str]:
        """Every http(s) link of the text body, then of the HTML body's anchors, once each."""
        parser = _Hrefs()
        parser.feed(self.html)
        found = TEXT_LINK.findall(self.text) + [href for href in parser.hrefs if href.startswith("http")]
        return list(dict.fromkeys(link.rstrip(".,;:!?") for link in found))

    def link(self, starting_with: str) -> str:
        """The one link that starts with `starting_with` (a site's sign-in URL, say)."""
        matching = [link for link in self.links if link.startswith(starting_with)]
        if len(matching) != 1:
            raise AssertionError(f"{len(matching)} links start with {starting_with!r} in {self.links}")
        return matching[0]


class ExpectedMail:
    """What `expect_mail` waited for, once its block has ended (`value`)."""

    def __init__(self) -> None:
        self._value: Mail | None = None

    @property
    def value(self) -> Mail:
        if self._value is None:
            raise RuntimeError("the mail is waited for when the `with expect_mail(...)` block ends")
        return self._value


class MailReader:
    """Reading and waiting for messages, over `messages()` (a server's or a folder's)."""

    def messages(self) -> list[EmailMessage]:
        raise NotImplementedError

    def mails_to(self, address: str) -> list[Mail]:
        """The messages to `address` (To or Cc, any case), oldest first."""
        wanted = address.lower()
        return [mail for mail in map(Mail, self.messages()) if wanted in mail.to]

    def wait_for_mail(self, to: str, *, after: int = 0, timeout_s: float = 30.0) -> Mail:
        """The message to `to` that follows the first `after` of them, once it has arrived."""
        deadline = time.monotonic() + timeout_s
        while True:
            mails = self.mails_to(to)
            if len(mails) > after:
                return mails[after]
            if time.monotonic() > deadline:
                subjects = [mail.subject for mail in mails]
                raise AssertionError(
                    f"no message to {to} after {after} within {timeout_s} s (had {subjects})"
                )
            time.sleep(0.05)

    @contextmanager
    def expect_mail(self, to: str, *, timeout_s: float = 30.0) -> Iterator[ExpectedMail]:
        """The next message to `to` sent while the block runs, waited for when it ends:

        with mailbox.expect_mail("anna@agency.example") as mail:
            page.get_by_role("button", name="Email me a sign-in link").click()
        page.goto(mail.value.link(base_url + "/desk/"))
        """
        before = len(self.mails_to(to))
        expected = ExpectedMail()
        yield expected
        expected._value = self.wait_for_mail(to, after=before, timeout_s=timeout_s)


class SmtpServer(MailReader):
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


class Mailbox(MailReader):
    """The messages an `SmtpServer(folder)` received, read from its folder (in any process)."""

    def __init__(self, folder: Path):
        self.folder = folder

    def messages(self) -> list[EmailMessage]:
        return [
            email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            for path in sorted(self.folder.glob("*.eml"))
        ]
