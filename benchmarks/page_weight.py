"""Page weight of the production build: what each page type makes a browser download.

Reads the prerendered files in .web/build/client (run `make export` first) and prints,
per page, the HTML, the JavaScript its first load fetches and the CSS it links, raw and
compressed. The JavaScript is the page's module graph: the modules its inline module
script imports (the manifest, the route modules, the entry; or those that the script of
frontend/load_after_paint.js names in `data-modules`) and, recursively, what they import
statically; chunks that are only imported dynamically (`import("…")`: the socket
client, toasts, carousels) load later, when needed, and are not counted. (The pages carry
no `<link rel="modulepreload">` hints to read instead: frontend/paint_before_hydration.py drops them.)
With a baseline build (`--baseline-client`, or `--baseline-rev`, built once by baseline.py)
it prints that build's JavaScript (brotli) beside this one's. Figures only; nothing here
passes or fails.

    .venv/bin/python benchmarks/page_weight.py
    .venv/bin/python benchmarks/page_weight.py --client /tmp/baseline/client   # another build
    .venv/bin/python benchmarks/page_weight.py --baseline-rev main             # before and after
"""

from __future__ import annotations

import argparse
import gzip
import html as html_text
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from lighthouse import NOT_FOUND_EXAMPLE
from lighthouse import PAGES as LIGHTHOUSE_PAGES

CLIENT = Path(__file__).resolve().parents[1] / ".web" / "build" / "client"
# The Lighthouse benchmark's page types, plus the German home and the not-found document.
PAGES = [page for page in LIGHTHOUSE_PAGES if page != NOT_FOUND_EXAMPLE] + ["/de", "/404"]
KB = 1024

_INLINE_MODULE = re.compile(r'<script type="module"[^>]*>(.*?)</script>', re.S)
_DATA_MODULES = re.compile(r'<script data-modules="([^"]*)"')
# In the HTML: `import "/assets/x.js"`, `import * as r from "/assets/x.js"`, `import("/assets/x.js")`.
_HTML_IMPORT = re.compile(r'import\b[^"\'`;]*?["\'](/assets/[^"\']+\.js)["\']')
# In a chunk, only static imports and re-exports: `import{a}from"./x.js"`, `import"./x.js"`.
_STATIC_IMPORT = re.compile(
    r'(?:^|[;\s}])(?:import|export)\s*(?:[\w*{][^"\'`;()]*?from\s*)?["\'](\./[^"\']+\.js)["\']'
)


@dataclass(frozen=True)
class Weight:
    """Raw, gzip and brotli bytes of a set of files (brotli is what browsers get over HTTPS)."""

    files: int
    raw: int
    gz: int
    br: int


def _html_file(client: Path, path: str) -> Path:
    if path == "/":
        return client / "index.html"
    if path == "/404":
        return client / "404.html"
    return client / path.strip("/") / "index.html"


def _compressed_size(path: Path, suffix: str) -> int:
    sidecar = path.with_name(path.name + suffix)
    if sidecar.exists():
        return sidecar.stat().st_size
    return len(gzip.compress(path.read_bytes(), 9))  # no sidecar: estimate with gzip


def weight(files: list[Path]) -> Weight:
    return Weight(
        files=len(files),
        raw=sum(path.stat().st_size for path in files),
        gz=sum(_compressed_size(path, ".gz") for path in files),
        br=sum(_compressed_size(path, ".br") for path in files),
    )


def first_load_scripts(client: Path, html: str) -> list[Path]:
    """Every JavaScript file the page's first load fetches: its module graph without lazy chunks."""
    hrefs = [href for script in _INLINE_MODULE.findall(html) for href in _HTML_IMPORT.findall(script)]
    for names in _DATA_MODULES.findall(html):
        modules = json.loads(html_text.unescape(names))
        hrefs += [modules["manifest"], *(url for _, url in modules["routes"]), modules["entry"]]
    pending = [client / href.lstrip("/") for href in hrefs]
    seen: dict[Path, None] = {}
    while pending:
        module = pending.pop()
        if module in seen or not module.exists():
            continue
        seen[module] = None
        code = module.read_text(encoding="utf-8", errors="replace")
        pending.extend((module.parent / relative).resolve() for relative in _STATIC_IMPORT.findall(code))
    return list(seen)


def page_weights(client: Path, page: str) -> tuple[Weight, Weight, Weight] | None:
    """HTML, first-load JavaScript and CSS of `page`, or None when it is not prerendered."""
    html_path = _html_file(client, page)
    if not html_path.exists():
        return None
    html = html_path.read_text()
    scripts = first_load_scripts(client, html)
    styles = [
        client / href.lstrip("/")
        for href in dict.fromkeys(re.findall(r'<link href="(/assets/[^"]+\.css)" rel="stylesheet"', html))
    ]
    return weight([html_path]), weight(scripts), weight(styles)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--client", type=Path, default=CLIENT, help="the build's client folder")
    parser.add_argument("--baseline-client", type=Path, help="an older build's client folder, for 'before'")
    parser.add_argument("--baseline-rev", help="a git revision to build once (baseline.py) for 'before'")
    args = parser.parse_args(argv)
    client = args.client
    if not client.exists():
        print(f"no build at {client}; run `make export` first", file=sys.stderr)
        return 1
    baseline = args.baseline_client
    if baseline is None and args.baseline_rev:
        from baseline import baseline_web

        baseline = baseline_web(args.baseline_rev) / "build" / "client"
    print("kB = KiB; br: brotli, what browsers get" + (f"; before: {baseline}" if baseline else ""))
    print(
        f"{'page':<24}{'HTML kB':>9}{'gz':>7}{'JS files':>10}{'JS kB':>8}{'gz':>7}{'br':>7}"
        + (f"{'br before':>11}{'change':>8}" if baseline else "")
        + f"{'CSS kB':>8}{'gz':>7}"
    )
    for page in PAGES:
        weights = page_weights(client, page)
        if weights is None:
            print(f"{page:<24}  (not prerendered)")
            continue
        html, js, css = weights
        line = (
            f"{page:<24}{html.raw / KB:>9.1f}{html.gz / KB:>7.1f}{js.files:>10}{js.raw / KB:>8.1f}"
            f"{js.gz / KB:>7.1f}{js.br / KB:>7.1f}"
        )
        if baseline:
            before = page_weights(baseline, page)
            line += (
                f"{before[1].br / KB:>11.1f}{(js.br - before[1].br) / KB:>+8.1f}"
                if before
                else f"{'–':>11}{'':>8}"
            )
        print(line + f"{css.raw / KB:>8.1f}{css.gz / KB:>7.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
