"""The delivery channels: the signed webhook and the team's inbox (SMTP).

A channel makes one round of attempts for one message and says how it went (`Result`):
delivered, or failed with the receiver's status, a `Retry-After` it asked for, or `gone`
(HTTP 410: the receiver wants no more leads, the channel pauses). Every failure is retried
on delivery.py's schedule; rounds, leases, pauses and statuses are delivery.py's.

An error is recorded and logged as what happened (a status and its standard reason, an
exception's type, a mail server's code): never a receiver's response body, which may echo
the lead back (a 422 quoting the fields), and never with a line break of its own.
"""

from __future__ import annotations

import asyncio
import json
import smtplib
import ssl
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime, parsedate_to_datetime
from http import HTTPStatus
from typing import Protocol
from urllib.parse import parse_qs, unquote, urlsplit

import httpx
from standardwebhooks import Webhook

from agency_site.leads import background
from agency_site.leads.model import Channel, ContactMessage, as_utc
from agency_site.leads.printable import printable
from agency_site.settings import LeadSettings, is_loopback_host

# Answers worth a second attempt within the same round: the receiver was busy or timed out.
# Any other refusal waits for the next round of the schedule (a receiver being deployed,
# a secret being rotated, clocks drifting are all mended within minutes or hours).
AGAIN_NOW = frozenset({408, 429, 500, 502, 503, 504})
GONE = 410
# Added to a round's longest duration for the lease: a slow database write, a busy loop.
LEASE_MARGIN = timedelta(minutes=1)
SUBJECT_PREFIX = "[Website lead]"
# How much of a mail server's answer an error keeps (escaped, without the lead's fields).
EXCERPT = 80


@dataclass(frozen=True)
class Result:
    """One round: `attempts` made and the last error (None: delivered); the wait the
    receiver asked for (`Retry-After`), and whether it said 410 Gone."""

    attempts: int
    error: str | None = None
    retry_after: timedelta | None = None
    gone: bool = False


@dataclass(frozen=True)
class _Attempt:
    error: str | None = None
    again_now: bool = False
    retry_after: timedelta | None = None
    gone: bool = False


class DeliveryChannel(Protocol):
    name: str

    def lease(self) -> timedelta: ...

    async def send(self, message: ContactMessage) -> Result: ...


def public_id(message: ContactMessage) -> str:
    """The message's id for receivers: stable, never given to another message."""
    return message.public_id


def payload(message: ContactMessage) -> dict[str, object]:
    """The JSON the receiver gets; `id` lets it ignore a message it already has."""
    created_at = as_utc(message.created_at)
    return {
        "id": public_id(message),
        "created_at": created_at.isoformat() if created_at else None,
        "name": message.name,
        "email": message.email,
        "subject": message.subject,
        "message": message.message,
        "language": message.language,
        "page": message.page,
    }


def without_fields(text: str, message: ContactMessage) -> str:
    """`text` (a mail server's answer) cut short and escaped, with every field of the lead
    it quotes taken out."""
    for value in (message.email, message.name, message.subject, *message.message.splitlines()):
        if len(value.strip()) >= 3:
            text = text.replace(value.strip(), "[lead]")
    return printable(text[:EXCERPT])


def retry_after(value: str | None, now: datetime | None = None) -> timedelta | None:
    """A `Retry-After` header (seconds or an HTTP date) as a wait; None if absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return timedelta(seconds=int(value))
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return max(moment - (now or datetime.now(UTC)), timedelta(0))


def _round_length(settings: LeadSettings, timeout_s: float) -> timedelta:
    """The longest a round of `webhook_attempts` attempts with backoff can take."""
    attempts = settings.webhook_attempts
    backoff = sum(settings.webhook_backoff_s * 2**n for n in range(attempts - 1))
    return timedelta(seconds=attempts * timeout_s + backoff)


async def _attempts(settings: LeadSettings, attempt_once) -> Result:
    """Up to `webhook_attempts` attempts with exponential backoff, while the failure is one
    worth trying again at once."""
    result = Result(0, "not attempted")
    for attempt in range(1, settings.webhook_attempts + 1):
        outcome: _Attempt = await attempt_once()
        result = Result(attempt, outcome.error, outcome.retry_after, outcome.gone)
        if outcome.error is None or not outcome.again_now or outcome.retry_after is not None:
            return result
        if attempt < settings.webhook_attempts:
            await asyncio.sleep(settings.webhook_backoff_s * 2 ** (attempt - 1))
    return result


def _http_error(response: httpx.Response) -> _Attempt:
    code = response.status_code
    try:
        reason = HTTPStatus(code).phrase
    except ValueError:
        reason = "non-standard status"
    return _Attempt(
        error=f"HTTP {code} {reason}",
        again_now=code in AGAIN_NOW,
        retry_after=retry_after(response.headers.get("retry-after")) if code in (429, 503) else None,
        gone=code == GONE,
    )


class WebhookChannel:
    """POSTs the message as JSON, signed the Standard Webhooks way (standardwebhooks.com):
    `webhook-id` (the message's public id, also `Idempotency-Key`), `webhook-timestamp`
    (Unix seconds, new for each attempt) and `webhook-signature`, `v1,` + base64 of
    HMAC-SHA256(secret, id.timestamp.body) for each secret, space-separated as the
    specification allows: while a secret is rotated, the receiver verifies either."""

    name = str(Channel.WEBHOOK)

    def __init__(self, settings: LeadSettings, client: httpx.AsyncClient):
        self.settings = settings
        self.client = client
        self.signers = [Webhook(secret) for secret in settings.webhook_secrets]

    def lease(self) -> timedelta:
        return max(
            _round_length(self.settings, self.settings.webhook_timeout_s) + LEASE_MARGIN, timedelta(minutes=2)
        )

    def request(self, message: ContactMessage, now: datetime | None = None) -> tuple[bytes, dict[str, str]]:
        """The body and headers of one attempt."""
        body = json.dumps(payload(message), ensure_ascii=False, separators=(",", ":"))
        now = now or datetime.now(UTC)
        message_id = public_id(message)
        headers = {
            "Content-Type": "application/json",
            "Idempotency-Key": message_id,
            "webhook-id": message_id,
            "webhook-timestamp": str(int(now.timestamp())),
        }
        if self.signers:
            headers["webhook-signature"] = " ".join(
                signer.sign(message_id, now, body) for signer in self.signers
            )
        return body.encode(), headers

    async def send(self, message: ContactMessage) -> Result:
        url = self.settings.webhook_url
        assert url

        async def attempt_once() -> _Attempt:
            body, headers = self.request(message)
            try:
                response = await self.client.post(
                    url,
                    content=body,
                    headers=headers,
                    timeout=self.settings.webhook_timeout_s,
                )
            except httpx.HTTPError as exc:
                # The type says what happened; its text may hold the URL (the path is often
                # the receiver's token).
                return _Attempt(error=type(exc).__name__, again_now=True)
            if response.is_success:
                return _Attempt()
            return _http_error(response)

        return await _attempts(self.settings, attempt_once)


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


def _smtp_error(exc: Exception, message: ContactMessage) -> _Attempt:
    """What went wrong, as a code and a short excerpt without the lead's fields. Every
    failure is retried on the schedule; a 4xx answer or lost connection also at once."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        codes = sorted({code for code, _ in exc.recipients.values()})
        return _Attempt(error=f"SMTPRecipientsRefused {'/'.join(map(str, codes))}")
    if isinstance(exc, smtplib.SMTPResponseException):
        detail = (
            exc.smtp_error.decode(errors="replace")
            if isinstance(exc.smtp_error, bytes)
            else str(exc.smtp_error)
        )
        return _Attempt(
            error=f"{type(exc).__name__} {exc.smtp_code}: {without_fields(detail, message)}",
            again_now=400 <= exc.smtp_code < 500,
        )
    if isinstance(exc, PlaintextLogin | smtplib.SMTPNotSupportedError):
        return _Attempt(error=f"{type(exc).__name__}: {exc}")
    return _Attempt(error=type(exc).__name__, again_now=True)


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
            _round_length(self.settings, 4 * self.settings.smtp_timeout_s) + LEASE_MARGIN,
            timedelta(minutes=2),
        )

    def _send_now(self, message: ContactMessage) -> None:
        server, timeout = self.server, self.settings.smtp_timeout_s
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
                # password and the lead never go out in clear.
                smtp.starttls(context=context)
            if server.user:
                smtp.login(server.user, server.password or "")
            smtp.ehlo_or_helo_if_needed()
            utf8 = smtp.has_extn("smtputf8")
            email = notification(message, self.to, self.sender, utf8=utf8)
            if utf8 and not email.as_string().isascii():
                smtp.sendmail(
                    self.sender,
                    [self.to],
                    email.as_bytes(policy=policy.SMTPUTF8),
                    mail_options=["SMTPUTF8", "BODY=8BITMIME"],
                )
            else:
                smtp.send_message(email)

    async def send(self, message: ContactMessage) -> Result:
        async def attempt_once() -> _Attempt:
            try:
                await background.run_session(self._send_now, message)
            except (smtplib.SMTPException, OSError) as exc:
                return _smtp_error(exc, message)
            return _Attempt()

        return await _attempts(self.settings, attempt_once)


def channels_of(settings: LeadSettings, client: httpx.AsyncClient) -> list[DeliveryChannel]:
    """The channels `settings` configure, in order: webhook, email."""
    found: list[DeliveryChannel] = []
    if settings.webhook_url:
        found.append(WebhookChannel(settings, client))
    if settings.notify_email and settings.smtp_url:
        found.append(EmailChannel(settings))
    return found
