"""The leads desk: the team works its leads in the site, signed in (docs/architecture.md §7).

This package is the server side; the desk's Reflex pages and state call the functions
below. Nothing here imports Reflex. Database functions are synchronous: call them from an
event handler with `await asyncio.to_thread(f, ...)`; the `async` ones are awaited as they
are. `engine` is `agency_site.leads.database.default_engine()` and `desk` defaults to
`auth.default_desk()` (this server's database and settings) when left out.

Sign-in happens over HTTP, outside the websocket (`desk/http.py`, docs there): the page's
form posts `email` and `lang` (`en`/`de`) to `POST /_desk/sign-in`; the identity provider's
button is a link to `GET /_desk/oidc/start?lang=de` (only when `get_settings().desk.oidc`);
sign-out is a form posting to `POST /_desk/sign-out?lang=de`. Each answers 303 to `/desk` or
`/de/desk`, with a fragment saying what happened: `#link-sent`, `#too-many-attempts`,
`#link-invalid`, `#sign-in-failed`, `#signed-out` (`http.LINK_SENT`, ...). The mailed link
is `GET /_desk/link?token=...&lang=...` in the text/plain body (quoted-printable: read it
with the `email` package).

Every desk event checks its session first, with the websocket's Cookie header
(`self.router.headers.cookie` in a Reflex state: the header the websocket connected with;
signing in and out are page loads, so it is the current one):

- `auth.staff_for_cookie_header(cookie_header: str | None, desk=None) -> Staff | None`
  (async): the active member of staff, or None (no cookie, forged, expired, idle, revoked,
  staff removed). Use `Staff.id`, `.email`, `.display_name`, `.language`; pass the `Staff`
  as `actor` below.
- `auth.request_link(email, client, lang, desk=None) -> LinkRequest` (async): the same as
  the HTTP form, for a page that asks over the websocket (`client`: the visitor's address).

The inbox and a lead (`desk/inbox.py`, `desk/lead.py`):

- `inbox.inbox_page(engine, filters: InboxFilter | None = None, page: int = 1,
  page_size: int = 25) -> InboxPage` (`.leads: list[LeadSummary]`, `.total`, `.page`,
  `.pages`). `InboxFilter(pipeline: tuple[str, ...] = (), delivery: DeliveryFilter | None,
  language: str | None, since: datetime | None, until: datetime | None (excluded),
  search: str = "")`; `DeliveryFilter`: spam, failed, dead, paused. `PipelineStatus`
  (agency_site.leads.model): new, contacted, qualified, won, lost.
- `lead.lead_detail(engine, actor: Staff, public_id: str) -> LeadDetail | None`: message,
  page, language, statuses, `deliveries: list[DeliveryLine]`, `notes: list[NoteLine]`,
  `history: list[AuditLine]`, `reply_link` (a `mailto:`); audited as a view.

Acting on leads (`desk/actions.py`; each audited; `public_ids` one or a selection):

- `actions.set_status(engine, actor, public_ids: Sequence[str], status: str) -> list[str]`
  (the ids changed; ValueError for an unknown status).
- `actions.add_note(engine, actor, public_id: str, text: str) -> bool` (ValueError: empty or
  over `actions.NOTE_MAX` characters).
- `actions.release(engine, actor, public_ids) -> Outcome` and `actions.retry(engine, actor,
  public_ids) -> Outcome` (`.done: list[str]`, `.refused: dict[public_id, reason]`, reason
  `not-found`, `not-applicable` or `invalid-fields: ...`).
- `actions.erase_by_email(engine, actor, email: str) -> ErasureReceipt` (`.staff_email`,
  `.erased_at`, `.count`); the page confirms before calling it.
- `actions.export_csv_text(engine, actor, filters: InboxFilter | None) -> tuple[str, int]`
  (the CSV text, for `rx.download`, and how many leads).

Speed to lead (`desk/speed.py`; `settings` is `get_settings().desk`):

- `speed.weekly(engine, settings, weeks: int = 12) -> list[WeekSpeed]` (`.week_start`,
  `.answered`, `.median_s`, `.p90_s`; newest first).
- `speed.overdue(engine, settings) -> list[Overdue]` (`.public_id`, `.created_at`, `.name`,
  `.subject`, `.waiting_business_hours`): the leads for the top of the desk.
- `audit.recent(engine, limit: int = 100) -> list[AuditLine]`: the audit log, newest first.
"""
