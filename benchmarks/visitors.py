"""What readers and writers cost the server: websockets, states, memory, JavaScript.

Builds and serves the production app (`reflex run --env prod --single-port` on a free port,
with a throw-away database and state folder), then in headless Chromium:

1. N visitors, each reading one page to its end (every page type, both languages, several
   at once): counts the websockets the browser opened and the states the server
   wrote (pickles in its state folder: the disk state manager of one worker);
2. K visitors who open the contact page, fill the form and send it;
3. waits until their sessions expired (--expiration seconds, Reflex's token expiration)
   and the server purged them;

and prints, after each step, the websockets, states, rows stored and the server's resident
memory (all its processes). Then the JavaScript each page type's first load fetches, in
this build and in a baseline build (--baseline-client, or --baseline-rev built once into
benchmarks/out/baseline-<rev>/ by baseline.py), with page_weight.py. Figures only; nothing passes or fails.

    make bench-visitors                                   # N=200 K=5
    .venv/bin/python benchmarks/visitors.py -n 200 -k 5 --expiration 30
    .venv/bin/python benchmarks/visitors.py --baseline-rev c6c6903
    .venv/bin/python benchmarks/visitors.py --url http://localhost:3000 -k 0 --server-pid PID --states-dir .states
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from baseline import baseline_web
from lighthouse import PAGES, localized, start_server
from page_weight import PAGES as WEIGHT_PAGES
from page_weight import page_weights

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agency_site.leads import store  # noqa: E402
from agency_site.leads.database import create_engine, migrate  # noqa: E402
from tests.support.processes import group_memory_kib  # noqa: E402
from tests.support.server import free_port  # noqa: E402

OUT_DIR = ROOT / "benchmarks" / "out"
CLIENT = ROOT / ".web" / "build" / "client"
# The last commit on which every page connected and downloaded the socket client, before
# readers stopped connecting.
DEFAULT_BASELINE_REV = "c6c6903"
KB = 1024


@dataclass
class Counts:
    """What the browsers did and what the server kept, at one moment."""

    websockets: int
    states: int
    rows: int
    rss_mb: float


def _chromium(playwright):
    return playwright.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])


def _open(browser, base_url: str, path: str, websockets: list[str]):
    """A new tab on `path`, hydrated, whose websockets are appended to `websockets`."""
    page = browser.new_context().new_page()
    page.on("websocket", lambda socket: websockets.append(socket.url))
    page.goto(base_url + path)
    page.locator('#site-header[data-hydrated="true"]').first.wait_for(state="attached")
    return page


def _read_pages(base_url: str, paths: list[str], tabs: int) -> int:
    """Each path read to its end by a new visitor (a fresh browser context), `tabs` at a
    time; the websockets they opened."""
    from playwright.sync_api import sync_playwright

    def run(share: list[str]) -> int:
        websockets: list[str] = []
        with sync_playwright() as playwright:
            browser = _chromium(playwright)
            for path in share:
                page = _open(browser, base_url, path, websockets)
                page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
                page.wait_for_load_state("networkidle")
                page.context.close()
            browser.close()
        return len(websockets)

    shares = [share for share in (paths[index::tabs] for index in range(tabs)) if share]
    with ThreadPoolExecutor(max_workers=len(shares)) as pool:
        return sum(pool.map(run, shares))


def _send_messages(base_url: str, users: int, run_id: str) -> int:
    """`users` visitors fill and send the contact form, one after another; the websockets opened."""
    from playwright.sync_api import expect, sync_playwright

    websockets: list[str] = []
    with sync_playwright() as playwright:
        browser = _chromium(playwright)
        for index in range(users):
            page = _open(browser, base_url, "/contact", websockets)
            values = {
                "name": f"Visitor {index}",
                "email": f"visitor{index}@example.com",
                "subject": f"Benchmark {run_id} #{index}",
                "message": "We would like to talk about an AI caller for our clinic.",
            }
            for name, value in values.items():
                page.locator(f"#contact-form [name='{name}']").fill(value)
            page.get_by_test_id("contact-submit").click()
            submit = page.get_by_test_id("contact-submit")
            expect(submit).to_have_attribute("data-status", "sent", timeout=30_000)
            page.context.close()
        browser.close()
    return len(websockets)


def _count_states(states_dir: Path) -> int:
    return sum(1 for _ in states_dir.rglob("*.pkl")) if states_dir.exists() else 0


def _print_counts(label: str, counts: Counts, before: Counts) -> None:
    print(
        f"{label:<34}{counts.websockets - before.websockets:>11}{counts.states - before.states:>8}"
        f"{counts.rows - before.rows:>7}{counts.rss_mb:>10.1f}"
    )


def _print_weights(baseline: Path | None) -> None:
    print("\nJavaScript of each page's first load, KiB (brotli, as browsers get it; gzip in brackets)")
    print(f"{'page':<24}{'before':>16}{'after':>16}{'saved':>8}")
    for page in WEIGHT_PAGES:
        after = page_weights(CLIENT, page)
        before = page_weights(baseline, page) if baseline else None
        if after is None:
            continue
        js = after[1]
        line = f"{page:<24}"
        if before is not None:
            line += f"{before[1].br / KB:>8.1f} ({before[1].gz / KB:>5.1f})"
        else:
            line += f"{'–':>16}"
        line += f"{js.br / KB:>8.1f} ({js.gz / KB:>5.1f})"
        if before is not None:
            line += f"{(before[1].br - js.br) / KB:>8.1f}"
        print(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="page views (default 200)")
    parser.add_argument("-k", type=int, default=5, help="visitors who send the form (default 5)")
    parser.add_argument("--tabs", type=int, default=4, help="browser tabs reading at once")
    parser.add_argument(
        "--expiration", type=int, default=30, help="session expiration for the run, seconds (default 30)"
    )
    parser.add_argument("--baseline-rev", default=DEFAULT_BASELINE_REV, help="git revision to compare with")
    parser.add_argument("--baseline-client", type=Path, help="a baseline build's client folder instead")
    parser.add_argument("--url", help="measure this running server (e.g. another revision's) instead")
    parser.add_argument(
        "--server-pid", type=int, help="with --url: the server's process group, for its memory"
    )
    parser.add_argument("--states-dir", type=Path, help="with --url: the server's state folder")
    args = parser.parse_args(argv)

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="agency-visitors-"))
    database_url = f"sqlite:///{scratch / 'messages.db'}"
    engine = create_engine(database_url)
    migrate(engine)
    states_dir = scratch / "states"
    env = {
        "DATABASE_URL": database_url,
        "CONTACT_RATE_LIMIT": "100000",
        "CONTACT_WEBHOOK_URL": "",
        "REFLEX_STATES_WORKDIR": str(states_dir),
        "REFLEX_REDIS_TOKEN_EXPIRATION": str(args.expiration),
    }
    if args.url:
        base_url, server, server_pid = args.url.rstrip("/"), None, args.server_pid
        states_dir = args.states_dir or states_dir
    else:
        port = free_port()
        base_url = f"http://localhost:{port}"
        server = start_server(port, env, "visitors-server.log")
        server_pid = server.pid
    run_id = uuid.uuid4().hex[:6]
    websockets = 0

    def counts() -> Counts:
        return Counts(
            websockets=websockets,
            states=_count_states(states_dir),
            rows=sum(1 for _ in store.messages(engine)),
            rss_mb=group_memory_kib(server_pid) / 1024 if server_pid else 0.0,
        )

    try:
        time.sleep(2)
        start = counts()
        paths = [localized(page, lang) for lang in ("en", "de") for page in PAGES]
        views = [paths[index % len(paths)] for index in range(args.n)]
        print(f"\n{'':<34}{'websockets':>11}{'states':>8}{'rows':>7}{'RSS MiB':>10}")
        print(f"{'server started':<34}{'':>11}{'':>8}{'':>7}{start.rss_mb:>10.1f}")
        websockets += _read_pages(base_url, views, args.tabs)
        time.sleep(3)  # the disk state manager writes after a short debounce
        _print_counts(f"after {args.n} page views", counts(), start)
        if args.k:
            websockets += _send_messages(base_url, args.k, run_id)
            time.sleep(3)
            _print_counts(f"after {args.k} messages sent", counts(), start)
        if server is not None:
            time.sleep(args.expiration + 10)
            _print_counts(f"{args.expiration + 10} s later (sessions expired)", counts(), start)
    finally:
        if server is not None:
            server.stop()
        engine.dispose()
        shutil.rmtree(scratch, ignore_errors=True)

    baseline = args.baseline_client or (
        baseline_web(args.baseline_rev) / "build" / "client" if args.baseline_rev else None
    )
    _print_weights(baseline)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
