"""Image bytes per page: what a phone (375 px wide, 2 device pixels per CSS pixel) and a
desktop (1280 px, 1x) download of images, scrolled to the end so every lazy image loads.

Serves the build's client folder (default `.web/build/client`, from `make export` or
`make bench`) on a loopback port of its own, opens each page in Chromium (requests to any
other host are refused), scrolls through it and adds up the response bodies of every
image request. With `--baseline-client` (a client folder built from an older revision)
it prints both, before and after. Figures only; nothing here passes or fails.

    .venv/bin/python benchmarks/image_weight.py
    .venv/bin/python benchmarks/image_weight.py --baseline-client /tmp/baseline/client
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import sys
import threading
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import sync_playwright

CLIENT = Path(__file__).resolve().parents[1] / ".web" / "build" / "client"
PAGES = ["/", "/blog", "/blog/ai-healthcare", "/portfolio/all", "/project/104", "/contact", "/de/ueber-uns"]
SCREENS = {"375 px (2x)": (375, 812, 2), "1280 px (1x)": (1280, 800, 1)}
KB = 1024
SCROLL_STEP_PX = 600
_SCROLL_AND_PAINT = (
    'async (y) => { window.scrollTo({ top: y, behavior: "instant" });'
    " await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))); }"
)


class _CleanUrlHandler(SimpleHTTPRequestHandler):
    """Static files with the site's clean URLs ('/blog' is blog/index.html)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".avif": "image/avif", ".webp": "image/webp"}

    def translate_path(self, path: str) -> str:
        local = Path(super().translate_path(path))
        if local.is_dir() and (local / "index.html").is_file():
            return str(local / "index.html")
        if not local.exists() and local.with_name(local.name + ".html").is_file():
            return str(local.with_name(local.name + ".html"))
        return str(local)

    def log_message(self, *args) -> None:
        pass


@dataclass(frozen=True)
class ImageBytes:
    """Image requests of one page at one screen and their bytes."""

    requests: int
    bytes: int


def serve(client: Path) -> tuple[ThreadingHTTPServer, str]:
    """`client` served on a free loopback port, in a thread of its own."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_CleanUrlHandler, directory=str(client)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def measure(browser, base_url: str, path: str, screen: tuple[int, int, int]) -> ImageBytes:
    """Images one visit of `path` downloads at `screen`, scrolled to the end."""
    width, height, scale = screen
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale)
    images: list = []
    context.on(
        "requestfinished",
        lambda request: images.append(request) if request.resource_type == "image" else None,
    )
    page = context.new_page()
    page.route(lambda url: not url.startswith(base_url), lambda route: route.abort())
    page.goto(base_url + path, wait_until="load")
    # Step by step, a frame apart, so every lazy image passes through the viewport.
    top = 0
    while top < page.evaluate("document.documentElement.scrollHeight"):
        page.evaluate(_SCROLL_AND_PAINT, top)
        top += SCROLL_STEP_PX
    page.wait_for_load_state("networkidle")
    result = ImageBytes(len(images), sum(request.sizes()["responseBodySize"] for request in images))
    context.close()
    return result


def weigh(browser, client: Path) -> dict[tuple[str, str], ImageBytes]:
    """Every page of PAGES at every screen of SCREENS, served from `client`."""
    server, base_url = serve(client)
    try:
        return {
            (path, name): measure(browser, base_url, path, screen)
            for path in PAGES
            for name, screen in SCREENS.items()
        }
    finally:
        server.shutdown()


def _chromium_path() -> str | None:
    return (
        os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or shutil.which("chromium-headless-shell")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--client", type=Path, default=CLIENT, help="the build's client folder")
    parser.add_argument("--baseline-client", type=Path, help="an older build's client folder, for 'before'")
    args = parser.parse_args(argv)
    if not args.client.exists():
        print(f"no build at {args.client}; run `make export` first", file=sys.stderr)
        return 1
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=_chromium_path(), args=["--no-sandbox"])
        after = weigh(browser, args.client)
        before = weigh(browser, args.baseline_client) if args.baseline_client else None
        browser.close()
    print("\nImages downloaded per page, scrolled to the end: KiB (requests)")
    header = f"{'page':<24}" + "".join(
        f"{name + (' before' if before else ''):>22}" + (f"{name + ' after':>22}" if before else "")
        for name in SCREENS
    )
    print(header)
    for path in PAGES:
        line = f"{path:<24}"
        for name in SCREENS:
            cells = ([before[(path, name)]] if before else []) + [after[(path, name)]]
            line += "".join(f"{cell.bytes / KB:>16.1f} ({cell.requests:>2})" for cell in cells)
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
