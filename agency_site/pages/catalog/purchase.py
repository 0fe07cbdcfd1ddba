"""The purchase card of purchasable services (those with an entry in content/site.yaml
`checkout_links`).

With a checkout link configured, 'purchase now' is a plain link to it. Without one there is
nothing to buy online yet, and a button promising a redirect that never comes would be dead:
the card asks for an offer instead, a link to the contact form.
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.heading import heading
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import CARD_PADDED, FOCUS_RING, plain_link
from agency_site.content import get_content
from agency_site.i18n import localized_path, t

_BUTTON = (
    "inline-flex w-full items-center justify-center gap-2 rounded-full bg-violet-600 px-6 py-3.5 text-base "
    f"font-semibold text-white shadow-lg shadow-violet-600/20 transition hover:bg-violet-700 {FOCUS_RING}"
)


def checkout_link(service_id: str) -> str | None:
    """The configured checkout page of a service, or None."""
    link = get_content().site.checkout_links.get(service_id)
    return str(link) if link else None


def purchase_button(lang: str, link: str | None) -> rx.Component:
    """'Purchase now', a link to `link`; without one, 'request an offer', to the contact form."""
    if link:
        label = (lucide_icon("shopping-cart", size=20, aria_hidden="true"), t(lang, "purchase-now"))
        return plain_link(*label, href=link, class_name=_BUTTON, data_testid="purchase-now")
    return rx.el.a(
        lucide_icon("mail", size=20, aria_hidden="true"),
        t(lang, "purchase-request-offer"),
        href=localized_path(lang, "/contact"),
        class_name=_BUTTON,
        data_testid="request-offer",
    )


def _assurance(icon: str, text: str) -> rx.Component:
    return rx.el.li(
        rx.el.span(
            lucide_icon(icon, size=18, aria_hidden="true"),
            class_name="flex h-9 w-9 items-center justify-center rounded-xl bg-violet-100 text-violet-700",
        ),
        text,
        class_name="flex items-center gap-3 font-medium text-slate-800",
    )


def purchase_card(lang: str, service_id: str, service_title: str) -> rx.Component:
    """The card with the reassurance lines and 'purchase now' (or 'request an offer');
    nothing for other services."""
    # The purchasable services are those site.yaml has a checkout link entry for.
    if service_id not in get_content().site.checkout_links:
        return rx.fragment()
    return rx.el.section(
        rx.el.div(
            heading(
                2,
                t(lang, "purchase-title", service=service_title),
                class_name="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl",
            ),
            rx.el.p(t(lang, "purchase-text"), class_name="mt-3 text-lg text-slate-600"),
            class_name="lg:col-span-3",
        ),
        rx.el.div(
            rx.el.ul(
                _assurance("shield-check", t(lang, "purchase-security")),
                _assurance("headset", t(lang, "purchase-support")),
                _assurance("wallet", t(lang, "purchase-payment")),
                class_name="space-y-3",
            ),
            rx.el.div(purchase_button(lang, checkout_link(service_id)), class_name="mt-6"),
            rx.el.p(
                lucide_icon("credit-card", size=16, aria_hidden="true", class_name="shrink-0"),
                t(lang, "purchase-no-card"),
                class_name="mt-4 flex items-center justify-center gap-2 text-center text-sm text-slate-600",
            ),
            # 'purchase now' sells to businesses only, as the legal notice says.
            rx.el.p(t(lang, "purchase-business-only"), class_name="mt-2 text-center text-xs text-slate-600"),
            class_name="lg:col-span-2",
        ),
        data_testid="purchase-card",
        class_name=f"{CARD_PADDED} mt-16 grid items-center gap-8 border-violet-200 bg-gradient-to-br from-white to-violet-50 lg:grid-cols-5",
    )
