"""Page weight of the production build: what each page type makes a browser download.

Reads the prerendered files in .web/build/client (run `make export` first) and prints,
per page, the HTML and the JavaScript and CSS it preloads, raw and gzip-compressed.
Figures only; nothing here passes or fails.

    .venv/bin/python benchmarks/page_weight.py
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path

from lighthouse import NOT_FOUND_EXAMPLE
from lighthouse import PAGES as LIGHTHOUSE_PAGES

CLIENT = Path(__file__).resolve().parents[1] / ".web" / "build" / "client"
# The Lighthouse benchmark's page types, plus the German home and the not-found document.
PAGES = [page for page in LIGHTHOUSE_PAGES if page != NOT_FOUND_EXAMPLE] + ["/de", "/404"]


def _html_file(path: str) -> Path:
    if path == "/":
        return CLIENT / "index.html"
    if path == "/404":
        return CLIENT / "404.html"
    return CLIENT / path.strip("/") / "index.html"


def _gzip_size(path: Path) -> int:
    sidecar = path.with_name(path.name + ".gz")
    return sidecar.stat().st_size if sidecar.exists() else len(gzip.compress(path.read_bytes(), 9))


def _assets(html: str, pattern: str) -> list[Path]:
    return [CLIENT / href.lstrip("/") for href in dict.fromkeys(re.findall(pattern, html))]


def main() -> int:
    if not CLIENT.exists():
        print(f"no build at {CLIENT}; run `make export` first", file=sys.stderr)
        return 1
    print(f"{'page':<24}{'HTML kB':>9}{'gz':>7}{'JS files':>10}{'JS kB':>8}{'gz':>7}{'CSS kB':>8}{'gz':>7}")
    for page in PAGES:
        html_path = _html_file(page)
        if not html_path.exists():
            print(f"{page:<24}  (not prerendered)")
            continue
        html = html_path.read_text()
        scripts = _assets(html, r'<link rel="modulepreload" href="([^"]+)"')
        styles = _assets(html, r'<link href="(/assets/[^"]+\.css)" rel="stylesheet"')
        kb = 1024
        print(
            f"{page:<24}{html_path.stat().st_size / kb:>9.1f}{_gzip_size(html_path) / kb:>7.1f}"
            f"{len(scripts):>10}{sum(p.stat().st_size for p in scripts) / kb:>8.1f}"
            f"{sum(_gzip_size(p) for p in scripts) / kb:>7.1f}"
            f"{sum(p.stat().st_size for p in styles) / kb:>8.1f}{sum(_gzip_size(p) for p in styles) / kb:>7.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
