"""The contact form, rendered against agency_site.state.contact_form (the contract with the
leads package): an uncontrolled <form> whose inputs are named after FORM_FIELDS, per-field
messages from ContactFormState.errors, and a button that follows ContactFormState.status.

Its browser side (`frontend/react/form_session.jsx`) connects to the server only once the visitor starts
using the form, carries the message's submission key, and says so while a submission
waits for a server that cannot be reached.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex import EventHandler, Var

from agency_site.components.ui.heading import heading
from agency_site.components.ui.icon import lucide_icon
from agency_site.components.ui.kit import CARD, FIELD_FOCUS, FOCUS_RING
from agency_site.content import get_content
from agency_site.content.legal import retention_days
from agency_site.frontend.react import jsx_library
from agency_site.i18n import localized_path, t
from agency_site.leads.idempotency import SUBMISSION_KEY_FIELD
from agency_site.leads.model import MAX_LENGTHS
from agency_site.leads.validation import HONEYPOT_FIELD, LANGUAGE_FIELD, PAGE_FIELD
from agency_site.pages.blocks import LINK
from agency_site.reflex_adapter import no_args_event_spec, passthrough_event_spec
from agency_site.state.contact_fields import FIELDS, Field
from agency_site.state.contact_form import (
    CONTACT_FORM_ID,
    CONTACT_POST_PATH,
    CONTACT_SENT_ID,
    ContactFormState,
)

FORM_TITLE_ID = "contact-form-title"

_INPUT = (
    "mt-2 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 "
    f"shadow-sm placeholder:text-slate-400 transition {FIELD_FOCUS} "
    "aria-[invalid=true]:border-rose-500"
)


def _field(lang: str, field: Field) -> rx.Component:
    has_error = ContactFormState.errors.contains(field.name)
    control_props = {
        "id": field.input_id,
        "name": field.name,
        "placeholder": t(lang, f"contact-{field.name}-placeholder"),
        "auto_complete": field.autocomplete,
        "aria_invalid": rx.cond(has_error, "true", "false"),
        # Absent, not empty, without a message (an empty ID reference is not valid HTML).
        "aria_describedby": rx.cond(has_error, field.error_id, None),
        "required": True,
        "class_name": _INPUT,
    }
    control = (
        rx.el.textarea(rows=6, **control_props)
        if field.multiline
        else rx.el.input(type=field.input_type, **control_props)
    )
    return rx.el.div(
        rx.el.label(
            t(lang, f"contact-{field.name}-label"),
            rx.el.span(" *", aria_hidden="true", class_name="text-violet-600"),
            html_for=field.input_id,
            class_name="text-sm font-semibold text-slate-800",
        ),
        control,
        rx.cond(
            has_error,
            rx.el.p(
                lucide_icon("circle-alert", size=16, aria_hidden="true", class_name="mt-0.5 shrink-0"),
                ContactFormState.errors[field.name],
                id=field.error_id,
                data_testid=f"error-{field.name}",
                class_name="mt-2 flex gap-1.5 text-sm font-medium text-rose-600",
            ),
        ),
        class_name="sm:col-span-2" if field.multiline or field.name == "subject" else "",
    )


def _hidden_fields(lang: str, path: str) -> list[rx.Component]:
    """Language and page for the leads package, and the honeypot bots fill in and people never see."""
    return [
        rx.el.input(type="hidden", name=LANGUAGE_FIELD, value=lang),
        rx.el.input(type="hidden", name=PAGE_FIELD, value=localized_path(lang, path)),
        # Off-screen rather than display:none (some bots skip hidden inputs); aria-hidden and
        # tabindex -1 keep it away from screen readers and keyboard users. Nothing in its name
        # or label names a profile field, so no autofill fills it (autocomplete="off" alone
        # is advisory); the data-* attributes are password managers' own opt-outs
        # (1Password, LastPass, Bitwarden, Dashlane).
        rx.el.div(
            rx.el.label(
                t(lang, "contact-honeypot-label"),
                rx.el.input(
                    type="text",
                    name=HONEYPOT_FIELD,
                    tab_index=-1,
                    auto_complete="off",
                    custom_attrs={
                        "data-1p-ignore": "true",
                        "data-lpignore": "true",
                        "data-bwignore": "true",
                        "data-form-type": "other",
                    },
                ),
            ),
            aria_hidden="true",
            class_name="absolute -left-[10000px] top-auto h-px w-px overflow-hidden",
        ),
    ]


def _submit_button(lang: str) -> rx.Component:
    status = ContactFormState.status
    label = rx.match(
        status,
        (
            "sending",
            rx.fragment(
                lucide_icon("loader-circle", size=18, aria_hidden="true", class_name="animate-spin"),
                t(lang, "contact-sending"),
            ),
        ),
        (
            "sent",
            rx.fragment(lucide_icon("circle-check", size=18, aria_hidden="true"), t(lang, "contact-sent")),
        ),
        rx.fragment(lucide_icon("send", size=18, aria_hidden="true"), t(lang, "contact-send")),
    )
    return rx.el.button(
        label,
        type="submit",
        disabled=status != "idle",
        data_status=status,
        data_testid="contact-submit",
        class_name=(
            "inline-flex w-full shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-full px-6 py-3.5 text-base font-semibold "
            f"text-white shadow-sm transition {FOCUS_RING} sm:w-auto "
            "bg-violet-600 hover:bg-violet-700 disabled:cursor-not-allowed "
            "data-[status=sending]:bg-violet-400 data-[status=sent]:bg-emerald-600"
        ),
    )


class ContactFormSession(rx.Component):
    """The form's browser side, `form_session.jsx` (see its header): renders the hidden
    submission key input, and its children while a submission cannot reach the server;
    clears the form and shows the success toast once the server stored its message."""

    library = jsx_library("form_session.jsx")
    tag = "ContactFormSession"

    key_field: Var[str]
    sent_key: Var[str]
    status: Var[str]
    failure: Var[str]
    errors: Var[dict[str, str]]
    # How many submissions the server received: each one ends the wait for an answer.
    received: Var[int]
    # The toast shown once the server stored the form's message.
    success_title: Var[str]
    success_description: Var[str]
    # The form's first event, sent when the visitor starts using it: it opens the connection.
    on_intent: EventHandler[no_args_event_spec]
    # Sent as the form appears on a page that is already connected (the visitor came back
    # to it): messages of an earlier attempt go.
    on_start_over: EventHandler[no_args_event_spec]
    # The longest text the server accepts per field (MAX_LENGTHS), and the submit event that
    # takes a form whose field is far longer, cut to one character over its limit: sent
    # whole, it would exceed the websocket's frame limit (agency_site/server/event_limit.py) and the
    # server would close the connection instead of answering.
    max_lengths: Var[dict[str, int]]
    on_oversize: EventHandler[passthrough_event_spec(dict[str, Any])]
    # A field marked by the last answer, left: its name and value (cut like `on_oversize`'s),
    # so a fixed field drops its mark and message at once (ContactFormState.recheck). Sent
    # by the browser side only for marked fields, and not while Send is held down.
    on_recheck: EventHandler[passthrough_event_spec(str, str)]


def _session(lang: str) -> rx.Component:
    """The submission key, connect on intent, and the notice while the server is away."""
    email = str(get_content().site.contact.email)
    return ContactFormSession.create(
        rx.el.p(
            t(lang, "contact-not-sent", email=email),
            role="alert",
            data_testid="contact-unreachable",
            class_name="rounded-xl bg-rose-50 px-4 py-3 text-sm font-medium text-rose-700",
        ),
        key_field=SUBMISSION_KEY_FIELD,
        sent_key=ContactFormState.sent_key,
        status=ContactFormState.status,
        failure=ContactFormState.failure,
        errors=ContactFormState.errors,
        received=ContactFormState.received,
        success_title=t(lang, "contact-success-title"),
        success_description=t(lang, "contact-success-description"),
        on_intent=ContactFormState.resume,
        on_start_over=ContactFormState.start_over,
        max_lengths=MAX_LENGTHS,
        on_oversize=ContactFormState.submit,
        on_recheck=lambda field, value: ContactFormState.recheck(lang, field, value),
    )


def _announcement(lang: str) -> rx.Component:
    """The form's result for screen readers, in the visitor's language: a live region that
    is on the page from the start (a region added with its text is not read), so each new
    result is announced: sent, or not sent with fields to correct. A failure of the server
    is its own alert above the button."""
    sent = f"{t(lang, 'contact-success-title')}. {t(lang, 'contact-success-description')}"
    return rx.el.p(
        rx.cond(
            ContactFormState.status == "sent",
            sent,
            rx.cond(ContactFormState.errors.length() > 0, t(lang, "contact-errors-summary"), ""),
        ),
        role="status",
        data_testid="contact-announcement",
        class_name="sr-only",
    )


def _sent_without_javascript(lang: str) -> rx.Component:
    """'Message sent' for a visitor whose form posted itself (no JavaScript, or not yet
    hydrated): the server redirects to `#CONTACT_SENT_ID` once the message is stored, and
    CSS shows this only while it is the URL's target, so the static page needs no script
    (and the URL names no one)."""
    return rx.el.div(
        lucide_icon("circle-check", size=20, aria_hidden="true", class_name="mt-0.5 shrink-0"),
        rx.el.p(
            rx.el.strong(t(lang, "contact-success-title"), class_name="block font-semibold"),
            t(lang, "contact-success-description"),
        ),
        id=CONTACT_SENT_ID,
        role="status",
        data_testid="contact-sent-note",
        class_name="mt-6 hidden gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-800 target:flex",
    )


def contact_form(lang: str, path: str) -> rx.Component:
    """The form card: four fields, hidden fields, the form-level failure text and the button."""
    return rx.el.div(
        heading(
            2,
            t(lang, "contact-form-title"),
            id=FORM_TITLE_ID,
            class_name="text-2xl font-bold tracking-tight text-slate-900",
        ),
        rx.el.p(t(lang, "contact-form-intro"), class_name="mt-2 text-sm text-slate-500"),
        _sent_without_javascript(lang),
        rx.el.form(
            rx.el.div(*[_field(lang, field) for field in FIELDS], class_name="grid gap-6 sm:grid-cols-2"),
            *_hidden_fields(lang, path),
            _session(lang),
            _announcement(lang),
            rx.cond(
                ContactFormState.failure != "",
                rx.el.p(
                    ContactFormState.failure,
                    role="alert",
                    data_testid="contact-failure",
                    class_name="rounded-xl bg-rose-50 px-4 py-3 text-sm font-medium text-rose-700",
                ),
            ),
            rx.el.div(
                _submit_button(lang),
                rx.el.p(
                    # The first layer of the privacy information (Art. 13 GDPR): who, why,
                    # where, how long; the policy behind the link has the rest.
                    t(
                        lang,
                        "contact-privacy-note",
                        company=get_content().site.legal.company_name,
                        retention_days=retention_days(),
                    ),
                    " ",
                    rx.el.a(
                        t(lang, "contact-privacy-link"),
                        href=localized_path(lang, "/datenschutz"),
                        class_name=LINK,
                    ),
                    class_name="text-sm text-slate-500",
                ),
                class_name="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-6",
            ),
            # No `novalidate` here: until the page runs its scripts, and with JavaScript off,
            # the browser's own check stops an incomplete message and focuses the field;
            # once hydrated, form_session.jsx hands the checks to the server, which says
            # what is wrong in the page's language.
            # Posted, not sent as a GET to this page's URL (which put the visitor's words
            # into the address, the history and the logs, and lost the message): before
            # hydration and with JavaScript off the browser posts it to the server's
            # endpoint (server/contact_post.py); hydrated, Reflex's handler prevents that.
            method="post",
            action=CONTACT_POST_PATH,
            id=CONTACT_FORM_ID,
            # A form is a landmark by its name: the card's title.
            aria_labelledby=FORM_TITLE_ID,
            on_submit=ContactFormState.submit,
            class_name="relative mt-8 space-y-6",
        ),
        class_name=f"{CARD} p-6 sm:p-10",
    )
