"""the leads desk: staff, sessions, sign-in links and OIDC flows, notes, audit log; a lead's
pipeline status, first response time and search column

A lead's `pipeline_status` starts at `new` (every lead stored before: new too);
`first_response_at` is set when it first leaves `new`; `response_alerted_at` when the
operators were told it is still `new` after DESK_RESPONSE_HOURS business hours. `search_text` holds its name,
address, subject and message folded for search (agency_site/leads/folding.py); the rows
stored before are filled in here, a batch at a time.

Revision ID: a7d3e5c91b24
Revises: f1c3a7e9b2d5
Create Date: 2026-11-29 08:00:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from agency_site.leads.folding import search_text

# revision identifiers, used by Alembic.
revision: str = "a7d3e5c91b24"
down_revision: str | Sequence[str] | None = "f1c3a7e9b2d5"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Rows read and rewritten per batch while the search column is filled in.
BATCH = 500


def _utc(name: str, nullable: bool) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "desk_staff",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("display_name", sa.String(length=100), nullable=False),
        sa.Column("language", sa.String(length=2), nullable=False),
        sa.Column("source", sa.String(length=8), nullable=False),
        _utc("added_at", False),
        _utc("removed_at", True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("email"),
    )
    op.create_table(
        "desk_session",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=False),
        sa.Column("method", sa.String(length=8), nullable=False),
        _utc("created_at", False),
        _utc("last_seen_at", False),
        _utc("expires_at", False),
        _utc("revoked_at", True),
        sa.ForeignKeyConstraint(["staff_id"], ["desk_staff.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    op.create_index("ix_desk_session_staff_id", "desk_session", ["staff_id"])
    op.create_table(
        "desk_sign_in_link",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        _utc("created_at", False),
        _utc("expires_at", False),
        _utc("used_at", True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    op.create_table(
        "desk_oidc_flow",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("state_hash", sa.String(length=64), nullable=False),
        sa.Column("nonce", sa.String(length=128), nullable=False),
        sa.Column("code_verifier", sa.String(length=128), nullable=False),
        sa.Column("language", sa.String(length=2), nullable=False),
        _utc("created_at", False),
        _utc("expires_at", False),
        _utc("used_at", True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("state_hash"),
    )
    op.create_table(
        "lead_note",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.Integer(), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=False),
        _utc("created_at", False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["message_id"], ["contact_message.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["staff_id"], ["desk_staff.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_lead_note_message_id", "lead_note", ["message_id"])
    op.create_table(
        "desk_audit",
        sa.Column("id", sa.Integer(), nullable=False),
        _utc("created_at", False),
        sa.Column("staff_id", sa.Integer(), nullable=True),
        sa.Column("action", sa.String(length=24), nullable=False),
        sa.Column("lead_public_id", sa.String(length=36), nullable=True),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("detail", sa.String(length=32), nullable=True),
        sa.ForeignKeyConstraint(["staff_id"], ["desk_staff.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_desk_audit_created_at", "desk_audit", ["created_at"])
    op.create_index("ix_desk_audit_lead_public_id", "desk_audit", ["lead_public_id"])
    with op.batch_alter_table("contact_message", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("pipeline_status", sa.String(length=16), nullable=False, server_default="new")
        )
        batch_op.add_column(sa.Column("first_response_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("response_alerted_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("search_text", sa.Text(), nullable=False, server_default=""))
        batch_op.create_index("ix_contact_message_pipeline_status", ["pipeline_status"])
    _fill_search_text()
    _trigram_index()


# PostgreSQL's trigram index on the search column (alembic/env.py keeps it out of
# autogenerate's comparison: the models do not describe it).
TRIGRAM_INDEX = "ix_contact_message_search_trgm"


def _trigram_index() -> None:
    """PostgreSQL: a trigram index (pg_trgm, a trusted extension since PostgreSQL 13), so a
    search's LIKE '%term%' reads the index instead of every lead. Where the extension cannot
    be created (no right to), the search still works, reading every lead; the migration goes on."""
    connection = op.get_bind()
    if connection.dialect.name != "postgresql":
        return
    savepoint = connection.begin_nested()
    try:
        # In `public`, whatever the search path: one extension per database, and a schema
        # of its own (a test's) would take it along when dropped.
        connection.execute(sa.text("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public"))
        connection.execute(
            sa.text(
                f"CREATE INDEX {TRIGRAM_INDEX} ON contact_message USING gin (search_text public.gin_trgm_ops)"
            )
        )
        savepoint.commit()
    except sa.exc.DBAPIError as error:
        savepoint.rollback()
        print(
            f"search column not indexed (pg_trgm unavailable: {type(error.orig).__name__}); search still works"
        )


def _fill_search_text() -> None:
    """Every lead stored before gets its search column, a batch at a time (by id)."""
    connection = op.get_bind()
    messages = sa.table(
        "contact_message",
        sa.column("id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("email", sa.String),
        sa.column("subject", sa.String),
        sa.column("message", sa.Text),
        sa.column("search_text", sa.Text),
    )
    last = 0
    while True:
        rows = connection.execute(
            sa.select(
                messages.c.id, messages.c.name, messages.c.email, messages.c.subject, messages.c.message
            )
            .where(messages.c.id > last)
            .order_by(messages.c.id)
            .limit(BATCH)
        ).all()
        if not rows:
            return
        for row in rows:
            connection.execute(
                sa.update(messages)
                .where(messages.c.id == row.id)
                .values(search_text=search_text((row.name, row.email, row.subject, row.message)))
            )
        last = rows[-1].id


def downgrade() -> None:
    """Downgrade schema: the desk's tables and the lead's desk columns go (notes, audit log
    and pipeline statuses with them)."""
    with op.batch_alter_table("contact_message", schema=None) as batch_op:
        batch_op.drop_index("ix_contact_message_pipeline_status")
        # (Its trigram index on PostgreSQL goes with the column.)
        batch_op.drop_column("search_text")
        batch_op.drop_column("response_alerted_at")
        batch_op.drop_column("first_response_at")
        batch_op.drop_column("pipeline_status")
    op.drop_index("ix_desk_audit_lead_public_id", table_name="desk_audit")
    op.drop_index("ix_desk_audit_created_at", table_name="desk_audit")
    op.drop_table("desk_audit")
    op.drop_index("ix_lead_note_message_id", table_name="lead_note")
    op.drop_table("lead_note")
    op.drop_table("desk_oidc_flow")
    op.drop_table("desk_sign_in_link")
    op.drop_index("ix_desk_session_staff_id", table_name="desk_session")
    op.drop_table("desk_session")
    op.drop_table("desk_staff")
