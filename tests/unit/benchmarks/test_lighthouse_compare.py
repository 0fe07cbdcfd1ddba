"""The Lighthouse A/B driver (benchmarks/lighthouse_compare.py): which German address it
measures in each build, and what it calls worse beyond noise."""

import importlib.util
import sys

from agency_site.settings import PROJECT_ROOT

BENCHMARKS = PROJECT_ROOT / "benchmarks"


def _compare():
    sys.path.insert(0, str(BENCHMARKS))  # the driver imports lighthouse.py as a sibling
    try:
        spec = importlib.util.spec_from_file_location(
            "lighthouse_compare", BENCHMARKS / "lighthouse_compare.py"
        )
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCHMARKS))


SITEMAP = """<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url><loc>https://example.org/about</loc>
    <xhtml:link rel="alternate" hreflang="en" href="https://example.org/about"/>
    <xhtml:link rel="alternate" hreflang="de" href="https://example.org/de/ueber-uns"/>
    <xhtml:link rel="alternate" hreflang="x-default" href="https://example.org/about"/>
  </url>
  <url><loc>https://example.org/</loc>
    <xhtml:link rel="alternate" hreflang="en" href="https://example.org/"/>
    <xhtml:link rel="alternate" hreflang="de" href="https://example.org/de"/>
  </url>
  <url><loc>https://example.org/impressum</loc></url>
</urlset>
"""


def test_german_addresses_come_from_the_sitemap_alternates():
    assert _compare().sitemap_pairs(SITEMAP) == {"/about": "/de/ueber-uns", "/": "/de"}


def test_worse_beyond_noise_needs_the_margin_and_the_spread():
    compare = _compare()

    def spread(median, low, high):
        return {"median": median, "min": low, "max": high}

    # LCP 20 % worse and above A's slowest run: flagged.
    assert compare.worse_beyond_noise("lcp", spread(1000, 900, 1100), spread(1200, 1150, 1300))
    # 20 % worse but inside A's range: noise.
    assert not compare.worse_beyond_noise("lcp", spread(1000, 800, 1500), spread(1200, 1100, 1300))
    # 5 % worse: noise.
    assert not compare.worse_beyond_noise("lcp", spread(1000, 1000, 1000), spread(1050, 1050, 1050))
    # A score lower by more than 2 points and below A's lowest.
    assert compare.worse_beyond_noise("performance", spread(0.99, 0.98, 1.0), spread(0.94, 0.9, 0.96))
    assert not compare.worse_beyond_noise("seo", spread(1.0, 1.0, 1.0), spread(1.0, 1.0, 1.0))
    assert compare.worse_beyond_noise("seo", spread(1.0, 1.0, 1.0), spread(0.92, 0.92, 0.92))


def _run(variant, page, throttling, lcp, accessibility=1.0):
    return {
        "variant": variant,
        "page": page,
        "throttlingMethod": throttling,
        "scores": {"performance": 1.0, "seo": 1.0, "accessibility": accessibility},
        "metrics": {"fcp": 900.0, "lcp": lcp, "tbt": 0.0, "cls": 0.0},
        "requests": [],
    }


def test_devtools_runs_are_rows_of_their_own_and_accessibility_is_compared():
    compare = _compare()
    runs = [
        _run("A", "en /project/104", "simulate", 1000.0),
        _run("B", "en /project/104", "simulate", 1000.0, accessibility=0.9),
        _run("A", "en /project/104", "devtools", 3000.0),
        _run("B", "en /project/104", "devtools", 4000.0),
    ]
    text, flagged = compare.table(runs, ["A", "B"])
    rows = [line for line in text.splitlines() if line.startswith("| /project/104 ")]
    assert [row.split(" | ")[2] for row in rows] == ["simulate", "devtools"]
    # The simulated row is not mixed with the devtools one: its LCP is 1.00 in both builds.
    assert "1.00 → 1.00" in rows[0] and "3.00 → 4.00" in rows[1]
    assert flagged == ["en /project/104 accessibility", "devtools en /project/104 lcp"]
    assert [
        job["throttlingMethod"]
        for job in compare.jobs_for({"A": "http://a"}, {"A": {"en /": "/"}}, 1, "mobile", "devtools")
    ] == ["devtools"]
