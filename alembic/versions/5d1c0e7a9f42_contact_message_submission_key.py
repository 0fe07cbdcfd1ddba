"""contact message submission key

Each message carries the key its browser made for it, unique, so a resend of the same
message (after a reconnect or a server restart) finds its row instead of adding one
(agency_site/leads/idempotency.py). Rows stored before have none (NULL, not unique).

Revision ID: 5d1c0e7a9f42
Revises: b032185b5826
Create Date: 2026-11-24 01:00:00.000000

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "5d1c0e7a9f42"
down_revision: str | Sequence[str] | None = "b032185b5826"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table("contact_message", schema=None) as batch_op:
        batch_op.add_column(sa.Column("submission_key", sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint("uq_contact_message_submission_key", ["submission_key"])


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("contact_message", schema=None) as batch_op:
        batch_op.drop_constraint("uq_contact_message_submission_key", type_="unique")
        batch_op.drop_column("submission_key")
