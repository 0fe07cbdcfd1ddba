"""Legal notice (/impressum) and privacy policy (/datenschutz): docs/product.md §2.

Both pages show a text from content/legal/ in the page's language (see
agency_site.content.legal): a hero, a table of contents, and the text itself.
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.embeds.consent import privacy_settings
from agency_site.components.ui.kit import CARD, plain_link
from agency_site.content import get_content
from agency_site.content.legal import LegalText, get_legal
from agency_site.i18n import t
from agency_site.pages import Page
from agency_site.pages.blocks import LINK, SCROLL_TOP_ON_OPEN, page_hero

_TOC_LINK = (
    "block rounded-lg px-3 py-1.5 text-sm text-slate-600 transition hover:bg-violet-50 hover:text-violet-700"
)


def _toc_links(text: LegalText) -> rx.Component:
    # Plain anchors: a router link would treat '#section-1' as a new route.
    return rx.el.ol(
        *[
            rx.el.li(plain_link(section.title, href=f"#{section.anchor}", class_name=_TOC_LINK))
            for section in text.sections
        ],
        class_name="mt-2 space-y-0.5",
    )


def _contents(lang: str, text: LegalText) -> rx.Component:
    """On phones a collapsed list above the text; on wide screens a sticky column."""
    heading = t(lang, "legal-contents")
    return rx.fragment(
        rx.el.details(
            rx.el.summary(heading, class_name="cursor-pointer text-sm font-semibold text-slate-900"),
            _toc_links(text),
            class_name=f"{CARD} mb-8 p-5 lg:hidden",
        ),
        rx.el.nav(
            rx.el.p(heading, class_name="px-3 text-sm font-semibold uppercase tracking-wider text-slate-900"),
            _toc_links(text),
            aria_label=heading,
            class_name="sticky top-28 hidden lg:block",
        ),
    )


def _legal_page(
    lang: str, document: str, title_key: str, intro_key: str, extra: rx.Component | None = None
) -> Page:
    text = get_legal(lang, document)
    title = t(lang, title_key)
    email = str(get_content().site.legal.email)
    hero = page_hero(
        t(lang, "legal-eyebrow"),
        title,
        t(lang, intro_key),
        rx.el.p(
            t(lang, "legal-updated", date=text.updated),
            data_testid="legal-updated",
            class_name="mt-4 text-sm font-medium text-slate-500",
        )
        if text.updated
        else rx.fragment(),
    )
    body = rx.el.div(
        hero,
        rx.el.div(
            # A plain column: the contents list inside is the navigation landmark already.
            rx.el.div(_contents(lang, text), class_name="min-w-0 lg:col-span-3"),
            rx.el.div(
                rx.html(text.html, data_testid="legal-text", class_name="article-body legal-body"),
                rx.el.p(
                    t(lang, "legal-questions"),
                    " ",
                    rx.el.a(email, href=f"mailto:{email}", class_name=LINK),
                    ".",
                    class_name="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-500",
                ),
                rx.el.div(extra, class_name="mt-12") if extra is not None else rx.fragment(),
                class_name=f"{CARD} min-w-0 break-words p-6 sm:p-10 lg:col-span-9",
            ),
            class_name="grid gap-8 lg:grid-cols-12",
        ),
        data_scroll=SCROLL_TOP_ON_OPEN,
    )
    return Page(content=body, title=title, description=text.description)


def impressum_page(lang: str) -> Page:
    """The legal notice in `lang`."""
    return _legal_page(lang, "impressum", "page-impressum-title", "legal-impressum-intro")


def privacy_page(lang: str) -> Page:
    """The privacy policy in `lang`, dated by its front matter."""
    return _legal_page(
        lang, "privacy", "page-datenschutz-title", "legal-privacy-intro", extra=privacy_settings(lang)
    )
