"""No visitor's words in the server's logs, at any level.

Reflex logs the whole event a page sent, at WARNING, when it cannot take it: from a
connection without a token ("Received event from session ... Event data: {...}", which any
script can provoke), an event sent as a string, and the message of the error it raises for
an event it cannot read ("Failed to deserialize event data: {...}"), which engine.io logs
with its traceback. The contact form's event carries the visitor's name, address and
message. `install()` (called where the app is made) rewrites every log record as it is
created, whichever logger and handler it goes to, so that such a line keeps what happened
and how long the event was, and drops what it said. Reflex's own files are not patched.
"""

from __future__ import annotations

import logging
import re
import traceback

# What Reflex writes before an event's contents; the contents run to the end of the line
# (a dict's repr has no line breaks) or, for the type error, to " of type".
_PAYLOAD = re.compile(
    r"(event data: |event data must be a dictionary, but received )(.*?)( of type |$)", re.I | re.M
)
_installed = False


def redact(text: str) -> str:
    """`text` with every event payload Reflex quotes replaced by its length."""

    def withhold(match: re.Match[str]) -> str:
        return f"{match.group(1)}<{len(match.group(2))} characters withheld>{match.group(3)}"

    return _PAYLOAD.sub(withhold, text)


def redact_record(record: logging.LogRecord) -> logging.LogRecord:
    """The record with its message and its exception's text redacted (in place)."""
    try:
        message = record.getMessage()
    except (TypeError, ValueError):  # a record whose arguments do not fit its format
        return record
    redacted = redact(message)
    if redacted != message:
        record.msg, record.args = redacted, ()
    if record.exc_info and record.exc_info[1] is not None:
        text = "".join(traceback.format_exception(*record.exc_info)).rstrip("\n")
        redacted = redact(text)
        if redacted != text:
            # Reflex's handlers format exc_info themselves (not exc_text): the redacted
            # traceback goes into the message instead, and the exception leaves the record.
            record.msg, record.args = f"{record.getMessage()}\n{redacted}", ()
            record.exc_info, record.exc_text = None, None
    return record


def install() -> None:
    """Redact every log record of this process as it is created (once per process)."""
    global _installed
    if _installed:
        return
    make_record = logging.getLogRecordFactory()

    def redacting_factory(*args, **kwargs) -> logging.LogRecord:
        return redact_record(make_record(*args, **kwargs))

    logging.setLogRecordFactory(redacting_factory)
    _installed = True
