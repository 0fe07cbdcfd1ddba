"""The inline head script (agency_site/frontend/language_redirect.js), as the build inlines it."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from agency_site.components.head_script import LANGUAGE_CHOICE_ATTRIBUTE, head_script, head_script_text
from agency_site.constants import LANGUAGE_PREFIX, LANGUAGE_STORAGE_KEY
from agency_site.content.slugs import get_german_urls
from agency_site.i18n import localized_path


def test_head_script_has_no_characters_html_would_mangle() -> None:
    # A "<" could end the element early ("</script>") or be escaped by the renderer.
    assert "<" not in head_script_text()
    # The header comment stays in the file, not in every page.
    assert not head_script_text().startswith("//")


def test_constants_reach_the_script_from_python() -> None:
    props = "".join(str(prop) for prop in head_script().render()["props"])
    languages = {"germanPrefix": LANGUAGE_PREFIX["de"], "germanSections": SECTIONS}
    assert json.dumps(json.dumps(languages, separators=(",", ":"))) in props
    assert f'"data-storage-key":{json.dumps(LANGUAGE_STORAGE_KEY)}' in props
    text = head_script_text()
    assert '"data-languages"' in text and '"data-storage-key"' in text
    # The prefix and the slugs reach the browser only through that value.
    assert '"/de' not in text and not any(f'"{word}"' in text for word in SECTIONS.values())
    assert f'"{LANGUAGE_CHOICE_ATTRIBUTE}"' in text


SECTIONS = get_german_urls().sections

# Runs the script in Node against a stand-in document: `url` is the page, `stored` the
# stored language, `head` the hrefs of its canonical and hreflang links (selector -> href);
# a click on a link (its attributes in `click`) is dispatched after it.
HARNESS = """
const [url, stored, click, head, sections] = JSON.parse(process.argv[2]);
const location = new URL(url);
const log = { replaced: null, stored, lang: null, hidden: false };
const listeners = {};
class Element {
  constructor(attributes, parent) { this.attributes = attributes; this.parent = parent; }
  getAttribute(name) { return this.attributes[name] ?? null; }
  closest(selector) {
    if (selector === "a[href]") return "href" in this.attributes ? this : null;
    if (selector === "[popover]") return this.parent;
    return null;
  }
  matches() { return true; }
  hidePopover() { log.hidden = true; }
}
globalThis.Element = Element;
globalThis.window = {
  location: { origin: location.origin, pathname: location.pathname, search: location.search, hash: location.hash,
              replace: (to) => { log.replaced = to; } },
  localStorage: { getItem: () => log.stored, setItem: (key, value) => { log.stored = `${key}=${value}`; } },
};
globalThis.document = {
  currentScript: { getAttribute: (name) => ({ "data-storage-key": "language",
    "data-languages": JSON.stringify({ germanPrefix: "/de", germanSections: sections }) })[name] },
  querySelector: (selector) => (selector in head ? { href: head[selector] } : null),
  documentElement: { style: {}, set lang(value) { log.lang = value; } },
  addEventListener: (type, listener) => { listeners[type] = listener; },
};
const fs = await import("node:fs");
(0, eval)(fs.readFileSync("script.js", "utf8"));
if (click) {
  const link = new Element(click, new Element({}, null));
  listeners.click({ target: link });
  log.href = link.href ?? null;
}
console.log(JSON.stringify(log));
"""


CANONICAL = 'link[rel="canonical"]'


def _alternate(lang: str) -> str:
    return f'link[rel="alternate"][hreflang="{lang}"]'


def _head(path: str) -> dict[str, str]:
    """The canonical and hreflang links of the page at spec path `path`, as built."""
    return {
        CANONICAL: "http://site.example" + path,
        _alternate("en"): "http://site.example" + path,
        _alternate("de"): "http://site.example" + localized_path("de", path),
    }


def _run(tmp_path, url: str, stored: str | None, click: dict | None = None, head: dict | None = None) -> dict:
    (tmp_path / "script.js").write_text(head_script_text(), encoding="utf-8")
    (tmp_path / "harness.mjs").write_text(HARNESS, encoding="utf-8")
    result = subprocess.run(
        ["node", "harness.mjs", json.dumps([url, stored, click, head or {}, SECTIONS])],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(result.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
@pytest.mark.parametrize(
    ("url", "stored", "replaced", "lang", "head"),
    [
        ("http://x/about?ref=mail#top", "de", "http://x/de/ueber-uns?ref=mail#top", "en", _head("/about")),
        (
            "http://x/blog/ai-healthcare",
            "de",
            "http://x/de/blog/ki-im-gesundheitswesen",
            "en",
            _head("/blog/ai-healthcare"),
        ),
        ("http://x/", "de", "http://x/de", "en", _head("/")),
        ("http://x/de/ueber-uns", "de", None, "de", {}),
        ("http://x/about", "DE", None, "en", _head("/about")),
        ("http://x/about", None, None, "en", _head("/about")),
        ("http://x/dessert", "en", None, "en", {}),
        # No head names this page as its own (an unknown id): the section's German word.
        ("http://x/project/999", "de", "http://x/de/projekt/999", "en", _head("/project/100")),
        ("http://x/dessert?a=1", "de", "http://x/de/dessert?a=1", "en", {}),
        # A path a browser would read as another host stays a path of this site.
        ("http://x//evil.example/x", "de", "http://x/de/evil.example/x", "en", {}),
    ],
)
def test_stored_german_opens_the_twin_before_paint(tmp_path, url, stored, replaced, lang, head) -> None:
    log = _run(tmp_path, url, stored, head=head)
    assert log["replaced"] == replaced
    assert log["lang"] == lang


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_a_language_link_stores_the_choice_and_keeps_query_and_hash(tmp_path) -> None:
    click = {"href": "/services", LANGUAGE_CHOICE_ATTRIBUTE: "en"}
    german = localized_path("de", "/services/ai-callers")
    head = {**_head("/services/ai-callers"), CANONICAL: "http://site.example" + german}
    log = _run(tmp_path, f"http://x{german}?utm=1#top", None, click, head)
    assert log["stored"] == "language=en"
    assert log["href"] == "http://x/services/ai-callers?utm=1#top"
    assert log["hidden"] is True  # the dropdown closes


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_a_language_link_on_an_unknown_id_keeps_the_id_under_the_other_sections_word(tmp_path) -> None:
    click = {"href": "/de/leistungen", LANGUAGE_CHOICE_ATTRIBUTE: "en"}
    log = _run(tmp_path, "http://x/de/leistungen/no-such?q=1", None, click, _head("/services"))
    assert log["href"] == "http://x/services/no-such?q=1"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
@pytest.mark.parametrize(
    ("url", "choice", "href"),
    [
        ("http://x/de//evil.example/x", "en", "http://x/evil.example/x"),
        ("http://x/de/%2F%2Fevil.example/x", "en", "http://x/%2F%2Fevil.example/x"),
        ("http://x//evil.example/x?q=1#h", "de", "http://x/de/evil.example/x?q=1#h"),
        ("http://x/\\evil.example", "de", "http://x/de/evil.example"),
    ],
)
def test_a_language_link_never_names_another_host(tmp_path, url, choice, href) -> None:
    """/de//evil.example/x made '//evil.example/x', another host to a browser."""
    log = _run(tmp_path, url, None, {"href": "/", LANGUAGE_CHOICE_ATTRIBUTE: choice})
    assert log["href"] == href


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_another_link_in_a_popover_only_closes_it(tmp_path) -> None:
    log = _run(tmp_path, "http://x/about", None, {"href": "/contact"})
    assert log["stored"] is None
    assert log["href"] is None
    assert log["hidden"] is True
