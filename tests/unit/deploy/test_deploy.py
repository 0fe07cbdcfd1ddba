"""The nginx site of deploy/ as rendered for a deployment."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from agency_site.server.event_limit import EVENT_MESSAGE_MAX, FORM_BODY_MAX
from agency_site.state.contact_form import CONTACT_POST_PATH
from deploy.render_nginx import EVENT_BURST, EVENT_CONNECTIONS, HEALTH_BURST, NginxSite, render, site_from_env

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
        if "alias /var/lib/agency-report/;" in body:
            # The marketing report is not the site: GoAccess's page needs its own policy
            # (its inline script), so it sends its own headers (tests/unit/deploy/test_report.py).
            continue
        assert "include /srv/agency/nginx/security-headers.conf;" in body


def test_websocket_is_upgraded_with_long_timeouts_and_the_visitors_address():
    event = next(body for body in _blocks(render(SITE), "location = /_event"))
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
    private checkout (every page 403, `stat() failed (13: Permission denied)`)."""
    from deploy import stack

    monkeypatch.setattr(stack.os, "geteuid", lambda: 0)
    monkeypatch.setattr(stack.os, "getegid", lambda: 0)
    assert stack.nginx_user_directive() == "user root root;"
    # Anyone else: nginx cannot switch users, its workers are that user already.
    monkeypatch.setattr(stack.os, "geteuid", lambda: 1000)
    assert stack.nginx_user_directive() == ""


def test_metrics_are_for_this_machine_and_the_allow_list_only():
    """/_metrics behind nginx answers the same addresses as the backend."""
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


# --- Redirects --------------------------------------------------------------------------

# Request paths an attacker puts in a link, as sent on the wire.
HOSTILE_PATHS = [
    "/%5Cevil.com/",
    "/%5cevil.com/",
    "/\\evil.com/",
    "//evil.com/",
    "/%2F%2Fevil.com/",
    "/%2f%2fevil.com/",
    "///evil.com/",
    "/%5C/evil.com/",
    "/about/%5C%5Cevil.com/",
    "/%09/evil.com/",
    "/%0d%0aSet-Cookie:%20x=1/",
    "/%0D%0ALocation:%20https://evil.com/",
    "/.evil.com/",
    "/%2e%2e/%2e%2e/evil.com/",
    "/@evil.com/",
    "/https:/evil.com/",
    "/" + "a" * 5000 + "/",
    "/" + "%C3%A4" * 300 + "/",
]
# Every character of a Location that is a path on this site; what starts it is checked apart.
SAFE_LOCATION = re.compile(r"^/(?![/\\])[A-Za-z0-9._~/%&=+?-]*$")


def _nginx_uri(raw_path: str) -> str:
    """$uri as nginx makes it from a request path: percent-decoded, runs of '/' merged
    (merge_slashes), '.' and '..' segments resolved."""
    path = re.sub(r"/{2,}", "/", unquote(raw_path))
    segments: list[str] = []
    for segment in path.split("/")[1:]:
        if segment == "..":
            if segments:
                segments.pop()
        elif segment != ".":
            segments.append(segment)
    return "/" + "/".join(segments)


def _redirects(conf: str) -> list[str]:
    """Every directive of the config that can answer with a redirect."""
    return [
        line.strip()
        for line in conf.splitlines()
        if re.match(r"^\s*(rewrite\b.*\b(permanent|redirect);|return\s+30[1278]\b)", line)
    ]


def _trailing_slash_rule(conf: str) -> tuple[re.Pattern[str], str]:
    (rule,) = [line for line in _redirects(conf) if line.startswith("rewrite")]
    match = re.match(r'rewrite\s+"?(.+?)"?\s+(\S+)\s+permanent;$', rule)
    assert match, rule
    # PCRE's named group (?<name>...) is Python's (?P<name>...).
    return re.compile(match.group(1).replace("(?<", "(?P<")), match.group(2)


def _location(rule: re.Pattern[str], replacement: str, uri: str, args: str = "") -> str | None:
    """The Location nginx sends for $uri (None: no redirect), for the replacement
    `$agency_path$agency_redirect_query?` and the template's query map."""
    match = rule.match(uri)
    if match is None:
        return None
    assert replacement == "$agency_path$agency_redirect_query?", replacement
    query = f"?{args}" if re.match(r"^[A-Za-z0-9._~%&=+-]{1,1024}$", args) else ""
    return match.group("agency_path") + query


def test_the_config_has_exactly_the_redirects_these_tests_check():
    conf = render(SITE)
    redirects = _redirects(conf)
    assert len(redirects) == 3, redirects
    assert "return 301 https://www.example.com$request_uri;" in redirects
    # The former German addresses: the target is a value of the build's map (its own
    # paths, agency_site/nginx/former_urls.py), the query only when URL-safe.
    assert "return 301 $agency_former_url$agency_redirect_query;" in redirects


def test_trailing_slash_redirect_keeps_the_canonical_behaviour():
    rule, replacement = _trailing_slash_rule(render(SITE))
    assert _location(rule, replacement, "/about/") == "/about"
    assert (
        _location(rule, replacement, "/de/about/", "utm_source=news&x=%20y")
        == "/de/about?utm_source=news&x=%20y"
    )
    assert _location(rule, replacement, "/de/about/", 'x="<script>"') == "/de/about"
    assert _location(rule, replacement, "/about") is None


@pytest.mark.parametrize("raw_path", HOSTILE_PATHS)
def test_hostile_paths_redirect_only_to_a_path_of_this_site(raw_path: str):
    """Either no redirect (try_files then answers 404) or a Location that every browser
    reads as a path on this site: no '//' or '\\' at its start, URL-safe characters."""
    rule, replacement = _trailing_slash_rule(render(SITE))
    location = _location(rule, replacement, _nginx_uri(raw_path), "a=%0d%0a")
    assert location is None or SAFE_LOCATION.match(location), location


# --- Abuse limits -----------------------------------------------------------------------


def test_event_connections_and_new_connections_are_limited_per_address():
    conf = render(SITE)
    assert "limit_conn_zone $binary_remote_addr zone=agency_event_open:10m;" in conf
    assert re.search(r"limit_req_zone \$binary_remote_addr zone=agency_event_new:10m rate=\d+r/[sm];", conf)
    (event,) = _blocks(conf, "location = /_event")
    assert f"limit_conn agency_event_open {EVENT_CONNECTIONS};" in event
    assert f"limit_req zone=agency_event_new burst={EVENT_BURST} " in event
    assert "limit_req_status 429;" in event and "limit_conn_status 503;" in event
    assert f"client_max_body_size {EVENT_MESSAGE_MAX};" in event
    # Nothing else reaches the backend's socket.io app (which redirects /_event by Host).
    assert not re.search(r"location\s+/_event\b", conf)


def test_the_contact_forms_post_reaches_the_backend_within_the_same_limits():
    """The form posted without JavaScript (server/contact_post.py) goes to the backend with
    the visitor's address, and counts against /_event's limits per address."""
    conf = render(SITE)
    (event,) = _blocks(conf, "location = /_event")
    (contact,) = _blocks(conf, f"location = {CONTACT_POST_PATH}")
    for line in event.splitlines():
        if line.strip().startswith(("limit_conn ", "limit_req ", "limit_req_status", "limit_conn_status")):
            assert line.strip() in contact
    assert f"client_max_body_size {FORM_BODY_MAX};" in contact
    assert "proxy_pass http://agency_backend;" in contact
    assert "X-Forwarded-For $proxy_add_x_forwarded_for" in contact


def test_health_and_ping_are_rate_limited_per_address():
    """/_health queries the database and Redis: public, it must not be free to hammer."""
    conf = render(SITE)
    assert re.search(r"limit_req_zone \$binary_remote_addr zone=agency_health:1m rate=\d+r/s;", conf)
    (health,) = _blocks(conf, r"location ~ \^/\(ping")
    assert f"limit_req zone=agency_health burst={HEALTH_BURST} nodelay;" in health
    assert "limit_req_status 429;" in health
