"""The search and sharing builders: sitemap, robots, RSS, JSON-LD, caching headers."""

from __future__ import annotations

import asyncio
import datetime
import json
import re
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from email.utils import parsedate_to_datetime

import pytest

from agency_site.constants import LANGUAGES
from agency_site.i18n import localized_path
from agency_site.seo import structured_data as ld
from agency_site.seo.files import (
    Feed,
    FeedItem,
    SitemapEntry,
    robots_txt,
    rss_xml,
    sitemap_xml,
)
from agency_site.seo.plugin import seo_files_task
from agency_site.seo.site_files import site_files
from agency_site.server.caching import IMMUTABLE, CachingHeaders, cache_control
from agency_site.server.german_redirects import former_german_url
from agency_site.settings import get_settings
from tests.e2e.support.expected import BLOG_POST_IDS

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "xhtml": "http://www.w3.org/1999/xhtml"}


def test_sitemap_xml_parses_with_alternates() -> None:
    entry = SitemapEntry(
        url="https://x.example/a?b=1&c=2",
        alternates={
            "en": "https://x.example/a",
            "de": "https://x.example/de/a",
            "x-default": "https://x.example/a",
        },
    )
    root = ET.fromstring(sitemap_xml([entry]))
    url = root.find("s:url", NS)
    assert url.find("s:loc", NS).text == "https://x.example/a?b=1&c=2"
    links = {link.get("hreflang"): link.get("href") for link in url.findall("xhtml:link", NS)}
    assert links == entry.alternates
    assert all(link.get("rel") == "alternate" for link in url.findall("xhtml:link", NS))


def test_robots_names_the_sitemap() -> None:
    text = robots_txt("https://x.example")
    assert "User-agent: *" in text and "Allow: /" in text
    assert "Sitemap: https://x.example/sitemap.xml" in text.splitlines()


def test_rss_is_rss_2_newest_first_with_rfc822_dates() -> None:
    feed = Feed(
        title="T & co",
        url="https://x.example/blog/rss.xml",
        site_url="https://x.example/blog",
        description="<b>d</b>",
        language="de",
        items=[
            FeedItem("old", "https://x.example/blog/old", "o", datetime.date(2024, 1, 2)),
            FeedItem("new <1>", "https://x.example/blog/new", "n", datetime.date(2024, 3, 4)),
        ],
    )
    root = ET.fromstring(rss_xml(feed))
    assert root.tag == "rss" and root.get("version") == "2.0"
    channel = root.find("channel")
    assert channel.findtext("title") == "T & co"
    assert channel.findtext("description") == "<b>d</b>"
    assert channel.findtext("language") == "de"
    items = channel.findall("item")
    assert [item.findtext("title") for item in items] == ["new <1>", "old"]
    assert items[0].findtext("guid") == items[0].findtext("link") == "https://x.example/blog/new"
    assert items[0].findtext("pubDate") == "Mon, 04 Mar 2024 00:00:00 +0000"
    assert parsedate_to_datetime(items[1].findtext("pubDate")).date() == datetime.date(2024, 1, 2)


def test_json_ld_cannot_close_its_script() -> None:
    text = ld.to_script_text({"headline": "a </script><script>alert(1)</script> <!-- b"})
    assert "</" not in text and "<!--" not in text
    assert json.loads(text)["headline"] == "a </script><script>alert(1)</script> <!-- b"


def test_json_ld_nodes_point_at_the_organization() -> None:
    site = "https://x.example"
    facts = ld.OrganizationFacts("B", "B Ltd", "d", f"{site}/logo.png", "a@b.c", "+1 2", "s", "d", "c", "C")
    posting = ld.blog_posting(
        site,
        headline="h",
        description="d",
        url=f"{site}/blog/p",
        image_url=f"{site}/i.webp",
        published="2024-04-15",
        author="A",
        lang="en",
    )
    data = json.loads(
        ld.to_script_text(
            ld.graph(
                [
                    ld.organization(site, facts),
                    ld.service(site, name="S", description="d", url=f"{site}/services/s", lang="en"),
                    posting,
                    ld.breadcrumbs([("Home", f"{site}/"), ("Blog", f"{site}/blog")]),
                ]
            )
        )
    )
    assert data["@context"] == "https://schema.org"
    organization, service, article, trail = data["@graph"]
    assert organization["@id"] == service["provider"]["@id"] == article["publisher"]["@id"]
    assert organization["address"]["@type"] == "PostalAddress"
    assert article["mainEntityOfPage"]["@id"] == article["url"]
    assert [item["position"] for item in trail["itemListElement"]] == [1, 2]


def test_site_files_cover_every_language() -> None:
    site_url = get_settings().site_url
    files = site_files()
    assert set(files) == {"/sitemap.xml", "/robots.txt", "/blog/rss.xml", "/de/blog/rss.xml"}
    locs = [url.findtext("s:loc", namespaces=NS) for url in ET.fromstring(files["/sitemap.xml"])]
    assert f"{site_url}/" in locs and f"{site_url}/de" in locs
    assert f"{site_url}/de/blog/ki-im-gesundheitswesen" in locs
    # Mirrors and redirects are not listed; neither are dynamic routes.
    assert not [loc for loc in locs if loc.endswith(("/portfolio", "/referenzen", "/botagent")) or "[" in loc]
    # German pages only at their German addresses.
    assert not [
        loc for loc in locs if loc.startswith(f"{site_url}/de/") and former_german_url(loc[len(site_url) :])
    ]
    assert len(locs) == len(set(locs))
    for lang in LANGUAGES:
        prefix = "" if lang == "en" else "/de"
        channel = ET.fromstring(files[f"{prefix}/blog/rss.xml"]).find("channel")
        assert channel.findtext("language") == lang
        links = [item.findtext("link") for item in channel.findall("item")]
        assert sorted(links) == sorted(
            site_url + localized_path(lang, f"/blog/{post_id}") for post_id in BLOG_POST_IDS
        )


def test_plugin_writes_into_the_public_folder() -> None:
    paths = [path for path, _ in seo_files_task()]
    assert sorted(paths) == sorted(
        ["public/sitemap.xml", "public/robots.txt", "public/blog/rss.xml", "public/de/blog/rss.xml"]
    )


@pytest.mark.parametrize(
    ("path", "content_type", "expected"),
    [
        ("/assets/index-BXk3q9aZ.js", "text/javascript", IMMUTABLE),
        ("/assets/root-C_1-x9Zz.css", "text/css", IMMUTABLE),
        ("/about/", "text/html; charset=utf-8", "no-cache"),
        ("/", "text/html; charset=utf-8", "no-cache"),
        ("/behaviours.js", "text/javascript", "public, max-age=3600"),
        ("/og/home-en.jpg", "image/jpeg", "public, max-age=3600"),
        ("/sitemap.xml", "application/xml", "public, max-age=3600"),
        ("/assets/logo.svg", "image/svg+xml", "public, max-age=3600"),
    ],
)
def test_cache_control(path: str, content_type: str, expected: str) -> None:
    assert cache_control(path, content_type) == expected


def _response_headers(path: str, headers: list[tuple[bytes, bytes]]) -> dict[str, str]:
    sent: list[dict] = []

    async def downstream(scope, receive, send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": headers})

    async def collect(message) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "headers": []}
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, CachingHeaders(downstream)(scope, None, collect)).result()
    return {key.decode(): value.decode() for key, value in sent[0]["headers"]}


def test_caching_headers_only_on_static_files() -> None:
    static = _response_headers(
        "/assets/app-AbCdEf12.js", [(b"etag", b'"1"'), (b"content-type", b"text/javascript")]
    )
    assert static["cache-control"] == IMMUTABLE
    html = _response_headers("/about", [(b"last-modified", b"x"), (b"content-type", b"text/html")])
    assert html["cache-control"] == "no-cache"
    api = _response_headers("/ping", [(b"content-type", b"application/json")])
    assert "cache-control" not in api
    kept = _response_headers("/x.js", [(b"etag", b'"1"'), (b"cache-control", b"no-store")])
    assert kept["cache-control"] == "no-store"


def test_feed_dates_are_rfc822() -> None:
    for path in ("/blog/rss.xml", "/de/blog/rss.xml"):
        for item in ET.fromstring(site_files()[path]).iter("item"):
            assert re.fullmatch(r"\w{3}, \d{2} \w{3} \d{4} 00:00:00 \+0000", item.findtext("pubDate"))
