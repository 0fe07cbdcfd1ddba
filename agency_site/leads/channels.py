"""The delivery channels: the signed webhook and the team's inbox (SMTP).

A channel makes one round of attempts for one message and says how it went (`Result`):
delivered, failed for now (retried in a later round), or refused for good (`permanent`:
the message goes `dead`). Rounds, leases and statuses are delivery.py's.
"""

from __future__ import annotations

import asyncio
import json
import smtplib
import ssl
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from typing import Protocol
from urllib.parse import parse_qs, unquote, urlsplit

import httpx
from standardwebhooks import Webhook

from agency_site.leads import background
from agency_site.leads.model import Channel, ContactMessage, as_utc
from agency_site.settings import LeadSettings

# Client errors a retry cannot mend: the receiver refused the message itself (401, 404,
# 410, 422...). 408 (timeout) and 429 (too many requests) are worth another round.
RETRYABLE_CLIENT_ERRORS = frozenset({408, 429})
# Added to a round's longest duration for the lease: a slow database write, a busy loop.
LEASE_MARGIN = timedelta(minutes=1)
SUBJECT_PREFIX = "[Website lead]"


@dataclass(frozen=True)
class Result:
    """One round: `attempts` made, the last error (None: delivered), whether it is final."""

    attempts: int
    error: str | None = None
    permanent: bool = False


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


def _round_length(settings: LeadSettings, timeout_s: float) -> timedelta:
    """The longest a round of `webhook_attempts` attempts with backoff can take."""
    attempts = settings.webhook_attempts
    backoff = sum(settings.webhook_backoff_s * 2**n for n in range(attempts - 1))
    return timedelta(seconds=attempts * timeout_s + backoff)


async def _attempts(settings: LeadSettings, attempt_once) -> Result:
    """Up to `webhook_attempts` attempts with exponential backoff; stops at a permanent refusal."""
    result = Result(0, "not attempted")
    for attempt in range(1, settings.webhook_attempts + 1):
        error, permanent = await attempt_once()
        result = Result(attempt, error, permanent)
        if error is None or permanent:
            return result
        if attempt < settings.webhook_attempts:
            await asyncio.sleep(settings.webhook_backoff_s * 2 ** (attempt - 1))
    return result


class WebhookChannel:
    """POSTs the message as JSON, signed the Standard Webhooks way (standardwebhooks.com):
    `webhook-id` (the message's public id, also `Idempotency-Key`), `webhook-timestamp`
    (Unix seconds, new for each attempt) and `webhook-signature`, `v1,` + base64 of
    HMAC-SHA256(secret, id.timestamp.body)."""

    name = str(Channel.WEBHOOK)

    def __init__(self, settings: LeadSettings, client: httpx.AsyncClient):
        self.settings = settings
        self.client = client
        self.signer = Webhook(settings.webhook_secret) if settings.webhook_secret else None

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
        if self.signer is not None:
            headers["webhook-signature"] = self.signer.sign(message_id, now, body)
        return body.encode(), headers

    async def send(self, message: ContactMessage) -> Result:
        url = self.settings.webhook_url
        assert url

        async def attempt_once() -> tuple[str | None, bool]:
            body, headers = self.request(message)
            try:
                response = await self.client.post(
                    url,
                    content=body,
                    headers=headers,
                    timeout=self.settings.webhook_timeout_s,
                )
            except httpx.HTTPError as exc:
                return f"{type(exc).__name__}: {exc}", False
            if response.is_success:
                return None, False
            permanent = response.is_client_error and response.status_code not in RETRYABLE_CLIENT_ERRORS
            return f"HTTP {response.status_code}: {response.text[:200]}", permanent

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


def notification(message: ContactMessage, to: str, sender: str) -> EmailMessage:
    """The lead as a plain-text email to the team; replying answers the visitor."""
    email = EmailMessage()
    subject = " ".join(message.subject.split())  # one line, whatever was typed
    email["Subject"] = f"{SUBJECT_PREFIX} {subject}"
    email["From"] = sender
    email["To"] = to
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


def _smtp_error(exc: Exception) -> tuple[str, bool]:
    """A message and whether it is final: 5xx answers are, connection trouble and 4xx not."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _ in exc.recipients.values()]
        return f"SMTPRecipientsRefused: {exc.recipients}", all(code >= 500 for code in codes)
    if isinstance(exc, smtplib.SMTPResponseException):
        detail = (
            exc.smtp_error.decode(errors="replace") if isinstance(exc.smtp_error, bytes) else exc.smtp_error
        )
        return f"{type(exc).__name__} {exc.smtp_code}: {detail}", exc.smtp_code >= 500
    return f"{type(exc).__name__}: {exc}", False


class EmailChannel:
    """Sends the lead to CONTACT_NOTIFY_EMAIL through SMTP_URL (the standard library's
    smtplib, in a worker thread)."""

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

    def _send_now(self, email: EmailMessage) -> None:
        server, timeout = self.server, self.settings.smtp_timeout_s
        context = ssl.create_default_context() if server.implicit_tls or server.starttls else None
        if server.implicit_tls:
            smtp: smtplib.SMTP = smtplib.SMTP_SSL(server.host, server.port, timeout=timeout, context=context)
        else:
            smtp = smtplib.SMTP(server.host, server.port, timeout=timeout)
        with smtp:
            if server.starttls:
                smtp.starttls(context=context)
            if server.user:
                smtp.login(server.user, server.password or "")
            smtp.send_message(email)

    async def send(self, message: ContactMessage) -> Result:
        email = notification(message, self.to, self.sender)

        async def attempt_once() -> tuple[str | None, bool]:
            try:
                await background.run(self._send_now, email)
            except (smtplib.SMTPException, OSError) as exc:
                return _smtp_error(exc)
            return None, False

        return await _attempts(self.settings, attempt_once)


def channels_of(settings: LeadSettings, client: httpx.AsyncClient) -> list[DeliveryChannel]:
    """The channels `settings` configure, in order: webhook, email."""
    found: list[DeliveryChannel] = []
    if settings.webhook_url:
        found.append(WebhookChannel(settings, client))
    if settings.notify_email and settings.smtp_url:
        found.append(EmailChannel(settings))
    return found
