"""The contact cards: office address, the three phone lines and the email address."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.heading import heading
from agency_site.components.ui.kit import CARD, FOCUS_RING_TIGHT, icon_badge
from agency_site.content import get_content
from agency_site.content.models import localized
from agency_site.i18n import t

_VALUE_LINK = f"font-semibold text-slate-900 transition hover:text-violet-700 {FOCUS_RING_TIGHT} rounded"


def _card(icon: str, title: str, *body: rx.Component, testid: str) -> rx.Component:
    return rx.el.div(
        icon_badge(icon),
        rx.el.div(
            heading(3, title, class_name="text-base font-semibold text-slate-900"),
            *body,
            class_name="min-w-0 flex-1",
        ),
        data_testid=testid,
        class_name=f"{CARD} flex gap-4 p-6",
    )


def _office(lang: str) -> rx.Component:
    office = get_content().site.office
    return _card(
        "map-pin",
        t(lang, "contact-office-title"),
        rx.el.address(
            office.company,
            rx.el.br(),
            office.building,
            rx.el.br(),
            localized(office.district, lang),
            rx.el.br(),
            f"{localized(office.city, lang)}, {localized(office.country, lang)}",
            class_name="mt-2 text-sm not-italic leading-relaxed text-slate-600",
        ),
        testid="contact-office",
    )


def _phones(lang: str) -> rx.Component:
    phones = get_content().site.contact.phones
    return _card(
        "phone",
        t(lang, "contact-phone-title"),
        rx.el.ul(
            *[
                rx.el.li(
                    rx.el.span(
                        t(lang, phone.label_key),
                        class_name="block text-xs uppercase tracking-wide text-slate-500",
                    ),
                    rx.el.a(phone.number, href=phone.tel_href, class_name=_VALUE_LINK),
                )
                for phone in phones
            ],
            class_name="mt-2 space-y-3 text-sm",
        ),
        testid="contact-phones",
    )


def _email(lang: str) -> rx.Component:
    email = get_content().site.contact.email
    return _card(
        "mail",
        t(lang, "contact-email-title"),
        rx.el.a(
            email, href=f"mailto:{email}", class_name=f"{_VALUE_LINK} mt-2 inline-block break-all text-sm"
        ),
        rx.el.p(t(lang, "contact-email-note"), class_name="mt-1 text-sm text-slate-500"),
        testid="contact-email",
    )


def contact_cards(lang: str) -> rx.Component:
    """The three cards, stacked beside the form on wide screens and below it on phones."""
    return rx.el.aside(
        heading(2, t(lang, "contact-info-title"), id="contact-info-title", class_name="sr-only"),
        _office(lang),
        _phones(lang),
        _email(lang),
        # Named by its heading, as a complementary landmark should be.
        aria_labelledby="contact-info-title",
        class_name="flex flex-col gap-6",
    )
