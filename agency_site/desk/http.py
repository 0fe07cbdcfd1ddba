"""The desk's HTTP endpoints on the backend, beside Reflex's own (`desk_app`, mounted through
`rx.App(api_transformer=...)` as the contact form's POST is):

- `POST /_desk/sign-in` (form: `email`, `lang`): a sign-in link by email if the address is
  staff's; 303 to the desk page with `#link-sent` (whoever asked) or `#too-many-attempts`.
- `GET /_desk/link?token=...&lang=...`: the mailed link; a page with one button
  (desk/link_page.py): opening the link spends nothing, as mail scanners open links too.
- `POST /_desk/link` (form: `token`, `lang`): that button; signs in, 303 to the desk page,
  or to it with `#link-invalid` (used, expired, unknown, no longer staff).
- `GET /_desk/oidc/start?lang=...`: 303 to the identity provider (404 when not configured).
- `GET /_desk/oidc/callback?code=...&state=...`: back from it; signs in, or `#sign-in-failed`.
- `POST /_desk/sign-out[?lang=de]`: ends the session, clears the cookie, 303 with `#signed-out`.

The desk page is `/desk`, or `/de/desk` for `lang=de`. Signing in sets the session cookie
`HttpOnly; SameSite=Strict; Path=/` and `Secure`, which is left out only where the browser
would refuse it: the site is not in production (SITE_URL is not public https) and the
client is on loopback, i.e. `make run` or a test over plain http. No answer carries lead
data; each is `no-store`, `noindex` and under a policy that allows nothing to run.

Only loopback clients and DESK_ALLOW's networks reach these endpoints (the client's
address as TRUSTED_PROXY_HOPS finds it behind nginx); anyone else gets 404, as if there
were no desk. A POST must come from a page of this site (its Origin), as the contact form's.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from agency_site.desk import auth, oidc
from agency_site.desk.auth import Desk, LinkRequest, SignIn, default_desk, language
from agency_site.desk.link_page import PRIVATE, link_page
from agency_site.server.contact_post import FORM_TYPE, from_this_site, read_form
from agency_site.server.metrics_endpoint import client_address, may_read_metrics
from agency_site.settings import is_loopback_host

logger = logging.getLogger(__name__)

SIGN_IN_PATH = "/_desk/sign-in"
SIGN_OUT_PATH = "/_desk/sign-out"
OIDC_START_PATH = "/_desk/oidc/start"
DESK_PAGES = {"en": "/desk", "de": "/de/desk"}
# What the desk page is told after a redirect (its fragment): nothing else travels.
LINK_SENT = "link-sent"
TOO_MANY_ATTEMPTS = "too-many-attempts"
LINK_INVALID = "link-invalid"
SIGN_IN_FAILED = "sign-in-failed"
SIGNED_OUT = "signed-out"
# A link's token is 43 characters (256 bits, base64url); anything far longer is not one.
MAX_TOKEN_CHARS = 200
# Every answer here: private (link_page.PRIVATE), running nothing, and the sign-in link's
# address never sent on as a Referer.
HEADERS = {
    **PRIVATE,
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
}


def desk_page(lang: str, fragment: str | None = None) -> str:
    """The desk page in `lang`, with `fragment` telling it what happened."""
    return DESK_PAGES[language(lang)] + (f"#{fragment}" if fragment else "")


def _redirect(location: str) -> RedirectResponse:
    return RedirectResponse(location, status_code=303, headers=HEADERS)


def _plain(text: str, status: int) -> PlainTextResponse:
    return PlainTextResponse(text, status_code=status, headers=HEADERS)


def secure_cookie(desk: Desk, client: str) -> bool:
    """Whether the session cookie says `Secure`: always, except for a loopback client of a
    site that is not in production (plain http there; the browser would drop it)."""
    return desk.settings.production or not is_loopback_host(client)


def _signed_in(desk: Desk, signed_in: SignIn, client: str) -> RedirectResponse:
    response = _redirect(desk_page(signed_in.language))
    response.set_cookie(
        auth.cookie_name(desk.settings),
        signed_in.token,
        max_age=round(desk.settings.desk.session_hours * 3600),
        path="/",
        secure=secure_cookie(desk, client),
        httponly=True,
        samesite="strict",
    )
    return response


async def _form(request: Request) -> dict[str, str] | Response:
    """A posted form's fields, or the answer to a post that is not a small form."""
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != FORM_TYPE:
        return _plain("Unsupported Media Type\n", 415)
    try:
        form = await read_form(request)
    except ValueError:
        return _plain("Bad Request\n", 400)
    if form is None:
        return _plain("Content Too Large\n", 413)
    return form


Handler = Callable[[Request, Desk, str], Awaitable[Response]]


class DeskEndpoints:
    """The endpoints (`routes`); `desk` for tests, else the server's own."""

    def __init__(self, desk: Desk | None = None) -> None:
        self._desk = desk

    def _guarded(self, handler: Handler) -> Callable[[Request], Awaitable[Response]]:
        async def answer(request: Request) -> Response:
            desk = self._desk or default_desk()
            client = client_address(request.scope, desk.settings.trusted_proxy_hops)
            if not may_read_metrics(client, desk.settings.desk.allow):
                logger.info("Desk endpoint refused to %s: not loopback nor in DESK_ALLOW", client)
                return _plain("Not Found\n", 404)
            if request.method == "POST" and not from_this_site(request, desk.settings.allowed_origins):
                return _plain("Forbidden: not a page of this site\n", 403)
            return await handler(request, desk, client)

        return answer

    async def sign_in(self, request: Request, desk: Desk, client: str) -> Response:
        """POST /_desk/sign-in."""
        form = await _form(request)
        if isinstance(form, Response):
            return form
        lang = language(form.get("lang"))
        answer = await auth.request_link(form.get("email", "")[:254], client, lang, desk)
        return _redirect(desk_page(lang, LINK_SENT if answer == LinkRequest.SENT else TOO_MANY_ATTEMPTS))

    async def link(self, request: Request, desk: Desk, client: str) -> Response:
        """GET /_desk/link: the page with the button (nothing used up)."""
        query = request.query_params
        return link_page(
            auth.LINK_PATH, query.get("token", "")[:MAX_TOKEN_CHARS], language(query.get("lang"))
        )

    async def link_sign_in(self, request: Request, desk: Desk, client: str) -> Response:
        """POST /_desk/link."""
        form = await _form(request)
        if isinstance(form, Response):
            return form
        lang = language(form.get("lang"))
        signed_in = await auth.sign_in_with_link(form.get("token", "")[:MAX_TOKEN_CHARS], client, lang, desk)
        if signed_in is None:
            return _redirect(desk_page(lang, LINK_INVALID))
        return _signed_in(desk, signed_in, client)

    async def oidc_start(self, request: Request, desk: Desk, client: str) -> Response:
        """GET /_desk/oidc/start."""
        lang = language(request.query_params.get("lang"))
        if not desk.settings.desk.oidc:
            return _plain("Not Found\n", 404)
        try:
            url = await oidc.start(lang, client, desk)
        except Exception as error:
            logger.error("Desk sign-in with the identity provider not started: %s", type(error).__name__)
            url = None
        if url is None:
            return _redirect(desk_page(lang, SIGN_IN_FAILED))
        return RedirectResponse(url, status_code=303, headers=HEADERS)

    async def oidc_callback(self, request: Request, desk: Desk, client: str) -> Response:
        """GET /_desk/oidc/callback."""
        query = request.query_params
        signed_in = await oidc.finish(query.get("code", ""), query.get("state", ""), client, desk)
        if signed_in is None:
            # The flow's language is known only to a good state; English otherwise.
            return _redirect(desk_page("en", SIGN_IN_FAILED))
        return _signed_in(desk, signed_in, client)

    async def sign_out(self, request: Request, desk: Desk, client: str) -> Response:
        """POST /_desk/sign-out."""
        await auth.sign_out(request.headers.get("cookie"), desk)
        lang = language(request.query_params.get("lang"))
        response = _redirect(desk_page(lang, SIGNED_OUT))
        response.delete_cookie(
            auth.cookie_name(desk.settings),
            path="/",
            secure=secure_cookie(desk, client),
            httponly=True,
            samesite="strict",
        )
        return response

    def routes(self) -> list[Route]:
        """The endpoints as Starlette routes."""
        return [
            Route(SIGN_IN_PATH, self._guarded(self.sign_in), methods=["POST"]),
            Route(auth.LINK_PATH, self._guarded(self.link), methods=["GET"]),
            Route(auth.LINK_PATH, self._guarded(self.link_sign_in), methods=["POST"]),
            Route(OIDC_START_PATH, self._guarded(self.oidc_start), methods=["GET"]),
            Route(oidc.CALLBACK_PATH, self._guarded(self.oidc_callback), methods=["GET"]),
            Route(SIGN_OUT_PATH, self._guarded(self.sign_out), methods=["POST"]),
        ]


def desk_app(desk: Desk | None = None) -> Starlette:
    """The Starlette app Reflex mounts its backend under (`api_transformer`): these routes,
    everything else falls through."""
    return Starlette(routes=DeskEndpoints(desk).routes())
