"""paused channels, released spam, a dead lead's own alert, spam's validation

`lead_channel` holds a delivery channel that a receiver paused (HTTP 410 Gone): new leads
wait for it, stored, until an operator runs `leads resume`. `contact_message.released_at`
is when an operator released a spam message (the retention period counts from then),
`dead_alerted_at` when the operators were told it is dead (`alerted_at` keeps the hour's
'still undelivered'), and `problems` what validation found in a spam message's fields
(`release` refuses what a visitor's form would have refused).

Revision ID: e6a2b9d4c1f7
Revises: 9b4e1f7c2a65
Create Date: 2026-11-29 04:30:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "e6a2b9d4c1f7"
down_revision: str | Sequence[str] | None = "9b4e1f7c2a65"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "lead_channel",
        sa.Column("channel", sa.String(length=16), nullable=False),
        sa.Column("paused_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("paused_reason", sa.String(length=200), nullable=True),
        sa.PrimaryKeyConstraint("channel"),
    )
    with op.batch_alter_table("contact_message", schema=None) as batch_op:
        batch_op.add_column(sa.Column("released_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("dead_alerted_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("problems", sa.String(length=200), nullable=True))
    # A dead lead told about before this revision is not told about again.
    op.execute("UPDATE contact_message SET dead_alerted_at = alerted_at WHERE status = 'dead'")


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("contact_message", schema=None) as batch_op:
        batch_op.drop_column("problems")
        batch_op.drop_column("dead_alerted_at")
        batch_op.drop_column("released_at")
    op.drop_table("lead_channel")
