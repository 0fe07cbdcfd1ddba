"""Search and sharing against the production build: sitemap, robots.txt, feeds, every
page's title, description, Open Graph / Twitter tags and JSON-LD, and caching headers.

No browser: each page is fetched once (module fixture) and its prerendered HTML read.
"""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser

import httpx
import pytest
from PIL import Image

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path
from agency_site.routes import route_table
from agency_site.settings import get_settings

from .support.expected import BLOG_POST_IDS

SITEMAP_NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "xhtml": "http://www.w3.org/1999/xhtml"}
SHARING_TAGS = (
    "og:title",
    "og:description",
    "og:url",
    "og:type",
    "og:site_name",
    "og:locale",
    "og:locale:alternate",
    "og:image",
    "og:image:width",
    "og:image:height",
    "og:image:alt",
    "og:image:type",
    "twitter:card",
    "twitter:title",
    "twitter:description",
    "twitter:image",
    "twitter:image:alt",
)


@dataclass
class Head:
    """What one prerendered page says about itself."""

    title: str = ""
    meta: dict[str, list[str]] = field(default_factory=dict)
    links: list[dict[str, str]] = field(default_factory=list)
    json_ld: list[str] = field(default_factory=list)

    def one(self, key: str) -> str:
        values = self.meta.get(key, [])
        assert len(values) == 1, f"{key}: {values}"
        return values[0]

    def link(self, **wanted: str) -> list[dict[str, str]]:
        return [link for link in self.links if all(link.get(k) == v for k, v in wanted.items())]


class _HeadParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.head = Head()
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name.lower(): value or "" for name, value in attrs}
        if tag == "title":
            self._in = "title"
        elif tag == "meta" and "content" in values:
            key = values.get("property") or values.get("name")
            if key:
                self.head.meta.setdefault(key, []).append(values["content"])
        elif tag == "link":
            self.head.links.append(values)
        elif tag == "script" and values.get("type") == "application/ld+json":
            self._in = "json"
            self.head.json_ld.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("title", "script"):
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "title":
            self.head.title += data
        elif self._in == "json":
            self.head.json_ld[-1] += data


def parse(html: str) -> Head:
    parser = _HeadParser()
    parser.feed(html)
    return parser.head


def _static_routes():
    return [route for route in route_table() if not route.is_dynamic]


@pytest.fixture(scope="module")
def client(base_url: str):
    with httpx.Client(base_url=base_url, timeout=30) as session:
        yield session


@pytest.fixture(scope="module")
def pages(client: httpx.Client) -> dict[str, tuple[object, str, httpx.Response, Head]]:
    """Localized path -> (route, lang, response, parsed head), every static page once."""
    result = {}
    for route in _static_routes():
        for lang in LANGUAGES:
            path = localized_path(lang, route.path)
            response = client.get(path)
            assert response.status_code == 200, path
            result[path] = (route, lang, response, parse(response.text))
    return result


def _canonical(head: Head) -> str:
    (link,) = head.link(rel="canonical")
    return link["href"]


def _own_pages(pages) -> dict[str, Head]:
    """Pages that are their own canonical (not a redirect to another page)."""
    site_url = get_settings().site_url
    return {path: head for path, (_, _, _, head) in pages.items() if _canonical(head) == site_url + path}


def _local(client: httpx.Client, url: str) -> str:
    """An absolute URL on SITE_URL as a path on the server under test."""
    site_url = get_settings().site_url
    assert url.startswith(site_url + "/"), url
    return url[len(site_url) :]


def test_sitemap_lists_every_page_with_its_alternates(client: httpx.Client, pages) -> None:
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    assert "xml" in response.headers["content-type"]
    entries = {
        url.findtext("s:loc", namespaces=SITEMAP_NS): {
            link.get("hreflang"): link.get("href") for link in url.findall("xhtml:link", SITEMAP_NS)
        }
        for url in ET.fromstring(response.content).findall("s:url", SITEMAP_NS)
    }
    site_url = get_settings().site_url
    expected = {site_url + path for path, (route, *_) in pages.items() if route.in_sitemap}
    assert set(entries) == expected
    assert len(expected) == 2 * len([route for route in _static_routes() if route.in_sitemap])
    for loc, alternates in entries.items():
        head = pages[_local(client, loc)][3]
        # The sitemap says what the page's own head says.
        assert _canonical(head) == loc
        hreflang = {
            link["hreflang"]: link["href"] for link in head.link(rel="alternate") if "hreflang" in link
        }
        assert alternates == hreflang
        assert set(alternates) == {"en", "de", "x-default"}


def test_robots_allows_all_and_names_the_sitemap(client: httpx.Client) -> None:
    response = client.get("/robots.txt")
    assert response.status_code == 200
    lines = response.text.splitlines()
    assert "User-agent: *" in lines and "Allow: /" in lines
    assert f"Sitemap: {get_settings().site_url}/sitemap.xml" in lines


@pytest.mark.parametrize("lang", LANGUAGES)
def test_blog_feed_per_language(client: httpx.Client, pages, lang: str) -> None:
    feed_path = localized_path(lang, "/blog/rss.xml")
    response = client.get(feed_path)
    assert response.status_code == 200
    channel = ET.fromstring(response.content).find("channel")
    assert channel.findtext("language") == lang
    assert channel.findtext("title") and channel.findtext("description")
    items = channel.findall("item")
    assert len(items) == len(BLOG_POST_IDS)
    site_url = get_settings().site_url
    for item in items:
        link = item.findtext("link")
        assert item.findtext("guid") == link
        assert link.startswith(site_url + localized_path(lang, "/blog/"))
        # Same title as the article page itself.
        assert pages[_local(client, link)][3].one("og:title") == item.findtext("title")
        assert re.fullmatch(r"\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000", item.findtext("pubDate"))
        assert item.findtext("description")
    # Linked from the blog list and every article, in the same language.
    for path, (route, page_lang, _, head) in pages.items():
        if route.kind in ("blog", "article") and page_lang == lang:
            (link,) = head.link(rel="alternate", type="application/rss+xml")
            assert link["href"] == site_url + feed_path and link["title"], path


EXPECTED_TYPES = {
    "home": {"Organization"},
    "services": {"Organization", "ItemList", "BreadcrumbList"},
    "service": {"Organization", "Service", "BreadcrumbList"},
    "article": {"Organization", "BlogPosting", "BreadcrumbList"},
}


def test_every_page_has_json_ld(pages) -> None:
    for path, (route, lang, _, head) in pages.items():
        assert len(head.json_ld) == 1, path
        data = json.loads(head.json_ld[0])
        nodes = data["@graph"]
        types = {node["@type"] for node in nodes}
        expected = (
            {"Organization"}
            if route.noindex
            else EXPECTED_TYPES.get(route.kind, {"Organization", "BreadcrumbList"})
        )
        assert types == expected, path
        organization = next(node for node in nodes if node["@type"] == "Organization")
        assert organization["name"] and organization["email"] and organization["telephone"]
        assert organization["address"]["addressLocality"]
        for node in nodes:
            if node["@type"] == "Service":
                assert node["provider"]["@id"] == organization["@id"]
            if node["@type"] == "BlogPosting":
                assert node["inLanguage"] == lang
                assert node["mainEntityOfPage"]["@id"] == _canonical(head)
                assert node["datePublished"] == head.one("article:published_time")
            if node["@type"] == "BreadcrumbList":
                assert node["itemListElement"][-1]["item"] == _canonical(head)


@pytest.mark.parametrize("what", ["title", "description"])
def test_every_page_has_its_own_title_and_description(pages, what: str) -> None:
    own = _own_pages(pages)
    assert len(own) == len(pages) - 2  # /portfolio and /de/referenzen redirect to their "all" tab
    texts = {path: head.title if what == "title" else head.one("description") for path, head in own.items()}
    counts = Counter(texts.values())
    assert {path: text for path, text in texts.items() if counts[text] > 1} == {}
    if what == "description":
        assert {path: len(text) for path, text in texts.items() if not 50 <= len(text) <= 160} == {}


def test_sharing_tags_and_images(client: httpx.Client, pages) -> None:
    site_url = get_settings().site_url
    images: dict[str, str] = {}
    for path, (route, lang, _, head) in pages.items():
        for key in SHARING_TAGS:
            assert head.one(key), f"{path}: {key}"
        assert head.one("og:url") == _canonical(head)
        assert head.one("og:type") == ("article" if route.kind == "article" else "website")
        assert head.one("og:locale") == {"en": "en_US", "de": "de_DE"}[lang]
        assert (head.one("og:image:width"), head.one("og:image:height")) == ("1200", "630")
        assert head.one("twitter:card") == "summary_large_image"
        assert head.one("og:image") == head.one("twitter:image")
        assert head.one("og:image").startswith(site_url + "/og/")
        images[head.one("og:image")] = head.one("og:image:type")
    assert len(images) >= 20
    for url, media_type in images.items():
        response = client.get(_local(client, url))
        assert response.status_code == 200, url
        assert response.headers["content-type"] == media_type
        with Image.open(io.BytesIO(response.content)) as image:
            assert image.size == (1200, 630), url


def test_hashed_assets_are_immutable_and_html_is_not(client: httpx.Client, pages) -> None:
    _, _, response, _ = pages["/"]
    assert response.headers["cache-control"] == "no-cache"
    assets = re.findall(r'(?:src|href)="(/assets/[^"]+\.(?:js|css))"', response.text)
    assert assets, "no hashed asset referenced by the home page"
    asset = client.get(assets[0])
    assert asset.status_code == 200
    assert asset.headers["cache-control"] == "public, max-age=31536000, immutable"
    for path in (
        "/de/ueber-uns",
        "/sitemap.xml",
        "/blog/rss.xml",
        "/styles.css",
        "/og/home-en.jpg",
        "/no-such-page",
    ):
        other = client.get(path)
        assert "immutable" not in other.headers.get("cache-control", "immutable"), path
