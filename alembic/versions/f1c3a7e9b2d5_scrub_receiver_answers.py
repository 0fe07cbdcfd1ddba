"""a receiver's or mail server's answer leaves the stored errors

Before this revision a failed round's error held the receiver's response body (a FastAPI
422 quotes the whole lead: name, address, message) or the mail server's answer text, and
`leads list`, `leads show` and the dead alert printed it. Errors now hold only what
happened (`HTTP 422`, `SMTPDataError 550`); the ones stored before are cut to the same.
The message's own summary is rewritten from its deliveries' errors, as the code writes it.

Revision ID: f1c3a7e9b2d5
Revises: e6a2b9d4c1f7
Create Date: 2026-11-29 05:35:00.000000

"""

import re
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "f1c3a7e9b2d5"
down_revision: str | Sequence[str] | None = "e6a2b9d4c1f7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# What the old code wrote: `HTTP 422: <body>`, `SMTPDataError 550: <text>`,
# `SMTPRecipientsRefused: {<addresses>}`; everything after the code goes.
_WITH_ANSWER = re.compile(r"^(HTTP \d{3}|SMTP\w+ \d{3}|SMTPRecipientsRefused)\b.*", re.S)


def scrubbed(error: str) -> str:
    """An error as stored before, without the answer it quoted."""
    found = _WITH_ANSWER.match(error)
    return found.group(1) if found else error


def upgrade() -> None:
    """Upgrade schema."""
    connection = op.get_bind()
    deliveries = sa.table(
        "lead_delivery",
        sa.column("id", sa.Integer),
        sa.column("message_id", sa.Integer),
        sa.column("channel", sa.String),
        sa.column("last_error", sa.Text),
    )
    messages = sa.table("contact_message", sa.column("id", sa.Integer), sa.column("last_error", sa.Text))
    rows = connection.execute(
        sa.select(deliveries.c.id, deliveries.c.message_id, deliveries.c.channel, deliveries.c.last_error)
        .where(deliveries.c.last_error.is_not(None))
        .order_by(deliveries.c.message_id, deliveries.c.channel)
    ).all()
    summaries: dict[int, list[str]] = {}
    for row in rows:
        error = scrubbed(row.last_error)
        if error != row.last_error:
            connection.execute(
                sa.update(deliveries).where(deliveries.c.id == row.id).values(last_error=error)
            )
        summaries.setdefault(row.message_id, []).append(f"{row.channel}: {error}")
    for message_id, errors in summaries.items():
        connection.execute(
            sa.update(messages).where(messages.c.id == message_id).values(last_error="; ".join(errors)[:2000])
        )
    # A message's error with no delivery row (before lead_delivery): cut the same way.
    for row in connection.execute(
        sa.select(messages.c.id, messages.c.last_error).where(messages.c.last_error.is_not(None))
    ).all():
        if row.id not in summaries and scrubbed(row.last_error) != row.last_error:
            connection.execute(
                sa.update(messages).where(messages.c.id == row.id).values(last_error=scrubbed(row.last_error))
            )


def downgrade() -> None:
    """Downgrade schema: nothing to undo (what was cut away is gone)."""
