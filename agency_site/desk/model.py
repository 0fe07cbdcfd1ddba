"""The desk's tables, in the leads metadata (one database, one migration history): staff,
their sessions, sign-in links and OpenID Connect flows under way, notes on leads, the audit log.

Secrets are stored only as hashes (`token_hash`, `state_hash`): a copy of the database signs
nobody in. The audit log names staff and leads by id, never a lead's content.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field

from agency_site.leads.model import MAX_LENGTHS, PUBLIC_ID_MAX, LeadsTable, utc_now

# A SHA-256 digest in hex.
HASH_LENGTH = 64


def _utc_column(**kwargs) -> sa.Column:
    return sa.Column(sa.DateTime(timezone=True), **kwargs)


class StaffSource(StrEnum):
    """Who named a member of staff: an operator's `leads staff add`, or DESK_STAFF."""

    CLI = "cli"
    SETTINGS = "settings"


class Staff(LeadsTable, table=True):
    """Someone who may sign in to the desk. Never deleted (notes and the audit log name
    them): removing sets `removed_at`, and every session of theirs is refused from then."""

    __tablename__ = "desk_staff"  # pyright: ignore[reportAssignmentType] (as ContactMessage's)

    id: int | None = Field(default=None, primary_key=True)
    # As compared (leads.retention.same_address): trimmed, NFC, case-folded.
    email: str = Field(sa_column=sa.Column(sa.String(MAX_LENGTHS["email"]), nullable=False, unique=True))
    display_name: str = Field(default="", max_length=100)
    # The desk's language for them and their sign-in mail: en or de.
    language: str = Field(default="en", max_length=2)
    source: str = Field(default=StaffSource.CLI, max_length=8)
    added_at: datetime = Field(default_factory=utc_now, sa_column=_utc_column(nullable=False))
    removed_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))


class DeskSession(LeadsTable, table=True):
    """A signed-in browser: the cookie holds a random token, this row its hash."""

    __tablename__ = "desk_session"  # pyright: ignore[reportAssignmentType] (as ContactMessage's)

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(sa_column=sa.Column(sa.String(HASH_LENGTH), nullable=False, unique=True))
    staff_id: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("desk_staff.id"), nullable=False, index=True)
    )
    # How they signed in: link or oidc.
    method: str = Field(default="link", max_length=8)
    created_at: datetime = Field(default_factory=utc_now, sa_column=_utc_column(nullable=False))
    last_seen_at: datetime = Field(default_factory=utc_now, sa_column=_utc_column(nullable=False))
    expires_at: datetime = Field(sa_column=_utc_column(nullable=False))
    revoked_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))


class SignInLink(LeadsTable, table=True):
    """A one-time sign-in link mailed to a member of staff: used once, within minutes."""

    __tablename__ = "desk_sign_in_link"  # pyright: ignore[reportAssignmentType] (as ContactMessage's)

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(sa_column=sa.Column(sa.String(HASH_LENGTH), nullable=False, unique=True))
    email: str = Field(max_length=MAX_LENGTHS["email"])
    created_at: datetime = Field(default_factory=utc_now, sa_column=_utc_column(nullable=False))
    expires_at: datetime = Field(sa_column=_utc_column(nullable=False))
    used_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))


class OidcFlow(LeadsTable, table=True):
    """An OpenID Connect sign-in under way: what the callback needs, found by its `state`
    (stored hashed). In the database, not a cookie: the callback may reach another backend,
    and the identity provider's redirect is cross-site (no SameSite=Strict cookie comes along)."""

    __tablename__ = "desk_oidc_flow"  # pyright: ignore[reportAssignmentType] (as ContactMessage's)

    id: int | None = Field(default=None, primary_key=True)
    state_hash: str = Field(sa_column=sa.Column(sa.String(HASH_LENGTH), nullable=False, unique=True))
    nonce: str = Field(max_length=128)
    code_verifier: str = Field(max_length=128)
    language: str = Field(default="en", max_length=2)
    created_at: datetime = Field(default_factory=utc_now, sa_column=_utc_column(nullable=False))
    expires_at: datetime = Field(sa_column=_utc_column(nullable=False))
    used_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))


class LeadNote(LeadsTable, table=True):
    """A note on a lead: its author and time; never edited. Goes with its lead (erase, purge)."""

    __tablename__ = "lead_note"  # pyright: ignore[reportAssignmentType] (as ContactMessage's)

    id: int | None = Field(default=None, primary_key=True)
    message_id: int = Field(
        sa_column=sa.Column(
            sa.Integer, sa.ForeignKey("contact_message.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    staff_id: int = Field(sa_column=sa.Column(sa.Integer, sa.ForeignKey("desk_staff.id"), nullable=False))
    created_at: datetime = Field(default_factory=utc_now, sa_column=_utc_column(nullable=False))
    text: str = Field(sa_column=sa.Column(sa.Text, nullable=False))


class AuditAction(StrEnum):
    """What an audit row records."""

    SIGN_IN = "sign-in"
    SIGN_OUT = "sign-out"
    VIEW = "view"
    SET_STATUS = "set-status"
    ADD_NOTE = "add-note"
    RELEASE = "release"
    RETRY = "retry"
    ERASE = "erase"
    EXPORT = "export"
    REVOKE_SESSIONS = "revoke-sessions"


class AuditEntry(LeadsTable, table=True):
    """One action of one member of staff: on one lead (its public id), or on `count` leads
    (a bulk action, an export, an erasure). `detail` is a code (the new status, how one
    signed in), never a lead's content. Kept when the lead goes: an erasure's receipt."""

    __tablename__ = "desk_audit"  # pyright: ignore[reportAssignmentType] (as ContactMessage's)

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime = Field(default_factory=utc_now, sa_column=_utc_column(nullable=False, index=True))
    staff_id: int | None = Field(
        default=None, sa_column=sa.Column(sa.Integer, sa.ForeignKey("desk_staff.id"), nullable=True)
    )
    action: str = Field(max_length=24)
    lead_public_id: str | None = Field(
        default=None, sa_column=sa.Column(sa.String(PUBLIC_ID_MAX), nullable=True, index=True)
    )
    count: int = 1
    detail: str | None = Field(default=None, max_length=32)
