"""The desk's state: every event handler checks the session first (none, forged, revoked,
or from a network outside DESK_ALLOW gets nothing and writes nothing), and with a live
session the handlers show and do what the desk services answer.

Handlers run as Reflex runs them, on a real test database, with the router data the
websocket's handshake would give them.
"""

from __future__ import annotations

import asyncio
import base64
import inspect
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from reflex.istate.data import RouterData

from agency_site.desk import sessions, staff
from agency_site.desk.model import AuditEntry
from agency_site.leads.model import utc_now
from agency_site.state import desk as desk_state
from agency_site.state.desk import SIGNED_IN, SIGNED_OUT, DeskState
from tests.unit.desk.support import a_desk, a_lead

# Arguments each handler takes when called with any.
ARGUMENTS = {
    "open_inbox": ("en",),
    "open_lead": ("en",),
    "apply_filters": ({"search": "ada"},),
    "go_to_page": (1,),
    "toggle": ("x",),
    "bulk_status": ({"status": "won"},),
    "ask_erase": ({"email": "ada@example.com"},),
    "change_status": ({"status": "won"},),
    "add_note": ({"note": "Called back"},),
}


@pytest.fixture
def the_desk(engine, monkeypatch):
    found = a_desk(engine)
    monkeypatch.setattr(desk_state, "desk", lambda: found)
    return found


@pytest.fixture
def member(engine):
    return staff.add(engine, "sam@agency.example", display_name="Sam")


def cookie_of(the_desk, member) -> str:
    token = sessions.create(the_desk.engine, member.id, the_desk.settings.desk, method="link")
    return f"other=1; desk_session={token}"


def a_state(cookie: str = "", client: str = "127.0.0.1", query: str = "") -> DeskState:
    state = DeskState(_reflex_internal_init=True)
    path = "/desk/lead" if query else "/desk"
    state.router = RouterData.from_router_data(
        {"headers": {"cookie": cookie}, "ip": client, "pathname": path, "asPath": f"{path}{query}"}
    )
    return state


def run(state: DeskState, name: str, *args):
    handler = getattr(DeskState, name).fn
    return asyncio.run(handler(state, *args))


def handler_names() -> list[str]:
    """The desk's own handlers. Reflex's `setvar` calls only `set_<var>` setters, and the
    state has none (auto setters are off; its status handler is `change_status`)."""
    names = sorted(name for name in DeskState.event_handlers if name in vars(DeskState) and name != "setvar")
    assert not [name for name in vars(DeskState) if name.startswith("set_")]
    return names


def audit_count(engine) -> int:
    with engine.connect() as connection:
        return connection.execute(sa.select(sa.func.count()).select_from(AuditEntry.__table__)).scalar() or 0


def test_every_handler_is_checked():
    assert handler_names(), "no handlers found"
    for name in handler_names():
        assert inspect.unwrap(getattr(DeskState, name).fn) is not getattr(DeskState, name).fn, name


@pytest.mark.parametrize("case", ["no-cookie", "forged", "revoked", "expired", "foreign-network"])
def test_without_a_live_session_no_handler_shows_or_does_anything(engine, the_desk, member, case):
    lead = a_lead(engine)
    cookie = cookie_of(the_desk, member)
    client = "127.0.0.1"
    if case == "no-cookie":
        cookie = ""
    elif case == "forged":
        cookie = "desk_session=" + "A" * 43
    elif case == "revoked":
        sessions.revoke_all(engine, member.id)
    elif case == "expired":
        table = sessions.DeskSession.__table__
        with engine.begin() as connection:
            connection.execute(sa.update(table).values(expires_at=utc_now() - timedelta(minutes=1)))
    else:
        client = "203.0.113.9"
    before = audit_count(engine)
    for name in handler_names():
        state = a_state(cookie, client, query=f"?id={lead}")
        state.leads = [{"id": "left-over"}]
        assert run(state, name, *ARGUMENTS.get(name, ())) is None, name
        assert state.view == SIGNED_OUT, name
        assert state.leads == [] and state.lead == {} and state.me == "", name
    assert audit_count(engine) == before


def test_the_inbox_lists_newest_first_and_filters(engine, the_desk, member):
    a_lead(engine, subject="Older project", created_at=datetime.now(UTC) - timedelta(days=2))
    a_lead(engine, subject="Straßenbahn im Büro", name="Jörg Maier", language="de")
    state = a_state(cookie_of(the_desk, member))
    run(state, "open_inbox", "de")
    assert state.view == SIGNED_IN and state.me == "Sam"
    assert [lead["subject"] for lead in state.leads] == ["Straßenbahn im Büro", "Older project"]
    assert state.total == 2
    run(state, "apply_filters", {"search": "joerg strasse", "language": "de", "pipeline": "", "delivery": ""})
    assert [lead["name"] for lead in state.leads] == ["Jörg Maier"]
    run(state, "apply_filters", {"pipeline": "won"})
    assert state.leads == [] and state.total == 0
    run(state, "clear_filters")
    assert state.total == 2


def test_acting_on_a_lead_from_its_page(engine, the_desk, member):
    from agency_site.leads import store

    row = store.get(engine, a_lead(engine))
    assert row is not None
    state = a_state(cookie_of(the_desk, member), query=f"?id={row.public_id}")
    run(state, "open_lead", "en")
    assert state.lead["subject"] == "A new project" and state.lead["reply"].startswith(
        "mailto:ada@example.com"
    )
    run(state, "change_status", {"status": "contacted"})
    assert state.lead["pipeline"] == "contacted" and state.lead["first_response"]
    run(state, "add_note", {"note": "  "})
    assert state.notice == "note-invalid"
    run(state, "add_note", {"note": "Called, sending an offer"})
    assert [(note["author"], note["text"]) for note in state.notes] == [("Sam", "Called, sending an offer")]
    run(state, "release_lead")
    assert state.notice == "refused"
    assert [line["action"] for line in state.history] == ["view", "set-status", "add-note"]


def test_bulk_export_and_erase(engine, the_desk, member):
    a_lead(engine, email="eve@example.com", subject="=HYPERLINK(1)")
    a_lead(engine, email="eve@example.com", subject="Second")
    a_lead(engine, spam=True, subject="Filed as spam")
    state = a_state(cookie_of(the_desk, member))
    run(state, "open_inbox", "en")
    run(state, "bulk_release")
    assert state.notice == "nothing-selected"
    spam = next(lead["id"] for lead in state.leads if lead["subject"] == "Filed as spam")
    run(state, "toggle", spam)
    run(state, "bulk_release")
    assert (state.notice, state.notice_count) == ("released", 1)
    run(state, "toggle_all")
    run(state, "bulk_status", {"status": "qualified"})
    assert {lead["pipeline"] for lead in state.leads} == {"qualified"}
    download = run(state, "export_csv")
    url = dict((name._js_expr, value._var_value) for name, value in download.args)["url"]
    csv_text = base64.b64decode(url.removeprefix("data:text/csv;base64,")).decode()
    assert "'=HYPERLINK(1)" in csv_text and state.notice_count == 3
    run(state, "ask_erase", {"email": "EVE@example.com"})
    assert state.erase_email == "EVE@example.com" and state.total == 3
    run(state, "confirm_erase")
    assert state.receipt["count"] == "2" and state.receipt["who"] == "sam@agency.example"
    assert state.total == 1 and state.erase_email == ""


def test_a_session_revoked_while_open_is_refused_at_its_next_event(engine, the_desk, member):
    a_lead(engine)
    state = a_state(cookie_of(the_desk, member))
    run(state, "open_inbox", "en")
    assert state.total == 1
    sessions.revoke_all(engine, member.id)
    run(state, "go_to_page", 1)
    assert state.view == SIGNED_OUT and state.leads == [] and state.total == 0
