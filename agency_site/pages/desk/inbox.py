"""The desk's front page (/desk, /de/desk), signed in: leads waiting too long, the filters,
the inbox with its bulk actions and pages, speed to lead, and erasure by address. Screen
order as a salesperson works: what is late first, then everything else."""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.heading import heading
from agency_site.components.ui.kit import CARD_PADDED, FOCUS_RING, PRIMARY_BUTTON, SECONDARY_BUTTON
from agency_site.i18n import localized_path, t
from agency_site.pages.desk.frame import (
    BUTTON_SMALL,
    INPUT,
    LINK,
    SECTION_TITLE,
    desk_frame,
    status_badge,
)
from agency_site.pages.desk.words import counted, delivery_labels, filled, pipeline_labels, said
from agency_site.reflex_adapter import ObjectVar
from agency_site.state.desk import DeskState
from agency_site.state.desk_rows import DELIVERY, Row

LEAD_PATH = "/desk/lead"
TABLE = "w-full min-w-[40rem] text-left text-sm"
HEAD_CELL = "border-b border-slate-200 px-3 py-2 font-semibold text-slate-700"
CELL = "border-b border-slate-100 px-3 py-2 align-top text-slate-800"


def lead_link(lang: str, row: ObjectVar[Row], text: rx.Var) -> rx.Component:
    """A link to a lead's page (the page's own router: the desk stays connected)."""
    return rx.el.a(text, href=f"{localized_path(lang, LEAD_PATH)}?id=" + row["id"].to(str), class_name=LINK)


def _overdue(lang: str) -> rx.Component:
    def item(row: ObjectVar[Row]) -> rx.Component:
        return rx.el.li(
            lead_link(lang, row, row["subject"].to(str)),
            rx.el.span(" · ", row["name"].to(str), " · ", row["received"].to(str), " · "),
            filled(lang, "desk-overdue-hours", hours=row["hours"].to(str)),
            class_name="text-sm text-rose-900",
        )

    return rx.cond(
        DeskState.overdue.length() > 0,
        rx.el.section(
            heading(2, t(lang, "desk-overdue-title"), id="desk-overdue-title", class_name=SECTION_TITLE),
            rx.el.ul(rx.foreach(DeskState.overdue, item), class_name="mt-3 flex flex-col gap-2"),
            aria_labelledby="desk-overdue-title",
            data_testid="desk-overdue",
            class_name="rounded-3xl border border-rose-200 bg-rose-50 p-6",
        ),
    )


def _select(lang: str, name: str, label_key: str, options: dict[str, str]) -> rx.Component:
    return rx.el.div(
        rx.el.label(t(lang, label_key), html_for=f"desk-filter-{name}", class_name="text-sm font-semibold"),
        rx.el.select(
            rx.el.option(t(lang, "desk-any"), value=""),
            *[rx.el.option(words, value=code) for code, words in options.items()],
            id=f"desk-filter-{name}",
            name=name,
            class_name=INPUT,
        ),
    )


def _date(lang: str, name: str, label_key: str) -> rx.Component:
    return rx.el.div(
        rx.el.label(t(lang, label_key), html_for=f"desk-filter-{name}", class_name="text-sm font-semibold"),
        rx.el.input(type="date", id=f"desk-filter-{name}", name=name, class_name=INPUT),
    )


def _filters(lang: str) -> rx.Component:
    deliveries = delivery_labels(lang)
    return rx.el.section(
        heading(2, t(lang, "desk-filters-title"), id="desk-filters-title", class_name=SECTION_TITLE),
        rx.el.form(
            rx.el.div(
                rx.el.label(
                    t(lang, "desk-search-label"),
                    html_for="desk-filter-search",
                    class_name="text-sm font-semibold",
                ),
                rx.el.input(type="search", id="desk-filter-search", name="search", class_name=INPUT),
                class_name="sm:col-span-2 lg:col-span-3",
            ),
            _select(lang, "pipeline", "desk-status-label", pipeline_labels(lang)),
            _select(lang, "delivery", "desk-delivery-label", {code: deliveries[code] for code in DELIVERY}),
            _select(
                lang,
                "language",
                "desk-language-label",
                {code: t(lang, f"desk-language-{code}") for code in ("en", "de")},
            ),
            _date(lang, "since", "desk-since-label"),
            _date(lang, "until", "desk-until-label"),
            rx.el.div(
                rx.el.button(t(lang, "desk-apply"), type="submit", class_name=PRIMARY_BUTTON),
                rx.el.button(
                    t(lang, "desk-clear"),
                    type="reset",
                    on_click=DeskState.clear_filters,
                    class_name=SECONDARY_BUTTON,
                ),
                class_name="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-3",
            ),
            on_submit=DeskState.apply_filters,
            reset_on_submit=False,
            data_testid="desk-filters",
            class_name="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
        ),
        aria_labelledby="desk-filters-title",
        class_name=CARD_PADDED,
    )


def _bulk_bar(lang: str) -> rx.Component:
    statuses = pipeline_labels(lang)
    return rx.el.div(
        rx.el.form(
            rx.el.label(
                t(lang, "desk-selection-label"),
                html_for="desk-bulk-status",
                class_name="text-sm font-semibold",
            ),
            rx.el.select(
                *[rx.el.option(words, value=code) for code, words in statuses.items()],
                id="desk-bulk-status",
                name="status",
                class_name="rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm",
            ),
            rx.el.button(t(lang, "desk-set-status"), type="submit", class_name=BUTTON_SMALL),
            on_submit=DeskState.bulk_status,
            reset_on_submit=False,
            class_name="flex flex-wrap items-center gap-2",
        ),
        rx.el.button(
            t(lang, "desk-release"), type="button", on_click=DeskState.bulk_release, class_name=BUTTON_SMALL
        ),
        rx.el.button(
            t(lang, "desk-retry"), type="button", on_click=DeskState.bulk_retry, class_name=BUTTON_SMALL
        ),
        rx.el.button(
            t(lang, "desk-export"),
            type="button",
            on_click=DeskState.export_csv,
            data_testid="desk-export",
            class_name=BUTTON_SMALL,
        ),
        class_name="flex flex-wrap items-center gap-3",
    )


def _row(lang: str, row: ObjectVar[Row]) -> rx.Component:
    statuses, deliveries = pipeline_labels(lang), delivery_labels(lang)
    lead_id = row["id"].to(str)
    return rx.el.tr(
        rx.el.td(
            rx.el.input(
                type="checkbox",
                checked=DeskState.selected.contains(lead_id),
                on_change=lambda _checked: DeskState.toggle(lead_id),
                aria_label=t(lang, "desk-select-lead"),
                class_name="h-5 w-5",
            ),
            class_name=CELL,
        ),
        # The lead first: on a phone it is what shows before the table scrolls.
        rx.el.td(
            lead_link(lang, row, row["subject"].to(str)),
            rx.el.span(
                row["name"].to(str), " · ", row["email"].to(str), class_name="mt-0.5 block text-slate-600"
            ),
            class_name=f"{CELL} min-w-[14rem] break-words",
        ),
        rx.el.td(row["received"].to(str), class_name=f"{CELL} whitespace-nowrap"),
        rx.el.td(status_badge(said(statuses, row["pipeline"].to(str))), class_name=CELL),
        rx.el.td(said(deliveries, row["delivery"].to(str)), class_name=CELL),
        rx.el.td(row["language"].to(str), class_name=f"{CELL} uppercase"),
        data_testid="desk-lead-row",
        data_lead=lead_id,
    )


def _table(lang: str) -> rx.Component:
    columns = ("lead", "received", "status", "delivery", "language")
    return rx.el.div(
        rx.el.table(
            rx.el.caption(t(lang, "desk-leads-title"), class_name="sr-only"),
            rx.el.thead(
                rx.el.tr(
                    rx.el.th(
                        rx.el.input(
                            type="checkbox",
                            checked=(DeskState.leads.length() > 0)
                            & (DeskState.selected.length() == DeskState.leads.length()),
                            on_change=lambda _checked: DeskState.toggle_all(),
                            aria_label=t(lang, "desk-select-all"),
                            class_name="h-5 w-5",
                        ),
                        scope="col",
                        class_name=HEAD_CELL,
                    ),
                    *[
                        rx.el.th(t(lang, f"desk-column-{name}"), scope="col", class_name=HEAD_CELL)
                        for name in columns
                    ],
                )
            ),
            rx.el.tbody(rx.foreach(DeskState.leads, lambda row: _row(lang, row))),
            class_name=TABLE,
        ),
        rx.cond(
            DeskState.leads.length() == 0,
            rx.el.p(
                t(lang, "desk-no-leads"), class_name="px-3 py-6 text-slate-600", data_testid="desk-no-leads"
            ),
        ),
        class_name="overflow-x-auto",
    )


def _pages(lang: str) -> rx.Component:
    return rx.el.nav(
        rx.el.button(
            t(lang, "desk-previous"),
            type="button",
            disabled=DeskState.page <= 1,
            on_click=DeskState.go_to_page(DeskState.page - 1),
            class_name=BUTTON_SMALL,
        ),
        rx.el.span(
            filled(lang, "desk-page-of", page=DeskState.page, pages=DeskState.pages),
            data_testid="desk-page-of",
            class_name="text-sm text-slate-700",
        ),
        rx.el.button(
            t(lang, "desk-next"),
            type="button",
            disabled=DeskState.page >= DeskState.pages,
            on_click=DeskState.go_to_page(DeskState.page + 1),
            class_name=BUTTON_SMALL,
        ),
        aria_label=t(lang, "desk-pages-label"),
        class_name="flex flex-wrap items-center gap-3",
    )


def _inbox(lang: str) -> rx.Component:
    return rx.el.section(
        rx.el.div(
            heading(2, t(lang, "desk-leads-title"), id="desk-leads-title", class_name=SECTION_TITLE),
            rx.el.span(
                counted(lang, "desk-count", DeskState.total),
                data_testid="desk-count",
                class_name="text-sm text-slate-600",
            ),
            class_name="flex flex-wrap items-baseline justify-between gap-2",
        ),
        _bulk_bar(lang),
        _table(lang),
        _pages(lang),
        aria_labelledby="desk-leads-title",
        class_name=f"{CARD_PADDED} flex flex-col gap-4",
    )


def _speed(lang: str) -> rx.Component:
    def week(row: ObjectVar[Row]) -> rx.Component:
        return rx.el.tr(
            *[rx.el.td(row[name].to(str), class_name=CELL) for name in ("week", "answered", "median", "p90")]
        )

    columns = ("week", "answered", "median", "p90")
    return rx.el.section(
        heading(2, t(lang, "desk-speed-title"), id="desk-speed-title", class_name=SECTION_TITLE),
        rx.el.p(t(lang, "desk-speed-intro"), class_name="mt-1 text-sm text-slate-600"),
        rx.cond(
            DeskState.weeks.length() > 0,
            rx.el.div(
                rx.el.table(
                    rx.el.thead(
                        rx.el.tr(
                            *[
                                rx.el.th(t(lang, f"desk-speed-{name}"), scope="col", class_name=HEAD_CELL)
                                for name in columns
                            ]
                        )
                    ),
                    rx.el.tbody(rx.foreach(DeskState.weeks, week)),
                    class_name="mt-3 w-full text-left text-sm",
                ),
                # A table wider than a phone scrolls: keyboard users reach it too.
                tab_index=0,
                role="region",
                aria_label=t(lang, "desk-speed-table"),
                class_name=f"overflow-x-auto {FOCUS_RING}",
            ),
            rx.el.p(t(lang, "desk-speed-none"), class_name="mt-3 text-sm text-slate-600"),
        ),
        aria_labelledby="desk-speed-title",
        data_testid="desk-speed",
        class_name=CARD_PADDED,
    )


def _erase(lang: str) -> rx.Component:
    return rx.el.section(
        heading(2, t(lang, "desk-erase-title"), id="desk-erase-title", class_name=SECTION_TITLE),
        rx.el.p(t(lang, "desk-erase-intro"), class_name="mt-1 text-sm text-slate-600"),
        rx.el.form(
            rx.el.div(
                rx.el.label(
                    t(lang, "desk-erase-email-label"),
                    html_for="desk-erase-email",
                    class_name="text-sm font-semibold",
                ),
                rx.el.input(
                    type="email", id="desk-erase-email", name="email", required=True, class_name=INPUT
                ),
                class_name="grow",
            ),
            rx.el.button(t(lang, "desk-erase-ask"), type="submit", class_name=SECONDARY_BUTTON),
            on_submit=DeskState.ask_erase,
            reset_on_submit=True,
            class_name="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end",
        ),
        rx.cond(
            DeskState.erase_email != "",
            rx.el.div(
                rx.el.p(
                    filled(lang, "desk-erase-confirm-question", email=DeskState.erase_email),
                    class_name="font-medium",
                ),
                rx.el.div(
                    rx.el.button(
                        t(lang, "desk-erase-confirm"),
                        type="button",
                        on_click=DeskState.confirm_erase,
                        class_name=f"{PRIMARY_BUTTON} bg-rose-700 hover:bg-rose-800",
                    ),
                    rx.el.button(
                        t(lang, "desk-erase-cancel"),
                        type="button",
                        on_click=DeskState.cancel_erase,
                        class_name=SECONDARY_BUTTON,
                    ),
                    class_name="flex flex-wrap gap-3",
                ),
                role="alertdialog",
                aria_label=t(lang, "desk-erase-title"),
                data_testid="desk-erase-confirmation",
                class_name="mt-4 flex flex-col gap-3 rounded-xl border border-rose-200 bg-rose-50 p-4 text-rose-900",
            ),
        ),
        rx.cond(
            DeskState.receipt.contains("count"),
            rx.el.p(
                counted(
                    lang,
                    "desk-erase-receipt",
                    DeskState.receipt["count"],
                    who=DeskState.receipt["who"].to(str),
                    when=DeskState.receipt["when"].to(str),
                ),
                data_testid="desk-erase-receipt",
                class_name="mt-4 rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-800",
            ),
        ),
        aria_labelledby="desk-erase-title",
        class_name=CARD_PADDED,
    )


def inbox_screen(lang: str) -> rx.Component:
    """The desk's front page in `lang`: a shell until its state says who is signed in."""
    return desk_frame(
        lang,
        rx.el.div(
            _overdue(lang),
            _filters(lang),
            _inbox(lang),
            _speed(lang),
            _erase(lang),
            class_name="flex flex-col gap-6",
        ),
        on_open=DeskState.open_inbox(lang),
    )
