"""No visitor's words in the logs: Reflex's own warnings about an event it cannot
take, and errors that carry one, reach the logs without the event's contents."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

import pytest
from reflex.app import EventNamespace

from agency_site.server import log_privacy

SECRET = "Please call me on +49 30 1234567, my diagnosis is confidential"


class Collected(logging.Handler):
    """Every line a handler would write, exceptions included, formatted the standard way."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def collected() -> Collected:
    log_privacy.install()
    handler = Collected()
    names = ["reflex.app", "engineio.server", "agency_site.test"]
    loggers = [logging.getLogger(name) for name in names]
    before = [(logger.level, logger.disabled) for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.DEBUG)
        logger.disabled = False
    yield handler
    for logger, (level, disabled) in zip(loggers, before, strict=True):
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.disabled = disabled


def _submit_event() -> dict:
    form = [["name", "Ada"], ["email", "ada@example.com"], ["subject", "Hi"], ["message", SECRET]]
    return {
        "name": "state.contact_form_state.submit",
        "payload": {"form_data": {"__reflex_form_data__": form}},
    }


def test_an_event_from_a_connection_without_token_is_logged_without_its_contents(collected: Collected):
    """What a script provokes at will: Reflex logs 'Event data: {...}' at WARNING."""
    namespace = EventNamespace("/_event", app=None)  # type: ignore[arg-type]
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, namespace.on_event("unknown-sid", _submit_event())).result()
    warnings = [line for line in collected.lines if "no associated token" in line]
    assert len(warnings) == 1, collected.lines
    assert SECRET not in warnings[0] and "Ada" not in warnings[0]
    assert "characters withheld" in warnings[0]


def test_an_unreadable_event_is_logged_without_its_contents(collected: Collected):
    """An event sent as a string that is not JSON: Reflex warns with it and raises an error
    whose message quotes it; engine.io logs that error with its traceback."""
    namespace = EventNamespace("/_event", app=None)  # type: ignore[arg-type]
    namespace._token_manager.sid_to_token["sid"] = "token"  # a connection with its token
    try:
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(asyncio.run, namespace.on_event("sid", f"not json {SECRET}")).result()
    except Exception:
        logging.getLogger("engineio.server").exception("message async handler error")
    assert any("as a string" in line for line in collected.lines), collected.lines
    assert any("Failed to deserialize event data" in line for line in collected.lines), collected.lines
    assert not [line for line in collected.lines if SECRET in line]


def test_other_log_lines_are_left_as_they_are(collected: Collected):
    logging.getLogger("agency_site.test").warning("Contact message from %s not handled", "127.0.0.1")
    assert collected.lines == ["WARNING agency_site.test: Contact message from 127.0.0.1 not handled"]


def test_a_failed_statements_error_does_not_quote_its_values(tmp_path):
    """The error of a failed INSERT is logged (leads/service.py); its values are a message."""
    import sqlalchemy as sa

    from agency_site.leads.database import create_engine

    engine = create_engine(f"sqlite:///{tmp_path / 'x.db'}")
    try:
        with pytest.raises(sa.exc.OperationalError) as failure, engine.begin() as connection:
            connection.execute(
                sa.text("INSERT INTO no_such_table (message) VALUES (:message)"), {"message": SECRET}
            )
    finally:
        engine.dispose()
    assert "no_such_table" in str(failure.value) and SECRET not in str(failure.value)


def test_an_event_quoted_over_several_lines_is_withheld_whole(collected: Collected):
    logging.getLogger("reflex.app").warning(
        f"Failed to deserialize event data: {{'name': 'x',\n 'message': '{SECRET}'}}"
    )
    [line] = collected.lines
    assert SECRET not in line and "characters withheld" in line


def test_outside_text_in_a_log_line_cannot_forge_another(collected: Collected):
    forged = "503\nERROR agency_site.leads.delivery: Contact message 99 is dead\x1b[2J"
    logging.getLogger("agency_site.test").warning("Receiver answered %s", forged)
    [line] = collected.lines
    assert "\n" not in line and "\x1b" not in line
    assert line == (
        "WARNING agency_site.test: Receiver answered 503\\x0aERROR agency_site.leads.delivery:"
        " Contact message 99 is dead\\x1b[2J"
    )
