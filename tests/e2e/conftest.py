"""End-to-end harness: one production build per test session, driven in real Chromium.

The app is built and served by `reflex run --env prod --single-port` on a free port.
Chromium sends every request to a host other than the app's (loopback) to a proxy that
is not there, so no test reaches the internet; each such request fails, and its failure is
recorded, so tests can assert that nothing tried to.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.support.server import ROOT, free_port, production_server, project_env

from .support.contact_backend import ContactBackend, connect_contact_backend, start_contact_backend
from .support.served_build import BuiltServer, build_fingerprint, cached_build, keep_build

BUILD_TIMEOUT_S = 600
# The discard port: nothing listens on it here, so a connection to it is refused at once.
NOWHERE_PORT = 9
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # One raster thread instead of several: on a 2-core machine they only contend with the
    # renderer's main thread and the app server (measured on 150 e2e tests: 8 % less CPU).
    "--num-raster-threads=1",
    # Animations on the renderer's main thread, not handed to the compositor thread:
    # they look the same, and the suite cost less (measured on 110 e2e tests: 65.3 and
    # 65.4 s of machine CPU before, 61.3 s after; other flags tried changed nothing).
    "--disable-threaded-animation",
    # Scrolls by wheel, keys and focus jump instead of gliding: a glide paints (and blurs
    # under the scrolled header) a frame at every step, and where it stops is the same.
    # Measured on 64 tests of test_keyboard and test_home: 175 s of CPU before, 127 s after;
    # 97 of test_services, test_project and test_language: 109 s before, 104 s after.
    "--disable-smooth-scrolling",
    # No request leaves the machine: every host but loopback (which Chromium never proxies)
    # goes through a proxy on a port where nothing listens, and fails at once. Blocking in
    # Chromium rather than with Playwright's routes keeps the HTTP cache on: a route turns
    # it off, and every page load fetched all ~19 scripts and styles again (measured: 26
    # ms more CPU in the browser process and 26 ms more in its network process per load).
    f"--proxy-server=http://127.0.0.1:{NOWHERE_PORT}",
]
VIEWPORTS = {
    "desktop": {"width": 1280, "height": 800},
    "mobile": {"width": 375, "height": 812},
}
# What the page shows once React has hydrated it (the header's marker): its handlers are
# attached and its effects have run. Clicking or typing before that may reach no handler.
HYDRATED = '#site-header[data-hydrated="true"]'
# How long an expectation waits for what a page shows. On the shared 2-core machines a first
# websocket connection, a route module fetched on a client-side navigation or a page timer
# can take longer than Playwright's 5 s while the rest of the suite runs; an expectation
# that holds passes as soon as it does, so patience costs nothing but a failure's report.
EXPECT_TIMEOUT_MS = 30_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)


def wait_until_hydrated(page: Page) -> None:
    """Wait until React has hydrated what `page` shows (`HYDRATED`)."""
    page.locator(HYDRATED).first.wait_for(state="attached")


# The lines of a dev server's log a failed test's report ends with.
DEV_LOG_LINES = 40


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed test of a dev server (tests/e2e/support/dev_server.py) reports the end of its log:
    what the backend did with each save is the cause in most failures, and CI keeps no
    file of the run."""
    from .support.dev_server import DevServer

    outcome = yield
    report = outcome.get_result()
    if not report.failed:
        return
    for name, value in getattr(item, "funcargs", {}).items():
        if isinstance(value, DevServer):
            lines = value.log().splitlines()[-DEV_LOG_LINES:]
            report.sections.append((f"{name}'s log, last {len(lines)} lines", "\n".join(lines)))


# The modules that take longest (a dev server's compiles and restarts; axe on every page;
# Tab through every page), run first. make test hands whole modules to its two workers in
# collection order (`--dist loadfile --no-loadscope-reorder`): a long module handed out
# last kept one worker busy for minutes after the other had finished (xdist's own order,
# by number of tests, put the 4-test dev loop, 130-160 s, at the end).
LONGEST_FIRST = (
    "test_dev_loop.py",
    "test_accessibility.py",
    "test_keyboard.py",
    "test_home.py",
    "test_stack.py",
    "test_readers_connect_nothing.py",
)


def _module_rank(item: pytest.Item) -> int:
    """Where `item`'s module goes: unit tests (of a run of both) first, as collected."""
    path = Path(str(item.fspath))
    if path.parent != Path(__file__).parent:
        return -1
    return LONGEST_FIRST.index(path.name) if path.name in LONGEST_FIRST else len(LONGEST_FIRST)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)
    # A stable sort: within a module, and among the other modules, the collected order stays.
    items.sort(key=_module_rank)


@dataclass
class AppServer:
    """The session's server: its address, the web folder whose build it serves, and how to
    stop it."""

    url: str
    web: Path
    stop: Callable[[], None]


def start_app_server(folder: Path, env: dict[str, str]) -> AppServer:
    """Serve the production app on a free port: the build kept from an earlier session of
    the same sources (served_build.py), or a new one, built by `reflex run --env prod
    --single-port` and kept for the next session."""
    fingerprint = build_fingerprint(project_env())
    kept = cached_build(fingerprint)
    if kept is not None:
        built = BuiltServer(folder, env, source=kept)
        built.start()
        return AppServer(url=built.url, web=built.web, stop=built.stop)
    port = free_port()
    server = production_server(port, folder / "reflex.log", env, start_timeout_s=BUILD_TIMEOUT_S)
    server.start()
    try:
        keep_build(fingerprint)
    except BaseException:
        server.stop()
        raise
    # The built frontend addresses its backend as localhost:{port}; use the same origin.
    return AppServer(url=f"http://localhost:{port}", web=ROOT / ".web", stop=server.stop)


# pytest-xdist (`-n 2`): the controller builds and serves the app once, before the workers
# start, and passes its address to them; every worker drives that one server.
_CONTROLLER: dict[str, object] = {}


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    if "server" not in _CONTROLLER:
        tmp = Path(tempfile.mkdtemp(prefix="agency-e2e-"))
        _CONTROLLER["tmp"] = tmp
        backend = _CONTROLLER["backend"] = start_contact_backend(tmp)
        _CONTROLLER["server"] = start_app_server(tmp, backend.env)
    backend = _CONTROLLER["backend"]
    node.workerinput["e2e_base_url"] = _CONTROLLER["server"].url
    node.workerinput["e2e_web_folder"] = str(_CONTROLLER["server"].web)
    node.workerinput["e2e_database_folder"] = str(backend.folder)
    node.workerinput["e2e_webhook_url"] = backend.webhook.url
    node.workerinput["e2e_smtp_url"] = backend.smtp_url
    node.workerinput["e2e_oidc"] = asdict(backend.oidc) if backend.oidc else None


def pytest_unconfigure(config: pytest.Config) -> None:
    if "server" in _CONTROLLER:
        _CONTROLLER.pop("server").stop()
        _CONTROLLER.pop("backend").stop()
        shutil.rmtree(_CONTROLLER.pop("tmp"), ignore_errors=True)


def _from_controller(config: pytest.Config) -> dict | None:
    """What the xdist controller passed to this worker about its server, if anything."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is None:
        return None
    if "e2e_base_url" not in workerinput:
        # Several workers building in one .web folder would break each other's build.
        raise RuntimeError("run the e2e tests with -n only when tests/e2e is on pytest's command line")
    return workerinput


@pytest.fixture(scope="session")
def contact_backend(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ContactBackend]:
    """The server's contact messages go to a throw-away database and a local webhook."""
    shared = _from_controller(request.config)
    if shared is not None:
        backend = connect_contact_backend(
            Path(shared["e2e_database_folder"]),
            shared["e2e_webhook_url"],
            shared["e2e_smtp_url"],
            shared.get("e2e_oidc"),
        )
    else:
        backend = start_contact_backend(tmp_path_factory.mktemp("contact"))
    yield backend
    backend.stop()


@pytest.fixture(scope="session")
def base_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, contact_backend: ContactBackend
) -> Iterator[str]:
    """Build the production app once and serve frontend and backend on one free port."""
    shared = _from_controller(request.config)
    if shared is not None:
        yield shared["e2e_base_url"]
        return
    server = start_app_server(tmp_path_factory.mktemp("server"), contact_backend.env)
    request.config.stash[_SERVED_WEB] = server.web
    try:
        yield server.url
    finally:
        server.stop()


_SERVED_WEB = pytest.StashKey[Path]()


@pytest.fixture(scope="session")
def served_web(request: pytest.FixtureRequest, base_url: str) -> Path:
    """The web folder whose build the session's server serves (pages, script hashes, nginx
    policy include): what the stack and the restart tests serve too."""
    shared = _from_controller(request.config)
    if shared is not None:
        return Path(shared["e2e_web_folder"])
    return request.config.stash[_SERVED_WEB]


@pytest.fixture(scope="session")
def http(base_url: str) -> Iterator[httpx.Client]:
    """An HTTP client for the served app, for tests that read what it sends (no browser)."""
    with httpx.Client(base_url=base_url, timeout=30) as client:
        yield client


def chromium_executable() -> str | None:
    """CHROMIUM_PATH; else Debian's Chromium, its headless shell first (what Playwright
    itself runs headless: it costs about a quarter less CPU than the full browser); None
    lets Playwright use its own download."""
    explicit = os.environ.get("CHROMIUM_PATH")
    if explicit:
        return explicit
    return (
        shutil.which("chromium-headless-shell")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )


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
    # Pages of this context that keep their own record (SharedPages.tab), by page.
    tabs: dict[Page, Visit] = field(default_factory=dict)

    def record_if_foreign(self, request: Request) -> None:
        """Record a failed request to another origin in the Visit of the page that made it
        (a tab's own, else this one, which includes pages opened by links)."""
        if not foreign_url_pattern(self.base_url).match(request.url):
            return
        try:
            page = request.frame.page
        except PlaywrightError:  # a service worker's request has no frame
            page = None
        self.tabs.get(page, self).foreign_requests.append(request.url)

    def url(self, path: str) -> str:
        return self.base_url + path

    def goto(self, path: str):
        """Open `path` and wait until React has hydrated it (the header marks that)."""
        response = self.page.goto(self.url(path))
        self.wait_until_interactive()
        return response

    def wait_until_interactive(self) -> None:
        wait_until_hydrated(self.page)

    def wait_until(self, condition: Callable[[], bool], what: str, timeout_s: float = 30) -> None:
        """Wait until `condition()` holds for what the page reported (console, requests):
        Playwright delivers those events while the test talks to the page, so ask it to
        wait 20 ms between checks."""
        deadline = time.monotonic() + timeout_s
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout_s} s for {what}")
            self.page.evaluate("() => new Promise((done) => setTimeout(done, 20))")

    def path(self) -> str:
        parts = urlsplit(self.page.url)
        return (
            parts.path
            + (f"?{parts.query}" if parts.query else "")
            + (f"#{parts.fragment}" if parts.fragment else "")
        )


def open_visit(
    browser: Browser,
    base_url: str,
    viewport: str,
    *,
    stored_language: str | None = None,
    java_script_enabled: bool = True,
    storage_state: Path | None = None,
) -> Visit:
    """A page in a context of its own; `storage_state` brings cookies saved from another
    (a desk session signed in once per module)."""
    context = browser.new_context(
        viewport=VIEWPORTS[viewport],
        locale="en-US",
        java_script_enabled=java_script_enabled,
        storage_state=storage_state,
    )
    if stored_language is not None:
        context.add_init_script(f"window.localStorage.setItem('language', {stored_language!r});")
    page = context.new_page()
    visit = Visit(context=context, page=page, base_url=base_url)
    # Requests to other hosts fail (CHROMIUM_ARGS); only failed requests reach Python.
    context.on("requestfailed", visit.record_if_foreign)
    page.on("console", lambda message: visit.console.append(f"{message.type}: {message.text}"))
    return visit


@contextmanager
def page_of_its_own(browser: Browser, viewport: str, **options) -> Iterator[Page]:
    """A page in a browser context of its own, with `options` (no JavaScript, reduced motion)."""
    context = browser.new_context(viewport=VIEWPORTS[viewport], **options)
    try:
        yield context.new_page()
    finally:
        context.close()


@contextmanager
def visiting(browser: Browser, base_url: str, viewport: str, **options) -> Iterator[Visit]:
    """`open_visit`'s Visit, its browser context closed when the block ends."""
    current = open_visit(browser, base_url, viewport, **options)
    try:
        yield current
    finally:
        current.context.close()


# How goto_on_paused_clock moves a paused clock on while the page loads its modules:
# small steps, so that tests of timers started at parse time know where the clock stands.
PAUSED_CLOCK_STEP_MS = 5
PAUSED_CLOCK_HYDRATION_LIMIT_MS = 2000


def pause_clock(page: Page) -> None:
    """Give the page a paused clock (before its first load): its timers fire only when the
    test advances it with `page.clock.run_for(ms)`, so a test checks a 5 s timer without
    waiting 5 s, and at exactly the right moment. CSS transitions still run in real time."""
    # A minute ahead of the real time: pausing must never move the clock backwards.
    page.clock.pause_at(dt.datetime.now() + dt.timedelta(minutes=1))


def goto_on_paused_clock(visit: Visit, path: str) -> int:
    """Open `path` on a page whose clock is paused (`pause_clock`) and move the clock on,
    in small steps, until React has hydrated it; return how many ms it moved.

    Our entry.client is fetched by the module script after the first paint, then hydrates
    after a frame (or a 200 ms fallback timer); frames and timers both wait on the page's
    clock, so a paused clock alone would keep the page from ever hydrating."""
    visit.page.goto(visit.url(path))
    return hydrate_on_paused_clock(visit.page, path)


def hydrate_on_paused_clock(page: Page, path: str) -> int:
    """Move a paused clock on in small steps until the page now loaded has hydrated (see
    `goto_on_paused_clock`); also after a plain link opened a new document: until then its
    links are ordinary links and their scripted behaviour is not there to test."""
    hydrated = page.locator(HYDRATED).first
    advanced = 0
    while advanced < PAUSED_CLOCK_HYDRATION_LIMIT_MS:
        page.clock.run_for(PAUSED_CLOCK_STEP_MS)
        advanced += PAUSED_CLOCK_STEP_MS
        try:
            hydrated.wait_for(state="attached", timeout=50)
            return advanced
        except PlaywrightTimeoutError:
            continue
    raise AssertionError(f"{path} did not hydrate within {advanced} ms of its paused clock")


def foreign_url_pattern(base_url: str) -> re.Pattern[str]:
    """Every URL whose origin is not the app's (another host, port or scheme)."""
    return re.compile(rf"^(?!{re.escape(base_url)}(?:[/?#]|$))")


@pytest.fixture(params=list(VIEWPORTS))
def visit(request: pytest.FixtureRequest, browser: Browser, base_url: str) -> Iterator[Visit]:
    """A fresh browser context at 1280x800 ('desktop') and at 375x812 ('mobile')."""
    with visiting(browser, base_url, request.param) as current:
        yield current


@pytest.fixture
def desktop(browser: Browser, base_url: str) -> Iterator[Visit]:
    with visiting(browser, base_url, "desktop") as current:
        yield current


@pytest.fixture
def mobile(browser: Browser, base_url: str) -> Iterator[Visit]:
    with visiting(browser, base_url, "mobile") as current:
        yield current


# What every page load stores by itself (Reflex's colour mode): no test's doing.
APP_STORAGE = {"theme"}


class SharedPages:
    """One long-lived browser context and page per viewport, shared by the tests of a worker.

    A fresh context costs about twice what a page load in a warm one does (measured: 1.8 s
    against 0.65-1.0 s of CPU, Chromium included): it fetches and compiles every script
    again, where a warm context has them cached (hashed assets are immutable). So tests use
    these unless they need a context of their own:

    - `open(viewport, path)`: the shared page showing `path`, for tests that only look. It
      does not even reload when the page still shows what the previous test opened there.
    - `load(viewport, path)`: the shared page, freshly loaded, for tests that click, type,
      scroll or navigate: a full load resets everything they did.
    - `tab(viewport)`: a new page in the shared context, for tests that add page-level
      routes, listeners, media emulation or init scripts; closed after the test.

    Context-level changes (routes, init scripts, clock, stored language) need the
    `desktop`/`mobile`/`visit` fixtures (a context of their own). After every test the
    shared contexts must hold no stored data: `finish_test` fails the test that left any.
    """

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self._visits: dict[str, Visit] = {}
        self._opened: dict[str, tuple[str, str]] = {}  # viewport -> (path asked for, URL shown)
        self._used: set[str] = set()  # viewports the current test used

    def visit(self, viewport: str) -> Visit:
        """The viewport's shared Visit, to navigate yourself (its request and console logs emptied)."""
        if viewport not in self._visits or self._visits[viewport].page.is_closed():
            self._visits[viewport] = open_visit(self.browser, self.base_url, viewport)
        self._opened.pop(viewport, None)
        self._used.add(viewport)
        current = self._visits[viewport]
        if current.page.url != "about:blank":
            # Leaving the page ends what it still had loading (a request to another host
            # that a previous test's click started, its console): those fail or report now,
            # into the logs emptied next, not into this test's during its first navigation.
            current.page.goto("about:blank")
        current.foreign_requests.clear()
        current.console.clear()
        return current

    def open(self, viewport: str, path: str) -> Visit:
        """The viewport's shared Visit showing `path`, hydrated; loaded unless already shown."""
        current = self._visits.get(viewport)
        if current is not None and self._opened.get(viewport) == (path, current.page.url):
            self._used.add(viewport)
            return current
        current = self.load(viewport, path)
        self._opened[viewport] = (path, current.page.url)
        return current

    def load(self, viewport: str, path: str) -> Visit:
        """The viewport's shared Visit with `path` freshly loaded and hydrated."""
        # From about:blank (visit()): a fragment alone would not load the same page again.
        current = self.visit(viewport)
        current.goto(path)
        return current

    def tab(self, viewport: str) -> Visit:
        """A new page in the viewport's shared context (closed when the test ends)."""
        shared = self.visit(viewport)
        page = shared.context.new_page()
        current = Visit(context=shared.context, page=page, base_url=self.base_url)
        shared.tabs[page] = current
        page.on("console", lambda message: current.console.append(f"{message.type}: {message.text}"))
        return current

    def finish_test(self) -> list[str]:
        """Close the test's extra pages and empty the shared contexts' storage; return what
        a test left stored (localStorage), which later tests would otherwise inherit."""
        left: list[str] = []
        for viewport, current in self._visits.items():
            for page in current.context.pages:
                if page is not current.page:
                    page.close()  # the test's tabs, and pages its links opened (target=_blank)
            current.tabs.clear()
            if current.page.url.startswith(self.base_url):
                stored = current.page.evaluate(
                    "() => { const keys = Object.keys(localStorage); localStorage.clear();"
                    " sessionStorage.clear(); return keys; }"
                )
                left += [f"{viewport}: localStorage {key!r}" for key in stored if key not in APP_STORAGE]
            current.context.clear_cookies()
            if viewport not in self._used and current.page.url != "about:blank":
                # Idle until a test asks for it again: an animated page left open costs up
                # to 0.16 s of CPU per second (its animations keep being painted).
                current.page.goto("about:blank")
                self._opened.pop(viewport, None)
        self._used.clear()
        return left

    def close(self) -> None:
        for current in self._visits.values():
            current.context.close()


@pytest.fixture(scope="session")
def _shared_pages_of_worker(browser: Browser, base_url: str) -> Iterator[SharedPages]:
    pages = SharedPages(browser, base_url)
    yield pages
    pages.close()


@pytest.fixture
def shared_pages(_shared_pages_of_worker: SharedPages) -> Iterator[SharedPages]:
    """The worker's shared pages (SharedPages); fails a test that leaves data stored."""
    yield _shared_pages_of_worker
    left = _shared_pages_of_worker.finish_test()
    if left:
        pytest.fail("the test left data in a shared context: " + ", ".join(left), pytrace=False)


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request: pytest.FixtureRequest) -> str:
    """'desktop' and 'mobile', for tests that read a shared page (`shared_pages.open`)."""
    return request.param
