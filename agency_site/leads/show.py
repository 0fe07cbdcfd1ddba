"""`leads show --id N`: one lead as an operator checks it, each channel's last error included."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import sqlalchemy as sa

from agency_site.leads import pauses, store
from agency_site.leads.model import as_utc
from agency_site.leads.printable import printable


def _when(moment: datetime | None) -> str:
    moment = as_utc(moment)
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC") if moment else "-"


def lines(engine: sa.Engine, message_id: int) -> Iterator[str] | None:
    """The lead and its deliveries as lines for a terminal (every outside text escaped);
    None if there is no such message."""
    row = store.get(engine, message_id)
    if row is None:
        return None
    return _lines(engine, row)


def _lines(engine: sa.Engine, row) -> Iterator[str]:
    yield f"message   {row.id}  ({row.public_id})"
    yield f"status    {row.status}"
    yield f"received  {_when(row.created_at)}"
    if row.released_at:
        yield f"released  {_when(row.released_at)}"
    if row.problems:
        yield f"problems  {printable(row.problems)}"
    for label, value in (
        ("name", row.name),
        ("email", row.email),
        ("subject", row.subject),
        ("page", row.page),
    ):
        yield f"{label:<9} {printable(value)}"
    yield f"language  {row.language}"
    yield "message"
    yield from ("  " + printable(line) for line in row.message.splitlines())
    paused = pauses.paused(engine)
    deliveries = store.deliveries(engine, row.id)
    if not deliveries:
        yield "deliveries: none yet"
    for each in deliveries:
        state = f"{each.status}" + (" (channel PAUSED)" if each.channel in paused else "")
        yield (
            f"{each.channel:<8}  {state}, {each.attempts} attempt(s) in {each.rounds} round(s),"
            f" next {_when(each.next_attempt_at)}, delivered {_when(each.delivered_at)}"
        )
        yield f"          last error: {printable(each.last_error) if each.last_error else '-'}"
