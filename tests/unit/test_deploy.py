"""The nginx site of deploy/ as rendered for a deployment (issue 13)."""

from __future__ import annotations

import re
from pathlib import Path

from deploy.render_nginx import NginxSite, render, site_from_env

SITE = NginxSite(
    site_url="https://www.example.com",
    backend_ports=(8001, 8002),
    http_port=80,
    tls_cert=Path("/etc/tls/site.crt"),
    tls_key=Path("/etc/tls/site.key"),
    site_root=Path("/srv/agency/site"),
    security_dir=Path("/srv/agency/nginx"),
)


def _blocks(conf: str, opening: str) -> list[str]:
    """The bodies of every block that starts with `opening` (e.g. 'location')."""
    bodies = []
    for match in re.finditer(rf"^\s*{opening}\b[^{{]*\{{", conf, re.MULTILINE):
        depth, index = 1, match.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(conf[index], 0)
            index += 1
        bodies.append(conf[match.end() : index - 1])
    return bodies


def test_every_placeholder_is_filled():
    conf = render(SITE)
    assert "@" not in conf.replace("$", "")
    assert "server 127.0.0.1:8001;" in conf and "server 127.0.0.1:8002;" in conf
    assert "listen 443 ssl http2;" in conf
    assert "return 301 https://www.example.com$request_uri;" in conf


def test_every_location_sends_the_security_headers():
    """nginx drops the server's add_header lines in a location that adds its own header,
    so each location includes them itself."""
    conf = render(SITE)
    locations = _blocks(conf, "location")
    assert len(locations) >= 4
    for body in locations:
        assert "include /srv/agency/nginx/security-headers.conf;" in body


def test_websocket_is_upgraded_with_long_timeouts_and_the_visitors_address():
    event = next(body for body in _blocks(render(SITE), "location /_event"))
    assert "proxy_set_header Upgrade $http_upgrade;" in event
    assert "proxy_read_timeout 1h;" in event
    assert "X-Forwarded-For $proxy_add_x_forwarded_for" in event


def test_missing_values_are_named():
    try:
        site_from_env({"SITE_URL": "https://www.example.com"})
    except SystemExit as stop:
        assert "BACKEND_PORTS" in str(stop) and "TLS_CERT" in str(stop)
    else:
        raise AssertionError("rendering without backend ports should stop")


def test_the_stacks_nginx_workers_run_as_the_user_who_starts_it(monkeypatch):
    """Started by root, nginx's workers would be `nobody`, who cannot read a build inside a
    private checkout (issue 24: every page 403, `stat() failed (13: Permission denied)`)."""
    from deploy import stack

    monkeypatch.setattr(stack.os, "geteuid", lambda: 0)
    monkeypatch.setattr(stack.os, "getegid", lambda: 0)
    assert stack.nginx_user_directive() == "user root root;"
    # Anyone else: nginx cannot switch users, its workers are that user already.
    monkeypatch.setattr(stack.os, "geteuid", lambda: 1000)
    assert stack.nginx_user_directive() == ""


def test_metrics_are_for_this_machine_and_the_allow_list_only():
    """Issue 23, item 7: /_metrics behind nginx answers the same addresses as the backend."""
    conf = render(SITE)
    [metrics] = _blocks(conf, "location = /_metrics")
    assert re.findall(r"(allow|deny) ([^;]+);", metrics) == [
        ("allow", "127.0.0.1"),
        ("allow", "::1"),
        ("deny", "all"),
    ]
    assert "proxy_pass http://agency_backend;" in metrics
    site = site_from_env(
        {
            "SITE_URL": "https://www.example.com",
            "BACKEND_PORTS": "8001",
            "TLS_CERT": "c",
            "TLS_KEY": "k",
            "METRICS_ALLOW": "10.1.0.0/16, 2001:db8::/32",
        }
    )
    [metrics] = _blocks(render(site), "location = /_metrics")
    assert re.findall(r"(allow|deny) ([^;]+);", metrics) == [
        ("allow", "127.0.0.1"),
        ("allow", "::1"),
        ("allow", "10.1.0.0/16"),
        ("allow", "2001:db8::/32"),
        ("deny", "all"),
    ]
