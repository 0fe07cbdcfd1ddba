"""The desk's sign-in screen: what a visitor without a live session sees.

Plain HTML that works before hydration and without JavaScript: the email form posts to the
backend's sign-in endpoint itself, the identity provider's button is a link to its start.
The endpoints come back to the desk page with their outcome in the fragment only
(desk/http.py), and the page shows the message whose id the fragment names (CSS
`:target`), so nothing about it travels to the server.
"""

from __future__ import annotations

import reflex as rx

from agency_site.components.ui.heading import heading
from agency_site.components.ui.kit import (
    CARD_PADDED,
    FIELD_FOCUS,
    PRIMARY_BUTTON,
    SECONDARY_BUTTON,
    plain_link,
)
from agency_site.desk.http import (
    LINK_INVALID,
    LINK_SENT,
    OIDC_START_PATH,
    SIGN_IN_FAILED,
    SIGN_IN_PATH,
    SIGNED_OUT,
    TOO_MANY_ATTEMPTS,
)
from agency_site.i18n import t
from agency_site.reflex_adapter import PlainForm
from agency_site.state.desk import CHECKING, DeskState

INPUT = (
    "mt-2 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 "
    f"shadow-sm {FIELD_FOCUS}"
)
OUTCOMES = (LINK_SENT, TOO_MANY_ATTEMPTS, LINK_INVALID, SIGN_IN_FAILED, SIGNED_OUT)
_GOOD = (LINK_SENT, SIGNED_OUT)


def _outcome(lang: str, outcome: str) -> rx.Component:
    colours = "bg-emerald-50 text-emerald-800" if outcome in _GOOD else "bg-rose-50 text-rose-700"
    return rx.el.p(
        t(lang, f"desk-outcome-{outcome}"),
        id=outcome,
        role="status",
        data_testid=f"desk-outcome-{outcome}",
        class_name=f"hidden target:block rounded-xl px-4 py-3 text-sm font-medium {colours}",
    )


def sign_in_screen(lang: str) -> rx.Component:
    """The outcome of the last attempt, the email form, and the provider's button when the
    server has one configured."""
    return rx.el.section(
        *[_outcome(lang, outcome) for outcome in OUTCOMES],
        heading(
            2,
            t(lang, "desk-sign-in-title"),
            id="desk-sign-in-title",
            class_name="text-2xl font-bold text-slate-900",
        ),
        rx.cond(
            DeskState.view == CHECKING,
            rx.el.p(
                t(lang, "desk-checking"), class_name="text-sm text-slate-500", data_testid="desk-checking"
            ),
        ),
        rx.el.p(t(lang, "desk-sign-in-intro"), class_name="text-slate-600"),
        PlainForm.create(
            rx.el.input(type="hidden", name="lang", value=lang),
            rx.el.label(
                t(lang, "desk-email-label"),
                html_for="desk-email",
                class_name="text-sm font-semibold text-slate-800",
            ),
            rx.el.input(
                id="desk-email",
                type="email",
                name="email",
                required=True,
                auto_complete="email",
                class_name=INPUT,
            ),
            rx.el.button(
                t(lang, "desk-send-link"), type="submit", class_name=f"{PRIMARY_BUTTON} mt-4 w-full sm:w-auto"
            ),
            method="post",
            action=SIGN_IN_PATH,
            data_testid="desk-sign-in-form",
        ),
        rx.cond(
            DeskState.oidc,
            rx.el.div(
                rx.el.p(t(lang, "desk-or"), class_name="text-sm text-slate-500"),
                plain_link(
                    t(lang, "desk-sign-in-oidc"),
                    href=f"{OIDC_START_PATH}?lang={lang}",
                    data_testid="desk-sign-in-oidc",
                    class_name=f"{SECONDARY_BUTTON} w-full sm:w-auto",
                ),
                class_name="flex flex-col gap-3",
            ),
        ),
        aria_labelledby="desk-sign-in-title",
        data_testid="desk-sign-in",
        class_name=f"{CARD_PADDED} mx-auto flex max-w-xl flex-col gap-4",
    )
