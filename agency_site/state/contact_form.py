"""The contact form's server side: the only state that needs the backend (docs/architecture.md §4).

Contract between the contact page (which renders the form) and the leads package (which
stores and delivers messages):

- the page renders an uncontrolled `<form id=CONTACT_FORM_ID>` whose inputs are named
  after FORM_FIELDS plus the hidden LANGUAGE_FIELD, PAGE_FIELD, HONEYPOT_FIELD
  (leads/validation.py) and SUBMISSION_KEY_FIELD (a key the browser makes per message,
  leads/idempotency.py), and calls `ContactFormState.submit` on submit (Reflex passes the
  form data as a dict); MAX_LENGTHS (leads/model.py) may serve as the inputs' `max_length`
  (the server checks them regardless);
- it shows `ContactFormState.errors[field]` under each field, `failure` above the button,
  labels the button by `status` ("idle", "sending", "sent"), and clears the form once
  `sent_key` is the key of the message in it;
- the prerendered form also posts itself (method="post", action=CONTACT_POST_PATH) to
  the server's no-JavaScript endpoint (agency_site/server/contact_post.py), which runs the
  same `receive` and, once the message is stored, redirects to the contact page with
  `#CONTACT_SENT_ID`: the page shows the element of that id only while it is the target,
  so the visitor reads 'sent' without a script. Hydrated, the form never posts itself
  (Reflex's submit handler prevents it);
- the page registers `ContactFormState.resume` as its on_load (it runs whenever the
  browser connects, reconnects or comes back to the page) and sends it when the visitor
  starts using the form: the page opens no connection before that. A form shown again
  on a page that is already connected (the visitor came back to it) sends
  `ContactFormState.start_over`, so messages of an earlier attempt do not follow them.

Inputs are uncontrolled so that nothing the visitor typed travels before they submit and
nothing is lost while the server answers; only a committed message resets the form.
The rules themselves live in `agency_site.leads`, which answers in codes; this state only
says their outcome in the visitor's language (contact_messages.py).
"""

from __future__ import annotations

import asyncio
from typing import Any

import reflex as rx

from agency_site.constants import CONTACT_SENT_MS
from agency_site.leads import receive
from agency_site.leads.idempotency import content_hash, submission_key
from agency_site.leads.validation import LANGUAGE_FIELD, clean, field_problem, form_language, validate
from agency_site.state.contact_messages import failure_message, field_messages

CONTACT_FORM_ID = "contact-form"
# Where the form posts itself before hydration and with JavaScript off: a path of the
# backend, on the pages' own origin (make run's single port; nginx passes it on, deploy/).
CONTACT_POST_PATH = "/_contact"
# The contact page's note that a message was stored, shown while the URL's fragment names it.
CONTACT_SENT_ID = "contact-sent"


class ContactFormState(rx.State):
    """idle -> sending (as long as the save takes) -> sent (3 s) -> idle, docs/product.md §4."""

    status: str = "idle"
    errors: rx.Field[dict[str, str]] = rx.field(default_factory=dict)
    failure: str = ""
    # The submission key of the last message stored from this page; the browser clears
    # the form when it is the key of the message the form holds.
    sent_key: str = ""
    # That message's content hash (server only): a key names a message with its content.
    _sent_content: str = ""
    # Submissions this page's server received. Every one changes it, so the browser always
    # hears that its submission arrived, even when the answer is the same as the last one
    # (the same messages under the fields) or none at all (a resend): a submission that
    # nothing answers is sent again (form_session.jsx).
    received: int = 0

    @rx.event
    async def submit(self, form_data: dict[str, Any]):
        """Validate, store, and only once the row is committed say 'Message Sent'."""
        self.received += 1
        if self.status == "sending":
            return
        key = submission_key(form_data)
        content = content_hash(clean(form_data))
        if key is not None and key == self.sent_key and content == self._sent_content:
            # A resend of the message this page was just told about (clicks queued while
            # the server was away, replayed on reconnect): nothing to store or tell again.
            # The same key with an edited text is a message of its own (idempotency.py).
            return
        self.failure = ""
        lang = form_language(form_data)
        # Invalid input is answered at once, without a 'Sending...' flash. Never a filled
        # honeypot's: `validate` gives a bot no hints, so it goes on to the plain 'sent'.
        self.errors = field_messages(lang, validate(form_data))
        if self.errors:
            return
        self.status = "sending"
        yield
        outcome = await receive(form_data, client=self.router.session.client_ip, submission_key=key)
        self.errors = field_messages(lang, outcome.errors)
        self.failure = failure_message(lang, outcome.failure)
        if not outcome.sent:
            # The form keeps everything typed; the visitor reads why and may try again.
            self.status = "idle"
            return
        self.status = "sent"
        self.sent_key = key or ""
        self._sent_content = content
        # The form clears itself and shows the success toast when `sent_key` names its
        # message (form_session.jsx): nothing for the browser to evaluate, which the
        # Content-Security-Policy (no 'unsafe-eval') would refuse.
        yield ContactFormState.back_to_idle

    @rx.event
    def resume(self):
        """The browser connected (first use of the form), reconnected (a dropped
        connection, a restarted server) or came back to the contact page.

        A submission the server was handling when it stopped has no handler left to finish
        it: the button is enabled again, and the visitor's next 'Send Message' (same text,
        same key) is stored once, or found already stored. A 'Message Sent' whose timer
        stopped with the server goes back to idle as usual.

        The messages under the fields stay. As the page's on_load this runs after the
        events the browser sent with its first frames: Reflex queues a page's on_load
        behind the hydrate of a new connection, and a visitor whose first use of the form
        is 'Send Message' has sent the submission by then. Clearing here would erase the
        answer to that submission (seen as messages that flash and vanish). The form
        clears messages of an earlier attempt itself (`start_over`).
        """
        if self.status == "sending":
            self.status = "idle"
        elif self.status == "sent":
            return ContactFormState.back_to_idle
        return None

    @rx.event
    def recheck(self, lang: str, field: str, value: str):
        """The visitor left a field the last answer marked: its message follows the value
        now, so a fixed field is no longer called invalid (and one still wrong says what
        is wrong with it now). Fields without a message stay unmarked until the next
        submission: nobody is told off for a field they have not finished."""
        if field not in self.errors:
            return
        problem = field_problem(field, value)
        errors = dict(self.errors)
        if problem is None:
            del errors[field]
        else:
            errors |= field_messages(form_language({LANGUAGE_FIELD: lang}), {field: problem})
        self.errors = errors

    @rx.event
    def start_over(self):
        """The form is shown again on a page that was already connected (the visitor went
        elsewhere in the site and came back, in either language): messages of an earlier
        attempt go, so they never sit under the empty fields of a new one. Sent by the
        form as it appears, before anything the visitor sends from it."""
        self.errors = {}
        self.failure = ""

    @rx.event(background=True)
    async def back_to_idle(self):
        """After CONTACT_SENT_MS the button reads 'Send Message' again."""
        await asyncio.sleep(CONTACT_SENT_MS / 1000)
        async with self:
            if self.status == "sent":
                self.status = "idle"
