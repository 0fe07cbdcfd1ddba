"""The performance pieces of the build, and the Lighthouse benchmark's own logic."""

from __future__ import annotations

import html
import importlib.util
import json
import re
import shutil
import subprocess
import sys

import pytest
from reflex_base.constants.compiler import Embed

from agency_site.components.ui.toaster import lazy_toaster
from agency_site.frontend.paint_before_hydration import (
    LOAD_AFTER_PAINT_FILE,
    PaintBeforeHydration,
    RouterScriptChanged,
    _entry_client_task,
    load_after_paint_text,
    loading_after_paint,
    router_modules,
    without_module_preloads,
)
from agency_site.frontend.react import REACT_FOLDER, jsx_library
from agency_site.settings import PROJECT_ROOT


def _benchmark():
    spec = importlib.util.spec_from_file_location(
        "lighthouse_bench", PROJECT_ROOT / "benchmarks" / "lighthouse.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_toaster_loads_sonner_on_the_first_toast_only():
    toaster = lazy_toaster()
    # No static import of sonner (it would land in the first bundle).
    assert all(not var.render for var in toaster._get_all_imports().get("sonner@2.0.8", []))
    code = (REACT_FOLDER / "lazy_toaster.jsx").read_text(encoding="utf-8")
    assert toaster.library == jsx_library("lazy_toaster.jsx")
    assert 'import("sonner")' in code
    # The stand-in's methods are sonner's, and calls made while it loads are replayed.
    for method in ("success", "error", "info", "warning", "loading", "dismiss"):
        assert f'"{method}"' in code
    assert "import { refs }" in code
    assert 'refs["__toast"] = standIn' in code and "calls.forEach" in code
    assert toaster.render()["name"] == "AgencyToaster"


# Runs our entry.client.js in Node against stand-ins for react, react-dom/client and
# react-router/dom, with frames and timers the script queues and the test fires by hand.
ENTRY_HARNESS = """
const frames = [], timers = [], listeners = {};
globalThis.requestAnimationFrame = (callback) => frames.push(callback);
globalThis.setTimeout = (callback, ms) => timers.push({ callback, ms });
// "image": the page has a largest image still loading (fetchpriority="high").
const image = { complete: false, addEventListener: (type, callback) => (listeners[type] = callback) };
globalThis.document = {
  nodeName: "#document",
  querySelector: (selector) =>
    process.argv[2] === "image" && selector === 'img[fetchpriority="high"]' ? image : null,
};
globalThis.hydrations = [];
await import("./entry.client.js");
const log = [`after the script: ${hydrations.length}`];
const fire = (ms) => timers.splice(0).forEach((t) => (t.ms === ms ? t.callback() : timers.push(t)));
const paint = () => {
  frames.splice(0).forEach((callback) => callback());
  log.push(`after the frame: ${hydrations.length}`);
  fire(0);
  log.push(`after the task that follows the paint: ${hydrations.length}`);
};
if (process.argv[2] === "image") {
  paint();
  fire(200);
  log.push(`after 200 ms, the image loading: ${hydrations.length}`);
  listeners.load();
  await Promise.resolve();
  log.push("the image loaded");
}
if (process.argv[2] !== "hidden") paint();
fire(200);
log.push(`after 200 ms: ${hydrations.length}`);
log.push(`into: ${hydrations.map((h) => h.join(" ")).join(", ")}`);
console.log(log.join("\\n"));
"""
STAND_INS = {
    "react": (
        "index.js",
        "export const startTransition = (run) => run();\n"
        "export const createElement = (type) => `<${type.name}>`;\n",
    ),
    "react-dom": (
        "client.js",
        "export const hydrateRoot = (into, element) => hydrations.push([into.nodeName, element]);\n",
    ),
    "react-router": ("dom.js", "export function HydratedRouter() {}\n"),
}


def _run_entry_client(tmp_path, tab: str) -> list[str]:
    for package, (file, code) in STAND_INS.items():
        folder = tmp_path / "node_modules" / package
        folder.mkdir(parents=True)
        exports = {".": f"./{file}", f"./{file.removesuffix('.js')}": f"./{file}"}
        (folder / "package.json").write_text(json.dumps({"type": "module", "exports": exports}))
        (folder / file).write_text(code)
    (tmp_path / "package.json").write_text('{"type": "module"}')
    path, code = _entry_client_task()
    (tmp_path / "entry.client.js").write_text(code)
    (tmp_path / "harness.js").write_text(ENTRY_HARNESS)
    result = subprocess.run(
        ["node", "harness.js", tab], cwd=tmp_path, capture_output=True, text=True, check=False, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert path == Embed.ENTRY_PATH
    return result.stdout.strip().splitlines()


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_entry_client_hydrates_once_after_the_first_paint(tmp_path):
    # Not while the module runs, not in the frame before the paint: in the task after it,
    # once (the 200 ms fallback then finds it done).
    assert _run_entry_client(tmp_path, "visible") == [
        "after the script: 0",
        "after the frame: 0",
        "after the task that follows the paint: 1",
        "after 200 ms: 1",
        "into: #document <HydratedRouter>",
    ]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_entry_client_hydrates_a_hidden_tab_after_200_ms(tmp_path):
    # A hidden tab gets no frames: the timer hydrates it.
    assert _run_entry_client(tmp_path, "hidden") == [
        "after the script: 0",
        "after 200 ms: 1",
        "into: #document <HydratedRouter>",
    ]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_entry_client_hydrates_after_the_largest_image_is_painted(tmp_path):
    # Hydration is one long task: an image arriving during it would be painted after it.
    assert _run_entry_client(tmp_path, "image") == [
        "after the script: 0",
        "after the frame: 0",
        "after the task that follows the paint: 0",
        "after 200 ms, the image loading: 0",
        "the image loaded",
        "after the frame: 0",
        "after the task that follows the paint: 1",
        "after 200 ms: 1",
        "into: #document <HydratedRouter>",
    ]


def test_reflex_writes_our_entry_client_instead_of_its_own(tmp_path, monkeypatch):
    """What the build relies on from Reflex: with our plugin configured, Reflex skips its own
    entry.client.js (reflex/utils/frontend_skeleton.py, update_entry_client), and the plugin's
    save task writes ours at the path Reflex's module script loads."""
    from reflex.utils import frontend_skeleton
    from reflex_base.config import get_config

    assert any(isinstance(plugin, PaintBeforeHydration) for plugin in get_config().plugins), (
        "rxconfig.py no longer registers PaintBeforeHydration"
    )
    monkeypatch.setattr(frontend_skeleton, "get_web_dir", lambda: tmp_path)
    frontend_skeleton.update_entry_client()
    assert not (tmp_path / Embed.ENTRY_PATH).exists(), (
        "reflex/utils/frontend_skeleton.py update_entry_client() wrote its own entry.client.js "
        "although PaintBeforeHydration provides one: Reflex changed how plugins replace it"
    )
    tasks = []
    PaintBeforeHydration().pre_compile(add_save_task=tasks.append)
    assert [task()[0] for task in tasks] == [Embed.ENTRY_PATH]


def test_floor_keeps_html_and_css_and_drops_every_script():
    bench = _benchmark()
    html = (
        '<html><head><link rel="modulepreload" href="/assets/a.js"/>'
        '<link rel="preload" as="script" href="/b.js"/>'
        '<link href="/assets/s.css" rel="stylesheet"/><link rel="preload" as="image" href="/i.webp"/>'
        "<script>inline()</script></head><body><p>Text</p>"
        '<script type="module" async="">import "/x.js";</script><script src="/behaviours.js"></script></body></html>'
    )
    floor = bench.floor_html(html)
    assert "<script" not in floor
    assert "modulepreload" not in floor and "/b.js" not in floor
    assert '<link href="/assets/s.css" rel="stylesheet"/>' in floor
    assert 'as="image"' in floor and "<p>Text</p>" in floor


def test_budgets_report_what_is_missed():
    bench = _benchmark()

    def figure(value):
        return {"median": value, "min": value, "max": value}

    summary = {
        "performance": figure(0.9),
        "accessibility": figure(1),
        "best-practices": figure(1),
        "seo": figure(0.92),
        "lcp": figure(1800),
        "cls": figure(0.0),
        "js_kb": figure(180.0),
        "foreign": ["https://fonts.example/x.woff2"],
    }
    missed = {name for name, met, _ in bench.budgets("/", "mobile", summary) if not met}
    assert missed == {"performance ≥ 0.95", "seo = 1", "home JS ≤ 170 KB", "no other hosts"}
    # Desktop has no performance budget; other pages no JS budget.
    names = {name for name, _, _ in bench.budgets("/about", "desktop", summary)}
    assert "performance ≥ 0.95" not in names and "home JS ≤ 170 KB" not in names


def test_prerendered_pages_lose_their_module_preloads_and_keep_everything_else(tmp_path):
    page = (
        '<head><link rel="stylesheet" href="/assets/app-1.css"/>'
        '<link rel="modulepreload" href="/assets/manifest-2.js"/>'
        '<link rel="modulepreload" href="/assets/entry.client-3.js" crossorigin=""/>'
        '<link rel="canonical" href="https://example.com/about"/></head>'
        "<body><p>About</p></body>"
    )
    assert without_module_preloads(page) == (
        '<head><link rel="stylesheet" href="/assets/app-1.css"/>'
        '<link rel="canonical" href="https://example.com/about"/></head>'
        "<body><p>About</p></body>"
    )
    (tmp_path / "about").mkdir()
    (tmp_path / "about" / "index.html").write_text(page)
    (tmp_path / "robots.txt").write_text('<link rel="modulepreload" href="/x.js"/>')
    PaintBeforeHydration().post_build(static_dir=tmp_path)
    assert "modulepreload" not in (tmp_path / "about" / "index.html").read_text()
    # Only HTML pages are rewritten.
    assert "modulepreload" in (tmp_path / "robots.txt").read_text()


# React Router's module script as the build writes it at the end of every page.
ROUTER_SCRIPT = (
    'import "/assets/manifest-2.js";\n'
    'import * as route0 from "/assets/root-3.js";\n'
    'import * as route1 from "/assets/_about_._index-4.js";\n'
    "  \n"
    '  window.__reactRouterRouteModules = {"root":route0,"routes/[about]._index":route1};\n'
    "\n"
    'import("/assets/entry.client-5.js");'
)
ROUTER_MODULES = {
    "manifest": "/assets/manifest-2.js",
    "routes": [["root", "/assets/root-3.js"], ["routes/[about]._index", "/assets/_about_._index-4.js"]],
    "entry": "/assets/entry.client-5.js",
}


def test_the_router_script_is_replaced_by_one_that_loads_the_same_modules_after_the_paint(tmp_path):
    page = f'<body><p>About</p><script type="module" async="">{ROUTER_SCRIPT}</script><script>x()</script></body>'
    assert router_modules(ROUTER_SCRIPT) == ROUTER_MODULES
    (tmp_path / "about").mkdir()
    (tmp_path / "about" / "index.html").write_text(page)
    PaintBeforeHydration().post_build(static_dir=tmp_path)
    rewritten = (tmp_path / "about" / "index.html").read_text()
    assert 'type="module"' not in rewritten and "import " not in rewritten.replace(
        load_after_paint_text(), ""
    )
    names = re.search(r'<script data-modules="([^"]*)">(.*?)</script>', rewritten, re.S)
    assert names is not None
    assert json.loads(html.unescape(names.group(1))) == ROUTER_MODULES
    assert names.group(2) == load_after_paint_text() and "//" not in names.group(2).split("\n")[0]
    assert rewritten.startswith("<body><p>About</p>") and rewritten.endswith("<script>x()</script></body>")


@pytest.mark.parametrize(
    "script",
    [
        ROUTER_SCRIPT + "\nwindow.somethingNew = 1;",
        ROUTER_SCRIPT.replace('import("/assets/entry.client-5.js");', ""),
        ROUTER_SCRIPT.replace('"root":route0,', ""),
    ],
)
def test_a_router_script_of_another_shape_stops_the_build(script):
    with pytest.raises(RouterScriptChanged):
        loading_after_paint(f'<script type="module" async="">{script}</script>')


# Runs load_after_paint.js in Node with modules that record their evaluation, and frames,
# timers and paint-timing entries the test fires by hand. argv[5], the browser: "frames"
# (no paint timing), "paint" (its first paint is reported once presented), "no-paint" (it has
# paint timing but reports no paint: a page hidden before it painted).
LOADER_HARNESS = """
import { readFileSync } from "node:fs";
globalThis.window = globalThis;
globalThis.events = [];
const frames = [], timers = [], observers = [];
const browser = process.argv[5];
globalThis.requestAnimationFrame = (callback) => frames.push(callback);
globalThis.setTimeout = (callback) => timers.push(callback);
if (browser !== "frames") {
  globalThis.PerformanceObserver = class {
    static supportedEntryTypes = ["paint", "resource"];
    constructor(callback) { this.callback = callback; }
    observe(options) { if (options.type === "paint") observers.push(this); }
    disconnect() { events.push("observer disconnected"); }
  };
}
globalThis.document = {
  visibilityState: process.argv[3],
  currentScript: { getAttribute: (name) => (name === "data-modules" ? process.argv[4] : null) },
};
(0, eval)(readFileSync(process.argv[2], "utf8"));
events.push(`ran, ${frames.length} frame(s) asked`);
frames.splice(0).forEach((callback) => callback());
events.push("painted");
if (browser === "paint") {
  events.push("presented");
  observers.forEach((observer) => observer.callback({ getEntries: () => [] }, observer));
} else {
  timers.splice(0).forEach((callback) => callback());
}
const entered = () => events.some((event) => event.startsWith("entry"));
await new Promise((done) => { const wait = () => (entered() ? done() : setImmediate(wait)); wait(); });
// The fall-back timer, once the modules were loaded: nothing is loaded twice.
timers.splice(0).forEach((callback) => callback());
await new Promise((done) => setImmediate(done));
console.log(JSON.stringify(events));
"""
LOADER_MODULES = {
    "manifest.mjs": 'globalThis.events.push("manifest");\n',
    "root.mjs": 'export const name = "root module";\nglobalThis.events.push("root");\n',
    "entry.mjs": (
        "const routes = window.__reactRouterRouteModules;\n"
        'globalThis.events.push(`entry: ${Object.keys(routes)} (${routes["root"].name})`);\n'
    ),
}


@pytest.mark.parametrize(
    ("visibility", "browser"),
    [
        ("visible", "frames"),
        ("hidden", "frames"),
        ("visible", "paint"),
        ("visible", "no-paint"),
        ("hidden", "paint"),
    ],
)
def test_the_loader_starts_after_the_first_paint_and_hands_react_router_its_modules(
    tmp_path, visibility, browser
):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    for name, code in LOADER_MODULES.items():
        (tmp_path / name).write_text(code)
    modules = {
        "manifest": (tmp_path / "manifest.mjs").as_uri(),
        "routes": [["root", (tmp_path / "root.mjs").as_uri()]],
        "entry": (tmp_path / "entry.mjs").as_uri(),
    }
    harness = tmp_path / "harness.mjs"
    harness.write_text(LOADER_HARNESS)
    ran = subprocess.run(
        [node, str(harness), str(LOAD_AFTER_PAINT_FILE), visibility, json.dumps(modules), browser],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 0, ran.stderr
    events = json.loads(ran.stdout)
    # Visible: nothing starts before the frame (with paint timing, before the paint is
    # presented; without a paint entry, the frame's timer starts them); a hidden tab (no
    # frames) starts at once.
    asked = "1 frame(s) asked" if visibility == "visible" else "0 frame(s) asked"
    assert events[0] == f"ran, {asked}"
    loaded = ["manifest", "root", "entry: root (root module)"]
    assert [event for event in events if event in loaded or event.startswith("entry")] == loaded
    first = events.index("manifest")
    if visibility == "hidden":
        return
    if browser == "paint":
        assert events.index("presented") < events.index("observer disconnected") < first
    else:
        assert events.index("painted") < first


def test_the_report_shows_each_page_before_and_after_beside_its_floor():
    bench = _benchmark()

    def run(lcp):
        figures = {name: None for name in bench.METRICS} | {"lcp": lcp, "performance": 1.0, "foreign": []}
        return bench.aggregate([figures])

    report = {
        "started": "now",
        "lighthouse": "12",
        "chrome": "Chromium",
        "url": "http://127.0.0.1:1",
        "commit": "abc",
        "before": "main (def)",
        "runs": 1,
        "cpu_slowdown": None,
        "load_before": "1",
        "load_after": "1",
        "benchmark_index": 1000,
        "presets": ["mobile"],
        "pages": ["/"],
        "results": {"ours mobile /": run(1100), "before mobile /": run(2200), "floor mobile /": run(1000)},
        "budgets": {},
        "flagged": {},
        "empty_floors": [],
    }
    rows = [line for line in bench.markdown(report).splitlines() if line.startswith("| /")]
    assert [row.split(" | ")[0] for row in rows] == ["| /", "| / *before*"]
    # LCP / floor, for after and before alike.
    assert rows[0].endswith("| 1.00 | 1.10 |") and rows[1].endswith("| 1.00 | 2.20 |")
    assert "main (def)" in bench.markdown(report)
