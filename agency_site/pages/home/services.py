"""Featured services: the four services.yaml features, in its order (docs/product.md §2)."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.heading import heading
from agency_site.components.ui.kit import FOCUS_RING_CARD, icon_badge
from agency_site.components.ui.reveal import reveal_attrs
from agency_site.components.ui.section import arrow_label
from agency_site.components.ui.transition import transition_link
from agency_site.content.catalog import Service, get_catalog
from agency_site.i18n import localized_path, t
from agency_site.pages.catalog.ui import TONES
from agency_site.pages.home.common import home_section


def _opaque(hex_colour: str, alpha: float) -> str:
    red, green, blue = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({red}, {green}, {blue}, {alpha})"


# The overlay plays in the card's own colour (the service-bg-{colour} tint, nearly opaque).
OVERLAY_COLOURS = {colour: _opaque(tone.hex_soft, 0.92) for colour, tone in TONES.items()}


def service_card(lang: str, service: Service, index: int) -> rx.Component:
    """A card in the service's colour linking to its detail page after the colour transition."""
    colour = service.colour
    return transition_link(
        icon_badge(service.icon, colours=f"{TONES[colour].solid} shadow-sm", size="h-12 w-12", icon_size=24),
        heading(3, t(lang, service.key("title")), class_name="mt-6 text-xl font-semibold text-slate-900"),
        rx.el.p(
            t(lang, f"home-service-{service.id}-teaser"),
            class_name="mt-3 flex-1 leading-relaxed text-slate-700",
        ),
        arrow_label(t(lang, "home-service-more")),
        href=localized_path(lang, f"/services/{service.id}"),
        colour=OVERLAY_COLOURS[colour],
        class_name=(
            f"service-bg-{colour} group flex h-full flex-col rounded-3xl p-7 transition hover:-translate-y-1 "
            f"hover:shadow-xl {FOCUS_RING_CARD}"
        ),
        custom_attrs={
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
