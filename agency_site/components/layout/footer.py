"""The footer: brand, service and company links, legal links, contact details, year."""

from __future__ import annotations

import reflex as rx

from agency_site.components.layout.navigation import (
    FOOTER_COMPANY_NAV,
    FOOTER_LEGAL_NAV,
    NavItem,
)
from agency_site.components.ui.brand import logo
from agency_site.components.ui.heading import heading
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING_TIGHT
from agency_site.content import get_content
from agency_site.content.catalog import get_catalog
from agency_site.content.models import localized
from agency_site.frontend.react import jsx_library
from agency_site.i18n import localized_path, t

_LINK = f"text-slate-300 transition-colors hover:text-white {FOCUS_RING_TIGHT} rounded"


def _heading(text: str) -> rx.Component:
    return heading(
        2,
        text,
        class_name="mb-4 text-sm font-semibold uppercase tracking-wider text-white",
    )


def _link_list(lang: str, items: list[tuple[str, str]]) -> rx.Component:
    return rx.el.ul(
        *[
            rx.el.li(rx.el.a(label, href=localized_path(lang, path), class_name=_LINK))
            for label, path in items
        ],
        class_name="space-y-3 text-sm",
    )


def _nav_items(lang: str, items: tuple[NavItem, ...]) -> list[tuple[str, str]]:
    return [(t(lang, item.label_key), item.path) for item in items]


def _contact_line(icon: str, *content: rx.Component | str) -> rx.Component:
    return rx.el.p(
        lucide_icon(icon, size=16, class_name="mt-0.5 shrink-0 text-violet-400", aria_hidden="true"),
        rx.el.span(*content),
        class_name="flex gap-2",
    )


def _contact_column(lang: str) -> rx.Component:
    site = get_content().site
    office, phone, email = site.office, site.contact.phones[0], site.contact.email
    return rx.el.div(
        _heading(t(lang, "footer-contact")),
        rx.el.address(
            _contact_line(
                "map-pin",
                office.building,
                rx.el.br(),
                localized(office.district, lang),
                rx.el.br(),
                f"{localized(office.city, lang)}, {localized(office.country, lang)}",
            ),
            _contact_line("phone", rx.el.a(phone.number, href=phone.tel_href, class_name=_LINK)),
            _contact_line("mail", rx.el.a(email, href=f"mailto:{email}", class_name=_LINK)),
            class_name="space-y-3 text-sm not-italic text-slate-300",
        ),
    )


class CurrentYear(rx.Component):
    """A <span> with the visitor's current year (frontend/react/page_hooks.jsx): a page prerendered
    last year still shows this year."""

    library = jsx_library("page_hooks.jsx")
    tag = "CurrentYear"


def _current_year() -> rx.Component:
    return CurrentYear.create(data_testid="footer-year")


def footer(lang: str) -> rx.Component:
    """The site footer in `lang`."""
    site = get_content().site
    brand = site.brand
    service_links = [
        (t(lang, service.key("title")), f"/services/{service.id}") for service in get_catalog().footer
    ]
    return rx.el.footer(
        rx.el.div(
            rx.el.div(
                rx.el.div(
                    logo(lang, dark=True),
                    rx.el.p(
                        t(lang, "footer-tagline"),
                        class_name="mt-4 max-w-xs text-sm leading-relaxed text-slate-400",
                    ),
                ),
                rx.el.nav(
                    _heading(t(lang, "footer-services")),
                    _link_list(lang, service_links),
                    aria_label=t(lang, "footer-services"),
                ),
                rx.el.nav(
                    _heading(t(lang, "footer-company")),
                    _link_list(lang, _nav_items(lang, FOOTER_COMPANY_NAV)),
                    aria_label=t(lang, "footer-company"),
                ),
                _contact_column(lang),
                class_name="grid grid-cols-1 gap-10 sm:grid-cols-2 lg:grid-cols-4",
            ),
            rx.el.div(
                rx.el.p(
                    "© ",
                    _current_year(),
                    f" {brand.name}. ",
                    t(lang, "footer-rights"),
                    " ",
                    # Whose brand this is: the contracting party of the legal notice.
                    t(
                        lang,
                        "footer-brand-owner",
                        brand=brand.name,
                        company=site.legal.company_name,
                        city=localized(site.legal.city, lang),
                    ),
                    class_name="text-sm text-slate-400",
                ),
                rx.el.nav(
                    *[
                        rx.el.a(
                            label,
                            href=localized_path(lang, path),
                            class_name=_LINK + " text-sm",
                        )
                        for label, path in _nav_items(lang, FOOTER_LEGAL_NAV)
                    ],
                    aria_label=t(lang, "footer-legal"),
                    class_name="flex flex-wrap gap-x-6 gap-y-2",
                ),
                class_name="mt-12 flex flex-col gap-4 border-t border-white/10 pt-8 sm:flex-row sm:items-center sm:justify-between",
            ),
            class_name="mx-auto w-full max-w-(--content-max-width) px-6 py-14 lg:px-10",
        ),
        data_testid="site-footer",
        class_name="w-full bg-slate-950",
    )
