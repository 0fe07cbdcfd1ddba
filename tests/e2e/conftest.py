"""End-to-end harness: one production build per test session, driven in real Chromium.

The app is built and served by `reflex run --env prod --single-port` on a free port.
Every request to a host other than the app is intercepted and recorded, so no test
reaches the internet and tests can assert that nothing tried to.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, sync_playwright

from .contact_backend import ContactBackend, start_contact_backend

ROOT = Path(__file__).resolve().parents[2]
BUILD_TIMEOUT_S = 600
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VIEWPORTS = {
    "desktop": {"width": 1280, "height": 800},
    "mobile": {"width": 375, "height": 812},
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _server_env() -> dict[str, str]:
    env = dict(os.environ)
    tools_bin = ROOT / ".tools" / "node_modules" / ".bin"
    venv_bin = ROOT / ".venv" / "bin"
    env["PATH"] = os.pathsep.join([str(tools_bin), str(venv_bin), env.get("PATH", "")])
    env["REFLEX_USE_SYSTEM_BUN"] = "1"
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


def _wait_until_serving(url: str, process: subprocess.Popen, log_path: Path) -> None:
    deadline = time.monotonic() + BUILD_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"app server exited with {process.returncode}:\n{log_path.read_text()[-4000:]}"
            )
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise RuntimeError(f"app server not ready after {BUILD_TIMEOUT_S}s:\n{log_path.read_text()[-4000:]}")


@pytest.fixture(scope="session")
def contact_backend(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ContactBackend]:
    """The server's contact messages go to a throw-away database and a local webhook."""
    backend = start_contact_backend(tmp_path_factory.mktemp("contact"))
    yield backend
    backend.stop()


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory, contact_backend: ContactBackend) -> Iterator[str]:
    """Build the production app once and serve frontend and backend on one free port."""
    port = _free_port()
    log_path = tmp_path_factory.mktemp("server") / "reflex.log"
    reflex = shutil.which("reflex", path=str(ROOT / ".venv" / "bin")) or "reflex"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [
                reflex,
                "run",
                "--env",
                "prod",
                "--single-port",
                "--frontend-port",
                str(port),
                "--backend-port",
                str(port),
                "--loglevel",
                "info",
            ],
            cwd=ROOT,
            env=_server_env() | contact_backend.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    # The built frontend addresses its backend as localhost:{port}; use the same origin.
    url = f"http://localhost:{port}"
    try:
        _wait_until_serving(url + "/", process, log_path)
        yield url
    finally:
        # Stop the server's whole process group, by its id.
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(process.pid, signal.SIGKILL)


def chromium_executable() -> str | None:
    """Debian's Chromium when present; None lets Playwright use its own download."""
    explicit = os.environ.get("CHROMIUM_PATH")
    if explicit:
        return explicit
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class Visit:
    """A browser context for one test, with what it tried to load from elsewhere."""

    context: BrowserContext
    page: Page
    base_url: str
    foreign_requests: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)

    def url(self, path: str) -> str:
        return self.base_url + path

    def goto(self, path: str):
        """Open `path` and wait until React has hydrated it (the header marks that)."""
        response = self.page.goto(self.url(path))
        self.wait_until_interactive()
        return response

    def wait_until_interactive(self) -> None:
        self.page.locator('#site-header[data-hydrated="true"]').first.wait_for(state="attached")

    def path(self) -> str:
        parts = urlsplit(self.page.url)
        return (
            parts.path
            + (f"?{parts.query}" if parts.query else "")
            + (f"#{parts.fragment}" if parts.fragment else "")
        )


def open_visit(
    browser: Browser, base_url: str, viewport: str, *, stored_language: str | None = None
) -> Visit:
    context = browser.new_context(viewport=VIEWPORTS[viewport], locale="en-US")
    if stored_language is not None:
        context.add_init_script(f"window.localStorage.setItem('language', {stored_language!r});")
    page = context.new_page()
    visit = Visit(context=context, page=page, base_url=base_url)
    app_origin = urlsplit(base_url).netloc

    def guard(route: Route) -> None:
        if urlsplit(route.request.url).netloc == app_origin:
            route.continue_()
        else:
            visit.foreign_requests.append(route.request.url)
            route.abort("blockedbyclient")

    context.route("**/*", guard)
    page.on("console", lambda message: visit.console.append(f"{message.type}: {message.text}"))
    return visit


@pytest.fixture(params=list(VIEWPORTS))
def visit(request: pytest.FixtureRequest, browser: Browser, base_url: str) -> Iterator[Visit]:
    """A fresh browser context at 1280x800 ('desktop') and at 375x812 ('mobile')."""
    current = open_visit(browser, base_url, request.param)
    yield current
    current.context.close()


@pytest.fixture
def desktop(browser: Browser, base_url: str) -> Iterator[Visit]:
    current = open_visit(browser, base_url, "desktop")
    yield current
    current.context.close()


@pytest.fixture
def mobile(browser: Browser, base_url: str) -> Iterator[Visit]:
    current = open_visit(browser, base_url, "mobile")
    yield current
    current.context.close()
