"""`POST /_contact`: the contact form sent by the browser itself, with JavaScript off or
before the page hydrated (the prerendered form posts here: pages/contact/form.py).

It hands the form to the same `receive` as the websocket's submit (validation, honeypot,
rate limit, idempotency, storage, delivery) and says the outcome without a script:

- stored: 303 to the contact page in the form's language with `#contact-sent`, which the
  page shows as 'Message sent' (CSS `:target`); nothing of the message is in any URL;
- not stored (fields to correct, too many messages, the database away): the form again, in
  the visitor's language, with what they typed and why (contact_result_page.py), posting
  here again; status 422, 429 or 503.

Registered on Reflex's backend through `rx.App(api_transformer=...)` (agency_site.py), so
`make run`'s single port serves it and nginx passes it on (deploy/). A page of another site
cannot post here for its visitors: a foreign Origin is refused, as the websocket refuses it.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from urllib.parse import parse_qsl, urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from agency_site.i18n import localized_path
from agency_site.leads import Failure, Inbox, receive
from agency_site.leads.idempotency import submission_key
from agency_site.leads.validation import form_language
from agency_site.server.contact_result_page import result_page
from agency_site.server.event_limit import FORM_BODY_MAX
from agency_site.server.metrics_endpoint import client_address
from agency_site.server.security_policy import content_security_policy
from agency_site.settings import Settings, get_settings
from agency_site.state.contact_form import CONTACT_POST_PATH, CONTACT_SENT_ID
from agency_site.state.contact_messages import failure_message, field_messages

FORM_TYPE = "application/x-www-form-urlencoded"
# Far more than the form has (four fields, four hidden ones): a body of thousands of
# names is not a form of ours.
MAX_FIELDS = 32
# Neither the answer nor the redirect is kept by a browser's or a proxy's cache: the page
# holds the visitor's words, and a cached redirect would skip the next post.
NO_STORE = {"Cache-Control": "no-store"}
FAILURE_STATUS = {Failure.RATE_LIMITED: 429, Failure.NOT_STORED: 503}


def contact_page(lang: str) -> str:
    return localized_path(lang, "/contact")


def from_this_site(request: Request, allowed_origins: tuple[str, ...]) -> bool:
    """Whether the post came from a page of this site: its Origin is the request's own host
    or one of ALLOWED_ORIGINS. Browsers send Origin with every form post; without one (an
    old browser, a script), a fetch marked cross-site is still refused."""
    origin = request.headers.get("origin")
    if origin is None:
        return request.headers.get("sec-fetch-site") != "cross-site"
    if origin in allowed_origins:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc == request.headers.get("host")


async def read_form(request: Request) -> dict[str, str] | None:
    """The posted fields (the first value of each name), or None when the body is larger
    than FORM_BODY_MAX. ValueError for more than MAX_FIELDS names."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > FORM_BODY_MAX:
            return None
    pairs = parse_qsl(
        body.decode("utf-8", errors="replace"), keep_blank_values=True, max_num_fields=MAX_FIELDS
    )
    form: dict[str, str] = {}
    for name, value in pairs:
        form.setdefault(name, value)
    return form


def _answer_page(
    lang: str, form: Mapping[str, str], errors: dict[str, str], failure: str, status: int
) -> HTMLResponse:
    # The key the form carried, or one made now: the visitor's next post of this page
    # (a second click, or a resend after a failure) is stored once.
    key = submission_key(form) or uuid.uuid4().hex
    page = result_page(lang, form, errors, failure, action=CONTACT_POST_PATH, key=key)
    headers = {**NO_STORE, "Content-Security-Policy": content_security_policy()}
    return HTMLResponse(page, status_code=status, headers=headers)


class ContactPost:
    """The endpoint (`answer`); `inbox` and `settings` for tests, else the server's own."""

    def __init__(self, inbox: Inbox | None = None, settings: Settings | None = None) -> None:
        self._inbox = inbox
        self._settings = settings

    async def answer(self, request: Request) -> Response:
        """The redirect or the page a post (or a stray GET) is answered with."""
        settings = self._settings or get_settings()
        if request.method != "POST":
            # A reload or a bookmark of the answer page: the form is on the contact page.
            return RedirectResponse(contact_page("en"), status_code=303, headers=NO_STORE)
        if not from_this_site(request, settings.allowed_origins):
            return PlainTextResponse("Forbidden: not a page of this site\n", status_code=403)
        if request.headers.get("content-type", "").split(";")[0].strip().lower() != FORM_TYPE:
            return PlainTextResponse("Unsupported Media Type\n", status_code=415)
        try:
            form = await read_form(request)
        except ValueError:
            return PlainTextResponse("Bad Request: not the contact form\n", status_code=400)
        if form is None:
            return PlainTextResponse("Content Too Large\n", status_code=413)
        lang = form_language(form)
        client = client_address(request.scope, settings.trusted_proxy_hops)
        outcome = await receive(form, client, self._inbox, submission_key=submission_key(form))
        if outcome.sent:
            location = f"{contact_page(lang)}#{CONTACT_SENT_ID}"
            return RedirectResponse(location, status_code=303, headers=NO_STORE)
        # (`receive` has logged a message it could not store, with its traceback.)
        status = FAILURE_STATUS[outcome.failure] if outcome.failure else 422
        return _answer_page(
            lang, form, field_messages(lang, outcome.errors), failure_message(lang, outcome.failure), status
        )


def contact_post_app(inbox: Inbox | None = None, settings: Settings | None = None) -> Starlette:
    """The Starlette app Reflex mounts its own backend under (`api_transformer`): this one
    route, everything else falls through to Reflex."""
    return Starlette(
        routes=[Route(CONTACT_POST_PATH, ContactPost(inbox, settings).answer, methods=["GET", "POST"])]
    )
