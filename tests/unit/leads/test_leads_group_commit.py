"""Group commit: a burst of messages shares transactions, and one bad message spoils no other."""

from __future__ import annotations

import asyncio

import sqlalchemy as sa

from agency_site.leads import store
from agency_site.leads.database import create_engine
from agency_site.leads.group_commit import GroupCommit
from agency_site.leads.validation import clean
from tests.unit.leads.support import valid_form


def count_commits(engine: sa.Engine) -> list[int]:
    commits = [0]

    def on_commit(_connection) -> None:
        commits[0] += 1

    sa.event.listen(engine, "commit", on_commit)
    return commits


def test_a_burst_is_committed_in_few_transactions(engine):
    commits = count_commits(engine)
    writer = GroupCommit(engine)
    submissions = [clean(valid_form(subject=f"Burst message {i}")) for i in range(60)]

    async def burst():
        return await asyncio.gather(*(writer.save(submission) for submission in submissions))

    ids = asyncio.run(burst())
    assert len(set(ids)) == 60
    stored = {row.id: row.subject for row in store.messages(engine)}
    assert [stored[message_id] for message_id in ids] == [f"Burst message {i}" for i in range(60)]
    # The first message commits alone; the 59 that queued meanwhile share one more.
    assert commits[0] <= 3


def test_a_message_the_database_refuses_spoils_no_other(engine):
    writer = GroupCommit(engine)
    # Past the validation, as a bug might let it: PostgreSQL refuses the over-long name.
    poison = clean(valid_form(subject="Poison", name="x" * 500))
    good = [clean(valid_form(subject=f"Good {i}")) for i in range(3)]

    async def burst():
        return await asyncio.gather(
            *(writer.save(s) for s in [good[0], good[1], poison, good[2]]), return_exceptions=True
        )

    results = asyncio.run(burst())
    if engine.dialect.name == "postgresql":
        assert isinstance(results[2], sa.exc.DataError)
    subjects = sorted(row.subject for row in store.messages(engine))
    assert {"Good 0", "Good 1", "Good 2"} <= set(subjects)
    assert all(isinstance(result, int) for index, result in enumerate(results) if index != 2)


def test_an_unreachable_database_fails_every_waiting_message(tmp_path):
    writer = GroupCommit(create_engine(f"sqlite:///{tmp_path / 'missing' / 'x.db'}"))

    async def burst():
        return await asyncio.gather(
            *(writer.save(clean(valid_form())) for _ in range(5)), return_exceptions=True
        )

    results = asyncio.run(burst())
    assert all(isinstance(result, sa.exc.OperationalError) for result in results)


def test_the_writer_follows_a_new_event_loop(engine):
    # Each asyncio.run is a new loop (as a restarted server would be); saving still works.
    writer = GroupCommit(engine)
    for run in range(2):
        assert asyncio.run(writer.save(clean(valid_form(subject=f"Loop {run}")))) > 0
    assert len(list(store.messages(engine))) == 2
