"""The performance pieces of the build, and the Lighthouse benchmark's own logic."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys

import pytest
from reflex_base.constants.compiler import Embed

from agency_site.components.ui.toaster import lazy_toaster
from agency_site.frontend.paint_before_hydration import (
    PaintBeforeHydration,
    _entry_client_task,
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
        '<body><script type="module" async="">import "/assets/manifest-2.js";</script></body>'
    )
    assert without_module_preloads(page) == (
        '<head><link rel="stylesheet" href="/assets/app-1.css"/>'
        '<link rel="canonical" href="https://example.com/about"/></head>'
        '<body><script type="module" async="">import "/assets/manifest-2.js";</script></body>'
    )
    (tmp_path / "about").mkdir()
    (tmp_path / "about" / "index.html").write_text(page)
    (tmp_path / "robots.txt").write_text('<link rel="modulepreload" href="/x.js"/>')
    PaintBeforeHydration().post_build(static_dir=tmp_path)
    assert "modulepreload" not in (tmp_path / "about" / "index.html").read_text()
    # Only HTML pages are rewritten.
    assert "modulepreload" in (tmp_path / "robots.txt").read_text()
