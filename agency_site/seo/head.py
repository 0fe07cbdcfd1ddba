"""What each page tells search engines and link previews about itself.

`page_head(lang, route, page)` gives the <title>, the description, the sharing image and
the head tags of one page: canonical URL and hreflang alternates, robots noindex, Open
Graph and Twitter card, JSON-LD and the blog feed link. Canonical and noindex are the
Route's (agency_site.routes); of the page it reads only its texts, never its components.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

import reflex as rx

from agency_site.constants import LANGUAGES
from agency_site.content import get_content
from agency_site.content.blog import BlogPost, get_post
from agency_site.content.catalog import get_catalog
from agency_site.content.models import localized
from agency_site.i18n import alternate_urls, localized_path, t
from agency_site.seo import structured_data as ld
from agency_site.seo.texts import search_description, search_title
from agency_site.settings import get_settings

if TYPE_CHECKING:
    from agency_site.routes import PageKind, Route

OG_IMAGE_WIDTH = 1200
OG_IMAGE_HEIGHT = 630
OG_IMAGE_TYPE = "image/jpeg"
# Page types whose image carries no words: one image for both languages.
WORDLESS_KINDS: frozenset[PageKind] = frozenset({"not-found"})
LOGO_PATH = "/og/logo.png"
# Where a breadcrumb trail goes through a section page before the page itself.
SECTION_PAGES = {
    "services": ("nav-services", "/services"),
    "portfolio": ("nav-portfolio", "/portfolio/all"),
    "project": ("nav-portfolio", "/portfolio/all"),
    "blog": ("nav-blog", "/blog"),
}


def og_image_path(kind: PageKind, lang: str) -> str:
    """The sharing image of a page type in a language, under assets/."""
    if kind in WORDLESS_KINDS:
        return f"/og/{kind}.jpg"
    return f"/og/{kind}-{lang}.jpg"


def feed_path(lang: str) -> str:
    """The blog's RSS feed in `lang`: /blog/rss.xml, /de/blog/rss.xml."""
    return localized_path(lang, "/blog/rss.xml")


def absolute(lang: str, path: str) -> str:
    return get_settings().site_url + localized_path(lang, path)


class PageTexts(Protocol):
    """What the head reads of a built page (agency_site.pages.Page): its texts only."""

    # Read-only, so a frozen dataclass's fields match.
    @property
    def title(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def crumb(self) -> str: ...  # its name in the breadcrumb trail; the title when empty


@dataclass(frozen=True)
class PageHead:
    title: str  # the full <title>, brand included
    description: str
    image_url: str  # absolute; Reflex writes it as og:image
    tags: list[rx.Component]


def organization_facts(lang: str) -> ld.OrganizationFacts:
    site = get_content().site
    return ld.OrganizationFacts(
        name=site.brand.name,
        legal_name=site.legal.company_name,
        description=t(lang, "seo-organization-description"),
        logo_url=get_settings().site_url + LOGO_PATH,
        email=str(site.contact.email),
        telephone=site.contact.phones[0].number,
        street=site.office.building,
        district=localized(site.office.district, lang),
        city=localized(site.office.city, lang),
        country=localized(site.office.country, lang),
    )


def organization_node(lang: str) -> dict:
    """The Organization's JSON-LD node in `lang` (the office, the phone: alike on every page)."""
    return ld.organization(get_settings().site_url, organization_facts(lang))


def _meta(key: str, content: str, *, attribute: Literal["property", "name"] = "property") -> rx.Component:
    if attribute == "name":
        return rx.el.meta(name=key, content=content)
    return rx.el.meta(property=key, content=content)


def sharing_tags(
    lang: str,
    *,
    title: str,
    description: str,
    url: str | None,
    kind: PageKind,
    image_url: str,
    published: str | None = None,
) -> list[rx.Component]:
    """Open Graph and Twitter card tags (og:image itself comes from add_page's `image`)."""
    site_name = get_content().site.brand.name
    alt = t(lang, "seo-og-image-alt", brand=site_name, headline=t(lang, f"seo-og-{kind}"))
    tags = [
        _meta("og:title", title),
        _meta("og:description", description),
        _meta("og:type", "article" if published else "website"),
        _meta("og:site_name", site_name),
        _meta("og:locale", t(lang, "seo-locale")),
        *[_meta("og:locale:alternate", t(other, "seo-locale")) for other in LANGUAGES if other != lang],
        _meta("og:image:width", str(OG_IMAGE_WIDTH)),
        _meta("og:image:height", str(OG_IMAGE_HEIGHT)),
        _meta("og:image:type", OG_IMAGE_TYPE),
        _meta("og:image:alt", alt),
        _meta("twitter:card", "summary_large_image", attribute="name"),
        _meta("twitter:title", title, attribute="name"),
        _meta("twitter:description", description, attribute="name"),
        _meta("twitter:image", image_url, attribute="name"),
        _meta("twitter:image:alt", alt, attribute="name"),
    ]
    if url:
        tags.insert(2, _meta("og:url", url))
    if published:
        tags.append(_meta("article:published_time", published))
    return tags


def feed_link(lang: str) -> rx.Component:
    return rx.el.link(
        rel="alternate",
        type="application/rss+xml",
        title=t(lang, "seo-feed-title", brand=get_content().site.brand.name),
        href=get_settings().site_url + feed_path(lang),
    )


def breadcrumb_trail(lang: str, path: str, name: str, url: str) -> list[tuple[str, str]]:
    """Home, the section page (if the page is below one), then the page itself."""
    trail = [(t(lang, "nav-home"), absolute(lang, "/"))]
    section = path.strip("/").split("/")[0]
    if path.count("/") > 1 and section in SECTION_PAGES:
        key, section_path = SECTION_PAGES[section]
        if absolute(lang, section_path) != url:
            trail.append((t(lang, key), absolute(lang, section_path)))
    trail.append((name, url))
    return trail


def _services_nodes(lang: str, site_url: str) -> list[dict]:
    return [
        ld.service(
            site_url,
            name=t(lang, service.key("title")),
            description=t(lang, service.key("desc")),
            url=absolute(lang, f"/services/{service.id}"),
            lang=lang,
        )
        for service in get_catalog().services
    ]


def structured_data(
    lang: str,
    path: str,
    kind: PageKind,
    page: PageTexts,
    url: str,
    *,
    trail: bool,
    post: BlogPost | None = None,
) -> dict:
    """The page's JSON-LD graph: Organization always, then what the page type adds (`post` is the article shown, for
    an article page)."""
    site_url = get_settings().site_url
    nodes: list = [organization_node(lang)]
    if kind == "service":
        nodes.append(ld.service(site_url, name=page.title, description=page.description, url=url, lang=lang))
    elif kind == "services":
        nodes.append(ld.service_list(page.title, url, _services_nodes(lang, site_url)))
    elif kind == "article" and post is not None:
        nodes.append(
            ld.blog_posting(
                site_url,
                headline=post.title,
                description=search_description(lang, path, post.excerpt),
                url=url,
                image_url=site_url + post.image,
                published=post.published.isoformat(),
                author=post.author,
                lang=lang,
            )
        )
    if trail:
        nodes.append(ld.breadcrumbs(breadcrumb_trail(lang, path, page.crumb or page.title, url)))
    return ld.graph(nodes)


def head_links(lang: str, route: Route) -> list[rx.Component]:
    """Canonical URL, hreflang alternates (en, de, x-default) and robots, from the Route.

    React hoists these <link> and <meta> elements into <head>, also when prerendering.
    """
    site_url = get_settings().site_url
    links: list[rx.Component] = [rx.el.link(rel="canonical", href=absolute(lang, route.canonical_path))]
    links += [
        rx.el.link(rel="alternate", href_lang=code, href=url)
        for code, url in alternate_urls(site_url, route.canonical_path).items()
    ]
    if route.noindex:
        links.append(_robots_noindex())
    return links


def _robots_noindex() -> rx.Component:
    return rx.el.meta(name="robots", content="noindex")


def page_head(lang: str, route: Route, page: PageTexts) -> PageHead:
    """Everything the head of `route`'s page says, in `lang`."""
    site_url = get_settings().site_url
    path, kind = route.path, route.kind
    title = search_title(lang, path, page.title)
    description = search_description(lang, path, page.description)
    short_title = title.rsplit(" | ", 1)[0]
    url = absolute(lang, route.canonical_path)
    image_url = site_url + og_image_path(kind, lang)
    post = get_post(lang, path.rsplit("/", 1)[-1]) if kind == "article" else None
    published = post.published.isoformat() if post is not None else None
    tags = head_links(lang, route)
    tags += sharing_tags(
        lang,
        title=short_title,
        description=description,
        url=url,
        kind=kind,
        image_url=image_url,
        published=published,
    )
    if kind in ("blog", "article"):
        tags.append(feed_link(lang))
    # A page shown under another URL (an unknown id, a redirect) describes its canonical page.
    own_path = route.canonical_path
    trail = own_path != "/" and kind != "not-found" and not route.noindex
    data = structured_data(lang, own_path, kind, page, url, trail=trail, post=post)
    tags.append(ld.json_ld_script(data))
    return PageHead(title=title, description=description, image_url=image_url, tags=tags)


def not_found_tags(lang: str) -> list[rx.Component]:
    """The 404 page's robots noindex, sharing tags and JSON-LD in `lang` (it has no
    canonical URL: it answers any path no Route has)."""
    site_url = get_settings().site_url
    title = t(lang, "page-notfound-title")
    tags = sharing_tags(
        lang,
        title=title,
        description=t(lang, "notfound-description"),
        url=None,
        kind="not-found",
        image_url=site_url + og_image_path("not-found", lang),
    )
    tags.append(ld.json_ld_script(ld.graph([organization_node(lang)])))
    return [_robots_noindex(), *tags]
