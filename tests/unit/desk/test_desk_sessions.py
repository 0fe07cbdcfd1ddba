"""Staff and sessions: who may sign in, and which sessions are refused."""

from __future__ import annotations

from datetime import timedelta

from agency_site.desk import housekeeping, links, sessions, staff
from agency_site.desk.model import StaffSource
from agency_site.leads.model import utc_now
from agency_site.settings import DeskSettings

SETTINGS = DeskSettings()


def test_staff_added_removed_and_named_in_the_settings(engine):
    added = staff.add(engine, "Sam@Agency.example", display_name="Sam", language="de")
    assert added.email == "sam@agency.example"
    assert staff.active(engine, "SAM@agency.example", SETTINGS) is not None
    assert staff.active(engine, "nobody@agency.example", SETTINGS) is None
    assert staff.remove(engine, "sam@agency.example")
    assert staff.active(engine, "sam@agency.example", SETTINGS) is None
    assert not staff.remove(engine, "sam@agency.example")
    # DESK_STAFF: allowed while listed, their row made at first use.
    listed = DeskSettings(staff=("Kim@agency.example",))
    kim = staff.active(engine, "kim@agency.example", listed)
    assert kim is not None and kim.source == StaffSource.SETTINGS
    assert staff.active(engine, "kim@agency.example", SETTINGS) is None
    # Listing a CLI-removed address does not bring it back: the operator removed it.
    assert staff.active(engine, "sam@agency.example", DeskSettings(staff=("sam@agency.example",))) is None
    assert [each.email for each in staff.everyone(engine)] == ["kim@agency.example", "sam@agency.example"]


def test_a_session_is_good_until_revoked_expired_idle_or_its_staff_removed(engine):
    member = staff.add(engine, "sam@agency.example")
    assert member.id is not None
    now = utc_now()
    token = sessions.create(engine, member.id, SETTINGS, method="link", now=now)
    assert sessions.verify(engine, token, SETTINGS, now=now + timedelta(minutes=5)).email == member.email
    assert sessions.verify(engine, token + "x", SETTINGS, now=now) is None
    assert sessions.verify(engine, None, SETTINGS, now=now) is None
    # Idle: two hours without an event (the check above touched it at +5 min).
    assert sessions.verify(engine, token, SETTINGS, now=now + timedelta(minutes=126)) is None
    # Expired: twelve hours after sign-in, however busy.
    busy = sessions.create(engine, member.id, SETTINGS, method="link", now=now)
    for minutes in range(60, 12 * 60, 60):
        assert sessions.verify(engine, busy, SETTINGS, now=now + timedelta(minutes=minutes)) is not None
    assert sessions.verify(engine, busy, SETTINGS, now=now + timedelta(hours=12, minutes=1)) is None
    # Revoked.
    fresh = sessions.create(engine, member.id, SETTINGS, method="oidc")
    assert sessions.revoke(engine, fresh)
    assert sessions.verify(engine, fresh, SETTINGS) is None
    assert not sessions.revoke(engine, fresh)
    # Staff removed: every session of theirs refused at once.
    first, second = (sessions.create(engine, member.id, SETTINGS, method="link") for _ in range(2))
    # (With the two above: made just now, they are still good now.)
    assert len(sessions.open_sessions(engine, SETTINGS)) == 4
    staff.remove(engine, member.email)
    assert (
        sessions.verify(engine, first, SETTINGS) is None and sessions.verify(engine, second, SETTINGS) is None
    )
    assert sessions.open_sessions(engine, SETTINGS) == []


def test_revoke_all_ends_every_session_of_one_member(engine):
    sam, kim = staff.add(engine, "sam@agency.example"), staff.add(engine, "kim@agency.example")
    assert sam.id is not None and kim.id is not None
    sams = [sessions.create(engine, sam.id, SETTINGS, method="link") for _ in range(3)]
    kims = sessions.create(engine, kim.id, SETTINGS, method="link")
    assert sessions.revoke_all(engine, sam.id) == 3
    assert all(sessions.verify(engine, token, SETTINGS) is None for token in sams)
    assert sessions.verify(engine, kims, SETTINGS) is not None
    [open_one] = sessions.open_sessions(engine, SETTINGS)
    assert open_one.email == "kim@agency.example"
    assert sessions.revoke_by_id(engine, open_one.id)
    assert sessions.verify(engine, kims, SETTINGS) is None


def test_a_link_is_good_once_and_only_for_its_minutes(engine):
    now = utc_now()
    token = links.issue(engine, "Sam@agency.example", 15, now=now)
    assert links.consume(engine, token, now=now + timedelta(minutes=14)) == "sam@agency.example"
    assert links.consume(engine, token, now=now + timedelta(minutes=14)) is None
    late = links.issue(engine, "sam@agency.example", 15, now=now)
    assert links.consume(engine, late, now=now + timedelta(minutes=16)) is None
    assert links.consume(engine, "forged", now=now) is None
    assert housekeeping.forget_old(engine, now=now + timedelta(days=2)) == 2


def test_old_links_and_ended_sessions_are_forgotten(engine):
    member = staff.add(engine, "sam@agency.example")
    assert member.id is not None
    now = utc_now()
    ended = sessions.create(engine, member.id, SETTINGS, method="link", now=now)
    sessions.revoke(engine, ended, now=now)
    sessions.create(engine, member.id, SETTINGS, method="link", now=now + timedelta(days=29))
    links.issue(engine, "sam@agency.example", 15, now=now + timedelta(days=30))
    assert housekeeping.forget_old(engine, now=now + timedelta(days=30, hours=1)) == 1
    assert len(sessions.open_sessions(engine, SETTINGS, now=now + timedelta(days=29, hours=1))) == 1
