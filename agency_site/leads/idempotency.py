"""Exactly once: the browser names each message it sends, and a name is stored only once.

The contact form carries a key the browser made for the message being written (128 random
bits, new after each message that was sent). Whatever happens between the click and the
answer (the connection drops, the server restarts, the visitor clicks again, the browser
resends after reconnecting), every submission of that message carries the same key, and
the table keeps one row for it (unique `submission_key` and `content_hash`): the first submission
stores it, every later one finds it and is answered 'sent' too. So a message is never
stored twice, and the visitor who is told 'Message Sent' is told about a committed row.

The key names a message only together with its content (`content_hash`): a visitor who
edits the text and sends again before their browser heard 'sent' (an answer lost to a
restart) sends the same key with new content, and that is a new message, stored as one;
only the same content under the same key is the stored row again.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from typing import Any

from agency_site.leads.model import MAX_LENGTHS, SUBMISSION_KEY_MAX
from agency_site.leads.validation import Submission

SUBMISSION_KEY_FIELD = "submission_key"
# What form_session.jsx makes (32 hex digits), and any other plain token of sane length.
_KEY = re.compile(rf"[A-Za-z0-9-]{{16,{SUBMISSION_KEY_MAX}}}")


def submission_key(form_data: Any) -> str | None:
    """The form's submission key, or None when it sent none or something unlike a key
    (a hostile client need not send a form at all)."""
    if not isinstance(form_data, Mapping):
        return None
    value = form_data.get(SUBMISSION_KEY_FIELD)
    if isinstance(value, str) and _KEY.fullmatch(value):
        return value
    return None


# What the visitor typed; what identifies a message beside its key.
CONTENT_FIELDS = ("name", "email", "subject", "message")


def content_hash(submission: Submission) -> str:
    """SHA-256 (hex) of the message's fields as they are stored (cut to the columns, as
    spam is); alembic/versions/9b4e1f7c2a65 computes the same for older rows."""
    fields = [getattr(submission, name)[: MAX_LENGTHS[name]] for name in CONTENT_FIELDS]
    return hashlib.sha256(json.dumps(fields, ensure_ascii=False).encode()).hexdigest()
