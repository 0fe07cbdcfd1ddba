"""Home (/): docs/product.md §2 'Home', one module per section, in screen order."""

from __future__ import annotations

import reflex as rx

from agency_site.i18n import t
from agency_site.pages import Page
from agency_site.pages.home.blog_teaser import blog_teaser
from agency_site.pages.home.closing import home_closing
from agency_site.pages.home.demo import demo_section
from agency_site.pages.home.faq import faq_section
from agency_site.pages.home.features import feature_cards
from agency_site.pages.home.hero import hero
from agency_site.pages.home.languages import language_demo
from agency_site.pages.home.services import featured_services


def home_page(lang: str) -> Page:
    """The home page in `lang`."""
    body = rx.fragment(
        hero(lang),
        feature_cards(lang),
        featured_services(lang),
        demo_section(lang),
        language_demo(lang),
        blog_teaser(lang),
        faq_section(lang),
        home_closing(lang),
    )
    return Page(
        content=body,
        title=t(lang, "page-home-title"),
        description=t(lang, "page-home-description"),
    )
