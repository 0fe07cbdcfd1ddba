"""The delivery channels: the signed webhook (here) and the team's inbox (email_channel.py).

How a round goes and what it records: rounds.py.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime
from http import HTTPStatus

import httpx
from standardwebhooks import Webhook

from agency_site.leads.email_channel import EmailChannel
from agency_site.leads.model import Channel, ContactMessage, as_utc
from agency_site.leads.rounds import (
    LEASE_MARGIN,
    Attempt,
    DeliveryChannel,
    Result,
    attempts,
    public_id,
    round_length,
)
from agency_site.settings import LeadSettings

# Answers worth a second attempt within the same round: the receiver was busy or timed out.
# Any other refusal waits for the next round of the schedule (a receiver being deployed,
# a secret being rotated, clocks drifting are all mended within minutes or hours).
AGAIN_NOW = frozenset({408, 429, 500, 502, 503, 504})
GONE = 410


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


def _http_error(response: httpx.Response) -> Attempt:
    code = response.status_code
    try:
        reason = HTTPStatus(code).phrase
    except ValueError:
        reason = "non-standard status"
    return Attempt(
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
            round_length(self.settings, self.settings.webhook_timeout_s) + LEASE_MARGIN, timedelta(minutes=2)
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

        async def attempt_once() -> Attempt:
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
                return Attempt(error=type(exc).__name__, again_now=True)
            if response.is_success:
                return Attempt()
            return _http_error(response)

        return await attempts(self.settings, attempt_once)


def channels_of(settings: LeadSettings, client: httpx.AsyncClient) -> list[DeliveryChannel]:
    """The channels `settings` configure, in order: webhook, email."""
    found: list[DeliveryChannel] = []
    if settings.webhook_url:
        found.append(WebhookChannel(settings, client))
    if settings.notify_email and settings.smtp_url:
        found.append(EmailChannel(settings))
    return found
