"""CleanUrls: prerendered pages answer at their clean URL, without a redirect."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from agency_site.server.build_output import NOT_FOUND_PAGES
from agency_site.server.clean_urls import CleanUrls
from agency_site.server.missing_files import MissingFiles
from agency_site.server.not_found_language import NotFoundInPathLanguage


@pytest.fixture
def static_dir(tmp_path: Path) -> Path:
    (tmp_path / "about").mkdir()
    (tmp_path / "about" / "index.html").write_text("about")
    (tmp_path / "de" / "about").mkdir(parents=True)
    (tmp_path / "de" / "about" / "index.html").write_text("ueber uns")
    (tmp_path / "assets").mkdir()
    return tmp_path


def _seen_path(static_dir: Path, path: str, method: str = "GET", kind: str = "http") -> str:
    seen: dict[str, str] = {}

    async def downstream(scope, receive, send) -> None:
        seen["path"] = scope["path"]

    scope = {"type": kind, "method": method, "path": path, "raw_path": path.encode()}
    # A thread of its own: Playwright's sync API may already run a loop in this one.
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, CleanUrls(downstream, static_dir=static_dir)(scope, None, None)).result()
    return seen["path"]


@pytest.mark.parametrize(
    ("requested", "served"),
    [
        ("/about", "/about/"),
        ("/de/about", "/de/about/"),
        ("/about/", "/about/"),
        ("/", "/"),
        ("/assets", "/assets"),  # a folder without a prerendered page
        ("/missing", "/missing"),
        ("/about/../about", "/about/../about"),
        ("/favicon.svg", "/favicon.svg"),
    ],
)
def test_rewrites_only_prerendered_pages(static_dir: Path, requested: str, served: str) -> None:
    assert _seen_path(static_dir, requested) == served


def test_leaves_posts_and_websockets_alone(static_dir: Path) -> None:
    assert _seen_path(static_dir, "/about", method="POST") == "/about"
    assert _seen_path(static_dir, "/about", kind="websocket") == "/about"


# --- SafeRedirects: every redirect stays on the site --------------------------------------

# Locations a redirect might carry when a request path or Host header is hostile, and what
# the browser is sent instead (None: the redirect becomes a 404).
HOSTILE_LOCATIONS = [
    ("http://evil.com/x/../about/", "/x/../about/"),  # Starlette: the Host header's host
    ("http://localhost:3000/about/?utm_source=x&y=%20z", "/about/?utm_source=x&y=%20z"),
    ("/about?a=<script>", "/about"),
    ("/\\evil.com", None),
    ("//evil.com/", None),
    ("///evil.com", None),
    ("/\\/evil.com", None),
    ("https:evil.com", None),
    ("javascript:alert(1)", None),
    ("/%09/evil.com", None),
    ("/\t/evil.com", None),
    ("/a\r\nSet-Cookie: x=1", None),
    ("/" + "a" * 5000, None),
    ("evil.com", None),
    # A fragment naming an element is kept (the contact form's note); any other is dropped.
    ("/de/kontakt#contact-sent", "/de/kontakt#contact-sent"),
    ("http://evil.com/contact?x=1#contact-sent", "/contact?x=1#contact-sent"),
    ("/contact#//evil.com", "/contact"),
    ("/contact#a b<script>", "/contact"),
    ("//evil.com#contact-sent", None),
]


def _redirect_through(location: str, status: int = 307, path: str = "/x") -> dict:
    from agency_site.server.safe_redirects import SafeRedirects

    sent: list[dict] = []

    async def downstream(scope, receive, send) -> None:
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [(b"location", location.encode("latin-1")), (b"content-length", b"0")],
            }
        )
        await send({"type": "http.response.body", "body": b""})

    async def collect(message) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "raw_path": path.encode(), "headers": []}
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, SafeRedirects(downstream)(scope, None, collect)).result()
    start = sent[0]
    headers = {name.decode(): value.decode("latin-1") for name, value in start["headers"]}
    return {"status": start["status"], "location": headers.get("location")}


@pytest.mark.parametrize(("location", "sent"), HOSTILE_LOCATIONS)
def test_a_redirect_is_sent_only_to_a_path_of_this_site(location: str, sent: str | None) -> None:
    answer = _redirect_through(location)
    if sent is None:
        assert answer == {"status": 404, "location": None}
    else:
        assert answer == {"status": 307, "location": sent}


def test_only_the_desks_sign_in_start_leaves_the_site_and_only_for_the_identity_provider(monkeypatch) -> None:
    from dataclasses import replace

    from agency_site.server import safe_redirects
    from agency_site.settings import DeskSettings, get_settings

    settings = replace(
        get_settings(),
        desk=DeskSettings(
            oidc_issuer="https://login.example.com/tenant/v2.0", oidc_client_id="x", oidc_client_secret="y"
        ),
    )
    monkeypatch.setattr(safe_redirects, "get_settings", lambda: settings)
    provider = "https://login.example.com/tenant/oauth2/authorize?client_id=x&redirect_uri=https%3A%2F%2Fsite%2Fcb&state=a-b_c"
    start = "/_desk/oidc/start"
    assert _redirect_through(provider, 303, path=start) == {"status": 303, "location": provider}
    # Anywhere else on the provider's host from any other path, and any other host from the
    # start: kept on this site, as every redirect.
    assert (
        _redirect_through(provider, 303)["location"] == "/tenant/oauth2/authorize?" + provider.split("?")[1]
    )
    assert _redirect_through("https://evil.example/auth?x=1", 303, path=start)["location"] == "/auth?x=1"
    assert _redirect_through("https://login.example.com.evil.example/a", 303, path=start)["location"] == "/a"
    assert _redirect_through("/desk#sign-in-failed", 303, path=start)["location"] == "/desk#sign-in-failed"


def test_starlettes_directory_redirect_keeps_to_the_site_whatever_the_host_header(tmp_path: Path) -> None:
    """The redirect make run's server makes itself: a directory URL CleanUrls leaves to
    Starlette (it has '..' in it) is redirected with the Host header's host."""
    from starlette.staticfiles import StaticFiles

    from agency_site.server.safe_redirects import SafeRedirects

    (tmp_path / "about").mkdir()
    (tmp_path / "about" / "index.html").write_text("about")
    sent: list[dict] = []

    async def collect(message) -> None:
        sent.append(message)

    async def empty() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    path = "/x/../about"
    scope = {
        "type": "http",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "server": ("127.0.0.1", 3000),
        "headers": [(b"host", b"evil.com")],
    }
    app = CleanUrls(SafeRedirects(StaticFiles(directory=tmp_path, html=True)), static_dir=tmp_path)
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, app(scope, empty, collect)).result()
    headers = dict(sent[0]["headers"])
    assert (sent[0]["status"], headers[b"location"]) == (307, b"/x/../about/")


def _status(static_dir: Path, path: str) -> int | str:
    """What MissingFiles answers for `path`: its status, or 'passed' when the app answers."""
    answer: dict[str, int | str] = {}

    async def downstream(scope, receive, send) -> None:
        answer["status"] = "passed"

    async def send(message) -> None:
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]

    scope = {"type": "http", "method": "GET", "path": path, "raw_path": path.encode(), "headers": []}
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, MissingFiles(downstream, static_dir=static_dir)(scope, None, send)).result()
    return answer["status"]


@pytest.mark.parametrize(
    ("requested", "answer"),
    [
        ("/og/careers-en.jpg", 404),  # an image the build does not hold: not the HTML shell
        ("/blog/no-such-image.webp", 404),
        ("/assets/index-missing.js", 404),
        ("/favicon.svg", "passed"),
        ("/about", "passed"),  # pages (and unknown pages: the app's own 404 page) pass
        ("/no-such-page", "passed"),
        ("/_event/", "passed"),
    ],
)
def test_a_missing_file_answers_404(static_dir: Path, requested: str, answer: int | str) -> None:
    (static_dir / "favicon.svg").write_text("<svg/>")
    assert _status(static_dir, requested) == answer


def _answer(
    static_dir: Path, path: str, status: int, method: str = "GET"
) -> tuple[int, dict[bytes, bytes], bytes]:
    """What NotFoundInPathLanguage sends for `path` when the app answers `status` with
    the English not-found page: status, headers, body."""
    english = b"<!DOCTYPE html><html lang='en'>not found</html>"

    async def downstream(scope, receive, send) -> None:
        headers = [
            (b"content-type", b"text/html; charset=utf-8"),
            (b"content-length", str(len(english)).encode()),
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": english, "more_body": True})
        await send({"type": "http.response.body", "body": b""})

    sent: list[dict] = []

    async def collect(message) -> None:
        sent.append(message)

    scope = {"type": "http", "method": method, "path": path, "raw_path": path.encode(), "headers": []}
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(
            asyncio.run, NotFoundInPathLanguage(downstream, static_dir=static_dir)(scope, None, collect)
        ).result()
    headers = dict(sent[0]["headers"])
    return sent[0]["status"], headers, b"".join(message.get("body", b"") for message in sent[1:])


def test_an_unknown_page_under_de_is_answered_with_the_german_not_found_page(static_dir: Path) -> None:
    german = b'<!DOCTYPE html><html lang="de"><title>Seite nicht gefunden</title></html>'
    (static_dir / NOT_FOUND_PAGES["de"]).write_bytes(german)
    status, headers, body = _answer(static_dir, "/de/gibt-es-nicht", 404)
    assert (status, body, headers[b"content-length"]) == (404, german, str(len(german)).encode())
    assert _answer(static_dir, "/de/gibt-es-nicht", 404, method="HEAD")[2] == b""
    # English paths, found pages and paths that only start like /de keep the app's answer.
    for path, status in [("/no-such-page", 404), ("/de/ueber-uns", 200), ("/deutsch", 404)]:
        assert b"lang='en'" in _answer(static_dir, path, status)[2], path
