"""Cards that link to a service or a project page."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.heading import HeadingLevel, heading
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING, icon_badge
from agency_site.components.ui.picture import CARD_GRID_SIZES, picture
from agency_site.content.catalog import Project, Service, get_catalog
from agency_site.i18n import localized_path, t
from agency_site.pages.catalog.ui import TONES


def service_card(lang: str, service: Service) -> rx.Component:
    """A service in its colour: icon, title, description, headline figure with what it
    measured, 'explore'."""
    tone = TONES[service.colour]
    return rx.el.a(
        rx.el.div(
            icon_badge(service.icon, colours=tone.solid, size="h-12 w-12", icon_size=24),
            rx.el.span(
                rx.el.span(t(lang, service.key("stat")), class_name=f"block text-2xl font-bold {tone.text}"),
                # What the figure measured ('of callers surveyed…'): a figure never stands alone.
                rx.el.span(
                    t(lang, service.key("stat-label")),
                    class_name="mt-1 block max-w-[11rem] text-xs font-medium leading-snug text-slate-600",
                ),
                class_name="text-right",
            ),
            class_name="flex items-start justify-between gap-4",
        ),
        heading(
            2,
            t(lang, service.key("title")),
            class_name="mt-6 text-xl font-semibold text-slate-900 lg:text-lg 2xl:text-xl",
        ),
        rx.el.p(t(lang, service.key("desc")), class_name="mt-2 flex-1 text-slate-700"),
        rx.el.span(
            t(lang, "services-card-cta"),
            lucide_icon(
                "arrow-right", size=16, aria_hidden="true", class_name="transition group-hover:translate-x-1"
            ),
            class_name=f"mt-6 inline-flex items-center gap-2 text-sm font-semibold {tone.text}",
        ),
        href=localized_path(lang, f"/services/{service.id}"),
        data_testid="service-card",
        custom_attrs={"data-service": service.id},
        class_name=(
            f"group flex flex-col rounded-3xl p-6 ring-1 ring-black/5 transition hover:-translate-y-1 "
            f"hover:shadow-lg motion-reduce:hover:translate-y-0 sm:p-7 {tone.soft} {FOCUS_RING}"
        ),
    )


def services_grid(lang: str) -> rx.Component:
    """Every service as a card."""
    return rx.el.div(
        *[service_card(lang, service) for service in get_catalog().services],
        class_name="grid gap-5 sm:grid-cols-2 lg:grid-cols-4",
    )


def project_card(lang: str, project: Project, *, lazy: bool = True, level: HeadingLevel = 2) -> rx.Component:
    """Image, title, service name and 'view details' (docs/product.md §2 'Portfolio')."""
    image = project.images[0]
    service = get_catalog().service(project.service)
    tone = TONES[service.colour] if service else TONES["purple"]
    title = t(lang, project.key("title"))
    return rx.el.article(
        rx.el.div(
            picture(
                image.src,
                width=image.width,
                height=image.height,
                sizes=CARD_GRID_SIZES,
                eager=not lazy,
                class_name="aspect-[16/10] h-auto w-full object-cover transition duration-500 group-hover:scale-[1.03] motion-reduce:group-hover:scale-100",
            ),
            class_name=f"overflow-hidden {tone.soft}",
        ),
        rx.el.div(
            rx.el.p(
                t(lang, f"service-{project.service}-title"),
                class_name=f"text-sm font-semibold {tone.text}",
                data_testid="project-card-service",
            ),
            heading(level, title, class_name="mt-2 text-xl font-semibold text-slate-900"),
            rx.el.p(t(lang, project.key("subtitle")), class_name="mt-2 flex-1 text-slate-600"),
            rx.el.a(
                t(lang, "portfolio-view-details"),
                rx.el.span(title, class_name="sr-only"),
                lucide_icon(
                    "arrow-right",
                    size=16,
                    aria_hidden="true",
                    class_name="transition group-hover:translate-x-1",
                ),
                href=localized_path(lang, f"/project/{project.id}"),
                class_name=f"mt-5 inline-flex items-center gap-2 self-start text-sm font-semibold text-violet-700 after:absolute after:inset-0 after:content-[''] {FOCUS_RING}",
            ),
            class_name="flex flex-1 flex-col p-6",
        ),
        data_testid="project-card",
        custom_attrs={"data-project": str(project.id)},
        class_name="group relative flex flex-col overflow-hidden rounded-3xl border border-slate-200/80 bg-white shadow-sm transition hover:shadow-lg",
    )
