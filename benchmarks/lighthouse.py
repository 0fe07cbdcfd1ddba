"""Lighthouse benchmark of the production build, with each page's script-free floor.

Builds and serves the production build (`reflex run --env prod --single-port` on a free
port), or measures a server that is already running (`--url`). For one page of each type
in both languages, on Lighthouse's mobile and desktop presets, it runs Lighthouse
`--runs` times and reports medians with min and max: the four category scores, FCP, LCP,
TBT, CLS, bytes and JavaScript bytes transferred, requests, and requests to other hosts.

In the same run it measures each page's "floor": the page's own prerendered HTML with
every <script> and script preload removed (CSS kept), written into the served static
directory under /__floor__/ and served by the same server. The report shows our LCP
divided by the floor's LCP, i.e. what the framework costs on top of the content.

With `--baseline-rev` (a git revision, built once by baseline.py) or `--baseline-web` (a
kept build's web folder) it serves that build too, with this checkout's backend on a port
of its own, and measures its pages in the same run, interleaved with ours and the floor's,
so one table shows before, after and the floor under the same load.

Then it prints the budgets as met or missed per page. Figures only: the exit
status does not depend on the budgets.

    make bench                                   # the full matrix (slow: ~300 runs)
    make bench BASELINE_REV=main                 # and main's build beside it (before)
    .venv/bin/python benchmarks/lighthouse.py --pages /,/blog --presets mobile --runs 1
    .venv/bin/python benchmarks/lighthouse.py --url http://localhost:3301 --langs en

Needs Lighthouse in .tools/lighthouse (`make lighthouse`) and Chromium (CHROME_PATH,
default /usr/bin/chromium). Writes benchmarks/out/lighthouse-<time>.{md,json} and
benchmarks/out/lighthouse-latest.{md,json}.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.support.served_build import BuiltServer  # noqa: E402
from tests.support.server import ServerProcess, free_port, production_server  # noqa: E402

OUT_DIR = ROOT / "benchmarks" / "out"
STATIC_DIR = ROOT / ".web" / "build" / "client"
RUNNER = ROOT / "benchmarks" / "lighthouse_runner.mjs"
LIGHTHOUSE_MODULES = ROOT / ".tools" / "lighthouse" / "node_modules"
FLOOR_PREFIX = "/__floor__"

NOT_FOUND_EXAMPLE = "/this-page-does-not-exist"
# One page of each type (English paths; the German twin is /de + path).
PAGES = [
    "/",
    "/services",
    "/services/ai-callers",
    "/portfolio/all",
    "/project/104",
    "/blog",
    "/blog/ai-healthcare",
    "/about",
    "/contact",
    "/impressum",
    "/datenschutz",
    NOT_FOUND_EXAMPLE,
]
HOME_PAGES = {"/", "/de"}
PRESETS = ["mobile", "desktop"]
LANGS = ["en", "de"]

# The budgets each page is held to.
MOBILE_PERFORMANCE_MIN = 0.95
LCP_MAX_MS = 2000.0
CATEGORY_MIN = 1.0
CLS_MAX = 0.02
HOME_JS_MAX_KB = 170.0
KB = 1024

METRICS = [
    "performance",
    "accessibility",
    "best-practices",
    "seo",
    "fcp",
    "lcp",
    "tbt",
    "cls",
    "kb",
    "js_kb",
    "requests",
]


def localized(path: str, lang: str) -> str:
    """The page's address in `lang` (German ones have German words: /de/ueber-uns)."""
    if lang == "en":
        return path
    from agency_site.i18n import localized_path

    return localized_path(lang, path)


def fetch(url: str, timeout: float = 30) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Accept": "text/html"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def start_server(
    port: int, extra_env: dict[str, str] | None = None, log_name: str = "server.log"
) -> ServerProcess:
    """Build and serve the production build on `port`, in its own process group."""
    server = production_server(port, OUT_DIR / log_name, extra_env, start_timeout_s=900)
    print(f"building and serving the production build on port {port} (log: {server.log})", file=sys.stderr)
    return server.start()


_SCRIPT = re.compile(r"<script\b[^>]*>.*?</script\s*>", re.S | re.I)
_LINK = re.compile(r"<link\b[^>]*>", re.I)


def floor_html(html: str) -> str:
    """The page without any script: no <script> elements, no script (module)preloads."""
    html = _SCRIPT.sub("", html)

    def keep(match: re.Match) -> str:
        tag = match.group(0)
        rel = re.search(r'\brel="([^"]*)"', tag)
        rel_value = rel.group(1).lower() if rel else ""
        if "modulepreload" in rel_value:
            return ""
        if "preload" in rel_value and re.search(r'\bas="script"', tag):
            return ""
        return tag

    return _LINK.sub(keep, html)


def floor_slug(path: str) -> str:
    return "home" if path == "/" else path.strip("/").replace("/", "--")


def write_floors(base_url: str, paths: list[str], static_dir: Path) -> dict[str, str | None]:
    """Writes each page's floor into the served directory; returns page path -> floor path
    (None when the served HTML has no content at all without its scripts)."""
    floor_dir = static_dir / FLOOR_PREFIX.strip("/")
    shutil.rmtree(floor_dir, ignore_errors=True)
    floors = {}
    for path in paths:
        _, html = fetch(base_url + path)
        stripped = floor_html(html)
        body = re.search(r"<body\b.*?</body>", stripped, re.S | re.I)
        if not re.sub(r"<[^>]+>|\s", "", body.group(0) if body else stripped):
            floors[path] = None  # nothing to paint without scripts (rendered in the browser)
            continue
        slug = floor_slug(path)
        target = floor_dir / slug / "index.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(stripped)
        floors[path] = f"{FLOOR_PREFIX}/{slug}"
    return floors


def load_average() -> str:
    try:
        return " ".join(f"{value:.1f}" for value in os.getloadavg())
    except OSError:
        return "n/a"


def run_lighthouse(jobs: list[dict], raw_log: Path) -> list[dict]:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump({"jobs": jobs}, handle)
        jobs_file = handle.name
    env = dict(os.environ, NODE_PATH=str(LIGHTHOUSE_MODULES))
    env.setdefault("CHROME_PATH", shutil.which("chromium") or "/usr/bin/chromium")
    results = []
    started = time.monotonic()
    with subprocess.Popen(
        ["node", str(RUNNER), jobs_file], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT
    ) as process:
        assert process.stdout is not None
        for line in process.stdout:
            with raw_log.open("a") as log:  # every run kept, even if this script is stopped
                log.write(line)
            result = json.loads(line)
            results.append(result)
            elapsed = time.monotonic() - started
            state = "error" if "error" in result else f"perf {result['scores'].get('performance')}"
            print(
                f"[{len(results)}/{len(jobs)} {elapsed:5.0f}s load {load_average()}] "
                f"{result['variant']:<5} {result['preset']:<7} {result['page']:<30} {state}",
                file=sys.stderr,
            )
    os.unlink(jobs_file)
    return results


def measures(result: dict, site_host: str) -> dict:
    """One run's figures, flattened."""
    requests = result["requests"]
    figures = {
        name: result["scores"].get(name) for name in ["performance", "accessibility", "best-practices", "seo"]
    }
    figures.update({name: result["metrics"].get(name) for name in ["fcp", "lcp", "tbt", "cls"]})
    figures["kb"] = sum(request["transferSize"] for request in requests) / KB
    figures["js_kb"] = (
        sum(request["transferSize"] for request in requests if request["resourceType"] == "Script") / KB
    )
    figures["requests"] = len(requests)
    figures["foreign"] = sorted(
        {
            request["url"]
            for request in requests
            if urlsplit(request["url"]).scheme in ("http", "https", "ws", "wss")
            and urlsplit(request["url"]).netloc != site_host
        }
    )
    return figures


def aggregate(runs: list[dict]) -> dict:
    summary: dict = {"runs": len(runs)}
    for name in METRICS:
        values = [run[name] for run in runs if run.get(name) is not None]
        if values:
            summary[name] = {"median": statistics.median(values), "min": min(values), "max": max(values)}
        else:
            summary[name] = None
    summary["foreign"] = sorted({url for run in runs for url in run["foreign"]})
    return summary


def budgets(page: str, preset: str, summary: dict) -> list[tuple[str, bool, str]]:
    """(budget, met, figure) for one page and preset, on the medians."""

    def median(name: str):
        return summary[name]["median"] if summary.get(name) else None

    checks = []
    if preset == "mobile":
        value = median("performance")
        checks.append(
            ("performance ≥ 0.95", value is not None and value >= MOBILE_PERFORMANCE_MIN, f"{value}")
        )
    value = median("lcp")
    checks.append(("LCP ≤ 2.0 s", value is not None and value <= LCP_MAX_MS, f"{(value or 0) / 1000:.2f} s"))
    for category in ["accessibility", "best-practices", "seo"]:
        value = median(category)
        checks.append((f"{category} = 1", value is not None and value >= CATEGORY_MIN, f"{value}"))
    value = median("cls")
    checks.append(("CLS ≤ 0.02", value is not None and value <= CLS_MAX, f"{(value or 0):.3f}"))
    if page in HOME_PAGES:
        value = median("js_kb")
        checks.append(
            ("home JS ≤ 170 KB", value is not None and value <= HOME_JS_MAX_KB, f"{(value or 0):.1f} KB")
        )
    foreign = summary["foreign"]
    checks.append(("no other hosts", not foreign, ", ".join(foreign) or "none"))
    return checks


def _fmt(summary: dict | None, kind: str) -> str:
    if not summary:
        return "–"
    if kind == "score":
        text = [f"{round(summary[key] * 100)}" for key in ("median", "min", "max")]
    elif kind == "s":
        text = [f"{summary[key] / 1000:.2f}" for key in ("median", "min", "max")]
    elif kind == "ms":
        text = [f"{summary[key]:.0f}" for key in ("median", "min", "max")]
    elif kind == "cls":
        text = [f"{summary[key]:.3f}" for key in ("median", "min", "max")]
    elif kind == "kb":
        text = [f"{summary[key]:.1f}" for key in ("median", "min", "max")]
    else:
        text = [f"{summary[key]:.0f}" for key in ("median", "min", "max")]
    if text[1] == text[2]:
        return text[0]
    return f"{text[0]} ({text[1]}–{text[2]})"


def _row(label: str, ours: dict, floor: dict | None, empty_floor: bool) -> str:
    ratio = "–"
    if empty_floor:
        ratio = "no floor: HTML empty without JS"
    elif floor and floor.get("lcp") and ours.get("lcp"):
        ratio = f"{ours['lcp']['median'] / floor['lcp']['median']:.2f}"
    return (
        f"| {label} | {_fmt(ours['performance'], 'score')} | {_fmt(ours['accessibility'], 'score')} "
        f"| {_fmt(ours['best-practices'], 'score')} | {_fmt(ours['seo'], 'score')} "
        f"| {_fmt(ours['fcp'], 's')} | {_fmt(ours['lcp'], 's')} | {_fmt(ours['tbt'], 'ms')} "
        f"| {_fmt(ours['cls'], 'cls')} | {_fmt(ours['kb'], 'kb')} | {_fmt(ours['js_kb'], 'kb')} "
        f"| {_fmt(ours['requests'], 'n')} | {', '.join(ours['foreign']) or '0'} "
        f"| {_fmt(floor['lcp'], 's') if floor else '–'} | {ratio} |"
    )


def markdown(report: dict) -> str:
    lines = [
        f"# Lighthouse benchmark, {report['started']}",
        "",
        f"Lighthouse {report['lighthouse']} on {report['chrome']}, {report['url']}, worktree at {report['commit']} (with `--url`, the server's build may be older); "
        f"{report['runs']} run(s) per page and preset; mobile CPU slowdown {report['cpu_slowdown'] or 4}×; medians (min–max). Load average (1, 5, 15 min) "
        f"{report['load_before']} before, {report['load_after']} after; Lighthouse's CPU benchmark index "
        f"median {report['benchmark_index']} (an idle desktop scores ~1000–2000; lower means a busier CPU, "
        "which inflates TBT and the performance score under simulated throttling).",
        "",
        "Scores ×100. FCP, LCP in s; TBT in ms; KB = KiB transferred (compressed); req = requests; "
        "floor = the same page's HTML and CSS without any script, served by the same server.",
        "",
    ]
    if report.get("before"):
        lines += [
            f"Each page's second row (*before*) is the build of {report['before']}, served beside "
            "ours by this checkout's backend and measured in the same runs.",
            "",
        ]
    for preset in report["presets"]:
        lines += [
            f"## {preset}",
            "",
            "| page | perf | a11y | best pr. | SEO | FCP | LCP | TBT | CLS | KB | JS KB | req | other hosts "
            "| floor LCP | LCP / floor |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for page in report["pages"]:
            floor = report["results"].get(f"floor {preset} {page}")
            for variant, label in (("ours", page), ("before", f"{page} *before*")):
                ours = report["results"].get(f"{variant} {preset} {page}")
                if ours:
                    lines.append(_row(label, ours, floor, page in report["empty_floors"]))
        lines.append("")
    lines += ["## Budgets (on the medians)", "", "| page | preset | met | missed |", "|---|---|---|---|"]
    met_total = missed_total = 0
    for preset in report["presets"]:
        for page in report["pages"]:
            checks = report["budgets"].get(f"{preset} {page}")
            if not checks:
                continue
            met = [name for name, ok, _ in checks if ok]
            missed = [f"{name} ({figure})" for name, ok, figure in checks if not ok]
            met_total += len(met)
            missed_total += len(missed)
            lines.append(f"| {page} | {preset} | {len(met)}/{len(checks)} | {'; '.join(missed) or '–'} |")
    lines += ["", f"Budgets met: {met_total}, missed: {missed_total}.", ""]
    flagged = report["flagged"]
    if flagged:
        lines += [
            "## What Lighthouse flags (accessibility, best practices, SEO; any page, any run)",
            "",
            "| audit | category | pages |",
            "|---|---|---|",
        ]
        for audit_id, entry in sorted(flagged.items()):
            lines.append(
                f"| {audit_id}: {entry['title']} | {entry['category']} | {', '.join(entry['pages'])} |"
            )
        lines.append("")
    return "\n".join(lines)


def git_commit() -> str:
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True
        )
        return commit.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")
    except OSError:
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="measure this running server instead of building and serving one")
    parser.add_argument(
        "--static-dir",
        type=Path,
        default=STATIC_DIR,
        help="where the server's static files are (for the floor pages)",
    )
    parser.add_argument(
        "--pages", default=",".join(PAGES), help="comma-separated English paths (default: one of each type)"
    )
    parser.add_argument("--langs", default=",".join(LANGS), help="en,de")
    parser.add_argument("--presets", default=",".join(PRESETS), help="mobile,desktop")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--cpu-slowdown",
        type=float,
        help="mobile preset's CPU slowdown multiplier (Lighthouse's default: 4); lower it on a slow or busy machine",
    )
    parser.add_argument("--no-floor", action="store_true", help="skip the script-free floor pages")
    parser.add_argument(
        "--baseline-rev", help="also measure this git revision's build ('before'; baseline.py)"
    )
    parser.add_argument(
        "--baseline-web", type=Path, help="also measure this kept build's web folder ('before')"
    )
    args = parser.parse_args(argv)

    if not (LIGHTHOUSE_MODULES / "lighthouse").is_dir():
        print(f"Lighthouse is not installed in {LIGHTHOUSE_MODULES}; run `make lighthouse`", file=sys.stderr)
        return 1
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    pages = [localized(page, lang) for lang in args.langs.split(",") for page in args.pages.split(",")]
    presets = args.presets.split(",")

    server = None
    before_server = None
    before_label = None
    before_scratch = Path(tempfile.mkdtemp(prefix="agency-lighthouse-before-"))
    started = dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    lighthouse_version = json.loads((LIGHTHOUSE_MODULES / "lighthouse" / "package.json").read_text())[
        "version"
    ]
    try:
        if args.url:
            base_url = args.url.rstrip("/")
        else:
            port = free_port()
            server = start_server(port)
            base_url = f"http://127.0.0.1:{port}"
        site_host = urlsplit(base_url).netloc
        floors = {} if args.no_floor else write_floors(base_url, pages, args.static_dir)
        before_web = args.baseline_web
        if before_web is None and args.baseline_rev:
            from baseline import baseline_web, resolve

            before_web = baseline_web(args.baseline_rev)
            before_label = f"{args.baseline_rev} ({resolve(args.baseline_rev)})"
        if before_web is not None:
            before_label = before_label or str(before_web)
            database = {"DATABASE_URL": f"sqlite:///{before_scratch / 'before.db'}"}
            before_server = BuiltServer(before_scratch, database, source=before_web)
            before_server.start()
        hosts = {"ours": site_host, "floor": site_host}
        bases = {"ours": base_url, "floor": base_url}
        if before_server is not None:
            hosts["before"] = urlsplit(before_server.url).netloc
            bases["before"] = before_server.url

        jobs = []
        # Interleaved (run, page, preset: ours, before, floor), so load changes hit them alike.
        for run in range(args.runs):
            for page in pages:
                for preset in presets:
                    variants = [("ours", page)] + ([("before", page)] if before_server else [])
                    variants += [("floor", floors[page])] if floors.get(page) else []
                    for variant, path in variants:
                        jobs.append(
                            {
                                "id": f"{variant} {preset} {page} {run}",
                                "variant": variant,
                                "preset": preset,
                                "page": page,
                                "run": run,
                                "url": bases[variant] + path,
                                "cpuSlowdown": args.cpu_slowdown,
                            }
                        )
        load_before = load_average()
        raw = run_lighthouse(jobs, OUT_DIR / f"lighthouse-{stamp}.jsonl")
        load_after = load_average()
    finally:
        if server is not None:
            server.stop()
        if before_server is not None:
            before_server.stop()
        shutil.rmtree(before_scratch, ignore_errors=True)

    grouped: dict[str, list[dict]] = {}
    errors = []
    for result in raw:
        if "error" in result or result.get("runtimeError"):
            errors.append({"id": result["id"], "error": result.get("error") or result.get("runtimeError")})
            continue
        grouped.setdefault(f"{result['variant']} {result['preset']} {result['page']}", []).append(
            measures(result, hosts[result["variant"]])
        )
    results = {key: aggregate(runs) for key, runs in grouped.items()}
    budget_checks = {
        f"{preset} {page}": budgets(page, preset, results[f"ours {preset} {page}"])
        for preset in presets
        for page in pages
        if f"ours {preset} {page}" in results
    }
    flagged: dict[str, dict] = {}
    for result in raw:
        if result.get("variant") != "ours" or "audits" not in result:
            continue
        for audit_id, audit in result["audits"].items():
            if audit["category"] in ("accessibility", "best-practices", "seo"):
                entry = flagged.setdefault(
                    audit_id, {"title": audit["title"], "category": audit["category"], "pages": []}
                )
                if result["page"] not in entry["pages"]:
                    entry["pages"].append(result["page"])
    indexes = [result["benchmarkIndex"] for result in raw if result.get("benchmarkIndex")]
    chrome = subprocess.run(
        [os.environ.get("CHROME_PATH", "/usr/bin/chromium"), "--version"], capture_output=True, text=True
    ).stdout.strip()
    report = {
        "started": started,
        "url": base_url,
        "commit": git_commit(),
        "before": before_label,
        "lighthouse": lighthouse_version,
        "chrome": chrome or "Chromium",
        "runs": args.runs,
        "cpu_slowdown": args.cpu_slowdown,
        "presets": presets,
        "pages": pages,
        "load_before": load_before,
        "load_after": load_after,
        "benchmark_index": round(statistics.median(indexes)) if indexes else None,
        "results": results,
        "budgets": {key: [list(check) for check in checks] for key, checks in budget_checks.items()},
        "flagged": flagged,
        "empty_floors": [page for page, floor in floors.items() if floor is None],
        "errors": errors,
        "raw": raw,
    }
    text = markdown(report)
    for name in (f"lighthouse-{stamp}", "lighthouse-latest"):
        (OUT_DIR / f"{name}.md").write_text(text)
        (OUT_DIR / f"{name}.json").write_text(json.dumps(report, indent=1))
    print(text)
    if errors:
        print(f"{len(errors)} run(s) failed; see {OUT_DIR / f'lighthouse-{stamp}.json'}", file=sys.stderr)
    print(f"written: {OUT_DIR / f'lighthouse-{stamp}.md'} and .json", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
