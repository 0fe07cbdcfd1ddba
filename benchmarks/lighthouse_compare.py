"""Lighthouse A/B: two running builds of the site measured in turns, page by page.

Two servers answer at the same time (say the build before a change on one port and the
one after it on another); for every page type of lighthouse.py's PAGES in both languages
it runs Lighthouse on A, then on B, `--runs` times, all in one Chromium, so both builds
see the same machine load (the machine may be shared). A German page's address is read
from each build's own sitemap.xml (the hreflang alternate of the English page), since the
two builds may spell German addresses differently (/de/about before, /de/ueber-uns after);
the not-found example is /de + its path in both.

Prints, per page and language, the medians (min–max) of the performance score, FCP, LCP,
TBT, CLS, SEO and accessibility of A and B, flags where B is worse than A beyond noise, and
gives the range of Lighthouse's CPU benchmark index per build. `--throttling devtools`
measures real throttled loads instead of Lighthouse's simulation (Lantern), which can
misjudge when an image arrives (it leaves Low-priority requests out of the LCP's graph);
such runs are rows of their own when several files are rendered together. Every run is appended to a JSONL file
as it ends; `--from-jsonl` renders the table again from such files (several may be given,
e.g. a first pass and a re-measurement of some pages).

    .venv/bin/python benchmarks/lighthouse_compare.py http://127.0.0.1:3401 http://127.0.0.1:3402 \\
        --labels baseline,main --runs 3
    .venv/bin/python benchmarks/lighthouse_compare.py URL_A URL_B --pages /project/104 --throttling devtools
    .venv/bin/python benchmarks/lighthouse_compare.py --from-jsonl benchmarks/out/compare-*.jsonl

Needs what lighthouse.py needs (`make lighthouse`, `make chromium-browser`). Writes
benchmarks/out/lighthouse-compare-<time>.{md,jsonl}.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import statistics
import sys
from pathlib import Path
from urllib.parse import urlsplit

from lighthouse import (  # benchmarks/ is this script's folder, first on sys.path
    KB,
    LIGHTHOUSE_MODULES,
    NOT_FOUND_EXAMPLE,
    OUT_DIR,
    PAGES,
    fetch,
    load_average,
    run_lighthouse,
)

# (name, kind, worse when it is higher, the change below which a difference is noise)
FIGURES = [
    ("performance", "score", False, 0.02),
    ("fcp", "s", True, 0.0),
    ("lcp", "s", True, 0.0),
    ("tbt", "ms", True, 50.0),
    ("cls", "cls", True, 0.01),
    ("seo", "score", False, 0.0),
    ("accessibility", "score", False, 0.0),
    ("js_kb", "kb", True, 2.0),
    ("kb", "kb", True, 2.0),
]
# A median of a timing more than this much worse, and outside A's min–max, is flagged.
RELATIVE_NOISE = 0.10
# Bytes hardly vary between runs; more than 5 % (and 2 KiB) more is flagged.
BYTES_NOISE = 0.05

_ALTERNATE = re.compile(r"<url>(.*?)</url>", re.S)
_LINK = re.compile(r'<xhtml:link[^>]*hreflang="(\w[\w-]*)"[^>]*href="([^"]+)"')


def german_paths(base_url: str) -> dict[str, str]:
    """English path -> German path, from the build's sitemap.xml alternates."""
    status, text = fetch(base_url + "/sitemap.xml")
    if status != 200:
        raise SystemExit(f"{base_url}/sitemap.xml answered {status}")
    return sitemap_pairs(text)


def sitemap_pairs(text: str) -> dict[str, str]:
    """English path -> German path of every <url> with both alternates."""
    pairs = {}
    for entry in _ALTERNATE.findall(text):
        links = dict(_LINK.findall(entry))
        if "en" in links and "de" in links:
            pairs[urlsplit(links["en"]).path or "/"] = urlsplit(links["de"]).path
    return pairs


def page_addresses(base_url: str, pages: list[str], langs: list[str]) -> dict[str, str]:
    """'<lang> <English path>' -> this build's path for it."""
    german = german_paths(base_url) if "de" in langs else {}
    addresses = {}
    for lang in langs:
        for page in pages:
            if lang == "en":
                addresses[f"en {page}"] = page
            elif page == NOT_FOUND_EXAMPLE:
                addresses[f"de {page}"] = "/de" + page
            elif page in german:
                addresses[f"de {page}"] = german[page]
            else:
                raise SystemExit(f"{base_url}: no German alternate of {page} in sitemap.xml")
    return addresses


def jobs_for(
    builds: dict[str, str],
    addresses: dict[str, dict[str, str]],
    runs: int,
    preset: str,
    throttling: str = "simulate",
) -> list[dict]:
    """Page by page (all runs of a page before the next page, so a page's figures are complete
    early), and within a run A then B, so neighbouring runs of A and B share the load."""
    jobs = []
    labels = list(builds)
    for key in next(iter(addresses.values())):
        for run in range(runs):
            for label in labels:
                path = addresses[label][key]
                jobs.append(
                    {
                        "id": f"{label} {preset} {throttling} {key} {run}",
                        "variant": label,
                        "preset": preset,
                        "throttlingMethod": throttling,
                        "page": key,
                        "path": path,
                        "run": run,
                        "url": builds[label] + path,
                    }
                )
    return jobs


def read_runs(files: list[Path]) -> list[dict]:
    runs = []
    for file in files:
        for line in file.read_text().splitlines():
            if line.strip():
                runs.append(json.loads(line))
    return runs


def figures_of(result: dict) -> dict:
    scores, metrics, requests = result["scores"], result["metrics"], result["requests"]
    return {
        "performance": scores.get("performance"),
        "seo": scores.get("seo"),
        "accessibility": scores.get("accessibility"),
        **{name: metrics.get(name) for name in ("fcp", "lcp", "tbt", "cls")},
        "js_kb": sum(r["transferSize"] for r in requests if r["resourceType"] == "Script") / KB,
        "kb": sum(r["transferSize"] for r in requests) / KB,
    }


def spread(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "n": len(values)}


def fmt(value: float, kind: str) -> str:
    if kind == "score":
        return f"{round(value * 100)}"
    if kind == "s":
        return f"{value / 1000:.2f}"
    if kind == "ms":
        return f"{value:.0f}"
    if kind == "kb":
        return f"{value:.1f}"
    return f"{value:.3f}"


def cell(summary: dict | None, kind: str) -> str:
    if not summary:
        return "–"
    low, high = fmt(summary["min"], kind), fmt(summary["max"], kind)
    median = fmt(summary["median"], kind)
    return median if low == high else f"{median} ({low}–{high})"


def worse_beyond_noise(name: str, a: dict, b: dict) -> bool:
    """B's median worse than A's by more than the figure's noise and outside A's range."""
    _, _, higher_is_worse, absolute = next(figure for figure in FIGURES if figure[0] == name)
    if higher_is_worse:
        relative = {"fcp": RELATIVE_NOISE, "lcp": RELATIVE_NOISE, "js_kb": BYTES_NOISE, "kb": BYTES_NOISE}
        margin = max(absolute, relative.get(name, 0.0) * a["median"])
        return b["median"] - a["median"] > margin and b["median"] > a["max"]
    return a["median"] - b["median"] > absolute and b["median"] < a["min"]


def throttling_of(result: dict) -> str:
    """How the run was throttled: simulated (Lighthouse's default) or "devtools"."""
    return result.get("throttlingMethod") or "simulate"


def table(runs: list[dict], labels: list[str]) -> tuple[str, list[str]]:
    """The markdown comparison and the flagged '<page> <figure>' list. Later runs of a
    page replace none: every run of a build and page counts (re-measurements add runs).
    Runs throttled another way than simulated are rows of their own ('devtools' column)."""
    grouped: dict[tuple[str, str], list[dict]] = {}
    order: list[str] = []
    for result in runs:
        if "error" in result or result.get("runtimeError"):
            continue
        key = f"{throttling_of(result)} {result['page']}"
        if key not in order:
            order.append(key)
        grouped.setdefault((result["variant"], key), []).append(figures_of(result))
    a, b = labels
    header = (
        "| page | lang | throttling | "
        + " | ".join(f"{name} {a} → {b}" for name, *_ in FIGURES)
        + " | runs | flag |"
    )
    lines = [header, "|" + "---|" * (len(FIGURES) + 5)]
    flagged = []

    def page_order(key: str) -> tuple:
        throttling, lang, page = key.split(" ", 2)
        return (PAGES.index(page) if page in PAGES else 99, page, lang, throttling != "simulate")

    for key in sorted(order, key=page_order):
        throttling, lang, page = key.split(" ", 2)
        cells, flags = [], []
        counts = []
        for name, kind, *_ in FIGURES:
            summaries = []
            for label in labels:
                values = [run[name] for run in grouped.get((label, key), []) if run.get(name) is not None]
                summaries.append(spread(values) if values else None)
            cells.append(f"{cell(summaries[0], kind)} → {cell(summaries[1], kind)}")
            if summaries[0] and summaries[1] and worse_beyond_noise(name, summaries[0], summaries[1]):
                flags.append(name)
                flagged.append(f"{key.removeprefix('simulate ')} {name}")
        counts = [str(len(grouped.get((label, key), []))) for label in labels]
        lines.append(
            f"| {page} | {lang} | {throttling} | "
            + " | ".join(cells)
            + f" | {'/'.join(counts)} | {', '.join(flags) or '–'} |"
        )
    return "\n".join(lines), flagged


def benchmark_indexes(runs: list[dict], labels: list[str]) -> str:
    parts = []
    for label in labels:
        values = [
            run["benchmarkIndex"] for run in runs if run.get("variant") == label and run.get("benchmarkIndex")
        ]
        if values:
            parts.append(
                f"{label} {min(values):.0f}–{max(values):.0f} (median {statistics.median(values):.0f}, {len(values)} runs)"
            )
    return "; ".join(parts)


def report(runs: list[dict], labels: list[str]) -> str:
    text, flagged = table(runs, labels)
    builds = {run["variant"]: urlsplit(run["url"]).netloc for run in runs if "url" in run}
    errors = [run["id"] for run in runs if "error" in run or run.get("runtimeError")]
    lines = [
        f"Lighthouse {json.loads((LIGHTHOUSE_MODULES / 'lighthouse' / 'package.json').read_text())['version']}, "
        f"preset {', '.join(sorted({run['preset'] for run in runs}))}, "
        f"throttling {', '.join(sorted({throttling_of(run) for run in runs}))}; "
        + ", ".join(f"{label} at {builds.get(label, '?')}" for label in labels)
        + ". Medians (min–max) over the runs; scores ×100, FCP and LCP in s, TBT in ms; JS KB and KB: KiB transferred (scripts, everything). "
        "Throttling 'simulate' is Lighthouse's default (Lantern computes the metrics from an unthrottled load); "
        "'devtools' measures a load Chrome really slowed down (same mobile network and 4× CPU).",
        "",
        f"Lighthouse CPU benchmark index: {benchmark_indexes(runs, labels)}.",
        "",
        text,
        "",
        f"Flagged (the second build worse beyond noise: FCP/LCP median > 10 % worse and above the first's max; "
        f"TBT > 50 ms and above the first's max; CLS > 0.01; KiB > 5 % and 2 KiB more; score lower and below the first's min): {', '.join(flagged) or 'none'}.",
    ]
    if errors:
        lines += ["", f"Runs that failed: {', '.join(errors)}."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("urls", nargs="*", help="the two running builds: URL_A URL_B")
    parser.add_argument("--labels", default="A,B", help="names of the two builds (default A,B)")
    parser.add_argument("--pages", default=",".join(PAGES), help="comma-separated English paths")
    parser.add_argument("--langs", default="en,de")
    parser.add_argument("--preset", default="mobile", choices=["mobile", "desktop"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--throttling",
        default="simulate",
        choices=["simulate", "devtools"],
        help="Lighthouse's throttling method: simulated (default) or a real throttled load",
    )
    parser.add_argument("--from-jsonl", nargs="+", type=Path, help="render the table from these runs only")
    args = parser.parse_args(argv)
    labels = args.labels.split(",")

    if args.from_jsonl:
        runs = read_runs(args.from_jsonl)
        labels = list(dict.fromkeys(run["variant"] for run in runs)) if args.labels == "A,B" else labels
        print(report(runs, labels))
        return 0
    if len(args.urls) != 2 or len(labels) != 2:
        parser.error("give two URLs (and two labels), or --from-jsonl")
    if not (LIGHTHOUSE_MODULES / "lighthouse").is_dir():
        print(f"Lighthouse is not installed in {LIGHTHOUSE_MODULES}; run `make lighthouse`", file=sys.stderr)
        return 1
    builds = dict(zip(labels, (url.rstrip("/") for url in args.urls), strict=True))
    langs, pages = args.langs.split(","), args.pages.split(",")
    addresses = {label: page_addresses(url, pages, langs) for label, url in builds.items()}
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    raw_log = OUT_DIR / f"lighthouse-compare-{stamp}.jsonl"
    print(f"load {load_average()}; runs appended to {raw_log}", file=sys.stderr)
    runs = run_lighthouse(jobs_for(builds, addresses, args.runs, args.preset, args.throttling), raw_log)
    text = report(runs, labels)
    (OUT_DIR / f"lighthouse-compare-{stamp}.md").write_text(text)
    print(text)
    print(f"load {load_average()}; written: {OUT_DIR / f'lighthouse-compare-{stamp}.md'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
