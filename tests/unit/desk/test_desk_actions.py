"""Acting on leads from the desk: status, notes, release, retry, erase, export, reply; each
leaves its audit row and none of a lead's content in the audit log."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
import sqlalchemy as sa

from agency_site.desk import actions, audit, staff
from agency_site.desk.inbox import InboxFilter
from agency_site.desk.lead import lead_detail, mailto
from agency_site.desk.model import AuditAction, AuditEntry
from agency_site.leads import store
from agency_site.leads.model import MessageStatus, utc_now
from tests.unit.desk.support import a_lead


@pytest.fixture
def sam(engine):
    return staff.add(engine, "sam@agency.example", display_name="Sam")


def public_id(engine, message_id: int) -> str:
    row = store.get(engine, message_id)
    assert row is not None
    return row.public_id


def audit_rows(engine) -> list[tuple]:
    table = AuditEntry.__table__
    with engine.connect() as connection:
        return [
            tuple(row)
            for row in connection.execute(
                sa.select(table.c.action, table.c.lead_public_id, table.c.count, table.c.detail).order_by(
                    table.c.id
                )
            )
        ]


def test_the_first_change_from_new_is_the_first_response(engine, sam):
    lead = public_id(engine, a_lead(engine))
    then = utc_now()
    assert actions.set_status(engine, sam, [lead], "contacted", now=then) == [lead]
    assert actions.set_status(engine, sam, [lead], "contacted") == []
    actions.set_status(engine, sam, [lead], "qualified", now=then + timedelta(hours=1))
    actions.set_status(engine, sam, [lead], "new", now=then + timedelta(hours=2))
    actions.set_status(engine, sam, [lead], "won", now=then + timedelta(hours=3))
    detail = lead_detail(engine, sam, lead)
    assert detail is not None and detail.pipeline_status == "won"
    assert abs(detail.first_response_at - then) < timedelta(seconds=1)
    with pytest.raises(ValueError):
        actions.set_status(engine, sam, [lead], "maybe")
    assert [(row[0], row[3]) for row in audit_rows(engine)] == [
        ("set-status", "contacted"),
        ("set-status", "qualified"),
        ("set-status", "new"),
        ("set-status", "won"),
        ("view", None),
    ]


def test_notes_are_signed_and_kept_in_order(engine, sam):
    lead = public_id(engine, a_lead(engine))
    kim = staff.add(engine, "kim@agency.example", display_name="Kim")
    assert actions.add_note(engine, sam, lead, "  Called, will send an offer.  ")
    assert actions.add_note(engine, kim, lead, "Offer sent")
    assert not actions.add_note(engine, sam, "no-such-lead", "x")
    with pytest.raises(ValueError):
        actions.add_note(engine, sam, lead, "   ")
    with pytest.raises(ValueError):
        actions.add_note(engine, sam, lead, "x" * (actions.NOTE_MAX + 1))
    detail = lead_detail(engine, sam, lead)
    assert detail is not None
    assert [(note.author_name, note.text) for note in detail.notes] == [
        ("Sam", "Called, will send an offer."),
        ("Kim", "Offer sent"),
    ]
    assert [(line.action, line.staff_email) for line in detail.history] == [
        ("add-note", "sam@agency.example"),
        ("add-note", "kim@agency.example"),
        ("view", "sam@agency.example"),
    ]


def test_release_and_retry_one_or_many(engine, sam):
    spam = public_id(engine, a_lead(engine, spam=True))
    bad_spam = public_id(engine, a_lead(engine, spam=True, email="not-an-address"))
    ordinary = public_id(engine, a_lead(engine))
    released = actions.release(engine, sam, [spam, bad_spam, ordinary, "missing"])
    assert released.done == [spam]
    assert released.refused[ordinary] == "not-applicable" and released.refused["missing"] == "not-found"
    assert released.refused[bad_spam].startswith("invalid-fields: email")
    failed = a_lead(engine)
    table = store.ContactMessage.__table__
    with engine.begin() as connection:
        connection.execute(table.update().where(table.c.id == failed).values(status="dead"))
    retried = actions.retry(engine, sam, [public_id(engine, failed), ordinary])
    assert retried.done == [public_id(engine, failed)] and retried.refused == {ordinary: "not-applicable"}
    assert store.get(engine, failed).status == MessageStatus.STORED
    assert [row[:2] for row in audit_rows(engine)] == [
        ("release", spam),
        ("retry", public_id(engine, failed)),
    ]


def test_erasure_leaves_a_receipt_without_content(engine, sam):
    for _ in range(3):
        lead = public_id(engine, a_lead(engine, email="Jörg@Example.de", name="Jörg Secretname"))
    actions.add_note(engine, sam, lead, "He asked us to call back")
    a_lead(engine, email="someone@example.com")
    receipt = actions.erase_by_email(engine, sam, "jörg@example.DE")
    assert (receipt.staff_email, receipt.count) == ("sam@agency.example", 3)
    assert [row.email for row in store.messages(engine)] == ["someone@example.com"]
    assert audit_rows(engine)[-1] == ("erase", None, 3, None)
    [line] = [line for line in audit.recent(engine) if line.action == AuditAction.ERASE]
    assert line.staff_email == "sam@agency.example" and line.count == 3
    assert "Secretname" not in repr(audit.recent(engine)) and "jörg" not in repr(audit.recent(engine)).lower()


def test_export_is_spreadsheet_safe_and_counted(engine, sam):
    a_lead(engine, subject='=HYPERLINK("http://evil")', language="de")
    a_lead(engine, subject="Plain")
    text, count = actions.export_csv_text(engine, sam, InboxFilter(language="de"))
    rows = list(csv.reader(io.StringIO(text)))
    assert count == 1 and rows[0][-2:] == ["pipeline_status", "first_response_at"]
    assert rows[1][rows[0].index("subject")] == '\'=HYPERLINK("http://evil")'
    assert rows[1][rows[0].index("pipeline_status")] == "new"
    assert audit_rows(engine) == [("export", None, 1, None)]


def test_reply_link():
    assert mailto("ada@example.com", "A new\n project & more") == (
        "mailto:ada@example.com?subject=Re%3A%20A%20new%20project%20%26%20more"
    )
    assert mailto("jörg+x@müller.de", "Hi").startswith("mailto:j%C3%B6rg%2Bx@m%C3%BCller.de?")
