"""What a page costs the browser while the visitor only rests on it: endless animations.

Serves the kept production build (`python -m tests.e2e.support.prebuild`; `make test`
keeps one), opens each page in Chromium as a visitor's browser runs it (animations on
the compositor thread where they can be), lets it settle, then measures the browser's
CPU time over a few seconds of rest (the machine's busy time, as suite_cpu.py reads it: a
reader's page asks nothing of the server, so on an otherwise idle machine it is the
browser's): at the top of the page and scrolled to its end, at
375 px and 1280 px. Each figure is taken twice on the same load: as built, and with every
`.motion-while-seen` box turned back into a plain one (its class removed), which is what
the site did before endless motion held still off screen (assets/styles.css).

    .venv/bin/python benchmarks/idle_motion.py
    .venv/bin/python benchmarks/idle_motion.py --rest 10 /blog /services/web-development

Figures only; nothing here passes or fails. Run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from suite_cpu_plugin import machine_busy_s  # noqa: E402  (beside this file)

from tests.e2e.conftest import CHROMIUM_ARGS, HYDRATED, VIEWPORTS, chromium_executable  # noqa: E402
from tests.e2e.support.served_build import CACHE, BuiltServer  # noqa: E402

PAGES = ["/", "/blog", "/de/blog", "/services/ai-callers", "/services/web-development"]
# The tests run animations on the main thread (conftest.py says why); a visitor's
# browser hands what it can to the compositor, so that flag is left out here.
VISITOR_ARGS = [arg for arg in CHROMIUM_ARGS if arg != "--disable-threaded-animation"]
PLAIN = "() => document.querySelectorAll('.motion-while-seen').forEach((el) => el.classList.remove('motion-while-seen'))"
RUNNING = "() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect.getComputedTiming().iterations === Infinity).length"


def rest(page: Page, seconds: float) -> tuple[float, int]:
    """The browser's CPU share (of one core) over `seconds` of rest, and the endless animations running."""
    page.wait_for_timeout(1000)  # let a scroll or a class change settle first
    before = machine_busy_s()
    time.sleep(seconds)
    return (machine_busy_s() - before) / seconds, page.evaluate(RUNNING)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", default=PAGES)
    parser.add_argument("--rest", type=float, default=5, help="seconds of rest per figure")
    args = parser.parse_args(argv)
    if not (CACHE / "fingerprint").is_file():
        print(f"no kept build in {CACHE}: run `python -m tests.e2e.support.prebuild`", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as scratch:
        server = BuiltServer(
            Path(scratch), {"DATABASE_URL": f"sqlite:///{scratch}/idle.db"}, source=CACHE / "web"
        )
        with server, sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=chromium_executable(), args=VISITOR_ARGS)
            print(
                f"Machine CPU at rest (the browser's), % of one core over {args.rest:g} s (endless animations running)"
            )
            print(f"{'page':28} {'width':>5}  {'where':6} {'as built':>16} {'without':>16}")
            for viewport in ("mobile", "desktop"):
                context = chromium.new_context(viewport=VIEWPORTS[viewport])
                for path in args.pages:
                    for where in ("top", "end"):
                        page = context.new_page()
                        page.goto(server.url + path)
                        page.wait_for_selector(HYDRATED, state="attached")
                        if where == "end":
                            page.evaluate(
                                "() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' })"
                            )
                        built, built_running = rest(page, args.rest)
                        page.evaluate(PLAIN)
                        plain, plain_running = rest(page, args.rest)
                        page.close()
                        print(
                            f"{path:28} {VIEWPORTS[viewport]['width']:>5}  {where:6} "
                            f"{built:9.1%} ({built_running:2})   {plain:9.1%} ({plain_running:2})"
                        )
                context.close()
            chromium.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
