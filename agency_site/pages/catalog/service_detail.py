"""The sections of a service detail page, in screen order (docs/product.md §2 'Service detail')."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.closing_cta import closing_cta
from agency_site.components.ui.heading import heading, page_title, wrapping
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import (
    CARD_PADDED,
    FOCUS_RING_ON_DARK,
    GHOST_BUTTON,
    LIGHT_BUTTON,
    icon_badge,
    internal_link,
    section_heading,
)
from agency_site.content import get_content
from agency_site.content.catalog import Service
from agency_site.content.models import tel_href
from agency_site.i18n import t
from agency_site.pages.catalog.animations import animation_panel
from agency_site.pages.catalog.navigation import back_to_services
from agency_site.pages.catalog.purchase import checkout_link
from agency_site.pages.catalog.ui import TONES

VALUE_HIGHLIGHTS = (
    ("lightbulb", "value-innovation"),
    ("users", "value-client"),
    ("badge-check", "value-quality"),
)
BENEFIT_CARDS = (
    ("trending-up", "benefit-efficiency"),
    ("piggy-bank", "benefit-costs"),
    ("smile", "benefit-satisfaction"),
    ("chart-column", "benefit-insights"),
)
APPROACH_STEPS = ("approach-discovery", "approach-implementation", "approach-optimization")


def hero(lang: str, service: Service) -> rx.Component:
    """Back button, icon, title, description, detail text, get-started, and the live panel."""
    tone = TONES[service.colour]
    title = t(lang, service.key("title"))
    return rx.el.section(
        rx.el.div(
            back_to_services(lang, tone),
            rx.el.div(
                icon_badge(service.icon, colours=tone.solid, size="h-14 w-14", icon_size=28),
                class_name="mt-8",
            ),
            page_title(title, class_name="mt-6"),
            rx.el.p(
                wrapping(t(lang, service.key("desc"))),
                class_name="mt-5 text-xl leading-relaxed text-slate-700",
            ),
            rx.el.p(
                wrapping(t(lang, service.key("detail"))), class_name="mt-4 leading-relaxed text-slate-600"
            ),
            rx.el.div(
                internal_link(lang, t(lang, "service-get-started"), "/contact", data_testid="get-started"),
                class_name="mt-8 flex flex-wrap gap-3",
            ),
            class_name="min-w-0 lg:pr-6",
        ),
        animation_panel(lang, service.id, service.colour, title, service.icon),
        class_name="grid items-center gap-10 pt-8 lg:grid-cols-2 lg:pt-12",
    )


def _highlight(icon: str, key: str, lang: str) -> rx.Component:
    return rx.el.div(
        rx.el.span(
            lucide_icon(icon, size=22, aria_hidden="true"),
            class_name="flex h-11 w-11 items-center justify-center rounded-2xl bg-violet-100 text-violet-700",
        ),
        heading(3, t(lang, key), class_name="mt-4 text-lg font-semibold text-slate-900"),
        rx.el.p(wrapping(t(lang, f"{key}-desc")), class_name="mt-2 text-slate-600"),
        class_name=CARD_PADDED,
    )


def value_proposition(lang: str) -> rx.Component:
    """Three highlights: innovation-focused, client-centered, quality-assured."""
    return rx.el.section(
        section_heading(t(lang, "value-title"), t(lang, "value-intro")),
        rx.el.div(
            *[_highlight(icon, key, lang) for icon, key in VALUE_HIGHLIGHTS],
            class_name="mt-8 grid gap-5 md:grid-cols-3",
        ),
        data_testid="value-proposition",
        class_name="mt-20",
    )


def market_and_problems(lang: str, service: Service) -> rx.Component:
    """Market position beside the three problems the service solves."""
    tone = TONES[service.colour]
    problems = [t(lang, service.key(f"problem-{number}")) for number in (1, 2, 3)]
    return rx.el.section(
        rx.el.div(
            heading(
                2, t(lang, "market-title"), class_name="text-2xl font-bold tracking-tight text-slate-900"
            ),
            rx.el.p(
                wrapping(t(lang, service.key("market"))),
                class_name="mt-4 text-lg leading-relaxed text-slate-700",
            ),
            class_name=f"rounded-3xl p-6 sm:p-8 {tone.soft}",
            data_testid="market-position",
        ),
        rx.el.div(
            heading(
                2, t(lang, "problems-title"), class_name="text-2xl font-bold tracking-tight text-slate-900"
            ),
            rx.el.ul(
                *[
                    rx.el.li(
                        lucide_icon(
                            "circle-check",
                            size=22,
                            aria_hidden="true",
                            class_name=f"mt-0.5 shrink-0 {tone.text}",
                        ),
                        problem,
                        class_name="flex gap-3 text-slate-700",
                    )
                    for problem in problems
                ],
                class_name="mt-5 space-y-4",
            ),
            class_name=CARD_PADDED,
            data_testid="problems-solved",
        ),
        class_name="mt-20 grid gap-6 lg:grid-cols-2",
    )


def benefits(lang: str, service: Service) -> rx.Component:
    """The service's headline figure, its benefit text and the four benefit cards."""
    tone = TONES[service.colour]
    return rx.el.section(
        rx.el.div(
            section_heading(t(lang, "benefits-title"), t(lang, service.key("benefits"))),
            rx.el.div(
                rx.el.p(
                    t(lang, service.key("stat")), class_name=f"text-5xl font-bold tracking-tight {tone.text}"
                ),
                rx.el.p(
                    t(lang, service.key("stat-label")),
                    class_name="mt-1 max-w-[12rem] text-sm font-medium text-slate-600",
                ),
                class_name="shrink-0",
                data_testid="service-stat",
            ),
            class_name="flex flex-col gap-8 lg:flex-row lg:items-end lg:justify-between",
        ),
        rx.el.div(
            *[
                rx.el.div(
                    icon_badge(icon, colours=tone.solid, size="h-11 w-11", icon_size=22),
                    heading(3, t(lang, key), class_name="mt-4 text-lg font-semibold text-slate-900"),
                    rx.el.p(wrapping(t(lang, f"{key}-desc")), class_name="mt-2 text-slate-600"),
                    class_name=CARD_PADDED,
                    data_testid="benefit-card",
                )
                for icon, key in BENEFIT_CARDS
            ],
            class_name="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4",
        ),
        class_name="mt-20",
    )


def approach(lang: str) -> rx.Component:
    """Discovery, implementation, optimization."""
    return rx.el.section(
        section_heading(t(lang, "approach-title"), t(lang, "approach-intro")),
        rx.el.ol(
            *[
                rx.el.li(
                    rx.el.span(
                        t(lang, "approach-step", number=number),
                        class_name="text-sm font-semibold uppercase tracking-widest text-violet-600",
                    ),
                    heading(3, t(lang, key), class_name="mt-2 text-xl font-semibold text-slate-900"),
                    rx.el.p(wrapping(t(lang, f"{key}-desc")), class_name="mt-3 text-slate-600"),
                    class_name=f"{CARD_PADDED} relative",
                    data_testid="approach-step",
                )
                for number, key in enumerate(APPROACH_STEPS, start=1)
            ],
            class_name="mt-8 grid gap-5 md:grid-cols-3",
        ),
        class_name="mt-20",
    )


def demo_phone_line(lang: str) -> rx.Component:
    """ai-callers only: call the demo line, available 24/7."""
    phone = get_content().site.links.voice_demo_phone
    return rx.el.section(
        rx.el.div(
            rx.el.span(
                lucide_icon("clock", size=16, aria_hidden="true"),
                t(lang, "demo-line-available"),
                class_name="inline-flex items-center gap-2 rounded-full bg-slate-950/20 px-3 py-1 text-sm font-semibold",
            ),
            heading(
                2, t(lang, "demo-line-title"), class_name="mt-4 text-2xl font-bold tracking-tight sm:text-3xl"
            ),
            rx.el.p(wrapping(t(lang, "demo-line-text")), class_name="mt-3 max-w-xl text-blue-50"),
        ),
        rx.el.a(
            lucide_icon("phone", size=20, aria_hidden="true"),
            t(lang, "demo-line-call", phone=phone),
            href=tel_href(phone),
            class_name=f"inline-flex shrink-0 items-center gap-2 rounded-full bg-white px-6 py-3.5 font-semibold text-blue-700 shadow-lg transition hover:bg-blue-50 {FOCUS_RING_ON_DARK}",
        ),
        data_testid="demo-phone-line",
        class_name="mt-16 flex flex-col gap-6 rounded-3xl bg-gradient-to-br from-blue-600 to-indigo-700 p-8 text-white sm:p-10 lg:flex-row lg:items-center lg:justify-between",
    )


def closing_call_to_action(lang: str, service: Service) -> rx.Component:
    """The closing block: the service's name, get started, all services, and where a
    purchasable service is paid."""
    title = t(lang, service.key("title"))
    return closing_cta(
        t(lang, "service-cta-title", service=title),
        t(lang, "service-cta-text"),
        internal_link(lang, t(lang, "service-get-started"), "/contact", style=LIGHT_BUTTON),
        internal_link(
            lang, t(lang, "service-all-services"), "/services", icon="layout-grid", style=GHOST_BUTTON
        ),
        variant="dark",
        # Only a service one can buy online says where it is paid.
        note=t(lang, "service-cta-notice") if checkout_link(service.id) else "",
        testid="service-cta",
    )
