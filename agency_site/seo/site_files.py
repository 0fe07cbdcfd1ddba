"""sitemap.xml, robots.txt and the blog feeds of this site, from the route table, the blog
posts and SITE_URL (so they are generated with every build, never edited by hand)."""

from __future__ import annotations

from agency_site.constants import LANGUAGES
from agency_site.content import get_content
from agency_site.content.blog import get_posts
from agency_site.i18n import alternate_urls, localized_path, on_page, t
from agency_site.seo.files import (
    ROBOTS_PATH,
    SITEMAP_PATH,
    Feed,
    FeedItem,
    SitemapEntry,
    robots_txt,
    rss_xml,
    sitemap_xml,
)
from agency_site.seo.head import feed_path
from agency_site.seo.texts import search_description
from agency_site.settings import get_settings


def sitemap_entries(site_url: str) -> list[SitemapEntry]:
    """Every page search engines should index, in every language."""
    from agency_site.routes import route_table

    return [
        SitemapEntry(
            url=site_url + localized_path(lang, route.path), alternates=alternate_urls(site_url, route.path)
        )
        for route in route_table()
        if route.in_sitemap
        for lang in LANGUAGES
    ]


def blog_feed(site_url: str, lang: str) -> Feed:
    brand = get_content().site.brand.name
    return Feed(
        title=t(lang, "seo-feed-title", brand=brand),
        url=site_url + feed_path(lang),
        site_url=site_url + localized_path(lang, "/blog"),
        description=t(lang, "seo-feed-description"),
        language=lang,
        items=[
            FeedItem(
                title=post.title,
                url=site_url + localized_path(lang, post.path),
                description=search_description(lang, post.path, post.excerpt),
                published=post.published,
            )
            for post in get_posts(lang)
        ],
    )


def site_files() -> dict[str, str]:
    """URL path -> text of every generated file."""
    site_url = get_settings().site_url
    files = {
        SITEMAP_PATH: sitemap_xml(sitemap_entries(site_url)),
        ROBOTS_PATH: robots_txt(site_url),
    }
    for lang in LANGUAGES:
        with on_page(feed_path(lang)):
            files[feed_path(lang)] = rss_xml(blog_feed(site_url, lang))
    return files
