"""A lead's page in the desk (/desk/lead?id=<public id>, /de/desk/lead?id=...).

One static page for every lead, which reads the lead's id from its address: the export
prerenders a single shell that holds no lead, and no lead's id is a route of the build.
Screen order: who and what, the actions, the message, its delivery, notes, history.
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.heading import heading
from agency_site.components.ui.kit import CARD_PADDED, FOCUS_RING, PRIMARY_BUTTON, plain_link
from agency_site.i18n import localized_path, t
from agency_site.pages.desk.frame import BUTTON_SMALL, INPUT, LINK, SECTION_TITLE, desk_frame, status_badge
from agency_site.pages.desk.words import ACTIONS, delivery_labels, filled, labels, pipeline_labels, said
from agency_site.reflex_adapter import ObjectVar
from agency_site.state.desk import DeskState
from agency_site.state.desk_rows import Row

CELL = "border-b border-slate-100 px-3 py-2 align-top text-slate-800"
HEAD_CELL = "border-b border-slate-200 px-3 py-2 font-semibold text-slate-700"
NOTE_ID = "desk-note"


def _fact(lang: str, key: str, value: rx.Var | rx.Component) -> rx.Component:
    return rx.el.div(
        rx.el.dt(t(lang, key), class_name="text-xs font-semibold uppercase tracking-wide text-slate-500"),
        rx.el.dd(value, class_name="mt-0.5 break-words text-slate-900"),
    )


def _summary(lang: str) -> rx.Component:
    lead = DeskState.lead
    statuses, deliveries = pipeline_labels(lang), delivery_labels(lang)
    languages = labels(lang, "desk-language", ("en", "de"))
    return rx.el.section(
        rx.el.h2(
            lead["subject"].to(str),
            id="desk-lead-title",
            class_name="text-2xl font-bold break-words text-slate-900",
        ),
        rx.el.dl(
            _fact(
                lang, "desk-lead-from", rx.fragment(lead["name"].to(str), " <", lead["email"].to(str), ">")
            ),
            _fact(lang, "desk-lead-received", lead["received"].to(str)),
            _fact(lang, "desk-lead-language", said(languages, lead["language"].to(str))),
            _fact(lang, "desk-lead-page", lead["page"].to(str)),
            _fact(lang, "desk-status-label", status_badge(said(statuses, lead["pipeline"].to(str)))),
            _fact(
                lang,
                "desk-lead-first-response",
                rx.cond(
                    lead["first_response"].to(str) != "",
                    lead["first_response"].to(str),
                    t(lang, "desk-not-yet"),
                ),
            ),
            _fact(lang, "desk-delivery-label", said(deliveries, lead["delivery"].to(str))),
            class_name="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
        ),
        rx.cond(
            lead["problems"].to(str) != "",
            rx.el.p(
                filled(lang, "desk-lead-problems", problems=lead["problems"].to(str)),
                class_name="mt-4 text-sm text-rose-700",
            ),
        ),
        aria_labelledby="desk-lead-title",
        class_name=CARD_PADDED,
    )


def _actions(lang: str) -> rx.Component:
    lead = DeskState.lead
    delivery = lead["delivery"].to(str)
    return rx.el.div(
        rx.el.form(
            rx.el.label(
                t(lang, "desk-status-label"), html_for="desk-lead-status", class_name="text-sm font-semibold"
            ),
            rx.el.select(
                *[rx.el.option(words, value=code) for code, words in pipeline_labels(lang).items()],
                id="desk-lead-status",
                name="status",
                key=lead["pipeline"].to(str),
                default_value=lead["pipeline"].to(str),
                class_name="rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm",
            ),
            rx.el.button(t(lang, "desk-lead-save-status"), type="submit", class_name=BUTTON_SMALL),
            on_submit=DeskState.change_status,
            reset_on_submit=False,
            class_name="flex flex-wrap items-center gap-2",
        ),
        # A mailto: address for the browser itself, not the page's router.
        plain_link(t(lang, "desk-lead-reply"), href=lead["reply"].to(str), class_name=BUTTON_SMALL),  # pyright: ignore[reportArgumentType]
        rx.cond(
            delivery == "spam",
            rx.el.button(
                t(lang, "desk-release"),
                type="button",
                on_click=DeskState.release_lead,
                class_name=BUTTON_SMALL,
            ),
        ),
        rx.cond(
            (delivery == "failed") | (delivery == "dead"),
            rx.el.button(
                t(lang, "desk-retry"), type="button", on_click=DeskState.retry_lead, class_name=BUTTON_SMALL
            ),
        ),
        class_name="flex flex-wrap items-center gap-3",
    )


def _message(lang: str) -> rx.Component:
    return rx.el.section(
        heading(2, t(lang, "desk-lead-message"), id="desk-message-title", class_name=SECTION_TITLE),
        rx.el.p(
            DeskState.lead["message"].to(str),
            data_testid="desk-lead-message",
            class_name="mt-3 whitespace-pre-wrap break-words text-slate-800",
        ),
        aria_labelledby="desk-message-title",
        class_name=CARD_PADDED,
    )


def _deliveries(lang: str) -> rx.Component:
    deliveries = delivery_labels(lang)
    channels = labels(lang, "desk-channel", ("email", "webhook"))
    columns = (
        "desk-channel",
        "desk-delivery-label",
        "desk-attempts",
        "desk-last-error",
        "desk-next-attempt",
        "desk-delivered-at",
    )

    def row(line: ObjectVar[Row]) -> rx.Component:
        return rx.el.tr(
            rx.el.td(
                said(channels, line["channel"].to(str)),
                rx.cond(line["paused"].to(str) != "", rx.el.span(" ", t(lang, "desk-channel-paused"))),
                class_name=CELL,
            ),
            rx.el.td(said(deliveries, line["status"].to(str)), class_name=CELL),
            *[
                rx.el.td(line[name].to(str), class_name=CELL)
                for name in ("attempts", "last_error", "next_attempt", "delivered")
            ],
        )

    return rx.el.section(
        heading(2, t(lang, "desk-deliveries-title"), id="desk-deliveries-title", class_name=SECTION_TITLE),
        rx.cond(
            DeskState.deliveries.length() > 0,
            rx.el.div(
                rx.el.table(
                    rx.el.thead(
                        rx.el.tr(
                            *[rx.el.th(t(lang, key), scope="col", class_name=HEAD_CELL) for key in columns]
                        )
                    ),
                    rx.el.tbody(rx.foreach(DeskState.deliveries, row)),
                    class_name="mt-3 w-full min-w-[36rem] text-left text-sm",
                ),
                # A table wider than a phone scrolls: keyboard users reach it too.
                tab_index=0,
                role="region",
                aria_label=t(lang, "desk-deliveries-table"),
                class_name=f"overflow-x-auto {FOCUS_RING}",
            ),
            rx.el.p(t(lang, "desk-no-deliveries"), class_name="mt-3 text-sm text-slate-600"),
        ),
        aria_labelledby="desk-deliveries-title",
        class_name=CARD_PADDED,
    )


def _notes(lang: str) -> rx.Component:
    def note(row: ObjectVar[Row]) -> rx.Component:
        return rx.el.li(
            rx.el.p(
                row["author"].to(str),
                " · ",
                row["when"].to(str),
                class_name="text-xs font-semibold text-slate-500",
            ),
            rx.el.p(row["text"].to(str), class_name="mt-1 whitespace-pre-wrap break-words text-slate-800"),
            data_testid="desk-note-item",
            class_name="rounded-xl bg-slate-50 p-3",
        )

    return rx.el.section(
        heading(2, t(lang, "desk-notes-title"), id="desk-notes-title", class_name=SECTION_TITLE),
        rx.cond(
            DeskState.notes.length() > 0,
            rx.el.ol(rx.foreach(DeskState.notes, note), class_name="mt-3 flex flex-col gap-2"),
            rx.el.p(t(lang, "desk-no-notes"), class_name="mt-3 text-sm text-slate-600"),
        ),
        rx.el.form(
            rx.el.label(t(lang, "desk-note-label"), html_for=NOTE_ID, class_name="text-sm font-semibold"),
            rx.el.textarea(id=NOTE_ID, name="note", rows=3, max_length=5000, required=True, class_name=INPUT),
            rx.el.button(t(lang, "desk-add-note"), type="submit", class_name=f"{PRIMARY_BUTTON} mt-3"),
            on_submit=DeskState.add_note,
            reset_on_submit=False,
            class_name="mt-4",
        ),
        aria_labelledby="desk-notes-title",
        class_name=CARD_PADDED,
    )


def _history(lang: str) -> rx.Component:
    actions, statuses = labels(lang, "desk-action", ACTIONS), pipeline_labels(lang)

    def line(row: ObjectVar[Row]) -> rx.Component:
        return rx.el.li(
            rx.el.span(row["when"].to(str), class_name="text-slate-500"),
            " · ",
            row["who"].to(str),
            " ",
            said(actions, row["action"].to(str)),
            rx.cond(row["detail"].to(str) != "", rx.fragment(" ", said(statuses, row["detail"].to(str)))),
            data_testid="desk-history-item",
            class_name="text-sm text-slate-800",
        )

    return rx.el.section(
        heading(2, t(lang, "desk-history-title"), id="desk-history-title", class_name=SECTION_TITLE),
        rx.el.ol(rx.foreach(DeskState.history, line), class_name="mt-3 flex flex-col gap-1"),
        aria_labelledby="desk-history-title",
        class_name=CARD_PADDED,
    )


def lead_screen(lang: str) -> rx.Component:
    """A lead's page in `lang`: a shell until its state says who is signed in."""
    back = rx.el.a(t(lang, "desk-back"), href=localized_path(lang, "/desk"), class_name=LINK)
    return desk_frame(
        lang,
        rx.el.div(
            back,
            rx.cond(
                DeskState.lead_missing,
                rx.el.p(
                    t(lang, "desk-lead-missing"), data_testid="desk-lead-missing", class_name="text-slate-700"
                ),
                rx.cond(
                    DeskState.lead.contains("id"),
                    rx.el.div(
                        _summary(lang),
                        _actions(lang),
                        _message(lang),
                        _deliveries(lang),
                        _notes(lang),
                        _history(lang),
                        class_name="flex flex-col gap-6",
                    ),
                ),
            ),
            class_name="flex flex-col gap-4",
        ),
        on_open=DeskState.open_lead(lang),
    )
