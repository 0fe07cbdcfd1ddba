"""The page shell: head links, skip link, header, main content area and footer."""

from __future__ import annotations

import reflex as rx
from reflex_components_core.el.elements.inline import A as PlainAnchor

from agency_site.components.layout.footer import footer
from agency_site.components.layout.header import header
from agency_site.components.ui.behaviours import behaviours_script
from agency_site.i18n import alternate_urls, localized_path, t
from agency_site.settings import get_settings

MAIN_ID = "main-content"


def head_links(lang: str, path: str, *, noindex: bool = False) -> list[rx.Component]:
    """Canonical URL and hreflang alternates (en, de, x-default) for a page at `path`.

    React hoists these <link> and <meta> elements into <head>, also when prerendering.
    """
    site_url = get_settings().site_url
    links = [rx.el.link(rel="canonical", href=site_url + localized_path(lang, path))]
    links += [
        rx.el.link(rel="alternate", href_lang=code, href=url)
        for code, url in alternate_urls(site_url, path).items()
    ]
    if noindex:
        links.append(rx.el.meta(name="robots", content="noindex"))
    return links


def site_frame(lang: str, *content: rx.Component) -> rx.Component:
    """Skip link, header, the main content area and footer around `content`."""
    return rx.fragment(
        # Before the content, so reveal hides nothing that was already painted.
        behaviours_script(),
        PlainAnchor.create(
            t(lang, "skip-to-content"),
            href=f"#{MAIN_ID}",
            class_name=(
                "sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] "
                "focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg"
            ),
        ),
        header(lang),
        rx.el.main(
            *content,
            id=MAIN_ID,
            tab_index=-1,
            class_name="mx-auto w-full max-w-[1400px] flex-1 px-4 pb-16 pt-20 outline-none sm:px-6 lg:px-8",
        ),
        footer(lang),
    )


def page_shell(
    lang: str,
    path: str,
    *content: rx.Component,
    canonical_path: str | None = None,
    noindex: bool = False,
) -> rx.Component:
    """Wrap a screen's content in the shared layout, with its head links.

    `path` is the spec's (unprefixed) path of the page; `canonical_path` overrides it
    where several URLs show the same content (e.g. an unknown project id shows 100).
    """
    return rx.fragment(
        *head_links(lang, canonical_path or path, noindex=noindex),
        site_frame(lang, *content),
    )
