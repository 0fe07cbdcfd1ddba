"""Reflow at 320 px (WCAG 1.4.10): no page of the sitemap scrolls sideways on a 320 px
wide screen (nor on a 375 px phone), and no heading is wider than its box (a German
compound cut off).

Every page of the sitemap, in both languages, opened with JavaScript off: the
prerendered page is what is laid out first, and every page load then costs a document and
its styles only (about a fifth of a hydrated load), so all of them fit in a few seconds.
The long German words break at syllables: `hyphens: auto` under the pages' `lang`
(assets/styles.css), and the soft hyphens of content/hyphenation.yaml in headings and
large text (components/ui/heading.py). The tests' headless Chromium has no hyphenation
dictionary, so here the soft hyphens alone break the words, as on many phones.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from urllib.parse import urlsplit
from xml.etree import ElementTree

import httpx
import pytest
from playwright.sync_api import Browser, Page

SITEMAP_NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
NARROW = {"width": 320, "height": 640}
PHONE = {"width": 375, "height": 812}

# What is too wide: the document (it scrolls sideways), and headings whose text overflows
# their box; for each, the widest elements reaching past the right edge, to name the cause.
OVERFLOW = """() => {
  const root = document.documentElement;
  const name = (el) => `<${el.tagName.toLowerCase()}> ${(el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40)}`;
  const problems = [];
  if (root.scrollWidth > root.clientWidth) {
    const beyond = (el) => el.getBoundingClientRect().right > root.clientWidth + 0.5;
    // The innermost elements reaching past the edge: what is too wide, not its containers.
    const wide = [...document.body.querySelectorAll('*')]
      .filter((el) => beyond(el) && ![...el.children].some(beyond))
      .slice(0, 3).map((el) => `${name(el)} (right ${Math.round(el.getBoundingClientRect().right)})`);
    problems.push(`scrolls sideways: ${root.scrollWidth} px wide; ${wide.join('; ')}`);
  }
  for (const heading of document.querySelectorAll('h1, h2, h3')) {
    // (A visually hidden heading is 1 px wide on purpose.)
    if (heading.clientWidth > 1 && heading.scrollWidth > heading.clientWidth + 1) {
      problems.push(`${name(heading)} is ${heading.scrollWidth} px wide in ${heading.clientWidth} px`);
    }
  }
  return problems;
}"""


def sitemap_paths(http: httpx.Client) -> list[str]:
    """The path of every page the sitemap lists."""
    response = http.get("/sitemap.xml")
    response.raise_for_status()
    root = ElementTree.fromstring(response.content)
    return [urlsplit(loc.text or "").path or "/" for loc in root.findall("s:url/s:loc", SITEMAP_NS)]


def page_at(browser: Browser, viewport: dict[str, int]) -> Iterator[Page]:
    context = browser.new_context(viewport=viewport, java_script_enabled=False)
    yield context.new_page()
    context.close()


@pytest.fixture
def narrow_page(browser: Browser) -> Iterator[Page]:
    yield from page_at(browser, NARROW)


@pytest.fixture(params=[NARROW, PHONE], ids=["320px", "375px"])
def phone_page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    yield from page_at(browser, request.param)


def overflowing_pages(page: Page, base_url: str, paths: list[str]) -> dict[str, list[str]]:
    """For each of `paths` that does not reflow at the page's width: what is too wide."""
    found: dict[str, list[str]] = {}
    for path in paths:
        page.goto(base_url + path)
        problems = page.evaluate(OVERFLOW)
        if problems:
            found[path] = problems
    return found


def test_no_page_scrolls_sideways(phone_page: Page, base_url: str, http: httpx.Client) -> None:
    paths = sitemap_paths(http)
    assert len(paths) > 60 and any(path.startswith("/de") for path in paths), paths
    found = overflowing_pages(phone_page, base_url, paths)
    width = phone_page.viewport_size["width"] if phone_page.viewport_size else 0
    if found:
        lines = [f"{path}:\n        " + "\n        ".join(problems) for path, problems in found.items()]
        pytest.fail(
            f"{len(found)} of {len(paths)} pages do not reflow at {width} px:\n    " + "\n    ".join(lines),
            pytrace=False,
        )


def test_soft_hyphens_are_in_the_visible_text_only(http: httpx.Client) -> None:
    """A heading breaks at the glossary's soft hyphens, but what machines read or a visitor
    copies from the page's head keeps the word whole: title, description, sharing tags,
    structured data, the sitemap."""
    page = http.get("/de/blog/ki-im-gesundheitswesen").text
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", page, re.DOTALL)
    assert heading and "Gesund\u00adheits\u00adwesen" in heading.group(1)
    head = page[: page.index("</head>")]
    assert "Gesundheitswesen" in head and "\u00ad" not in head
    for data in re.findall(r'<script type="application/ld\+json"[^>]*>(.*?)</script>', page, re.DOTALL):
        assert "\u00ad" not in json.dumps(json.loads(data), ensure_ascii=False)
    assert "\u00ad" not in http.get("/sitemap.xml").text


def test_the_reflow_check_finds_a_word_too_long_for_the_screen(narrow_page: Page) -> None:
    """The control: one unbreakable word wider than 320 px is found, in the page and in its
    heading; the same word with soft hyphens is not."""
    word = "Datenschutzgrundverordnungskonformitätsprüfungen"
    narrow_page.set_content(f"<h1 style='font-size:32px'>{word}</h1>")
    problems = narrow_page.evaluate(OVERFLOW)
    assert problems[0].startswith("scrolls sideways") and "is" in problems[1]
    soft = "Daten\u00adschutz\u00adgrund\u00adverordnungs\u00adkonformitäts\u00adprüfungen"
    narrow_page.set_content(f"<h1 style='font-size:32px'>{soft}</h1>")
    assert narrow_page.evaluate(OVERFLOW) == []
