"""The production stack (deploy/): nginx over TLS in front of two backend instances on
Redis and PostgreSQL, driven through Chromium and a socket client.

One stack for the module, on free ports: nginx serves the e2e session's build (the same
pages and per-page policies `reflex export` writes), the backends store messages in a
PostgreSQL database made for this run and dropped afterwards, and keep their state in a
Redis server of their own (so restarting it disturbs nothing else). Every request stays on
loopback. Without nginx, PostgreSQL or redis-server the tests are skipped, saying which.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import socket
import ssl
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError
from simple_websocket import ConnectionError as HandshakeRefused
from simple_websocket.errors import ConnectionClosed

from agency_site.leads import ContactMessage, store
from agency_site.leads.database import create_engine
from agency_site.nginx.former_urls import former_german_urls
from agency_site.server.security_policy import inline_script_hashes
from agency_site.state.contact_form import CONTACT_POST_PATH, CONTACT_SENT_ID
from benchmarks.contact_throughput import NAMESPACE, REFLEX_PROTOCOL, SUBMIT, Visitor
from benchmarks.contact_throughput import _Client as SocketClient
from benchmarks.observatory import PACKAGE as OBSERVATORY
from benchmarks.observatory import TLS_TESTS, scan
from deploy.render_nginx import EVENT_BURST, EVENT_CONNECTIONS
from deploy.report import make_report
from deploy.stack import Stack, missing_prerequisites
from tests.support.process_guard import GUARD
from tests.support.server import free_port

from .conftest import wait_until_hydrated
from .support.engine_sessions import SessionWatch, instances_holding
from .support.expected import text
from .support.polling import wait_for
from .support.redis_server import RedisServer

pytestmark = pytest.mark.stack

POSTGRES_ADMIN_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
PAGES = ["/", "/de", "/about", "/de/ueber-uns", "/contact", "/de/kontakt"]
EMBED_PAGES = ["/", "/contact", "/project/104", "/project/106", "/de/kontakt"]
AVATAR_ORIGIN = "https://avatar.example.com"
BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36"


def _postgres_database(name: str) -> str | None:
    """Create database `name`; None when PostgreSQL cannot be reached."""
    try:
        engine = sa.create_engine(
            POSTGRES_ADMIN_URL, isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": 3}
        )
        with engine.connect() as connection:
            connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
        engine.dispose()
    except sa.exc.OperationalError:
        return None
    return f"postgresql://postgres@127.0.0.1:5432/{name}"


def _drop_database(name: str) -> None:
    engine = sa.create_engine(POSTGRES_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    engine.dispose()


class RunningStack:
    """The module's stack, its stores, and what the tests look at."""

    def __init__(self, stack: Stack, redis: RedisServer, engine: sa.Engine) -> None:
        self.stack = stack
        self.redis = redis
        self.engine = engine

    @property
    def url(self) -> str:
        return self.stack.url

    def rows_with_subject(self, subject: str) -> list[ContactMessage]:
        return [row for row in store.messages(self.engine) if row.subject == subject]

    def instances_holding(self, session: str) -> list[int]:
        """The backend instances (ports) that hold the websocket of Engine.IO `session`."""
        return instances_holding(session, self.stack.backend_ports)


@pytest.fixture(scope="module")
def running_stack(served_web: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningStack]:
    missing = missing_prerequisites() + ([] if shutil.which("redis-server") else ["redis-server"])
    if missing:
        pytest.skip("stack needs " + "; ".join(missing))
    folder = tmp_path_factory.mktemp("stack")
    database = f"agency_stack_test_{uuid.uuid4().hex[:10]}"
    database_url = _postgres_database(database)
    if database_url is None:
        pytest.skip("stack needs PostgreSQL at 127.0.0.1:5432 (user postgres)")
    # The session's build, where it is: pytest's temporary folders and the checkout may be
    # private to their user, which is why the stack's nginx workers run as that user
    # (deploy/stack.py nginx_user_directive), not as `nobody`.
    build = served_web / "build"
    redis = RedisServer(folder)
    redis.start()
    # The stack migrates the database as it starts.
    engine = create_engine(database_url)
    stack = Stack(
        folder=folder,
        database_url=database_url,
        redis_url=redis.url,
        https_port=free_port(),
        http_port=free_port(),
        backend_ports=(free_port(), free_port()),
        site_root=build / "client",
        security_dir=build / "nginx",
        web_workdir=served_web,
        guard=GUARD,
    )
    try:
        stack.start()
        yield RunningStack(stack, redis, engine)
    finally:
        stack.stop()
        redis.stop()
        engine.dispose()
        _drop_database(database)


@pytest.fixture
def context(browser: Browser, running_stack: RunningStack) -> Iterator[BrowserContext]:
    """A browser context that trusts the stack's self-signed certificate and records every
    CSP violation a page reports (like every context here, it reaches no other host)."""
    current = browser.new_context(ignore_https_errors=True, locale="en-US")
    current.add_init_script(
        "window.__cspViolations = [];"
        "document.addEventListener('securitypolicyviolation', (e) =>"
        " window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    yield current
    current.close()


def _open(page: Page, url: str) -> None:
    page.goto(url)
    wait_until_hydrated(page)


def _client() -> httpx.Client:
    return httpx.Client(verify=False, timeout=10, headers={"Accept-Encoding": "gzip"})


def test_pages_in_both_languages_with_their_security_headers(running_stack: RunningStack) -> None:
    with _client() as client:
        for path in PAGES:
            response = client.get(running_stack.url + path)
            assert response.status_code == 200, path
            assert f'<html lang="{"de" if path.startswith("/de") else "en"}"' in response.text, path
            policy = response.headers["content-security-policy"]
            assert "unsafe-inline" not in policy.split("script-src", 1)[1].split(";")[0], path
            assert "unsafe-eval" not in policy, path
            missing = [digest for digest in inline_script_hashes(response.text) if digest not in policy]
            assert missing == [], f"{path}: inline scripts without a hash in the policy"
            assert "frame-ancestors 'none'" in policy and "connect-src 'self';" in policy
            assert response.headers["x-content-type-options"] == "nosniff"
            assert response.headers["referrer-policy"] == "strict-origin-when-cross-origin"
            assert response.headers["strict-transport-security"].startswith("max-age=")
            assert response.headers["permissions-policy"].startswith(f'microphone=("{AVATAR_ORIGIN}")')
            assert response.headers["cache-control"] == "no-cache"
        brotli = client.get(running_stack.url + "/about", headers={"Accept-Encoding": "br"})
        assert brotli.headers["content-encoding"] == "br"
        missing_page = client.get(running_stack.url + "/no-such-page")
        assert missing_page.status_code == 404
        assert missing_page.headers["content-type"].startswith("text/html")
        assert "content-security-policy" in missing_page.headers
        # Under /de, the German not-found page, in the server's HTML.
        missing_german = client.get(running_stack.url + "/de/gibt-es-nicht")
        assert missing_german.status_code == 404
        assert (
            '<html lang="de"' in missing_german.text
            and "<title data-not-found-head>Seite" in missing_german.text
        )
        missing = [
            d
            for d in inline_script_hashes(missing_german.text)
            if d not in missing_german.headers["content-security-policy"]
        ]
        assert missing == [], "the German not-found page's inline scripts without a hash in the policy"
        slash = client.get(running_stack.url + "/de/ueber-uns/")
        assert (slash.status_code, slash.headers["location"]) == (301, "/de/ueber-uns")
        plain = client.get(f"http://localhost:{running_stack.stack.http_port}/about?x=1")
        assert plain.status_code == 301
        assert plain.headers["location"] == running_stack.url + "/about?x=1"
        assert client.get(running_stack.url + "/ping").status_code == 200
        health = client.get(running_stack.url + "/_health")
        assert health.json() == {"status": True, "db": True, "redis": True}
        # The backend sends these too (for make run): nginx passes on one copy of each.
        for name in ("x-frame-options", "x-content-type-options", "referrer-policy", "permissions-policy"):
            assert len(health.headers.get_list(name)) == 1, (name, health.headers.get_list(name))


def test_every_former_german_address_answers_301_with_its_german_one(running_stack: RunningStack) -> None:
    """nginx's map comes from the same route table as make run's server (nginx/former_urls.py)."""
    with _client() as client:
        for old, new in former_german_urls().items():
            response = client.get(running_stack.url + old + "?utm_source=mail")
            assert response.status_code == 301, old
            assert response.headers["location"] == new + "?utm_source=mail", old
            assert "strict-transport-security" in response.headers, old
        unknown = client.get(running_stack.url + "/de/project/999")
        assert (unknown.status_code, unknown.headers["location"]) == (301, "/de/projekt/999")
        for path in ("/about", "/de/ueber-uns", "/de/blog/ki-im-gesundheitswesen", "/de/impressum"):
            assert client.get(running_stack.url + path).status_code == 200, path


@pytest.mark.skipif(
    shutil.which("goaccess") is None, reason="needs goaccess (Debian: apt-get install goaccess)"
)
def test_visits_reach_the_marketing_report_anonymised(running_stack: RunningStack, tmp_path: Path) -> None:
    """nginx logs each visit with the address cut to its network and no query; GoAccess
    makes the report of that log, which nginx serves to this machine (docs/operators.md,
    'The website report'). A browser's user agent: the report leaves out bots (httpx is one)."""
    with _client() as client:
        for path in ("/de/ueber-uns?utm_source=newsletter", "/services/ai-callers"):
            response = client.get(
                running_stack.url + path,
                headers={"Referer": "https://www.linkedin.com/", "User-Agent": BROWSER},
            )
            assert response.status_code == 200, path
    log = running_stack.stack.folder / "nginx" / "access.log"
    # This test's own visits (their referrer): other tests of the stack visit these pages
    # too (/de/services/ai-callers), so a bare path may be in the log before these are.
    wait_for(
        lambda: log.read_text().count('"https://www.linkedin.com/"') >= 2,
        what="this test's visits in the access log",
    )
    lines = [
        line
        for line in log.read_text().splitlines()
        if "/de/ueber-uns" in line or "/services/ai-callers" in line
    ]
    assert lines and all(line.startswith("127.0.0.0 - - [") for line in lines), lines
    assert not any("utm_source" in line or "127.0.0.1" in line for line in lines), lines
    page = make_report(log, running_stack.stack.folder / "report")
    data = page.read_text().replace("\\/", "/")
    assert "/de/ueber-uns" in data and "/services/ai-callers" in data and "www.linkedin.com" in data
    # The paths visitors asked for, not the files nginx sent for them.
    assert "/de/ueber-uns.html" not in data and "/services/ai-callers.html" not in data
    with _client() as client:
        served = client.get(running_stack.url + "/_report/")
    assert served.status_code == 200 and served.text == page.read_text()
    assert "script-src 'unsafe-inline'" in served.headers["content-security-policy"]


def test_no_page_reports_a_csp_violation_with_every_embed_clicked(
    context: BrowserContext, running_stack: RunningStack
) -> None:
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    clicked = 0
    for path in EMBED_PAGES:
        _open(page, running_stack.url + path)
        # A loaded embed's placeholder is gone: click the first one left, as often as
        # there were placeholders.
        buttons = page.locator("[data-embed-load]")
        for _ in range(buttons.count()):
            button = buttons.first
            button.scroll_into_view_if_needed()
            button.click()
            clicked += 1
        expect(page.locator("[data-embed-load]")).to_have_count(0)
        assert page.evaluate("window.__cspViolations") == [], path
    assert clicked >= 6
    assert [line for line in console if "Content Security Policy" in line] == []


def _fill_contact_form(page: Page, subject: str) -> None:
    values = {
        "name": "Ada Lovelace",
        "email": "ada@example.com",
        "subject": subject,
        "message": "We would like an AI caller that books appointments for our clinic.",
    }
    for name, value in values.items():
        page.locator(f"#contact-form [name='{name}']").fill(value)


def _open_contact_form(context: BrowserContext, running_stack: RunningStack) -> tuple[Page, SessionWatch]:
    """The contact form with its websocket open, and the Engine.IO session of each
    websocket the page opens."""
    page = context.new_page()
    sessions = SessionWatch(page)
    _open(page, running_stack.url + "/contact")
    # Starting to type is what opens the socket (connect on intent, connect_on_intent.py).
    # Waited for through Playwright, which delivers page events only while it is called.
    with page.expect_websocket() as opened:
        page.locator("#contact-form [name='name']").press_sequentially("A")
    assert opened.value.url.startswith(running_stack.url.replace("https", "wss") + "/_event")
    return page, sessions


def test_message_is_stored_once_through_the_other_instance_when_its_instance_dies(
    context: BrowserContext, running_stack: RunningStack
) -> None:
    # The instance holding the form's websocket is the one that knows its Engine.IO
    # session (engine_sessions.py). Not the one with a new connection from nginx: nginx
    # sends the upgrade over a kept-alive connection when it has one, and then no
    # connection is new.
    page, sessions = _open_contact_form(context, running_stack)
    ports = running_stack.stack.backend_ports
    holders = running_stack.instances_holding(sessions.latest_session())
    assert len(holders) == 1, f"the form's websocket held by the instances {holders} of {ports}"
    holder = ports.index(holders[0])
    running_stack.stack.stop_backend(holder, kill=True)
    try:
        subject = f"Failover {uuid.uuid4().hex[:8]}"
        _fill_contact_form(page, subject)
        page.get_by_test_id("contact-submit").click()
        rows = wait_for(lambda: running_stack.rows_with_subject(subject), 45, "the message in PostgreSQL")
        expect(page.get_by_test_id("contact-submit")).to_have_text(text("en", "contact-sent"))
        assert len(running_stack.rows_with_subject(subject)) == len(rows) == 1
        # The form reconnected, to the other instance, which took the message.
        assert len(sessions.sockets) >= 2
        assert running_stack.instances_holding(sessions.latest_session()) == [ports[1 - holder]]
    finally:
        # Back to two instances for the tests after this one.
        running_stack.stack.start_backend(holder)
        running_stack.stack.wait_backend(holder)


def test_message_sent_after_redis_restarts_is_stored_or_refused_never_lost(
    context: BrowserContext, running_stack: RunningStack
) -> None:
    page, _ = _open_contact_form(context, running_stack)
    subject = f"Redis restart {uuid.uuid4().hex[:8]}"
    _fill_contact_form(page, subject)
    running_stack.redis.stop()
    running_stack.redis.start()
    page.get_by_test_id("contact-submit").click()
    failure = page.get_by_test_id("contact-failure")
    outcome = wait_for(
        lambda: (
            ("stored" if running_stack.rows_with_subject(subject) else None)
            or ("refused" if failure.is_visible() else None)
        ),
        45,
        "the message stored or the visitor told it was not",
    )
    if outcome == "stored":
        expect(page.get_by_test_id("contact-submit")).to_have_text(text("en", "contact-sent"))
        assert len(running_stack.rows_with_subject(subject)) == 1
    else:
        expect(page.locator("#contact-form [name='subject']")).to_have_value(subject)


def _run_async(coroutine):
    """Run a coroutine to its end on a thread of its own (Playwright's sync API keeps an
    event loop running on this one)."""
    with ThreadPoolExecutor(max_workers=1) as executor:
        return executor.submit(asyncio.run, coroutine).result()


def _unverified_tls() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


async def _hydrate_from(url: str, origin: str) -> bool:
    """Open the websocket as a page of `origin` would and wait for the state."""
    visitor = Visitor(url, 0, "origin")
    try:
        await asyncio.wait_for(visitor.connect(headers={"Origin": origin}, ssl_context=_unverified_tls()), 20)
        return True
    finally:
        await visitor.close()


def test_only_the_sites_own_origin_may_open_the_websocket(running_stack: RunningStack) -> None:
    assert _run_async(_hydrate_from(running_stack.url, running_stack.url))
    with pytest.raises(HandshakeRefused, match="403"):
        _run_async(_hydrate_from(running_stack.url, "https://attacker.example"))


async def _send_from(url: str, source: str, index: int, run_id: str, forwarded_for: str) -> Visitor:
    """One visitor from the loopback address `source`, who also forges X-Forwarded-For."""
    visitor = Visitor(url, index, run_id)
    await visitor.connect(
        source=source, headers={"X-Forwarded-For": forwarded_for}, ssl_context=_unverified_tls()
    )
    try:
        await asyncio.wait_for(visitor.submit(), 30)
    finally:
        await visitor.close()
    return visitor


def test_rate_limit_counts_each_visitor_address_behind_nginx(running_stack: RunningStack) -> None:
    run_id = uuid.uuid4().hex[:8]
    limit = 5  # CONTACT_RATE_LIMIT's default, per 10 minutes

    async def scenario() -> list[Visitor]:
        sent = []
        # A new address in X-Forwarded-For each time: nginx appends the real one, which counts.
        for index in range(limit + 1):
            sent.append(await _send_from(running_stack.url, "127.0.0.2", index, run_id, f"203.0.113.{index}"))
        # Another visitor is not stopped by the first one's limit.
        sent.append(await _send_from(running_stack.url, "127.0.0.3", limit + 1, run_id, "203.0.113.99"))
        return sent

    visitors = _run_async(scenario())
    assert [visitor.status for visitor in visitors[:limit]] == ["sent"] * limit
    assert visitors[limit].status != "sent" and visitors[limit].failure
    assert visitors[limit + 1].status == "sent"
    stored = {row.subject for row in store.messages(running_stack.engine)}
    assert {visitor.subject for visitor in visitors if visitor.status == "sent"} <= stored
    assert visitors[limit].subject not in stored
    # The stack trusts nginx as one hop: the backends found nothing to say about it
    # (with TRUSTED_PROXY_HOPS=0 they would log an error naming it, agency_site/server/proxy_hops.py).
    logs = [path.read_text() for path in running_stack.stack.folder.glob("backend-*.log")]
    assert logs and [log for log in logs if "TRUSTED_PROXY_HOPS" in log] == []


def test_the_contact_form_posted_without_javascript_goes_through_nginx(running_stack: RunningStack) -> None:
    """The form's post (agency_site/server/contact_post.py) reaches a backend through nginx,
    whose access log keeps no word of it; invalid input comes back as the form, in German,
    under the site's policy; a valid one is stored in PostgreSQL and redirected to the
    contact page's note. From an address of its own, so the rate limit sees only it."""
    subject = f"Ohne Skript {uuid.uuid4().hex[:8]}"
    form = {
        "name": "J",
        "email": "jo@example.com",
        "subject": subject,
        "message": "Eine Nachricht ohne JavaScript.",
        "language": "de",
        "page": "/de/kontakt",
        "form_trap": "",
    }
    transport = httpx.HTTPTransport(verify=False, local_address="127.0.0.4")
    with httpx.Client(transport=transport, timeout=30) as client:
        headers = {"Origin": running_stack.url}
        refused = client.post(running_stack.url + CONTACT_POST_PATH, data=form, headers=headers)
        assert refused.status_code == 422
        assert text("de", "name-min-error") in refused.text and '<html lang="de">' in refused.text
        assert refused.headers.get_list("content-security-policy") == [
            refused.headers["content-security-policy"]
        ]
        assert "form-action 'self'" in refused.headers["content-security-policy"]
        assert refused.headers.get_list("x-frame-options") == ["DENY"]
        assert running_stack.rows_with_subject(subject) == []
        sent = client.post(
            running_stack.url + CONTACT_POST_PATH, data={**form, "name": "Jo"}, headers=headers
        )
        assert sent.status_code == 303
        assert sent.headers["location"] == f"/de/kontakt#{CONTACT_SENT_ID}"
        foreign = client.post(
            running_stack.url + CONTACT_POST_PATH, data=form, headers={"Origin": "https://attacker.example"}
        )
        assert foreign.status_code == 403
    [row] = running_stack.rows_with_subject(subject)
    assert (row.name, row.language, row.page) == ("Jo", "de", "/de/kontakt")
    log = running_stack.stack.folder / "nginx" / "access.log"
    wait_for(lambda: CONTACT_POST_PATH in log.read_text(), what="the post in the access log")
    assert subject not in log.read_text() and "jo@example.com" not in log.read_text()


def test_http_observatory_grades_the_stack_a_plus_and_make_runs_server_clean(
    running_stack: RunningStack, base_url: str
) -> None:
    """MDN's scanner (make observatory installs it): the stack A+ with a score of at least
    100; `make run`'s server (http only) fails nothing but the tests that need TLS."""
    if not OBSERVATORY.is_dir():
        pytest.skip(f"the HTTP Observatory is not installed in {OBSERVATORY} (make observatory)")
    stack = running_stack.stack
    result = scan(stack.url + "/", http_port=stack.http_port, ca_file=stack.folder / "tls" / "localhost.crt")
    assert (result["grade"], result["score"] >= 100) == ("A+", True), result["tests"]
    plain = scan(base_url + "/")
    failing = {name for name, test in plain["tests"].items() if not test["pass"]}
    assert failing <= TLS_TESTS, plain["tests"]


# --- Redirects, abuse limits, frame size, logs, Redis memory --------------------------------

# Request paths an attacker puts in a link, as sent on the wire (raw: no client rewrites them).
HOSTILE_PATHS = [
    "/%5Cevil.com/",
    "/%5cevil.com",
    "/\\evil.com/",
    "//evil.com/",
    "/%2F%2Fevil.com/",
    "/%2f%2fevil.com",
    "///evil.com/",
    "/%5C/evil.com/",
    "/about/%5C%5Cevil.com/",
    "/%0d%0aSet-Cookie:%20x=1/",
    "/%0D%0ALocation:%20https://evil.com/",
    "/%09/evil.com/",
    "/%09/evil.com",
    "/.evil.com/",
    "/%2e%2e/evil.com/",
    "/x/../about",
    "/@evil.com/",
    "/https:/evil.com/",
    "/_event",
    "/_event/x/",
    "/about/?next=//evil.com",
    "/" + "a" * 3000 + "/",
    "/" + "a" * 9000 + "/",
]
# A Location that every browser reads as a path on the site: no '//' or '\' at its start,
# nothing but URL-safe characters.
SAFE_RELATIVE = re.compile(r"^/(?![/\\])[A-Za-z0-9._~/%&=+?-]*$")


def _raw_get(port: int, path: str, *, tls: bool, host: str) -> tuple[int, str | None]:
    """Status and Location of `GET path` sent byte for byte (HTTP/1.1)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as plain:
        sock = _unverified_tls().wrap_socket(plain, server_hostname="localhost") if tls else plain
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode("latin-1"))
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    location = next(
        (line.split(":", 1)[1].strip() for line in head[1:] if line.lower().startswith("location:")), None
    )
    return int(head[0].split()[1]), location


def _off_site(location: str | None, own_origin: str) -> bool:
    return location is not None and not (
        location.startswith(own_origin + "/") or SAFE_RELATIVE.match(location)
    )


def test_no_hostile_path_is_redirected_off_the_site(running_stack: RunningStack, base_url: str) -> None:
    """The real nginx (https and its http redirect) and make run's server: every Location
    they send for a hostile path is a path on the site or a URL of the site's own origin."""
    stack = running_stack.stack
    run_port = int(base_url.rsplit(":", 1)[1])
    servers = [
        ("nginx https", stack.https_port, True, stack.url),
        ("nginx http", stack.http_port, False, stack.url),
        ("make run's server", run_port, False, base_url),
    ]
    answers = {}
    for name, port, tls, origin in servers:
        for path in HOSTILE_PATHS:
            status, location = _raw_get(port, path, tls=tls, host=f"localhost:{port}")
            answers[(name, path[:40])] = (status, location)
            assert not _off_site(location, origin), f"{name} {path[:60]!r}: {status} Location {location!r}"
            assert status < 500, f"{name} {path[:60]!r}: {status}"
    # The canonical redirect still works, query string and all.
    assert _raw_get(stack.https_port, "/de/ueber-uns/?utm_source=x", tls=True, host="localhost") == (
        301,
        "/de/ueber-uns?utm_source=x",
    )
    # A Host header of the attacker's does not take make run's redirects elsewhere.
    status, location = _raw_get(run_port, "/x/../about", tls=False, host="evil.com")
    assert not _off_site(location, base_url), (status, location)


def test_chromium_stays_on_the_site_for_a_hostile_link(
    context: BrowserContext, running_stack: RunningStack
) -> None:
    """The link of the report: nginx answered '301 /\\evil.com' and Chromium went to
    https://evil.com/ (here: to the proxy that blocks every other host)."""
    page = context.new_page()
    own = urlsplit(running_stack.url)
    for path in ["/%5Cevil.com/", "/%5C/evil.com/", "/%09/evil.com/", "/%2F%2Fevil.com/"]:
        try:
            page.goto(running_stack.url + path)
        except PlaywrightError as error:
            raise AssertionError(
                f"{path}: Chromium left the site for {page.url} ({error.message[:80]})"
            ) from None
        landed = urlsplit(page.url)
        assert (landed.scheme, landed.netloc) == (own.scheme, own.netloc), f"{path}: {page.url}"


def _handshake(url: str, source: str) -> tuple[socket.socket, int]:
    """A websocket handshake to /_event/ from the loopback address `source`: the open socket
    and the status nginx answered (101: a websocket to a backend instance)."""
    port = urlsplit(url).port
    plain = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(source, 0))
    sock = _unverified_tls().wrap_socket(plain, server_hostname="localhost")
    request = (
        f"GET /_event/?token={uuid.uuid4()}&EIO=4&transport=websocket HTTP/1.1\r\n"
        f"Host: localhost:{port}\r\nOrigin: {url}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    sock.sendall(request.encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            break
        head += chunk
    return sock, int(head.split(b" ", 2)[1])


def test_a_connection_flood_from_one_address_is_refused_while_a_visitor_sends(
    running_stack: RunningStack,
) -> None:
    attempts = EVENT_BURST + EVENT_CONNECTIONS + 10
    run_id = uuid.uuid4().hex[:8]

    def flood() -> list[tuple[socket.socket, int]]:
        with ThreadPoolExecutor(max_workers=attempts) as pool:
            return list(pool.map(lambda _: _handshake(running_stack.url, "127.0.0.9"), range(attempts)))

    with ThreadPoolExecutor(max_workers=2) as pool:
        flooding = pool.submit(flood)
        visitor = pool.submit(
            lambda: _run_async(_send_from(running_stack.url, "127.0.0.10", 0, run_id, "203.0.113.7"))
        ).result()
        answers = flooding.result()
    statuses = [status for _, status in answers]
    for sock, _ in answers:
        sock.close()
    assert visitor.status == "sent"
    assert visitor.subject in {row.subject for row in store.messages(running_stack.engine)}
    # Never more websockets at once than the limit; new ones beyond the burst refused (429),
    # those beyond the open-connection limit too (503).
    assert statuses.count(101) <= EVENT_CONNECTIONS, statuses
    assert statuses.count(429) >= 10, statuses
    assert statuses.count(503) >= 1, statuses
    assert set(statuses) <= {101, 429, 503}, statuses


async def _frame_answered(url: str, source: str, frame: str) -> bool:
    """Send `frame` on a hydrated websocket, then a ping: whether the server still answers
    on that connection (it closes a connection whose frame is too long)."""
    visitor = Visitor(url, 0, "frame")
    await visitor.connect(source=source, ssl_context=_unverified_tls())
    try:
        await visitor.ws.send(frame)
        await visitor.ws.send(f"42{NAMESPACE}," + json.dumps(["ping"]))
        while True:
            message = await visitor.ws.receive(timeout=30)
            if message is None:
                return False
            if message.startswith(f"42{NAMESPACE},") and '"pong"' in message:
                return True
    except ConnectionClosed:
        return False
    finally:
        await visitor.close()


def test_the_websocket_takes_the_largest_legal_event_and_no_frame_longer(running_stack: RunningStack) -> None:
    from agency_site.server.event_limit import EVENT_MESSAGE_MAX

    def frame(length: int) -> str:
        """A socket.io message of `length` characters for an event no handler takes."""
        empty = f"42{NAMESPACE}," + json.dumps(["limit_probe", ""])
        return f"42{NAMESPACE}," + json.dumps(["limit_probe", "x" * (length - len(empty))])

    assert _run_async(_frame_answered(running_stack.url, "127.0.0.11", frame(EVENT_MESSAGE_MAX)))
    assert not _run_async(_frame_answered(running_stack.url, "127.0.0.11", frame(EVENT_MESSAGE_MAX + 1)))


async def _tokenless_event(url: str, source: str, event: dict) -> None:
    """Connect without a token, as a script may, and send `event`."""
    port = urlsplit(url).port
    ws = SocketClient(
        f"wss://localhost:{port}{NAMESPACE}/?EIO=4&transport=websocket",
        subprotocols=[REFLEX_PROTOCOL],
        headers={"Origin": url},
        ssl_context=_unverified_tls(),
    )
    ws.source = source
    await ws._connect()
    try:
        await ws.receive(timeout=30)  # engine.io OPEN
        await ws.send(f"40{NAMESPACE},{{}}")
        while not (await ws.receive(timeout=30) or "").startswith(f"40{NAMESPACE},"):
            pass
        await ws.send(f"42{NAMESPACE}," + json.dumps(["event", event]))
    finally:
        await ws.close()


def test_no_visitors_message_reaches_the_logs(running_stack: RunningStack) -> None:
    """A message sent on a connection without a token (Reflex logs such an event whole, at
    WARNING) and one sent by a visitor: neither text is in any backend's log."""
    secret = f"Private {uuid.uuid4().hex}"
    event = {
        "name": SUBMIT,
        "payload": {"form_data": {"__reflex_form_data__": [["message", secret], ["name", "Ada"]]}},
        "router_data": {"pathname": "/contact", "asPath": "/contact"},
    }
    _run_async(_tokenless_event(running_stack.url, "127.0.0.12", event))
    logs = list(running_stack.stack.folder.glob("backend-*.log"))

    def text(log: Path) -> str:
        # Reflex's console wraps long lines at 80 columns, anywhere in a message.
        return log.read_text(errors="replace").replace("\n", "")

    def warned() -> bool:
        return any("no associated token" in text(log) for log in logs)

    wait_for(warned, 30, "the backend's warning about the event without a token")
    visitor = Visitor(running_stack.url, 0, uuid.uuid4().hex[:8])
    visitor.message = f"{secret} We would like an AI caller for our clinic."

    async def send() -> None:
        await visitor.connect(source="127.0.0.13", ssl_context=_unverified_tls())
        try:
            await visitor.submit()
        finally:
            await visitor.close()

    _run_async(send())
    assert visitor.status == "sent"
    stored = [row.message for row in store.messages(running_stack.engine) if row.subject == visitor.subject]
    assert stored and secret in stored[0]
    assert [log.name for log in logs if secret in text(log)] == []


def test_redis_has_a_memory_limit_that_evicts_expiring_keys_first(running_stack: RunningStack) -> None:
    import redis

    client = redis.Redis.from_url(running_stack.redis.url, decode_responses=True)
    try:
        limits = client.config_get("maxmemory*")
    finally:
        client.close()
    assert int(limits["maxmemory"]) == 256 * 2**20
    assert limits["maxmemory-policy"] == "volatile-lru"
