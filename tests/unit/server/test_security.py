"""Security headers and the per-page script hashes of the Content-Security-Policy."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
from pathlib import Path

from agency_site.nginx.csp_files import write_security_files
from agency_site.server.security_headers import SecurityHeaders, page_file
from agency_site.server.security_policy import (
    content_security_policy,
    inline_script_hashes,
    permissions_policy,
)


def sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


PAGE = """<html><head><script>var a = 1;</script><script src="/x.js"></script>
<script type="application/ld+json">{"@type": "Organization"}</script></head>
<body><script type="module" async="">import "/assets/m.js";</script><script>var a = 1;</script></body></html>"""


def test_only_inline_scripts_that_run_are_hashed_once_each():
    assert inline_script_hashes(PAGE) == [sha("var a = 1;"), sha('import "/assets/m.js";')]


def test_policy_has_no_unsafe_script_source_and_only_the_embed_providers():
    policy = dict(part.split(" ", 1) for part in content_security_policy([sha("x")]).split("; "))
    assert "unsafe" not in policy["script-src"]
    assert sha("x") in policy["script-src"]
    assert policy["connect-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'"
    assert policy["default-src"] == "'none'"
    assert set(policy["frame-src"].split()) == {
        "https://www.google.com",
        "https://player.vimeo.com",
        "https://avatar.example.com",
    }
    assert permissions_policy().startswith('microphone=("https://avatar.example.com")')


def test_build_files_give_each_page_its_own_hashes(tmp_path: Path):
    static = tmp_path / "client"
    (static / "about").mkdir(parents=True)
    (static / "index.html").write_text("<script>home()</script>")
    (static / "about" / "index.html").write_text("<script>about()</script>")
    (static / "__spa-fallback.html").write_text("<script>fallback()</script>")
    write_security_files(static)
    pages = json.loads((tmp_path / "csp-hashes.json").read_text())
    assert pages["about/index.html"] == [sha("about()")]
    assert pages["404.html"] == [sha("fallback()")]
    nginx_map = (tmp_path / "nginx" / "csp-map.conf").read_text()
    about_line = next(line for line in nginx_map.splitlines() if '"/about/index.html"' in line)
    assert sha("about()") in about_line and sha("home()") not in about_line
    # Any other page file gets the policy without hashes; scripts and images get none.
    assert '    default "";' in nginx_map
    assert any(line.startswith("    ~\\.html$ ") for line in nginx_map.splitlines())
    headers = (tmp_path / "nginx" / "security-headers.conf").read_text()
    assert "add_header Content-Security-Policy $agency_csp always;" in headers
    assert "Strict-Transport-Security" in headers


def test_page_file_follows_clean_urls():
    known = {"index.html": [], "about/index.html": [], "blog.html": []}
    assert page_file("/", 200, known) == "index.html"
    assert page_file("/about", 200, known) == "about/index.html"
    assert page_file("/blog", 200, known) == "blog.html"
    assert page_file("/nowhere", 404, known) == "404.html"
    # A dynamic route's unknown id: Reflex answers 200 with the not-found page.
    assert page_file("/blog/no-such-article", 200, known) == "404.html"


def _respond(middleware: SecurityHeaders, path: str, content_type: str, scheme: str = "http") -> dict:
    sent: list[dict] = []

    async def app(scope, receive, send):
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", content_type.encode())],
            }
        )
        await send({"type": "http.response.body", "body": b""})

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request"}

    scope = {"type": "http", "path": path, "scheme": scheme, "method": "GET", "headers": []}
    asyncio.run(SecurityHeaders(app, middleware.hashes_file)(scope, receive, send))
    return {key.decode(): value.decode() for key, value in sent[0]["headers"]}


def test_middleware_sends_the_pages_hashes_and_hsts_only_on_https(tmp_path: Path):
    hashes_file = tmp_path / "csp-hashes.json"
    hashes_file.write_text(json.dumps({"about/index.html": [sha("about()")]}))
    middleware = SecurityHeaders(lambda *a: None, hashes_file)
    page = _respond(middleware, "/about", "text/html; charset=utf-8")
    assert sha("about()") in page["content-security-policy"]
    assert page["x-content-type-options"] == "nosniff"
    assert page["referrer-policy"] == "strict-origin-when-cross-origin"
    assert "strict-transport-security" not in page
    script = _respond(middleware, "/assets/x.js", "text/javascript", scheme="https")
    # The policy is the documents'; a script would only carry its bytes.
    assert "content-security-policy" not in script
    assert script["x-content-type-options"] == "nosniff"
    assert script["strict-transport-security"].startswith("max-age=")


def test_the_desks_pages_have_a_strict_policy_of_their_own_and_are_not_indexed(tmp_path: Path):
    static = tmp_path / "client"
    for page in ("about", "desk", "de/desk", "desk/lead"):
        (static / page).mkdir(parents=True)
        (static / page / "index.html").write_text(f"<script>{page.replace('/', '_')}()</script>")
    write_security_files(static)
    hashes_file = tmp_path / "csp-hashes.json"
    middleware = SecurityHeaders(lambda *a: None, hashes_file)
    for path in ("/desk", "/de/desk", "/desk/lead"):
        page = _respond(middleware, path, "text/html; charset=utf-8")
        policy = page["content-security-policy"]
        assert sha(f"{path.strip('/').replace('/', '_')}()") in policy
        # Only the site's own origin: no embed provider's script, frame or microphone.
        assert "https:" not in policy and "frame-src" not in policy
        assert page["x-robots-tag"] == "noindex, nofollow"
        assert page["referrer-policy"] == "same-origin"
    about = _respond(middleware, "/about", "text/html; charset=utf-8")
    assert "frame-src" in about["content-security-policy"] and "x-robots-tag" not in about
    nginx_map = (tmp_path / "nginx" / "csp-map.conf").read_text()
    desk_line = next(
        line
        for line in nginx_map.splitlines()
        if line.startswith('    "/desk/lead/index.html" ') and "default-src" in line
    )
    assert "frame-src" not in desk_line
    assert '    "/de/desk/index.html" "noindex, nofollow";' in nginx_map
    assert '    "/desk/index.html" "same-origin";' in nginx_map
    headers = (tmp_path / "nginx" / "security-headers.conf").read_text()
    assert "add_header X-Robots-Tag $agency_desk_robots always;" in headers
    assert "add_header Referrer-Policy $agency_referrer always;" in headers
