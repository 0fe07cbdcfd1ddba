"""The operators' view: GET /_metrics in Prometheus' text format, only to
loopback and METRICS_ALLOW, and `leads stats` with the same figures."""

from __future__ import annotations

import asyncio
import io
import re
from dataclasses import replace
from datetime import timedelta

import httpx
import pytest
import sqlalchemy as sa
from prometheus_client.parser import text_string_to_metric_families

from agency_site.leads import Inbox, receive
from agency_site.leads.cli import parser
from agency_site.leads.delivery import deliver
from agency_site.leads.model import ContactMessage, utc_now
from agency_site.server.metrics_endpoint import MetricsEndpoint
from agency_site.settings import PROJECT_ROOT, settings_from_env
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import valid_form


async def _not_found(scope, receive, send) -> None:
    await send({"type": "http.response.start", "status": 404, "headers": []})
    await send({"type": "http.response.body", "body": b"page"})


def scrape(engine, client: str = "127.0.0.1", headers: dict | None = None, **env: str) -> httpx.Response:
    app = MetricsEndpoint(_not_found, settings=settings_from_env(env), engine=engine)
    transport = httpx.ASGITransport(app=app, client=(client, 40000))

    async def get() -> httpx.Response:
        async with httpx.AsyncClient(transport=transport, base_url="http://site") as http:
            return await http.get("/_metrics", headers=headers)

    return asyncio.run(get())


def figures(engine) -> dict[tuple[str, tuple], float]:
    response = scrape(engine)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def leads(found, status: str) -> float:
    return found[("agency_leads", (("status", status),))]


def deliveries(found, channel: str, status: str) -> float:
    return found.get(("agency_lead_deliveries", (("channel", channel), ("status", status))), 0)


def test_the_figures_follow_leads_as_they_arrive_and_fail(engine, receiver):
    before = figures(engine)
    assert leads(before, "stored") == 0 and before[("agency_lead_oldest_undelivered_age_seconds", ())] == 0
    inbox = Inbox.create(engine, TEST_SETTINGS)

    async def arrive():
        first = await receive(valid_form(subject="First"), client="a", inbox=inbox)
        await receive(valid_form(subject="Second"), client="b", inbox=inbox)
        await receive(valid_form(form_trap="bot"), client="c", inbox=inbox)
        return first.message_id

    first_id = asyncio.run(arrive())
    table = ContactMessage.__table__
    with engine.begin() as connection:
        connection.execute(
            sa.update(table)
            .where(table.c.id == first_id)
            .values(created_at=utc_now() - timedelta(minutes=90))
        )
    now = figures(engine)
    assert (leads(now, "stored"), leads(now, "spam"), leads(now, "dead")) == (2, 1, 0)
    assert now[("agency_lead_oldest_undelivered_age_seconds", ())] >= 90 * 60
    # The receiver refuses the first lead until its (here empty) schedule is spent and takes the second.
    receiver.failures, receiver.refusal = 1, 401
    settings = replace(TEST_SETTINGS, webhook_url=receiver.url, retry_schedule_s=())
    asyncio.run(deliver(engine, first_id, settings))
    asyncio.run(deliver(engine, first_id + 1, settings))
    after = figures(engine)
    assert (leads(after, "stored"), leads(after, "delivered"), leads(after, "dead")) == (0, 1, 1)
    assert (deliveries(after, "webhook", "dead"), deliveries(after, "webhook", "delivered")) == (1, 1)
    assert after[("agency_lead_delivery_attempts", (("channel", "webhook"), ("status", "dead")))] == 1
    # A dead lead rings its own alarm (agency_leads{status="dead"}); the oldest-undelivered
    # gauge counts leads still being tried, so it clears.
    assert after[("agency_lead_oldest_undelivered_age_seconds", ())] == 0

    args = parser().parse_args(["stats"])
    out = io.StringIO()
    assert args.run(engine, args, out) == 0
    stats = out.getvalue()
    for line in ("  delivered         1", "  dead              1", "  spam              1"):
        assert line in stats
    assert "webhook  dead              1  (1)" in stats and "oldest undelivered lead: none" in stats


@pytest.mark.parametrize("address", ["203.0.113.9", "10.0.0.1", "2001:db8::7"])
def test_other_addresses_are_refused(engine, address):
    response = scrape(engine, client=address)
    assert response.status_code == 403 and "agency_leads" not in response.text


def test_the_allow_list_admits_its_networks(engine):
    assert scrape(engine, client="10.1.2.3", METRICS_ALLOW="10.1.0.0/16").status_code == 200
    assert scrape(engine, client="10.2.0.1", METRICS_ALLOW="10.1.0.0/16").status_code == 403
    assert scrape(engine, client="::1").status_code == 200
    assert scrape(engine, client="::ffff:127.0.0.1").status_code == 200
    assert scrape(engine, client="::ffff:10.1.0.9", METRICS_ALLOW="10.1.0.0/16").status_code == 200


def test_a_forwarded_for_header_is_believed_only_from_trusted_proxies(engine):
    # No proxy trusted: a visitor cannot claim to be loopback.
    spoofed = {"X-Forwarded-For": "127.0.0.1"}
    assert scrape(engine, client="203.0.113.9", headers=spoofed).status_code == 403
    # Behind nginx (one hop) on loopback: nginx's appended address counts, not what the
    # visitor wrote before it.
    through_nginx = {"X-Forwarded-For": "127.0.0.1, 198.51.100.7"}
    assert scrape(engine, headers=through_nginx, TRUSTED_PROXY_HOPS="1").status_code == 403
    operator = {"X-Forwarded-For": "10.1.2.3"}
    assert (
        scrape(engine, headers=operator, TRUSTED_PROXY_HOPS="1", METRICS_ALLOW="10.1.0.0/16").status_code
        == 200
    )


def test_other_paths_pass_through(engine):
    app = MetricsEndpoint(_not_found, settings=settings_from_env({}), engine=engine)
    transport = httpx.ASGITransport(app=app, client=("203.0.113.9", 1))

    async def get():
        async with httpx.AsyncClient(transport=transport, base_url="http://site") as http:
            return await http.get("/_metrics/x")

    assert asyncio.run(get()).text == "page"


def test_every_metric_the_operators_page_names_is_one_the_server_exposes(engine):
    """An alert written from the docs must match a real name, or it never rings."""
    page = (PROJECT_ROOT / "docs" / "operators.md").read_text(encoding="utf-8")
    named = set(re.findall(r"\bagency_leads?_[a-z_]*[a-z]\b|\bagency_leads\b", page))
    # What the endpoint answers: the leads' figures and the desk's speed to lead.
    exposed = {family.name for family in text_string_to_metric_families(scrape(engine).text)}
    assert named and named <= exposed, sorted(named - exposed)
    assert {"agency_lead_channel_paused", "agency_lead_oldest_undelivered_age_seconds"} <= named
