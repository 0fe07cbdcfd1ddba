"""The operators' page's webhook receiver example, run as written: a genuine lead
is stored once, a forged, altered, stale or replayed request is not."""

from __future__ import annotations

import base64
import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from agency_site.leads.channels import WebhookChannel
from agency_site.settings import PROJECT_ROOT
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import a_row

SECRET = "whsec_" + base64.b64encode(b"the receiver example's secret!!!").decode()
OTHER_SECRET = "whsec_" + base64.b64encode(b"a secret the attacker guessed..!").decode()


def documented_receiver_example() -> str:
    """The first Python block after 'Receiver example' in docs/operators.md."""
    page = (PROJECT_ROOT / "docs" / "operators.md").read_text(encoding="utf-8")
    after = page[page.index("Receiver example (Python") :]
    return re.search(r"```python\n(.*?)```", after, re.S).group(1)


@pytest.fixture
def receiver_example(monkeypatch) -> dict:
    monkeypatch.setenv("CONTACT_WEBHOOK_SECRET", SECRET)
    namespace: dict = {"__name__": "receiver_example"}
    exec(compile(documented_receiver_example(), "docs/operators.md receiver example", "exec"), namespace)  # noqa: S102
    return namespace


def signed(secret: str, when: datetime | None = None, **fields) -> tuple[bytes, dict[str, str]]:
    """A request as the site makes it, signed with `secret` at `when`."""
    message = a_row(**fields)
    channel = WebhookChannel(
        replace(TEST_SETTINGS, webhook_url="https://x", webhook_secrets=(secret,)), client=None
    )
    return channel.request(message, now=when)


def test_a_genuine_lead_is_stored_once_however_often_it_is_replayed(receiver_example):
    handle, leads = receiver_example["handle"], receiver_example["leads"]
    body, headers = signed(SECRET)
    assert handle(body, headers) == 200
    assert [lead["name"] for lead in leads.values()] == ["Ada Lovelace"]
    # The same request again (an attacker's replay, or the site's retry): not a second lead.
    assert handle(body, headers) == 200
    assert len(leads) == 1
    # The site's retry of it minutes later carries a new timestamp and signature: still one.
    assert handle(*signed(SECRET, when=datetime.now(UTC) + timedelta(minutes=2))) == 200
    assert len(leads) == 1


def test_a_forged_or_altered_request_is_refused(receiver_example):
    handle, leads = receiver_example["handle"], receiver_example["leads"]
    assert handle(*signed(OTHER_SECRET)) == 401
    body, headers = signed(SECRET)
    assert handle(body.replace(b"Ada Lovelace", b"Mallory"), headers) == 401
    unsigned = {name: value for name, value in headers.items() if name != "webhook-signature"}
    assert handle(body, unsigned) == 401
    # Another lead's id in the headers, with the body of this one: refused.
    assert handle(body, dict(headers, **{"webhook-id": "someone-else"})) == 401
    # A malformed signature or timestamp is a 401 as well, never a 500.
    for malformed in (
        {"webhook-signature": "garbage"},
        {"webhook-signature": "v1"},
        {"webhook-timestamp": "soon"},
    ):
        assert handle(body, dict(headers, **malformed)) == 401
    assert leads == {}


def test_a_request_replayed_after_the_tolerance_is_refused(receiver_example):
    handle, leads = receiver_example["handle"], receiver_example["leads"]
    captured = signed(SECRET, when=datetime.now(UTC) - timedelta(minutes=10))
    assert handle(*captured) == 401
    assert leads == {}
