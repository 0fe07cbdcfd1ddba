"""The inbox: newest first, paged on the server, filtered and searched."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from agency_site.desk import actions, staff
from agency_site.desk.inbox import DeliveryFilter, InboxFilter, inbox_page
from agency_site.leads import pauses, store
from agency_site.leads.model import Channel
from tests.unit.desk.support import a_lead

START = datetime(2026, 11, 2, 8, 0, tzinfo=UTC)


def subjects(engine, **filters) -> list[str]:
    return [lead.subject for lead in inbox_page(engine, InboxFilter(**filters), page_size=50).leads]


@pytest.fixture
def leads(engine):
    """Five leads an hour apart, the newest last: two German, one spam."""
    a_lead(engine, subject="Clinic caller", created_at=START)
    a_lead(
        engine,
        name="Jörg Weiß",
        subject="Angebot Telefonassistent",
        language="de",
        created_at=START + timedelta(hours=1),
    )
    a_lead(engine, name="Joerg Meier", subject="Website relaunch", created_at=START + timedelta(hours=2))
    a_lead(
        engine,
        subject="Büro an der Hauptstraße",
        message="Wir sitzen in der Königstraße.",
        language="de",
        created_at=START + timedelta(hours=3),
    )
    a_lead(engine, subject="Cheap pills", spam=True, created_at=START + timedelta(hours=4))
    return engine


def test_newest_first_and_paged(leads):
    first = inbox_page(leads, page=1, page_size=2)
    assert (first.total, first.pages, [lead.subject for lead in first.leads]) == (
        5,
        3,
        ["Cheap pills", "Büro an der Hauptstraße"],
    )
    last = inbox_page(leads, page=3, page_size=2)
    assert [lead.subject for lead in last.leads] == ["Clinic caller"]
    assert inbox_page(leads, page=9, page_size=2).leads == []


@pytest.mark.parametrize(
    ("search", "found"),
    [
        # `jorg` is how one types Jörg without the umlaut, not how one writes Joerg.
        ("jorg", ["Angebot Telefonassistent"]),
        ("joerg", ["Website relaunch", "Angebot Telefonassistent"]),
        ("Jörg", ["Website relaunch", "Angebot Telefonassistent"]),
        ("JÖRG weiss", ["Angebot Telefonassistent"]),
        ("strasse", ["Büro an der Hauptstraße"]),
        ("koenigstrasse", ["Büro an der Hauptstraße"]),
        ("buro", ["Büro an der Hauptstraße"]),
        (
            "ada@example",
            [
                "Cheap pills",
                "Büro an der Hauptstraße",
                "Website relaunch",
                "Angebot Telefonassistent",
                "Clinic caller",
            ],
        ),
        ("100%", []),
        ("a_b", []),
    ],
)
def test_search_finds_each_spelling(leads, search, found):
    assert subjects(leads, search=search) == found


def test_filters(leads):
    sam = staff.add(leads, "sam@agency.example")
    [newest_real] = [lead.public_id for lead in inbox_page(leads, InboxFilter(search="relaunch")).leads]
    actions.set_status(leads, sam, [newest_real], "qualified")
    assert subjects(leads, pipeline=("qualified",)) == ["Website relaunch"]
    assert len(subjects(leads, pipeline=("new",))) == 4
    assert subjects(leads, delivery=DeliveryFilter.SPAM) == ["Cheap pills"]
    assert subjects(leads, language="de") == ["Büro an der Hauptstraße", "Angebot Telefonassistent"]
    assert subjects(leads, since=START + timedelta(hours=1), until=START + timedelta(hours=3)) == [
        "Website relaunch",
        "Angebot Telefonassistent",
    ]
    assert subjects(leads, language="de", search="jorg") == ["Angebot Telefonassistent"]


def test_failed_dead_and_paused(engine):
    failed, dead, waiting = (
        a_lead(engine, subject=name) for name in ("failed one", "dead one", "waiting one")
    )
    table = store.ContactMessage.__table__
    with engine.begin() as connection:
        for message_id, status in ((failed, "failed"), (dead, "dead")):
            connection.execute(table.update().where(table.c.id == message_id).values(status=status))
    assert subjects(engine, delivery=DeliveryFilter.FAILED) == ["failed one"]
    assert subjects(engine, delivery=DeliveryFilter.DEAD) == ["dead one"]
    assert subjects(engine, delivery=DeliveryFilter.PAUSED) == []
    pauses.pause(engine, str(Channel.WEBHOOK), "HTTP 410 Gone")
    assert subjects(engine, delivery=DeliveryFilter.PAUSED) == ["waiting one", "failed one"]
    assert waiting
