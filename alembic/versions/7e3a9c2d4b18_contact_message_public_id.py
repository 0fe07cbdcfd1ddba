"""contact message public id, ids never reused on SQLite

Each message gets `public_id`, a UUID that receivers deduplicate on (the webhook's `id`)
and that is never given to another message; rows stored before get one here. On SQLite the
table is rebuilt with AUTOINCREMENT, so an integer id is not reused either after the newest
rows were erased or purged (SQLite's copy keeps every id; the counter starts at the
highest one left).

Revision ID: 7e3a9c2d4b18
Revises: 5d1c0e7a9f42
Create Date: 2026-11-26 02:15:00.000000

"""

import uuid
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "7e3a9c2d4b18"
down_revision: str | Sequence[str] | None = "5d1c0e7a9f42"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_table = sa.table("contact_message", sa.column("id", sa.Integer), sa.column("public_id", sa.String))


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table("contact_message", schema=None) as batch_op:
        batch_op.add_column(sa.Column("public_id", sa.String(length=36), nullable=True))
    connection = op.get_bind()
    for (message_id,) in connection.execute(sa.select(_table.c.id)).all():
        connection.execute(
            sa.update(_table).where(_table.c.id == message_id).values(public_id=str(uuid.uuid4()))
        )
    # recreate="always" on SQLite: AUTOINCREMENT is part of the CREATE TABLE, never added later.
    with op.batch_alter_table(
        "contact_message",
        schema=None,
        recreate="always" if connection.dialect.name == "sqlite" else "auto",
        table_kwargs={"sqlite_autoincrement": True},
    ) as batch_op:
        batch_op.alter_column("public_id", existing_type=sa.String(length=36), nullable=False)
        batch_op.create_unique_constraint("uq_contact_message_public_id", ["public_id"])


def downgrade() -> None:
    """Downgrade schema."""
    connection = op.get_bind()
    with op.batch_alter_table(
        "contact_message",
        schema=None,
        recreate="always" if connection.dialect.name == "sqlite" else "auto",
        table_kwargs={"sqlite_autoincrement": False},
    ) as batch_op:
        batch_op.drop_constraint("uq_contact_message_public_id", type_="unique")
        batch_op.drop_column("public_id")
