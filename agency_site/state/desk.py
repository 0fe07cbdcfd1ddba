"""The leads desk's state: the inbox, a lead, and what staff do to them (docs/desk.md).

Every event handler is `staff_only`: before anything else it reads the desk's session
cookie from its websocket's handshake (HttpOnly, so no script ever sees it; Reflex keeps
the Cookie header on the server and never sends it to the browser) and asks
`desk.auth.staff_for_cookie_header` whether it is a live session of active staff, from
loopback or DESK_ALLOW. A missing, forged, expired or revoked session gets nothing: the
state forgets what it held and the page shows the sign-in screen.

The desk's services (agency_site/desk/) do the work and write the audit log; this state
calls them in a worker thread and keeps only what the page shows (desk_rows.py).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Coroutine
from contextvars import ContextVar
from typing import Any, TypeVar

import reflex as rx

from agency_site.desk import actions, auth
from agency_site.desk.auth import Desk
from agency_site.desk.inbox import inbox_page
from agency_site.desk.lead import lead_detail
from agency_site.desk.model import Staff
from agency_site.desk.speed import overdue, weekly
from agency_site.leads.model import utc_now
from agency_site.server.metrics_endpoint import may_read_metrics
from agency_site.state import desk_rows as rows
from agency_site.state.desk_rows import Row

logger = logging.getLogger(__name__)

# What the page shows: nothing known yet, the sign-in screen, or the desk.
CHECKING, SIGNED_OUT, SIGNED_IN = "checking", "signed-out", "signed-in"
# The outcome of the last action, as a code the page says in its language.
NOTICES = (
    "status-set",
    "note-added",
    "note-invalid",
    "released",
    "retried",
    "refused",
    "nothing-selected",
    "erased",
    "exported",
)


def desk() -> Desk:
    """The server's desk (tests replace it)."""
    return auth.default_desk()


# The member of staff whose event is being handled (never kept in the state itself).
_acting: ContextVar[Staff | None] = ContextVar("desk_acting", default=None)
Handler = TypeVar("Handler", bound=Callable[..., Coroutine[Any, Any, Any]])


def staff_only(handler: Handler) -> Handler:
    """Run `handler` only for a live session of active staff; otherwise forget everything
    and show the sign-in screen. The member of staff is `_acting` while it runs."""

    @functools.wraps(handler)
    async def checked(self: DeskState, *args: Any, **kwargs: Any) -> Any:
        member = await self._member()
        if member is None:
            self._forget()
            return None
        self.view = SIGNED_IN
        self.me = member.display_name or member.email
        acting = _acting.set(member)
        try:
            return await handler(self, *args, **kwargs)
        finally:
            _acting.reset(acting)

    return checked  # pyright: ignore[reportReturnType]


class DeskState(rx.State):
    """One desk tab: who is signed in, the inbox page with its filters and selection, the
    lead open, and the outcome of the last action."""

    view: str = CHECKING
    # Whether the identity provider's button is shown (OIDC configured on the server).
    oidc: bool = False
    me: str = ""
    leads: rx.Field[list[Row]] = rx.field(default_factory=list)
    total: int = 0
    page: int = 1
    pages: int = 1
    filters: rx.Field[Row] = rx.field(default_factory=dict)
    selected: rx.Field[list[str]] = rx.field(default_factory=list)
    overdue: rx.Field[list[Row]] = rx.field(default_factory=list)
    weeks: rx.Field[list[Row]] = rx.field(default_factory=list)
    # The lead open on the lead page ({} when there is none, or no such lead).
    lead: rx.Field[Row] = rx.field(default_factory=dict)
    lead_missing: bool = False
    deliveries: rx.Field[list[Row]] = rx.field(default_factory=list)
    notes: rx.Field[list[Row]] = rx.field(default_factory=list)
    history: rx.Field[list[Row]] = rx.field(default_factory=list)
    notice: str = ""
    notice_count: int = 0
    # An erasure asked for and not yet confirmed: the address; then its receipt.
    erase_email: str = ""
    receipt: rx.Field[Row] = rx.field(default_factory=dict)
    _lang: str = "en"

    # -- the session ------------------------------------------------------------------

    async def _member(self) -> Staff | None:
        the_desk = desk()
        self.oidc = the_desk.settings.desk.oidc
        if not may_read_metrics(self.router.session.client_ip, the_desk.settings.desk.allow):
            return None
        return await auth.staff_for_cookie_header(self.router.headers.cookie, the_desk)

    def _forget(self) -> None:
        """Nothing of the desk stays in a tab whose session is gone."""
        self.view = SIGNED_OUT
        self.me = ""
        self.leads, self.total, self.page, self.pages = [], 0, 1, 1
        self.filters, self.selected, self.overdue, self.weeks = {}, [], [], []
        self.lead, self.lead_missing = {}, False
        self.deliveries, self.notes, self.history = [], [], []
        self.notice, self.notice_count = "", 0
        self.erase_email, self.receipt = "", {}

    def _tell(self, notice: str, count: int = 0) -> None:
        self.notice, self.notice_count = notice, count

    @property
    def _zone(self) -> str:
        return desk().settings.desk.timezone

    def _actor(self) -> Staff:
        member = _acting.get()
        assert member is not None, "only inside a staff_only handler"
        return member

    # -- loading ----------------------------------------------------------------------

    async def _load_inbox(self) -> None:
        the_desk, lang, zone = desk(), self._lang, self._zone
        filters = rows.inbox_filter(self.filters, zone)
        found = await asyncio.to_thread(inbox_page, the_desk.engine, filters, self.page)
        waiting = await asyncio.to_thread(overdue, the_desk.engine, the_desk.settings.desk)
        speed = await asyncio.to_thread(weekly, the_desk.engine, the_desk.settings.desk, weeks=8)
        self.leads = [rows.lead_row(lang, lead, zone) for lead in found.leads]
        self.total, self.page, self.pages = found.total, found.page, found.pages
        self.overdue = [rows.overdue_row(lang, lead, zone) for lead in waiting]
        self.weeks = [rows.week_row(lang, week) for week in speed]
        shown = {lead["id"] for lead in self.leads}
        self.selected = [each for each in self.selected if each in shown]

    async def _load_lead(self, public_id: str, *, viewed: bool = False) -> None:
        """The lead's page; `viewed` when the page is opened (an audited view), not when it
        is shown again after an action (which has its own audit row)."""
        lang, zone = self._lang, self._zone
        found = (
            await asyncio.to_thread(lead_detail, desk().engine, self._actor(), public_id, audited=viewed)
            if public_id
            else None
        )
        self.lead_missing = found is None
        if found is None:
            self.lead, self.deliveries, self.notes, self.history = {}, [], [], []
            return
        self.lead = rows.detail_row(lang, found, zone)
        self.deliveries = [rows.delivery_row(lang, line, zone) for line in found.deliveries]
        self.notes = [rows.note_row(lang, note, zone) for note in found.notes]
        self.history = [rows.history_row(lang, line, zone) for line in found.history]

    @rx.event
    @staff_only
    async def open_inbox(self, lang: str):
        """The inbox page appeared (in `lang`): its first page, the overdue leads, the speed."""
        self._lang = lang if lang in rows.LANGUAGES else "en"
        self.notice, self.receipt, self.erase_email = "", {}, ""
        await self._load_inbox()

    @rx.event
    @staff_only
    async def open_lead(self, lang: str):
        """The lead page appeared: the lead its address names (`?id=`); viewing it is audited."""
        self._lang = lang if lang in rows.LANGUAGES else "en"
        self.notice = ""
        await self._load_lead(self.router.url.query_parameters.get("id", "")[:64], viewed=True)

    # -- the inbox --------------------------------------------------------------------

    @rx.event
    @staff_only
    async def apply_filters(self, form_data: dict[str, Any]):
        """Filter and search (the filter form), from the first page."""
        self.filters = rows.clean_filters(form_data)
        self.page = 1
        self.notice = ""
        await self._load_inbox()

    @rx.event
    @staff_only
    async def clear_filters(self):
        """Every lead again, from the first page."""
        self.filters, self.page, self.notice = {}, 1, ""
        await self._load_inbox()

    @rx.event
    @staff_only
    async def go_to_page(self, page: int):
        """Another page of the inbox."""
        self.page = max(1, min(int(page), self.pages))
        await self._load_inbox()

    @rx.event
    @staff_only
    async def toggle(self, public_id: str):
        """Select a lead of this page for a bulk action, or leave it out again."""
        if public_id in self.selected:
            self.selected = [each for each in self.selected if each != public_id]
        elif any(lead["id"] == public_id for lead in self.leads):
            self.selected = [*self.selected, public_id]

    @rx.event
    @staff_only
    async def toggle_all(self):
        """Select every lead of this page, or none if all are."""
        ids = [lead["id"] for lead in self.leads]
        self.selected = [] if set(ids) <= set(self.selected) else ids

    def _chosen(self) -> list[str]:
        return list(self.selected)

    @rx.event
    @staff_only
    async def bulk_status(self, form_data: dict[str, Any]):
        """Set the status of the selected leads."""
        chosen, status = self._chosen(), str(form_data.get("status", ""))
        if not chosen or status not in rows.PIPELINE:
            self._tell("nothing-selected")
            return
        changed = await asyncio.to_thread(actions.set_status, desk().engine, self._actor(), chosen, status)
        self._tell("status-set", len(changed))
        await self._load_inbox()

    @rx.event
    @staff_only
    async def bulk_release(self):
        """Release the selected leads filed as spam."""
        await self._bulk(actions.release, "released")

    @rx.event
    @staff_only
    async def bulk_retry(self):
        """Retry the selected leads whose delivery failed or died."""
        await self._bulk(actions.retry, "retried")

    async def _bulk(self, act, notice: str) -> None:
        chosen = self._chosen()
        if not chosen:
            self._tell("nothing-selected")
            return
        outcome = await asyncio.to_thread(act, desk().engine, self._actor(), chosen)
        self._tell(notice if outcome.done else "refused", len(outcome.done))
        await self._load_inbox()

    @rx.event
    @staff_only
    async def export_csv(self):
        """The filtered set as a CSV file (audited with its count)."""
        text, count = await asyncio.to_thread(
            actions.export_csv_text,
            desk().engine,
            self._actor(),
            rows.inbox_filter(self.filters, self._zone),
        )
        self._tell("exported", count)
        stamp = utc_now().strftime("%Y-%m-%d")
        return rx.download(data=text, filename=f"leads-{stamp}.csv", mime_type="text/csv")

    # -- erasure (Art. 17) ------------------------------------------------------------

    @rx.event
    @staff_only
    async def ask_erase(self, form_data: dict[str, Any]):
        """First step: the address is asked about again before anything is deleted."""
        self.receipt = {}
        self.erase_email = str(form_data.get("email", "")).strip()[:254]

    @rx.event
    @staff_only
    async def cancel_erase(self):
        """No erasure after all."""
        self.erase_email = ""

    @rx.event
    @staff_only
    async def confirm_erase(self):
        """Delete every lead from the address asked about; show the receipt."""
        email, self.erase_email = self.erase_email, ""
        if not email:
            return
        receipt = await asyncio.to_thread(actions.erase_by_email, desk().engine, self._actor(), email)
        self.receipt = {
            "who": receipt.staff_email,
            "when": rows.when(self._lang, receipt.erased_at, self._zone),
            "count": str(receipt.count),
        }
        self._tell("erased", receipt.count)
        await self._load_inbox()

    # -- one lead ---------------------------------------------------------------------

    def _open_id(self) -> str:
        return self.lead.get("id", "")

    @rx.event
    @staff_only
    async def change_status(self, form_data: dict[str, Any]):
        """Set the open lead's status."""
        status, lead = str(form_data.get("status", "")), self._open_id()
        if not lead or status not in rows.PIPELINE:
            return
        await asyncio.to_thread(actions.set_status, desk().engine, self._actor(), [lead], status)
        self._tell("status-set", 1)
        await self._load_lead(lead)

    @rx.event
    @staff_only
    async def add_note(self, form_data: dict[str, Any]):
        """Add a note to the open lead (signed, never edited)."""
        text, lead = str(form_data.get("note", "")), self._open_id()
        if not lead:
            return
        try:
            added = await asyncio.to_thread(actions.add_note, desk().engine, self._actor(), lead, text)
        except ValueError:
            self._tell("note-invalid")
            return
        self._tell("note-added" if added else "refused")
        await self._load_lead(lead)
        return rx.set_value("desk-note", "")

    @rx.event
    @staff_only
    async def release_lead(self):
        """Release the open lead from spam."""
        await self._act_on_lead(actions.release, "released")

    @rx.event
    @staff_only
    async def retry_lead(self):
        """Retry the open lead's failed or dead delivery."""
        await self._act_on_lead(actions.retry, "retried")

    async def _act_on_lead(self, act, notice: str) -> None:
        lead = self._open_id()
        if not lead:
            return
        outcome = await asyncio.to_thread(act, desk().engine, self._actor(), [lead])
        self._tell(notice if outcome.done else "refused", len(outcome.done))
        await self._load_lead(lead)
