"""The files crawlers and feed readers fetch: sitemap.xml, robots.txt and one RSS feed per
language. Pure builders: absolute URLs come from the site URL the caller passes in."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from email.utils import format_datetime
from xml.sax.saxutils import escape, quoteattr

SITEMAP_PATH = "/sitemap.xml"
ROBOTS_PATH = "/robots.txt"
SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML_NS = "http://www.w3.org/1999/xhtml"
ATOM_NS = "http://www.w3.org/2005/Atom"


@dataclass(frozen=True)
class SitemapEntry:
    """One page in one language, and the URL of every language version of it."""

    url: str
    alternates: dict[str, str]  # hreflang code (en, de, x-default) -> absolute URL


@dataclass(frozen=True)
class FeedItem:
    title: str
    url: str
    description: str
    published: datetime.date


@dataclass(frozen=True)
class Feed:
    title: str
    url: str  # the feed's own address
    site_url: str  # the blog page it belongs to
    description: str
    language: str
    items: Sequence[FeedItem]


def sitemap_xml(entries: Sequence[SitemapEntry]) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<urlset xmlns="{SITEMAP_NS}" xmlns:xhtml="{XHTML_NS}">',
    ]
    for entry in entries:
        lines.append(f"  <url><loc>{escape(entry.url)}</loc>")
        lines += [
            f'    <xhtml:link rel="alternate" hreflang={quoteattr(code)} href={quoteattr(url)}/>'
            for code, url in entry.alternates.items()
        ]
        lines.append("  </url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def robots_txt(site_url: str) -> str:
    return f"User-agent: *\nAllow: /\n\nSitemap: {site_url}{SITEMAP_PATH}\n"


def rfc822(day: datetime.date) -> str:
    """RSS dates: 'Mon, 15 Apr 2024 00:00:00 +0000'."""
    return format_datetime(datetime.datetime.combine(day, datetime.time(), datetime.UTC))


def rss_xml(feed: Feed) -> str:
    items = sorted(feed.items, key=lambda item: item.published, reverse=True)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<rss version="2.0" xmlns:atom="{ATOM_NS}">',
        "  <channel>",
        f"    <title>{escape(feed.title)}</title>",
        f"    <link>{escape(feed.site_url)}</link>",
        f"    <description>{escape(feed.description)}</description>",
        f"    <language>{escape(feed.language)}</language>",
        f'    <atom:link href={quoteattr(feed.url)} rel="self" type="application/rss+xml"/>',
    ]
    if items:
        lines.append(f"    <lastBuildDate>{rfc822(items[0].published)}</lastBuildDate>")
    for item in items:
        lines += [
            "    <item>",
            f"      <title>{escape(item.title)}</title>",
            f"      <link>{escape(item.url)}</link>",
            f'      <guid isPermaLink="true">{escape(item.url)}</guid>',
            f"      <pubDate>{rfc822(item.published)}</pubDate>",
            f"      <description>{escape(item.description)}</description>",
            "    </item>",
        ]
    lines += ["  </channel>", "</rss>"]
    return "\n".join(lines) + "\n"
