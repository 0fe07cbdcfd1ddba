"""What every desk page has: its title, who is signed in with the sign-out button, the
outcome of the last action, and the sign-in screen in place of it all without a session.

The exported page is a shell: its state starts empty, and the page's first event (sent as
it appears, which opens the connection) asks the server, which checks the session before
it sends anything (state/desk.py).
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.heading import page_title
from agency_site.components.ui.kit import FIELD_FOCUS, FOCUS_RING, SECONDARY_BUTTON
from agency_site.desk.http import SIGN_OUT_PATH
from agency_site.i18n import t
from agency_site.pages.desk.sign_in import sign_in_screen
from agency_site.pages.desk.words import counted, filled, says_a_count
from agency_site.reflex_adapter import EventType, PlainForm
from agency_site.state.desk import NOTICES, SIGNED_IN, DeskState

INPUT = (
    "mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 "
    f"shadow-sm {FIELD_FOCUS}"
)
BUTTON_SMALL = (
    "inline-flex items-center justify-center rounded-full border border-slate-300 bg-white px-4 py-2 "
    f"text-sm font-semibold text-slate-900 hover:border-violet-400 hover:text-violet-700 {FOCUS_RING} "
    "disabled:cursor-not-allowed disabled:opacity-50"
)
LINK = f"font-medium text-violet-700 underline underline-offset-2 hover:text-violet-900 {FOCUS_RING}"
SECTION_TITLE = "text-xl font-bold text-slate-900"


def status_badge(words: rx.Var) -> rx.Component:
    """A pipeline status as a small badge."""
    return rx.el.span(
        words,
        class_name="inline-block rounded-full bg-violet-50 px-2.5 py-0.5 text-xs font-semibold text-violet-800",
    )


def _notice(lang: str) -> rx.Component:
    messages = [
        (
            code,
            counted(lang, f"desk-notice-{code}", DeskState.notice_count)
            if says_a_count(lang, f"desk-notice-{code}")
            else filled(lang, f"desk-notice-{code}", count=DeskState.notice_count),
        )
        for code in NOTICES
    ]
    return rx.el.p(
        rx.match(DeskState.notice, *messages, rx.fragment()),
        role="status",
        data_testid="desk-notice",
        class_name="min-h-6 text-sm font-medium text-emerald-800",
    )


def _signed_in_bar(lang: str) -> rx.Component:
    sign_out = SIGN_OUT_PATH + ("?lang=de" if lang == "de" else "")
    return rx.el.div(
        rx.el.p(
            filled(lang, "desk-signed-in-as", name=DeskState.me),
            data_testid="desk-me",
            class_name="text-sm text-slate-700",
        ),
        PlainForm.create(
            rx.el.button(t(lang, "desk-sign-out"), type="submit", class_name=f"{SECONDARY_BUTTON} px-4 py-2"),
            method="post",
            action=sign_out,
        ),
        class_name="flex flex-wrap items-center justify-between gap-3",
    )


def desk_frame(lang: str, content: rx.Component, *, on_open: EventType[()]) -> rx.Component:
    """A desk page in `lang`: `content` for signed-in staff, the sign-in screen otherwise;
    `on_open` is the page's first event, which checks the session."""
    return rx.el.div(
        page_title(t(lang, "desk-title"), class_name="pt-8"),
        rx.cond(
            DeskState.view == SIGNED_IN,
            rx.el.div(_signed_in_bar(lang), _notice(lang), content, class_name="flex flex-col gap-4"),
            sign_in_screen(lang),
        ),
        on_mount=on_open,
        data_desk_view=DeskState.view,
        data_testid="desk",
        class_name="flex flex-col gap-6 pb-8",
    )
