"""Featured services: ai-callers, app-development, software-development, ai-agents (SPEC.md §2)."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.reveal import reveal_attrs
from agency_site.components.ui.section import arrow_label
from agency_site.components.ui.transition import transition_attrs
from agency_site.constants import FEATURED_SERVICE_IDS, SERVICE_COLOURS
from agency_site.i18n import localized_path, t
from agency_site.pages.home.common import home_section

SERVICE_ICONS = {
    "ai-callers": "phone-call",
    "app-development": "smartphone",
    "software-development": "code-xml",
    "ai-agents": "bot",
}
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


def service_card(lang: str, service_id: str, index: int) -> rx.Component:
    """A card in the service's colour linking to its detail page after the colour transition."""
    colour = SERVICE_COLOURS[service_id]
    return rx.el.a(
        rx.el.span(
            rx.icon(SERVICE_ICONS[service_id], size=24, aria_hidden="true"),
            class_name=f"flex h-12 w-12 items-center justify-center rounded-2xl text-white shadow-sm {ICON_TINTS[colour]}",
        ),
        rx.el.h3(
            t(lang, f"service-{service_id}-title"), class_name="mt-6 text-xl font-semibold text-slate-900"
        ),
        rx.el.p(
            t(lang, f"home-service-{service_id}-teaser"),
            class_name="mt-3 flex-1 leading-relaxed text-slate-700",
        ),
        arrow_label(t(lang, "home-service-more")),
        href=localized_path(lang, f"/services/{service_id}"),
        class_name=(
            f"service-bg-{colour} group flex h-full flex-col rounded-3xl p-7 transition hover:-translate-y-1 "
            "hover:shadow-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-violet-600"
        ),
        custom_attrs={
            **transition_attrs(OVERLAY_COLOURS[colour]),
            **reveal_attrs(index),
            "data-testid": f"featured-service-{service_id}",
        },
    )


def featured_services(lang: str) -> rx.Component:
    """Four service cards and the 'view services' button."""
    return home_section(
        lang,
        "services",
        rx.el.div(
            *[service_card(lang, service_id, index) for index, service_id in enumerate(FEATURED_SERVICE_IDS)],
            class_name="mt-12 grid gap-5 sm:grid-cols-2 xl:grid-cols-4",
        ),
        action=("home-services-view", "/services"),
    )
