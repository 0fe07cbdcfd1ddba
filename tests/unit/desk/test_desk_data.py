"""The desk's data: the migration (up, down, up again; old leads filled in), search folding,
notes going with their lead."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlmodel import Session

from agency_site.desk.model import LeadNote, Staff
from agency_site.leads import retention, store
from agency_site.leads.database import ALEMBIC_INI, migrate
from agency_site.leads.folding import foldings, search_text
from agency_site.leads.model import PipelineStatus, utc_now
from tests.unit.desk.support import a_lead

BEFORE = "f1c3a7e9b2d5"
DESK_TABLES = {"desk_staff", "desk_session", "desk_sign_in_link", "desk_oidc_flow", "lead_note", "desk_audit"}


def downgrade(engine: sa.Engine, revision: str) -> None:
    """`alembic downgrade revision` on `engine`'s database."""
    config = Config(str(ALEMBIC_INI))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)


def tables(engine: sa.Engine) -> set[str]:
    return set(sa.inspect(engine).get_table_names())


def test_folding_finds_each_spelling():
    assert foldings("Jörg") == ("jorg", "joerg")
    assert foldings("Straße") == ("strasse",)
    assert foldings("MÜLLER") == ("muller", "mueller")
    assert foldings("Ådne") == ("adne",)
    # Each field on its own lines: a term cannot match across two fields.
    assert search_text(["Jörg  Meier", "j@example.com"]) == "jorg meier\njoerg meier\nj@example.com"


def test_a_stored_lead_carries_its_search_column(engine):
    message_id = a_lead(engine, name="Jörg Groß", subject="Büro in der Straße")
    row = store.get(engine, message_id)
    assert row is not None
    assert "joerg gross" in row.search_text and "jorg gross" in row.search_text
    assert "buero in der strasse" in row.search_text
    assert row.pipeline_status == PipelineStatus.NEW and row.first_response_at is None


def test_migration_fills_in_old_leads_and_goes_down_and_up_again(engine):
    downgrade(engine, BEFORE)
    assert not DESK_TABLES & tables(engine)
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "insert into contact_message (public_id, created_at, name, email, subject, message,"
                " language, page, status, delivery_attempts)"
                " values ('00000000-0000-4000-8000-000000000001', :now, 'Jörg Weiß', 'jw@example.de',"
                " 'Angebot', 'Bitte rufen Sie an.', 'de', '/de/kontakt', 'delivered', 1)"
            ),
            {"now": utc_now()},
        )
    migrate(engine)
    assert DESK_TABLES <= tables(engine)
    [row] = store.messages(engine)
    assert row.pipeline_status == PipelineStatus.NEW
    assert row.search_text == search_text([row.name, row.email, row.subject, row.message])
    assert "joerg weiss" in row.search_text
    downgrade(engine, BEFORE)
    assert not DESK_TABLES & tables(engine)
    assert "pipeline_status" not in {
        column["name"] for column in sa.inspect(engine).get_columns("contact_message")
    }
    migrate(engine)
    assert DESK_TABLES <= tables(engine)


def test_notes_go_with_their_lead_when_it_is_erased(engine):
    message_id = a_lead(engine)
    kept = a_lead(engine, email="someone@example.com")
    with Session(engine) as session:
        author = Staff(email="sam@agency.example")
        session.add(author)
        session.commit()
        assert author.id is not None
        session.add_all(
            [
                LeadNote(message_id=message_id, staff_id=author.id, text="Called back"),
                LeadNote(message_id=kept, staff_id=author.id, text="Other lead"),
            ]
        )
        session.commit()
    assert retention.erase(engine, "ADA@example.com") == 1
    with engine.connect() as connection:
        notes = connection.execute(sa.select(LeadNote.__table__.c.message_id)).scalars().all()
    assert notes == [kept]


def test_postgresql_indexes_the_search_column_for_like(engine):
    indexes = {index["name"] for index in sa.inspect(engine).get_indexes("contact_message")}
    if engine.dialect.name != "postgresql":
        assert "ix_contact_message_search_trgm" not in indexes
        return
    assert "ix_contact_message_search_trgm" in indexes
    a_lead(engine, name="Jörg Weiß")
    with engine.connect() as connection:
        connection.execute(sa.text("SET enable_seqscan = off"))
        plan = "\n".join(
            connection.execute(
                sa.text("EXPLAIN SELECT id FROM contact_message WHERE search_text LIKE :term ESCAPE '\\'"),
                {"term": "%joerg%"},
            ).scalars()
        )
    assert "ix_contact_message_search_trgm" in plan
