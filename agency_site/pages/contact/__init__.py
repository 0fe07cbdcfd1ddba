"""Contact (/contact): docs/product.md §2 'Contact'. Screen order: hero, form beside the contact
cards, the office map, and the closing block pointing to the home FAQ."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.closing_cta import closing_cta
from agency_site.components.ui.kit import LIGHT_BUTTON_ON_VIOLET, button_link
from agency_site.components.ui.reveal import reveal
from agency_site.i18n import localized_path, t
from agency_site.pages import Page
from agency_site.pages.blocks import SCROLL_TOP_ON_OPEN, page_hero
from agency_site.pages.contact.details import contact_cards
from agency_site.pages.contact.form import contact_form
from agency_site.pages.contact.office_map import office_map

# The page the form reports its messages from (the leads package stores it).
CONTACT_PATH = "/contact"


def _faq_block(lang: str) -> rx.Component:
    # The home FAQ section has the anchor id "faq" (docs/product.md §2 'Home').
    faq_href = localized_path(lang, "/") + "#faq"
    return closing_cta(
        t(lang, "contact-faq-title"),
        t(lang, "contact-faq-text"),
        button_link(
            t(lang, "contact-faq-button"),
            faq_href,
            style=LIGHT_BUTTON_ON_VIOLET,
            data_testid="contact-faq-link",
        ),
    )


def contact_page(lang: str) -> Page:
    """The contact page in `lang`; blocks below the hero fade in as they scroll into view."""
    title = t(lang, "page-contact-title")
    body = rx.el.div(
        page_hero(t(lang, "contact-eyebrow"), title, t(lang, "contact-subtitle")),
        rx.el.div(
            reveal(contact_form(lang, CONTACT_PATH), class_name="lg:col-span-7"),
            reveal(contact_cards(lang), index=1, class_name="lg:col-span-5"),
            class_name="grid gap-8 lg:grid-cols-12",
        ),
        reveal(office_map(lang)),
        reveal(_faq_block(lang)),
        data_scroll=SCROLL_TOP_ON_OPEN,
    )
    return Page(
        content=body,
        title=title,
        description=t(lang, "page-contact-description"),
    )
