"""lead delivery per channel, dead letters, alert once

`lead_delivery` holds one row per message and channel (webhook, email): its own status,
attempts, rounds, last error, retry time and the lease token that fences a round
(agency_site/leads/store.py). Messages whose webhook delivery was under way carry on from
their `contact_message` columns: a failed one gets a failed webhook row with its attempts.
`contact_message.alerted_at` records when the operators were told a lead is dead or overdue.

Revision ID: c4f1d2e8a6b3
Revises: 7e3a9c2d4b18
Create Date: 2026-11-26 02:30:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "c4f1d2e8a6b3"
down_revision: str | Sequence[str] | None = "7e3a9c2d4b18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "lead_delivery",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=16), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("lease_token", sa.String(length=32), nullable=True),
        sa.Column("delivered_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["message_id"], ["contact_message.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("message_id", "channel", name="uq_lead_delivery_message_channel"),
    )
    op.create_index("ix_lead_delivery_message_id", "lead_delivery", ["message_id"])
    op.create_index("ix_lead_delivery_status", "lead_delivery", ["status"])
    with op.batch_alter_table("contact_message", schema=None) as batch_op:
        batch_op.add_column(sa.Column("alerted_at", sa.DateTime(timezone=True), nullable=True))
    # The webhook rounds so far: delivered and failed messages keep their history.
    op.execute(
        "INSERT INTO lead_delivery (message_id, channel, status, attempts, rounds, last_error, next_attempt_at)"
        " SELECT id, 'webhook', status, delivery_attempts, 1, last_error, next_attempt_at"
        " FROM contact_message WHERE status IN ('delivered', 'failed')"
    )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("contact_message", schema=None) as batch_op:
        batch_op.drop_column("alerted_at")
    op.drop_index("ix_lead_delivery_status", table_name="lead_delivery")
    op.drop_index("ix_lead_delivery_message_id", table_name="lead_delivery")
    op.drop_table("lead_delivery")
