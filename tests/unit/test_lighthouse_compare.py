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
