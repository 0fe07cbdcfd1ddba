"""The marketing report: nginx logs visitors anonymised, GoAccess makes a static page of
the log, nginx shows it only to this machine or behind basic auth (deploy/report.py)."""

from __future__ import annotations

import gzip
import re
import shutil
from datetime import date
from pathlib import Path

import pytest

from deploy.render_nginx import NginxSite, render
from deploy.report import PANELS_ANCHOR, DayOfLeads, log_files, make_report, with_leads

SITE = NginxSite(
    site_url="https://www.example.com",
    backend_ports=(8001,),
    http_port=80,
    tls_cert=Path("/etc/tls/cert.pem"),
    tls_key=Path("/etc/tls/key.pem"),
    site_root=Path("/srv/agency/site"),
    security_dir=Path("/srv/agency/nginx"),
    access_log=Path("/var/log/agency-site/access.log"),
    report_dir=Path("/var/lib/agency-report"),
    report_passwords=Path("/etc/agency/report.htpasswd"),
)


def _anonymise(conf: str, address: str) -> str:
    """What the config's `map $remote_addr $agency_anonymous_addr` gives for `address`."""
    block = conf.split("map $remote_addr $agency_anonymous_addr {", 1)[1].split("}", 1)[0]
    default = None
    for line in block.strip().splitlines():
        pattern, value = re.fullmatch(r'\s*"?(.*?)"?\s+"(.*)";', line).groups()
        if pattern == "default":
            default = value
            continue
        match = re.search(pattern.removeprefix("~").replace("(?<", "(?P<"), address)
        if match:
            for name, captured in match.groupdict().items():
                value = value.replace(f"${name}", captured)
            return value
    assert default is not None
    return default


@pytest.mark.parametrize(
    ("address", "logged"),
    [
        ("203.0.113.77", "203.0.113.0"),
        ("127.0.0.1", "127.0.0.0"),
        ("2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3::"),
        ("::1", "0.0.0.0"),
    ],
)
def test_the_access_log_keeps_only_the_visitors_network(address: str, logged: str) -> None:
    assert _anonymise(render(SITE), address) == logged


def test_the_log_format_has_no_full_address_and_no_query() -> None:
    conf = render(SITE)
    log_format = conf.split("log_format agency_anonymous", 1)[1].split(";", 1)[0]
    assert "$agency_anonymous_addr" in log_format
    assert "$remote_addr" not in log_format and "$request_uri" not in log_format and "$args" not in log_format
    assert "$agency_request_path" in log_format and "$http_referer" in log_format
    # The path asked for, not the file sent (/de.html for /de, /404.html for a broken link).
    assert "$uri" not in log_format
    path_map = conf.split("map $request_uri $agency_request_path {", 1)[1].split("}", 1)[0]
    assert '"~^(?<agency_rpath>[^?]*)"  $agency_rpath;' in path_map
    assert "access_log /var/log/agency-site/access.log agency_anonymous;" in conf


def test_the_report_is_for_this_machine_or_behind_a_password() -> None:
    location = render(SITE).split("location /_report/ {", 1)[1].split("}", 1)[0]
    lines = [line.strip() for line in location.splitlines() if line.strip()]
    for expected in (
        "satisfy any;",
        "allow 127.0.0.1;",
        "allow ::1;",
        "deny all;",
        "auth_basic_user_file /etc/agency/report.htpasswd;",
        "alias /var/lib/agency-report/;",
        "access_log off;",
        'add_header X-Content-Type-Options "nosniff" always;',
        'add_header Strict-Transport-Security "max-age=63072000" always;',
    ):
        assert expected in lines, expected
    policy = next(line for line in lines if "Content-Security-Policy" in line)
    assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy and "http" not in policy
    assert lines.index("deny all;") > lines.index("allow ::1;")


LINE = '{ip} - - [26/Nov/2026:{hour}:00:00 +0000] "GET {path} HTTP/2.0" 200 5120 "{referrer}" "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0"\n'


def _log(folder: Path) -> Path:
    log = folder / "access.log"
    log.write_text(
        LINE.format(ip="203.0.113.0", hour="10", path="/de/ueber-uns", referrer="https://www.google.com/")
    )
    (folder / "access.log.1").write_text(
        LINE.format(
            ip="198.51.100.0", hour="09", path="/services/ai-callers", referrer="https://www.linkedin.com/"
        )
    )
    with gzip.open(folder / "access.log.2.gz", "wt") as old:
        old.write(LINE.format(ip="198.51.100.0", hour="08", path="/de/kontakt", referrer="-"))
    return log


def test_the_rotated_logs_are_read_oldest_first(tmp_path: Path) -> None:
    log = _log(tmp_path)
    assert [path.name for path in log_files(log)] == ["access.log.2.gz", "access.log.1", "access.log"]


@pytest.mark.skipif(
    shutil.which("goaccess") is None, reason="needs goaccess (Debian: apt-get install goaccess)"
)
def test_the_report_shows_pages_and_referrers_of_every_kept_day(tmp_path: Path) -> None:
    leads = [
        DayOfLeads(date(2026, 11, 26), {"en": 2, "de": 3}),
        DayOfLeads(date(2026, 11, 25), {"en": 0, "de": 1}),
    ]
    page = make_report(_log(tmp_path), tmp_path / "report", leads)
    html = page.read_text(encoding="utf-8")
    # The messages per day sit in GoAccess's page above its panels (the place is found in
    # what the installed GoAccess writes: an upgrade that moves it fails here).
    table = html.split("<section id='leads-per-day'", 1)[1].split("</section>", 1)[0]
    assert html.index("<section id='leads-per-day'") < html.index(PANELS_ANCHOR)
    cells = re.findall(r"<t[dh][^>]*>([^<]*)</t[dh]>", table)
    assert cells[:12] == [
        "Day",
        "English",
        "German",
        "All",
        "2026-11-26",
        "2",
        "3",
        "5",
        "2026-11-25",
        "0",
        "1",
        "1",
    ]
    assert cells[-4:] == ["2 days", "2", "4", "6"]
    data = html.replace("\\/", "/")  # the page's data is JSON, which may escape '/'
    for visited in (
        "/de/ueber-uns",
        "/services/ai-callers",
        "/de/kontakt",
        "www.google.com",
        "www.linkedin.com",
    ):
        assert visited in data, visited
    # One static page: it loads nothing from anywhere, and the nginx user may read it.
    assert not re.findall(r"""\bsrc\s*=\s*["']?(?:https?:)?//""", html)
    assert not re.findall(r"""<link\b[^>]*\bhref\s*=\s*["']?(?:https?:)?//""", html)
    assert page.stat().st_mode & 0o004


def test_a_report_without_the_leads_says_they_could_not_be_read() -> None:
    page = with_leads(f"<body>{PANELS_ANCHOR}</body>", None)
    assert "The leads database could not be read" in page


def test_a_goaccess_page_without_the_place_for_the_leads_stops_the_report() -> None:
    with pytest.raises(SystemExit, match="wrap-panels"):
        with_leads("<body><div class='panels'></div></body>", [])
