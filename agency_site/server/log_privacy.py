"""No visitor's words in the server's logs, at any level, and no line forged by them.

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

from agency_site.leads.printable import printable

# What Reflex writes before an event's contents; the contents run to " of type" (the type
# error) or to the end of the whole message: text a client sent may hold line breaks of its
# own (an unreadable event is quoted as sent), so the end of a line is no end of it.
_PAYLOAD = re.compile(
    r"(event data: |event data must be a dictionary, but received )(.*?)( of type |\Z)", re.I | re.S
)
_installed = False


def redact(text: str) -> str:
    """`text` with every event payload Reflex quotes replaced by its length."""

    def withhold(match: re.Match[str]) -> str:
        return f"{match.group(1)}<{len(match.group(2))} characters withheld>{match.group(3)}"

    return _PAYLOAD.sub(withhold, text)


def _escaped_args(args: object) -> object:
    """The record's arguments with control characters in text escaped: arguments are where
    outside data enters a log line (an address, an error a receiver or server wrote), and
    a line break there would start a forged line of its own in the journal."""
    if isinstance(args, tuple):
        return tuple(printable(arg) if isinstance(arg, str) else arg for arg in args)
    if isinstance(args, dict):
        return {key: printable(value) if isinstance(value, str) else value for key, value in args.items()}
    return args


def redact_record(record: logging.LogRecord) -> logging.LogRecord:
    """The record with its arguments escaped and its message and exception's text redacted
    (in place)."""
    if record.args:
        record.args = _escaped_args(record.args)  # pyright: ignore[reportAttributeAccessIssue]
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
