"""The sections of a project page, in screen order (docs/product.md §2 'Project detail')."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.closing_cta import closing_cta
from agency_site.components.ui.heading import heading, page_title
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import (
    CARD_PADDED,
    FOCUS_RING,
    LIGHT_BUTTON,
    PRIMARY_BUTTON,
    icon_badge,
    internal_link,
    plain_link,
    section_heading,
)
from agency_site.constants import EXPLORE_MORE_MAX
from agency_site.content.catalog import Project, get_catalog
from agency_site.i18n import localized_path, t
from agency_site.pages.catalog.cards import project_card
from agency_site.pages.catalog.project_extras import avatar_videos, voice_demo
from agency_site.pages.catalog.project_media import gallery
from agency_site.pages.catalog.ui import TONES


def _fact(label: str, value: str, testid: str) -> rx.Component:
    return rx.el.div(
        rx.el.dt(label, class_name="text-xs font-semibold uppercase tracking-wider text-slate-500"),
        rx.el.dd(value, class_name="mt-1 font-semibold text-slate-900"),
        data_testid=testid,
    )


def facts(lang: str, project: Project) -> rx.Component:
    """Service category, and client and year unless the project hides them (104, 106)."""
    items = [
        _fact(t(lang, "project-service"), t(lang, f"service-{project.service}-title"), "project-service")
    ]
    if project.show_client_and_year:
        items += [
            _fact(t(lang, "project-client"), t(lang, f"client-{project.client}"), "project-client"),
            _fact(t(lang, "project-year"), str(project.year), "project-year"),
        ]
    return rx.el.dl(*items, class_name="mt-8 flex flex-wrap gap-x-10 gap-y-4 border-y border-slate-200 py-5")


def project_actions(lang: str, project: Project) -> rx.Component:
    """'Visit the website' (the client's live site: 100, 102, 103, 105) or the app-store note (101)."""
    children = []
    if project.url:
        children.append(
            plain_link(
                t(lang, "project-visit"),
                lucide_icon("external-link", size=18, aria_hidden="true"),
                rx.el.span(t(lang, "opens-new-tab"), class_name="sr-only"),
                href=str(project.url),
                target="_blank",
                rel="noopener noreferrer",
                data_testid="visit-project",
                class_name=PRIMARY_BUTTON,
            )
        )
    if project.app_store_note:
        children.append(
            rx.el.p(
                lucide_icon("smartphone", size=18, aria_hidden="true"),
                t(lang, "project-app-store"),
                data_testid="app-store-note",
                class_name="inline-flex items-center gap-2 rounded-full bg-green-50 px-4 py-2 text-sm font-semibold text-green-800 ring-1 ring-green-200",
            )
        )
    return (
        rx.el.div(*children, class_name="mt-8 flex flex-wrap items-center gap-3")
        if children
        else rx.fragment()
    )


def header(lang: str, project: Project) -> rx.Component:
    """Back link, title, subtitle, description, facts and actions."""
    return rx.el.header(
        rx.el.a(
            lucide_icon("arrow-left", size=18, aria_hidden="true"),
            t(lang, "project-back"),
            href=localized_path(lang, "/portfolio"),
            data_testid="back-to-portfolio",
            class_name=f"inline-flex items-center gap-2 rounded-full py-1 text-sm font-semibold text-slate-600 transition hover:text-violet-700 {FOCUS_RING}",
        ),
        page_title(t(lang, project.key("title")), class_name="mt-8 max-w-4xl"),
        rx.el.p(
            t(lang, project.key("subtitle")),
            class_name="mt-4 max-w-3xl text-xl font-medium text-violet-700",
            data_testid="project-subtitle",
        ),
        rx.el.p(
            t(lang, project.key("desc")), class_name="mt-5 max-w-3xl text-lg leading-relaxed text-slate-600"
        ),
        facts(lang, project),
        project_actions(lang, project),
        class_name="pt-8 lg:pt-12",
    )


def key_benefits(lang: str, project: Project) -> rx.Component:
    """The six feature cards."""
    service = get_catalog().service(project.service)
    tone = TONES[service.colour] if service else TONES["purple"]
    return rx.el.section(
        section_heading(t(lang, "project-benefits-title")),
        rx.el.div(
            *[
                rx.el.div(
                    icon_badge(feature.icon, colours=tone.solid, size="h-11 w-11", icon_size=22),
                    heading(
                        3,
                        t(lang, f"feature-{project.slug}-{feature.id}"),
                        class_name="mt-4 text-lg font-semibold text-slate-900",
                    ),
                    rx.el.p(
                        t(lang, f"feature-{project.slug}-{feature.id}-desc"), class_name="mt-2 text-slate-600"
                    ),
                    class_name=CARD_PADDED,
                    data_testid="feature-card",
                )
                for feature in project.features
            ],
            class_name="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3",
        ),
        class_name="mt-20",
    )


def technologies_and_overview(lang: str, project: Project) -> rx.Component:
    """The technologies list beside the overview conclusion."""
    return rx.el.section(
        rx.el.div(
            heading(
                2,
                t(lang, "project-tech-title"),
                class_name="text-2xl font-bold tracking-tight text-slate-900",
            ),
            rx.el.ul(
                *[
                    rx.el.li(
                        t(lang, f"tech-{name}"),
                        class_name="rounded-full bg-slate-100 px-4 py-2 text-sm font-semibold text-slate-700",
                    )
                    for name in project.technologies
                ],
                class_name="mt-5 flex flex-wrap gap-2",
                data_testid="technologies",
            ),
            class_name=f"{CARD_PADDED} lg:col-span-2",
        ),
        rx.el.div(
            heading(
                2,
                t(lang, "project-overview-title"),
                class_name="text-2xl font-bold tracking-tight text-slate-900",
            ),
            rx.el.p(
                t(lang, f"conclusion-{project.slug}"),
                class_name="mt-4 text-lg leading-relaxed text-slate-700",
                data_testid="conclusion",
            ),
            class_name="rounded-3xl bg-violet-50 p-6 ring-1 ring-violet-100 sm:p-8 lg:col-span-3",
        ),
        class_name="mt-20 grid gap-6 lg:grid-cols-5",
    )


def similar_project(lang: str) -> rx.Component:
    """The similar-project contact prompt."""
    return closing_cta(
        t(lang, "project-similar-title"),
        t(lang, "project-similar-text"),
        internal_link(lang, t(lang, "project-similar-cta"), "/contact", style=LIGHT_BUTTON),
        variant="dark",
        testid="similar-project",
    )


def explore_more(lang: str, project: Project) -> rx.Component:
    """Up to three other projects, never this one."""
    others = get_catalog().others(project.id, EXPLORE_MORE_MAX)
    return rx.el.section(
        section_heading(t(lang, "project-explore-title")),
        rx.el.div(
            *[project_card(lang, other, level=3) for other in others],
            class_name="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3",
        ),
        data_testid="explore-more",
        class_name="mt-20",
    )


def project_body(lang: str, project: Project) -> rx.Component:
    """The whole project page, top to bottom."""
    return rx.el.div(
        header(lang, project),
        gallery(lang, project),
        avatar_videos(lang, project),
        voice_demo(lang, project),
        key_benefits(lang, project),
        technologies_and_overview(lang, project),
        similar_project(lang),
        explore_more(lang, project),
        data_testid="project-detail",
        custom_attrs={"data-project": str(project.id)},
    )
