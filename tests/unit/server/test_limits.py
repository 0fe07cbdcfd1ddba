"""The websocket's frame limit: the largest legal event fits, Reflex is told."""

from __future__ import annotations

import importlib
import json

from agency_site.leads.idempotency import SUBMISSION_KEY_FIELD
from agency_site.leads.model import MAX_LENGTHS, SUBMISSION_KEY_MAX
from agency_site.server.event_limit import EVENT_MESSAGE_MAX

# The character JSON writes the longest way ('\u0001', six bytes).
WORST = "\x01"


def _largest_submit_frame() -> str:
    """The socket.io frame of a submit event with every field at its longest and every
    character escaped, from a page whose address carries a 7 KiB query string."""
    fields = {name: WORST * length for name, length in MAX_LENGTHS.items()}
    fields |= {
        "language": "de",
        "page": "/" + WORST * 299,
        "form_trap": "",
        SUBMISSION_KEY_FIELD: WORST * SUBMISSION_KEY_MAX,
    }
    path = "/de/contact?" + "utm_campaign=" + "x" * 7 * 1024
    event = {
        "name": "reflex___state____state.agency_site___state___contact_form____contact_form_state.submit",
        "payload": {"form_data": {"__reflex_form_data__": [[key, value] for key, value in fields.items()]}},
        "router_data": {"pathname": "/de/contact", "query": {}, "asPath": path},
    }
    return "42/_event," + json.dumps(["event", event])


def test_the_largest_legal_event_fits_and_little_more():
    frame = _largest_submit_frame()
    assert len(frame.encode()) <= EVENT_MESSAGE_MAX
    # Sized to it, not to Reflex's default of 1,000,000.
    assert EVENT_MESSAGE_MAX < 2 * len(frame.encode()) < 100_000


def test_reflex_is_told_the_limit(monkeypatch):
    from reflex_base.environment import environment

    # Recorded, so that the variable is as it was after the test.
    monkeypatch.setenv("REFLEX_SOCKET_MAX_HTTP_BUFFER_SIZE", "1")
    monkeypatch.delenv("REFLEX_SOCKET_MAX_HTTP_BUFFER_SIZE")
    import rxconfig

    importlib.reload(rxconfig)
    assert environment.REFLEX_SOCKET_MAX_HTTP_BUFFER_SIZE.get() == EVENT_MESSAGE_MAX
