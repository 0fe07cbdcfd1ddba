"""`python -m agency_site.leads staff ...` and `sessions ...`."""

from __future__ import annotations

import io

import pytest

from agency_site.desk import sessions, staff
from agency_site.desk.tokens import address_tag
from agency_site.leads.cli import parser
from agency_site.settings import DeskSettings, get_settings
from tests.unit.leads.support import run_on


def refused(engine, *argv: str) -> str:
    args = parser().parse_args(argv)
    out = io.StringIO()
    assert args.run(engine, args, out) == 1
    return out.getvalue()


def test_staff_add_list_remove(engine):
    assert "added sam@agency.example (de)" in run_on(
        engine, "staff", "add", "--email", "Sam@Agency.example", "--name", "Sam", "--language", "de"
    )
    listing = run_on(engine, "staff", "list")
    assert (
        "sam@agency.example" in listing
        and address_tag("sam@agency.example") in listing
        and "active" in listing
    )
    member = staff.find(engine, "sam@agency.example")
    assert member is not None and member.id is not None
    token = sessions.create(engine, member.id, DeskSettings(), method="link")
    assert "revoked" in run_on(engine, "staff", "remove", "--email", "sam@agency.example")
    assert sessions.verify(engine, token, DeskSettings()) is None
    assert "removed" in run_on(engine, "staff", "list")
    assert "no active member" in refused(engine, "staff", "remove", "--email", "sam@agency.example")


def test_an_address_in_desk_staff_is_removed_there(engine, monkeypatch):
    monkeypatch.setenv("DESK_STAFF", "kim@agency.example")
    get_settings.cache_clear()
    try:
        assert "DESK_STAFF" in refused(engine, "staff", "remove", "--email", "Kim@agency.example")
        assert "(not signed in yet)" in run_on(engine, "staff", "list")
    finally:
        monkeypatch.delenv("DESK_STAFF")
        get_settings.cache_clear()


def test_sessions_list_and_revoke(engine):
    sam = staff.add(engine, "sam@agency.example")
    assert sam.id is not None
    tokens = [
        sessions.create(engine, sam.id, DeskSettings(), method=method) for method in ("link", "oidc", "link")
    ]
    listing = run_on(engine, "sessions", "list")
    assert "3 open session(s)" in listing and not any(token in listing for token in tokens)
    first = sessions.open_sessions(engine, DeskSettings())[0].id
    assert f"revoked session {first}" in run_on(engine, "sessions", "revoke", "--id", str(first))
    assert "no open session" in refused(engine, "sessions", "revoke", "--id", str(first))
    assert "revoked 2 session(s)" in run_on(engine, "sessions", "revoke", "--email", "SAM@agency.example")
    assert "0 open session(s)" in run_on(engine, "sessions", "list")
    with pytest.raises(SystemExit):
        parser().parse_args(["sessions", "revoke"])
