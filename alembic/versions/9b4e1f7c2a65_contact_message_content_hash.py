"""contact message content hash: a submission key names a message with its content

A resend under a stored key with other content (the visitor edited the text before
hearing 'sent') is a new message: one row per submission key AND content hash, instead
of one per key (agency_site/leads/idempotency.py). Rows stored under a key get their hash
here, computed as `idempotency.content_hash` does (a copy: this migration must not change
when that module does).

Revision ID: 9b4e1f7c2a65
Revises: c4f1d2e8a6b3
Create Date: 2026-11-26 02:50:00.000000

"""

import hashlib
import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "9b4e1f7c2a65"
down_revision: str | Sequence[str] | None = "c4f1d2e8a6b3"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_LENGTHS = {"name": 100, "email": 254, "subject": 200, "message": 5000}
_table = sa.table(
    "contact_message",
    *(sa.column(name) for name in ("id", "submission_key", "content_hash", *_LENGTHS)),
)


def _hash(row: sa.Row) -> str:
    fields = [getattr(row, name)[:limit] for name, limit in _LENGTHS.items()]
    return hashlib.sha256(json.dumps(fields, ensure_ascii=False).encode()).hexdigest()


def _rebuilt(connection: sa.Connection) -> dict:
    # SQLite changes constraints by copying the table; AUTOINCREMENT must survive the copy.
    if connection.dialect.name == "sqlite":
        return {"recreate": "always", "table_kwargs": {"sqlite_autoincrement": True}}
    return {}


def upgrade() -> None:
    """Upgrade schema."""
    connection = op.get_bind()
    with op.batch_alter_table("contact_message", schema=None) as batch_op:
        batch_op.add_column(sa.Column("content_hash", sa.String(length=64), nullable=True))
    keyed = connection.execute(
        sa.select(_table.c.id, *(_table.c[name] for name in _LENGTHS)).where(
            _table.c.submission_key.is_not(None)
        )
    ).all()
    for row in keyed:
        connection.execute(sa.update(_table).where(_table.c.id == row.id).values(content_hash=_hash(row)))
    with op.batch_alter_table("contact_message", schema=None, **_rebuilt(connection)) as batch_op:
        batch_op.drop_constraint("uq_contact_message_submission_key", type_="unique")
        batch_op.create_unique_constraint("uq_contact_message_submission", ["submission_key", "content_hash"])


def downgrade() -> None:
    """Downgrade schema (fails if a key now names two messages)."""
    connection = op.get_bind()
    with op.batch_alter_table("contact_message", schema=None, **_rebuilt(connection)) as batch_op:
        batch_op.drop_constraint("uq_contact_message_submission", type_="unique")
        batch_op.create_unique_constraint("uq_contact_message_submission_key", ["submission_key"])
        batch_op.drop_column("content_hash")
