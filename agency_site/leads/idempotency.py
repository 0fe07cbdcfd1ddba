"""Exactly once: the browser names each message it sends, and a name is stored only once.

The contact form carries a key the browser made for the message being written (128 random
bits, new after each message that was sent). Whatever happens between the click and the
answer (the connection drops, the server restarts, the visitor clicks again, the browser
resends after reconnecting), every submission of that message carries the same key, and
the table's unique `submission_key` column keeps one row for it: the first submission
stores it, every later one finds it and is answered 'sent' too. So a message is never
stored twice, and the visitor who is told 'Message Sent' is told about a committed row.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from agency_site.leads.model import SUBMISSION_KEY_MAX

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
