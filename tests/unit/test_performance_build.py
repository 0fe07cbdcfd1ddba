"""The performance pieces of the build, and the Lighthouse benchmark's own logic."""

from __future__ import annotations

import importlib.util
import sys

from agency_site.components.browser import lazy_toaster
from agency_site.frontend_build import (
    ENTRY_CLIENT,
    PaintBeforeHydration,
    _entry_client_task,
    without_module_preloads,
)
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
    code = "\n".join(toaster._get_all_custom_code())
    assert 'import("sonner")' in code
    # The stand-in's methods are sonner's, and calls made while it loads are replayed.
    for method in ("success", "error", "info", "warning", "loading", "dismiss"):
        assert f'"{method}"' in code
    assert 'refs["__toast"] = standIn' in code and "calls.forEach" in code
    assert toaster.render()["name"] == "AgencyToaster"


def test_entry_client_hydrates_after_the_first_paint():
    plugin = PaintBeforeHydration()
    assert plugin.provides_entry_client()
    path, code = _entry_client_task()
    assert path == "app/entry.client.js"
    assert code == ENTRY_CLIENT
    assert "requestAnimationFrame(() => setTimeout(hydrate, 0))" in code
    assert "hydrateRoot(document, createElement(HydratedRouter))" in code


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
