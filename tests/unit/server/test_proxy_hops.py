"""The backend says so when it sits behind a proxy with TRUSTED_PROXY_HOPS=0."""

from __future__ import annotations

import asyncio
import logging

import pytest

from agency_site.server.proxy_hops import ProxyHopsCheck

NGINX_PEER = ("127.0.0.1", 51234)


def _request(client: tuple[str, int], forwarded_for: str | None = None, kind: str = "http") -> dict:
    headers = [(b"host", b"www.example.com")]
    if forwarded_for is not None:
        headers.append((b"x-forwarded-for", forwarded_for.encode()))
    return {"type": kind, "path": "/_event/", "client": client, "headers": headers}


def _serve(check: ProxyHopsCheck, *scopes: dict) -> list[dict]:
    """Pass each scope through the middleware; return what reached the app behind it."""
    reached: list[dict] = []

    async def app(scope, receive, send):
        reached.append(scope)

    async def nothing():
        return {}

    async def run():
        for scope in scopes:
            await check(scope, nothing, nothing)

    check.app = app
    asyncio.run(run())
    return reached


def _proxy_warnings(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if "TRUSTED_PROXY_HOPS" in record.getMessage()]


def test_zero_hops_behind_a_local_proxy_is_logged_once_naming_the_variable(caplog):
    caplog.set_level(logging.INFO)
    check = ProxyHopsCheck(app=None, trusted_proxy_hops=0)
    scopes = [
        _request(NGINX_PEER, "203.0.113.7", kind="websocket"),
        _request(NGINX_PEER, "203.0.113.8"),
        _request(("10.0.0.5", 443), "203.0.113.9"),
    ]
    assert _serve(check, *scopes) == scopes
    warnings = _proxy_warnings(caplog)
    assert len(warnings) == 1
    assert warnings[0].levelno >= logging.WARNING
    assert "127.0.0.1" in warnings[0].getMessage() and "TRUSTED_PROXY_HOPS=0" in warnings[0].getMessage()


@pytest.mark.parametrize(
    ("hops", "client", "forwarded_for"),
    [
        (1, NGINX_PEER, "203.0.113.7"),  # configured: nothing to say
        (0, NGINX_PEER, None),  # a local request without the header (make run, a health check)
        # A visitor at a public address (no traffic: a string) forging the header directly.
        (0, ("93.184.216.34", 40000), "127.0.0.1"),
    ],
)
def test_nothing_is_logged_when_the_hops_fit(caplog, hops, client, forwarded_for):
    check = ProxyHopsCheck(app=None, trusted_proxy_hops=hops)
    _serve(check, _request(client, forwarded_for), _request(client, forwarded_for))
    assert _proxy_warnings(caplog) == []


def test_an_ipv4_mapped_loopback_peer_counts_as_local(caplog):
    check = ProxyHopsCheck(app=None, trusted_proxy_hops=0)
    _serve(check, _request(("::ffff:127.0.0.1", 5000), "203.0.113.7"))
    assert len(_proxy_warnings(caplog)) == 1


def test_the_stack_and_the_example_env_trust_nginx_as_one_hop():
    from pathlib import Path

    from deploy.stack import Stack

    stack = Stack(folder=Path("/nonexistent"), database_url="sqlite://", redis_url="redis://127.0.0.1/0")
    assert stack.env()["TRUSTED_PROXY_HOPS"] == "1"
    example = (Path(__file__).resolve().parents[3] / "deploy" / "agency.env.example").read_text()
    assert "\nTRUSTED_PROXY_HOPS=1\n" in example


def test_more_hops_than_proxies_is_logged_once_with_what_was_seen(caplog):
    """nginx alone wrote the header, TRUSTED_PROXY_HOPS=2: the backend would count the
    address a visitor puts in front of it."""
    caplog.set_level(logging.INFO)
    check = ProxyHopsCheck(app=None, trusted_proxy_hops=2)
    forged_then_real = _request(NGINX_PEER, "198.51.100.1, 203.0.113.7")
    _serve(check, forged_then_real, _request(NGINX_PEER, "203.0.113.8"), _request(NGINX_PEER, "203.0.113.9"))
    [warning] = _proxy_warnings(caplog)
    assert warning.levelno == logging.ERROR
    assert warning.getMessage().startswith(
        "TRUSTED_PROXY_HOPS=2, but a request from 127.0.0.1 carries X-Forwarded-For with 1 address(es)"
    )


def test_as_many_addresses_as_hops_is_quiet(caplog):
    check = ProxyHopsCheck(app=None, trusted_proxy_hops=2)
    _serve(check, _request(NGINX_PEER, "203.0.113.7, 10.0.0.2"), _request(NGINX_PEER, None))
    assert _proxy_warnings(caplog) == []
