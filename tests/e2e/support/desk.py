"""The leads desk in the e2e tests: leads stored as the contact form stores them, signing
in by an emailed link, the audit log, and the desk's events sent straight over the
websocket as a script (not the page) would."""

from __future__ import annotations

import asyncio
import json
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from urllib.parse import urlsplit

import sqlalchemy as sa
from playwright.sync_api import BrowserContext, Page, expect

from agency_site.desk.model import AuditEntry, DeskSession, Staff
from agency_site.leads import store
from agency_site.leads.model import Channel, ContactMessage, LeadDelivery, MessageStatus
from agency_site.leads.validation import Submission
from agency_site.state.desk import DeskState
from benchmarks.contact_throughput import HYDRATE, NAMESPACE, REFLEX_PROTOCOL
from benchmarks.contact_throughput import _Client as SocketClient

from .contact_backend import SITE_URL, ContactBackend

DESK_STATE = DeskState.get_full_name()
COOKIE = "desk_session"
DESK_PATHS = {"en": "/desk", "de": "/de/desk"}
LEAD_PATHS = {"en": "/desk/lead", "de": "/de/desk/lead"}
SIGN_IN_TEXTS = {
    "en": ("Work email", "Send me a link"),
    "de": ("Geschäftliche E-Mail-Adresse", "Link anfordern"),
}


def a_lead(backend: ContactBackend, *, spam: bool = False, dead: bool = False, **fields: str) -> str:
    """Store a lead as the contact form does (filed as spam, or with its delivery spent
    and dead); returns its public id. Its subject is unique unless given."""
    values = {
        "name": "Ada Lovelace",
        "email": "ada@example.com",
        "subject": f"Desk test {uuid.uuid4().hex[:10]}",
        "message": "We would like an AI caller for our clinic.",
        "language": "en",
        "page": "/contact",
    } | fields
    submission = Submission(**values, honeypot=spam)
    table = ContactMessage.__table__
    if dead:
        # As a lead whose retry schedule was spent: dead, and dead at each channel, written
        # in one transaction, so the server's delivery round never sees it open (it takes a
        # message any channel has not tried yet, dead or not).
        row = store._row(submission)
        row.status = MessageStatus.DEAD
        fields = {column.name: getattr(row, column.name) for column in table.columns if column.name != "id"}
        with backend.engine.begin() as connection:
            message_id = connection.execute(
                sa.insert(table)
                .values({k: v for k, v in fields.items() if v is not None})
                .returning(table.c.id)
            ).scalar_one()
            connection.execute(
                sa.insert(LeadDelivery.__table__),
                [
                    {
                        "message_id": message_id,
                        "channel": str(channel),
                        "status": "dead",
                        "attempts": 8,
                        "rounds": 3,
                        "last_error": "HTTP 503",
                    }
                    for channel in Channel
                ],
            )
        found = backend.row_with_subject(submission.subject)
    else:
        found = store.get(backend.engine, store.save(backend.engine, submission))
    assert found is not None
    return found.public_id


def lead_row(backend: ContactBackend, public_id: str) -> ContactMessage | None:
    table = ContactMessage.__table__
    with backend.engine.connect() as connection:
        row = connection.execute(sa.select(table).where(table.c.public_id == public_id)).first()
    return ContactMessage(**row._mapping) if row is not None else None


def audit_rows(
    backend: ContactBackend, public_id: str | None = None, action: str | None = None
) -> list[tuple]:
    """(staff address, action, lead, count, detail) of the audit log, oldest first."""
    audit, staff = AuditEntry.__table__, Staff.__table__
    query = sa.select(
        staff.c.email, audit.c.action, audit.c.lead_public_id, audit.c.count, audit.c.detail
    ).join(staff, staff.c.id == audit.c.staff_id, isouter=True)
    if public_id is not None:
        query = query.where(audit.c.lead_public_id == public_id)
    if action is not None:
        query = query.where(audit.c.action == action)
    with backend.engine.connect() as connection:
        return [tuple(row) for row in connection.execute(query.order_by(audit.c.id))]


def desk_view(page: Page) -> str:
    """What the desk page shows once its first event was answered: signed-in or signed-out."""
    desk = page.get_by_test_id("desk")
    expect(desk).not_to_have_attribute("data-desk-view", "checking")
    return desk.get_attribute("data-desk-view") or ""


def request_link(page: Page, base_url: str, backend: ContactBackend, email: str, lang: str = "en") -> str:
    """On the sign-in screen: ask for a link for `email`; the link's path on the server
    under test once the mail arrived (the mail addresses the site at SITE_URL)."""
    label, button = SIGN_IN_TEXTS[lang]
    with backend.mailbox.expect_mail(email) as mail:
        page.get_by_label(label).fill(email)
        page.get_by_role("button", name=button).click()
        expect(page.get_by_test_id("desk-outcome-link-sent")).to_be_visible()
    link = mail.value.link(SITE_URL + "/_desk/link")
    parts = urlsplit(link)
    return f"{base_url}{parts.path}?{parts.query}"


def follow_link(page: Page, link: str) -> None:
    """Open a mailed sign-in link and press the one button of the page it opens."""
    page.goto(link)
    page.get_by_test_id("desk-link-sign-in").click()


def sign_in_by_link(page: Page, base_url: str, backend: ContactBackend, email: str, lang: str = "en") -> None:
    """Sign in as `email` by an emailed link; the desk's front page shows it signed in."""
    page.goto(base_url + DESK_PATHS[lang])
    page.get_by_test_id("desk-sign-in-form").wait_for()
    follow_link(page, request_link(page, base_url, backend, email, lang))
    expect(page.get_by_test_id("desk")).to_have_attribute("data-desk-view", "signed-in")


def session_token(context: BrowserContext) -> str:
    """The desk session cookie the browser holds (the test reads it; no page script can)."""
    return next(cookie["value"] for cookie in context.cookies() if cookie["name"] == COOKIE)


def sessions_of(backend: ContactBackend, email: str) -> list[int]:
    """The ids of the open sessions of a member of staff."""
    table, staff = DeskSession.__table__, Staff.__table__
    with backend.engine.connect() as connection:
        return list(
            connection.execute(
                sa.select(table.c.id)
                .join(staff, staff.c.id == table.c.staff_id)
                .where(staff.c.email == email, table.c.revoked_at.is_(None))
            ).scalars()
        )


@dataclass
class SocketAnswer:
    """What the desk's state said over the websocket to one event."""

    deltas: list[dict]

    def last(self, name: str, default=None):
        for delta in reversed(self.deltas):
            if f"{name}_rx_state_" in delta:
                return delta[f"{name}_rx_state_"]
        return default


async def _desk_event(
    base_url: str, cookie: str | None, handler: str, payload: dict, path: str
) -> SocketAnswer:
    token = str(uuid.uuid4())
    url = base_url.replace("http", "ws", 1) + f"{NAMESPACE}/?token={token}&EIO=4&transport=websocket"
    headers = {"Origin": base_url} | ({"Cookie": cookie} if cookie else {})
    socket = SocketClient(url, subprotocols=[REFLEX_PROTOCOL], headers=headers)
    await socket._connect()
    deltas: list[dict] = []
    prefix = f"42{NAMESPACE},"

    async def until(done) -> None:
        while True:
            message = await socket.receive(timeout=30)
            if message is None:
                raise ConnectionError("socket closed")
            if message == "2":
                await socket.send("3")
                continue
            if not message.startswith(prefix):
                continue
            packet = json.loads(message[len(prefix) :])
            update = packet[1] if len(packet) == 2 and isinstance(packet[1], dict) else {}
            delta = update.get("delta", {})
            if DESK_STATE in delta:
                deltas.append(delta[DESK_STATE])
            if done(update, delta):
                return

    try:
        await socket.receive(timeout=30)  # engine.io OPEN
        router = {"pathname": path, "asPath": path}
        auth = {"event": {"name": HYDRATE, "payload": {}, "router_data": router}}
        await socket.send(f"40{NAMESPACE}," + json.dumps(auth))
        await until(lambda update, delta: any(each.get("is_hydrated_rx_state_") for each in delta.values()))
        event = {"name": f"{DESK_STATE}.{handler}", "payload": payload, "router_data": router}
        await socket.send(prefix + json.dumps(["event", event]))
        answered = len(deltas)
        # Every desk handler's first act is to say what the tab shows (the session checked),
        # and a handler without a `yield` sends its changes in one delta.
        await until(
            lambda update, delta: (
                len(deltas) > answered and deltas[-1].get("view_rx_state_") not in (None, "checking")
            )
        )
    finally:
        await socket.close()
    return SocketAnswer(deltas)


def desk_event(
    base_url: str, cookie: str | None, handler: str, payload: dict | None = None, path: str = "/desk"
) -> SocketAnswer:
    """Connect as a script would (the site's Origin, the given Cookie header), hydrate, send
    one event of the desk's state, and return what the state sent back."""
    with ThreadPoolExecutor(max_workers=1) as executor:
        answer = asyncio.wait_for(_desk_event(base_url, cookie, handler, payload or {}, path), 60)
        return executor.submit(asyncio.run, answer).result()
