"""The team's inbox as a delivery channel: each lead as a plain-text email (SMTP)."""

from __future__ import annotations

import smtplib
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime
from urllib.parse import parse_qs, unquote, urlsplit

from agency_site.leads import background
from agency_site.leads.model import Channel, ContactMessage, as_utc
from agency_site.leads.rounds import (
    LEASE_MARGIN,
    Attempt,
    Result,
    attempts,
    public_id,
    round_length,
    without_fields,
)
from agency_site.settings import LeadSettings, is_loopback_host

SUBJECT_PREFIX = "[Website lead]"


@dataclass(frozen=True)
class SmtpServer:
    """SMTP_URL taken apart: smtp://[user:password@]host[:port][?starttls=true], smtps://..."""

    host: str
    port: int
    implicit_tls: bool
    starttls: bool
    user: str | None
    password: str | None

    @classmethod
    def from_url(cls, url: str) -> SmtpServer:
        parts = urlsplit(url)
        implicit_tls = parts.scheme == "smtps"
        option = parse_qs(parts.query).get("starttls", ["false"])[-1].lower()
        return cls(
            host=parts.hostname or "localhost",
            port=parts.port or (465 if implicit_tls else 25),
            implicit_tls=implicit_tls,
            starttls=option in ("1", "true", "yes", "required"),
            user=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
        )


def notification(message: ContactMessage, to: str, sender: str, *, utf8: bool = False) -> EmailMessage:
    """The lead as a plain-text email to the team; replying answers the visitor.

    An address outside ASCII (`info@müller.de`) is a valid `Reply-To` only in an
    internationalised message (RFC 6532, sent with SMTPUTF8, `utf8`); without it the
    header is left out (an encoded word there is no address) and the address stays in the
    text."""
    email = EmailMessage(policy=policy.SMTPUTF8 if utf8 else policy.default)
    subject = " ".join(message.subject.split())  # one line, whatever was typed
    email["Subject"] = f"{SUBJECT_PREFIX} {subject}"
    email["From"] = sender
    email["To"] = to
    if utf8 or message.email.isascii():
        email["Reply-To"] = message.email
    created_at = as_utc(message.created_at)
    if created_at:
        email["Date"] = format_datetime(created_at)
    # The same Message-ID for every resend of this lead: mail clients show it once.
    email["Message-ID"] = f"<{public_id(message)}@{sender.rpartition('@')[2]}>"
    email.set_content(
        "\n".join(
            [
                f"From:     {message.name} <{message.email}>",
                f"Subject:  {message.subject}",
                f"Language: {message.language}",
                f"Page:     {message.page}",
                f"Received: {created_at.isoformat() if created_at else '?'}",
                f"Lead id:  {public_id(message)}",
                "",
                message.message,
                "",
                "-- ",
                "Sent by the website's contact form. Reply to answer the visitor.",
            ]
        )
    )
    return email


class PlaintextLogin(smtplib.SMTPException):
    """A password would cross the network unencrypted."""


def _smtp_error(exc: Exception, message: ContactMessage) -> Attempt:
    """What went wrong, as a code and a short excerpt without the lead's fields. Every
    failure is retried on the schedule; a 4xx answer or lost connection also at once."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        codes = sorted({code for code, _ in exc.recipients.values()})
        return Attempt(error=f"SMTPRecipientsRefused {'/'.join(map(str, codes))}")
    if isinstance(exc, smtplib.SMTPResponseException):
        detail = (
            exc.smtp_error.decode(errors="replace")
            if isinstance(exc.smtp_error, bytes)
            else str(exc.smtp_error)
        )
        return Attempt(
            error=f"{type(exc).__name__} {exc.smtp_code}: {without_fields(detail, message)}",
            again_now=400 <= exc.smtp_code < 500,
        )
    if isinstance(exc, PlaintextLogin | smtplib.SMTPNotSupportedError):
        return Attempt(error=f"{type(exc).__name__}: {exc}")
    return Attempt(error=type(exc).__name__, again_now=True)


def send_mail(
    server: SmtpServer, timeout: float, sender: str, to: str, compose: Callable[[bool], EmailMessage]
) -> None:
    """Send one email through `server` (blocking: call it in a thread). `compose(utf8)` makes
    the message once the server has said whether it takes SMTPUTF8. Never sends a password,
    nor the mail, unencrypted to another machine; raises smtplib's errors or OSError."""
    encrypted = server.implicit_tls or server.starttls
    if server.user and not encrypted and not is_loopback_host(server.host):
        raise PlaintextLogin("refusing to send the password unencrypted; use smtps:// or ?starttls=true")
    context = ssl.create_default_context() if encrypted else None
    if server.implicit_tls:
        smtp: smtplib.SMTP = smtplib.SMTP_SSL(server.host, server.port, timeout=timeout, context=context)
    else:
        smtp = smtplib.SMTP(server.host, server.port, timeout=timeout)
    with smtp:
        if server.starttls:
            # Raises SMTPNotSupportedError when the server offers no STARTTLS: the
            # password and the mail never go out in clear.
            smtp.starttls(context=context)
        if server.user:
            smtp.login(server.user, server.password or "")
        smtp.ehlo_or_helo_if_needed()
        utf8 = smtp.has_extn("smtputf8")
        email = compose(utf8)
        if utf8 and not email.as_string().isascii():
            smtp.sendmail(
                sender,
                [to],
                email.as_bytes(policy=policy.SMTPUTF8),
                mail_options=["SMTPUTF8", "BODY=8BITMIME"],
            )
        else:
            smtp.send_message(email)


class EmailChannel:
    """Sends the lead to CONTACT_NOTIFY_EMAIL through SMTP_URL (the standard library's
    smtplib, in a thread of the mail sessions' own: a mail server that hangs holds no
    thread the webhook needs)."""

    name = str(Channel.EMAIL)

    def __init__(self, settings: LeadSettings):
        assert settings.smtp_url and settings.notify_email
        self.settings = settings
        self.server = SmtpServer.from_url(settings.smtp_url)
        self.to = settings.notify_email
        self.sender = settings.notify_from or settings.notify_email

    def lease(self) -> timedelta:
        # Connect, TLS, login and send each may take the timeout.
        return max(
            round_length(self.settings, 4 * self.settings.smtp_timeout_s) + LEASE_MARGIN,
            timedelta(minutes=2),
        )

    def _send_now(self, message: ContactMessage) -> None:
        send_mail(
            self.server,
            self.settings.smtp_timeout_s,
            self.sender,
            self.to,
            lambda utf8: notification(message, self.to, self.sender, utf8=utf8),
        )

    async def send(self, message: ContactMessage) -> Result:
        async def attempt_once() -> Attempt:
            try:
                await background.run_session(self._send_now, message)
            except (smtplib.SMTPException, OSError) as exc:
                return _smtp_error(exc, message)
            return Attempt()

        return await attempts(self.settings, attempt_once)
