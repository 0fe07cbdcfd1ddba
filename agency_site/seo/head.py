"""What each page tells search engines and link previews about itself.

`page_head(route, lang, page)` gives the <title>, the description, the sharing image and
the head tags of one page: Open Graph and Twitter card, JSON-LD, the blog feed link and,
for a page that only redirects elsewhere, robots noindex.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import reflex as rx

from agency_site.constants import DEFAULT_PORTFOLIO_TAB, LANGUAGES, SERVICE_IDS
from agency_site.content import get_content
from agency_site.content.blog import BlogPost, get_post
from agency_site.i18n import localized_path, t, unlocalized_path
from agency_site.pages import Page
from agency_site.seo import structured_data as ld
from agency_site.seo.texts import search_description, search_title
from agency_site.settings import get_settings

# Page types with a sharing image of their own (scripts/og_artwork.py).
PAGE_KINDS = (
    "home",
    "services",
    "service",
    "portfolio",
    "project",
    "blog",
    "article",
    "about",
    "contact",
    "impressum",
    "privacy",
    "not-found",
)
OG_IMAGE_WIDTH = 1200
OG_IMAGE_HEIGHT = 630
OG_IMAGE_TYPE = "image/jpeg"
# Page types whose image carries no words: one image for both languages.
WORDLESS_KINDS = frozenset({"not-found"})
LOGO_PATH = "/og/logo.png"
# Where a breadcrumb trail goes through a section page before the page itself.
SECTION_PAGES = {
    "services": ("nav-services", "/services"),
    "portfolio": ("nav-portfolio", "/portfolio/all"),
    "project": ("nav-portfolio", "/portfolio/all"),
    "blog": ("nav-blog", "/blog"),
}


def og_image_path(kind: str, lang: str) -> str:
    """The sharing image of a page type in a language, under assets/."""
    if kind in WORDLESS_KINDS:
        return f"/og/{kind}.jpg"
    return f"/og/{kind}-{lang}.jpg"


def feed_path(lang: str) -> str:
    """The blog's RSS feed in `lang`: /blog/rss.xml, /de/blog/rss.xml."""
    return localized_path(lang, "/blog/rss.xml")


def absolute(lang: str, path: str) -> str:
    return get_settings().site_url + localized_path(lang, path)


def _literal(value: object) -> object:
    return getattr(value, "_var_value", value)


def _walk(component: rx.Component) -> Iterator[rx.Component]:
    stack = [component]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(getattr(node, "children", [])))


def canonical_url(component: rx.Component) -> str | None:
    """The href of the page's <link rel="canonical"> (set by the page shell)."""
    for node in _walk(component):
        if getattr(node, "tag", None) == "link" and _literal(getattr(node, "rel", None)) == "canonical":
            return str(_literal(node.href))
    return None


@dataclass(frozen=True)
class PageHead:
    title: str  # the full <title>, brand included
    description: str
    image_url: str  # absolute; Reflex writes it as og:image
    tags: list[rx.Component]


@lru_cache(maxsize=1)
def organization_facts_by_lang() -> dict[str, ld.OrganizationFacts]:
    site = get_content().site
    settings = get_settings()
    return {
        lang: ld.OrganizationFacts(
            name=site.brand.name,
            legal_name=site.legal.company_name,
            description=t(lang, "seo-organization-description"),
            logo_url=settings.site_url + LOGO_PATH,
            email=str(site.contact.email),
            telephone=site.contact.phones[0].number,
            street=site.office.building,
            district=site.office.district,
            city=site.office.city,
            country=site.office.country,
        )
        for lang in LANGUAGES
    }


def _meta(key: str, content: str, *, attribute: str = "property") -> rx.Component:
    return rx.el.meta(**{attribute: key}, content=content)


def sharing_tags(
    lang: str,
    *,
    title: str,
    description: str,
    url: str | None,
    kind: str,
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
            name=t(lang, f"service-{sid}-title"),
            description=t(lang, f"service-{sid}-desc"),
            url=absolute(lang, f"/services/{sid}"),
            lang=lang,
        )
        for sid in SERVICE_IDS
    ]


def structured_data(
    lang: str, path: str, kind: str, page: Page, url: str, *, trail: bool, post: BlogPost | None = None
) -> dict:
    """The page's JSON-LD graph: Organization always, then what the page type adds
    (`post` is the article shown, for an article page)."""
    site_url = get_settings().site_url
    nodes = [ld.organization(site_url, organization_facts_by_lang()[lang])]
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
        nodes.append(ld.breadcrumbs(breadcrumb_trail(lang, path, _crumb_name(lang, path, page), url)))
    return ld.graph(nodes)


def _crumb_name(lang: str, path: str, page: Page) -> str:
    """The page's own name in its trail; portfolio tabs are named by their tab."""
    if path.startswith("/portfolio/"):
        from agency_site.pages.portfolio import tab_label

        tab = path.rsplit("/", 1)[-1]
        return t(lang, "nav-portfolio") if tab == DEFAULT_PORTFOLIO_TAB else tab_label(lang, tab)
    return page.title


def page_head(lang: str, path: str, kind: str, page: Page, *, noindex: bool = False) -> PageHead:
    """Everything the head of the page at spec path `path` says, in `lang`."""
    site_url = get_settings().site_url
    title = search_title(lang, path, page.title)
    description = search_description(lang, path, page.description)
    short_title = title.rsplit(" | ", 1)[0]
    url = canonical_url(page.component) or absolute(lang, path)
    image_url = site_url + og_image_path(kind, lang)
    post = get_post(lang, path.rsplit("/", 1)[-1]) if kind == "article" else None
    published = post.published.isoformat() if post is not None else None
    tags = sharing_tags(
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
    if noindex:
        tags.append(rx.el.meta(name="robots", content="noindex"))
    # A page shown under another URL (an unknown id, a redirect) describes its canonical page.
    own_path = unlocalized_path(url.removeprefix(site_url)) if url.startswith(site_url) else path
    trail = own_path != "/" and kind != "not-found" and not noindex
    tags.append(ld.json_ld_script(structured_data(lang, own_path, kind, page, url, trail=trail, post=post)))
    return PageHead(title=title, description=description, image_url=image_url, tags=tags)


def not_found_tags(lang: str) -> list[rx.Component]:
    """The 404 page's sharing tags and JSON-LD in `lang` (it has no canonical URL)."""
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
    tags.append(ld.json_ld_script(ld.graph([ld.organization(site_url, organization_facts_by_lang()[lang])])))
    return tags
