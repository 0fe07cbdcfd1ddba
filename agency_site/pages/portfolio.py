"""Portfolio tabs (/portfolio/{tab}) and project detail (/project/{id}): docs/product.md §2.

Each tab is its own prerendered page and the tabs are real links, so the selected tab
always follows the route; /portfolio and unknown tabs redirect (pages/redirects.py).
"""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx

from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import FOCUS_RING
from agency_site.constants import DEFAULT_PORTFOLIO_TAB
from agency_site.content.catalog import get_catalog
from agency_site.i18n import localized_path, t
from agency_site.pages import Page
from agency_site.pages.catalog.cards import project_card
from agency_site.pages.catalog.project_detail import project_body
from agency_site.pages.catalog.ui import page_intro


def tab_label(lang: str, tab: str) -> str:
    """'All Projects' or the service's name."""
    return t(lang, "portfolio-tab-all" if tab == DEFAULT_PORTFOLIO_TAB else f"service-{tab}-title")


def tab_bar(lang: str, current: str) -> rx.Component:
    """One link per tab; the current one is marked for the eye and for screen readers."""
    links = []
    for tab in get_catalog().portfolio_tabs:
        selected = tab == current
        links.append(
            rx.el.a(
                tab_label(lang, tab),
                href=localized_path(lang, f"/portfolio/{tab}"),
                aria_current="page" if selected else None,
                data_testid="portfolio-tab",
                custom_attrs={"data-tab": tab},
                class_name=(
                    "shrink-0 whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold transition "
                    + (
                        "bg-slate-900 text-white shadow-sm"
                        if selected
                        else "bg-white text-slate-700 ring-1 ring-slate-200 hover:text-violet-700 hover:ring-violet-300"
                    )
                    + f" {FOCUS_RING}"
                ),
            )
        )
    return rx.el.nav(
        *links,
        aria_label=t(lang, "portfolio-tabs-label"),
        class_name="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0",
    )


def empty_tab(lang: str) -> rx.Component:
    """docs/product.md §4: the filtered-empty state."""
    return rx.el.div(
        lucide_icon("folder-open", size=40, aria_hidden="true", class_name="text-slate-400"),
        rx.el.p(t(lang, "portfolio-empty"), class_name="mt-4 text-xl font-semibold text-slate-800"),
        rx.el.p(t(lang, "portfolio-empty-text"), class_name="mt-2 max-w-md text-slate-600"),
        data_testid="portfolio-empty",
        class_name="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center",
    )


def project_grid(lang: str, tab: str) -> rx.Component:
    """The tab's project cards, or the empty state."""
    projects = get_catalog().projects_for(tab)
    if not projects:
        return empty_tab(lang)
    return rx.el.div(
        *[project_card(lang, project, lazy=index >= 3) for index, project in enumerate(projects)],
        data_testid="project-grid",
        class_name="grid gap-6 sm:grid-cols-2 lg:grid-cols-3",
    )


def portfolio_tab_page(tab: str) -> Callable[[str], Page]:
    """The portfolio with `tab` selected."""

    def build(lang: str) -> Page:
        body = rx.el.div(
            page_intro(
                t(lang, "portfolio-eyebrow"), t(lang, "page-portfolio-title"), t(lang, "portfolio-intro")
            ),
            tab_bar(lang, tab),
            rx.el.div(project_grid(lang, tab), class_name="mt-8"),
        )
        return Page(
            content=body,
            title=t(lang, "page-portfolio-title"),
            description=t(lang, "page-portfolio-description"),
            # The trail names a tab by its tab, and the all-projects tab as the portfolio.
            crumb=t(lang, "nav-portfolio") if tab == DEFAULT_PORTFOLIO_TAB else tab_label(lang, tab),
        )

    return build


def project_page(project_id: int) -> Callable[[str], Page]:
    """The detail page of one project."""

    def build(lang: str) -> Page:
        project = get_catalog().project(project_id)
        return Page(
            content=project_body(lang, project),
            title=t(lang, project.key("title")),
            description=t(lang, project.key("desc")),
        )

    return build
