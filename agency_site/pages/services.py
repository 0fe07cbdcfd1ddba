"""Services list (/services) and service detail (/services/{id}): docs/product.md §2."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx

from agency_site.components.ui.closing_cta import closing_cta
from agency_site.components.ui.heading import heading, page_title
from agency_site.components.ui.kit import LIGHT_BUTTON, eyebrow, internal_link
from agency_site.content.catalog import get_catalog
from agency_site.i18n import t
from agency_site.pages import Page
from agency_site.pages.catalog.animations import missing_animation_panel
from agency_site.pages.catalog.cards import services_grid
from agency_site.pages.catalog.purchase import purchase_card
from agency_site.pages.catalog.service_detail import (
    approach,
    benefits,
    closing_call_to_action,
    demo_phone_line,
    hero,
    market_and_problems,
    value_proposition,
)
from agency_site.pages.catalog.ui import page_intro


def services_page(lang: str) -> Page:
    """The grid of all eight services, then a call to action."""
    body = rx.el.div(
        page_intro(t(lang, "services-eyebrow"), t(lang, "page-services-title"), t(lang, "services-intro")),
        services_grid(lang),
        closing_cta(
            t(lang, "services-list-cta-title"),
            t(lang, "services-list-cta-text"),
            internal_link(lang, t(lang, "service-get-started"), "/contact", style=LIGHT_BUTTON),
            variant="dark",
        ),
    )
    return Page(
        content=body,
        title=t(lang, "page-services-title"),
        description=t(lang, "page-services-description"),
    )


def service_detail_page(service_id: str) -> Callable[[str], Page]:
    """The detail page of one known service id."""

    def build(lang: str) -> Page:
        service = get_catalog().service(service_id)
        if service is None:
            raise KeyError(service_id)
        title = t(lang, service.key("title"))
        body = rx.el.div(
            hero(lang, service),
            value_proposition(lang),
            market_and_problems(lang, service),
            benefits(lang, service),
            approach(lang),
            demo_phone_line(lang) if service.id == "ai-callers" else rx.fragment(),
            purchase_card(lang, service.id, title),
            closing_call_to_action(lang, service),
            data_testid="service-detail",
            custom_attrs={"data-service": service.id},
        )
        return Page(
            content=body,
            title=title,
            description=t(lang, service.key("desc")),
        )

    return build


def unknown_service_page(lang: str) -> Page:
    """Any other id under /services/ (docs/product.md §8): the panel says the animation is
    missing; the page offers every service instead."""
    body = rx.el.div(
        rx.el.section(
            rx.el.div(
                eyebrow(t(lang, "services-eyebrow")),
                page_title(t(lang, "page-services-title"), class_name="mt-3"),
                heading(
                    2,
                    t(lang, "service-unknown-title"),
                    class_name="mt-6 text-xl font-semibold text-slate-800",
                ),
                rx.el.p(t(lang, "service-unknown-text"), class_name="mt-3 text-lg text-slate-600"),
            ),
            missing_animation_panel(lang),
            class_name="grid items-center gap-10 py-10 lg:grid-cols-2",
        ),
        services_grid(lang),
    )
    return Page(
        content=body,
        title=t(lang, "page-services-title"),
        description=t(lang, "page-services-description"),
    )
