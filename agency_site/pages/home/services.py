"""Featured services: the four services.yaml features, in its order (SPEC.md §2)."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.reveal import reveal_attrs
from agency_site.components.ui.section import arrow_label
from agency_site.components.ui.transition import transition_attrs
from agency_site.content.catalog import Service, get_catalog
from agency_site.i18n import localized_path, t
from agency_site.pages.home.common import home_section

# The overlay plays in the card's own colour (the service-bg-{colour} tints, opaque).
OVERLAY_COLOURS = {
    "blue": "rgba(219, 234, 254, 0.92)",
    "green": "rgba(220, 252, 231, 0.92)",
    "pink": "rgba(252, 231, 243, 0.92)",
    "yellow": "rgba(254, 249, 195, 0.92)",
}
ICON_TINTS = {
    "blue": "bg-blue-600",
    "green": "bg-green-600",
    "pink": "bg-pink-600",
    "yellow": "bg-amber-500",
}


def service_card(lang: str, service: Service, index: int) -> rx.Component:
    """A card in the service's colour linking to its detail page after the colour transition."""
    colour = service.colour
    return rx.el.a(
        rx.el.span(
            rx.icon(service.icon, size=24, aria_hidden="true"),
            class_name=f"flex h-12 w-12 items-center justify-center rounded-2xl text-white shadow-sm {ICON_TINTS[colour]}",
        ),
        rx.el.h3(t(lang, service.key("title")), class_name="mt-6 text-xl font-semibold text-slate-900"),
        rx.el.p(
            t(lang, f"home-service-{service.id}-teaser"),
            class_name="mt-3 flex-1 leading-relaxed text-slate-700",
        ),
        arrow_label(t(lang, "home-service-more")),
        href=localized_path(lang, f"/services/{service.id}"),
        class_name=(
            f"service-bg-{colour} group flex h-full flex-col rounded-3xl p-7 transition hover:-translate-y-1 "
            "hover:shadow-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-violet-600"
        ),
        custom_attrs={
            **transition_attrs(OVERLAY_COLOURS[colour]),
            **reveal_attrs(index),
            "data-testid": f"featured-service-{service.id}",
        },
    )


def featured_services(lang: str) -> rx.Component:
    """Four service cards and the 'view services' button."""
    return home_section(
        lang,
        "services",
        rx.el.div(
            *[service_card(lang, service, index) for index, service in enumerate(get_catalog().featured)],
            class_name="mt-12 grid gap-5 sm:grid-cols-2 xl:grid-cols-4",
        ),
        action=("home-services-view", "/services"),
    )
