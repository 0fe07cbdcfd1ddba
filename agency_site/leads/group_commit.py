"""Group commit: messages that arrive together are stored in one transaction.

A commit waits for the disk (fsync), whatever it holds; under a burst, one commit for many
messages instead of one each keeps every visitor's wait short. Each visitor still hears
'sent' only after the transaction holding their message has committed.
"""

from __future__ import annotations

import asyncio

import sqlalchemy as sa
from sqlalchemy.exc import OperationalError

from agency_site.leads import store
from agency_site.leads.validation import Submission

# Messages per transaction at most; more wait for the next one.
MAX_BATCH = 100

# A submission, its submission key (or None), and who waits for its id.
_Pending = tuple[Submission, str | None, asyncio.Future[int]]


class GroupCommit:
    """One writer per database: queues submissions and commits them in batches."""

    def __init__(self, engine: sa.Engine):
        self.engine = engine
        self._pending: list[_Pending] = []
        self._writer: asyncio.Task | None = None

    async def save(self, submission: Submission, key: str | None = None) -> int:
        """Store one submission (once per submission `key`, see leads/idempotency.py);
        returns its id once committed, raises if it was not."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[int] = loop.create_future()
        self._pending.append((submission, key, future))
        if self._writer is None or self._writer.done() or self._writer.get_loop() is not loop:
            self._writer = loop.create_task(self._write_all())
        return await future

    async def _write_all(self) -> None:
        # While one batch commits, the next arrivals gather in _pending.
        while self._pending:
            batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
            await self._write(batch)

    async def _write(self, batch: list[_Pending]) -> None:
        try:
            ids = await asyncio.to_thread(
                store.save_all,
                self.engine,
                [submission for submission, _, _ in batch],
                [key for _, key, _ in batch],
            )
        except OperationalError as error:
            # The database is unreachable: nobody's message is stored, everybody is told.
            _settle([(future, error) for _, _, future in batch])
        except Exception as error:
            if len(batch) == 1:
                _settle([(batch[0][2], error)])
                return
            # Something in one message upset the database: store the others one by one.
            for item in batch:
                await self._write([item])
        else:
            _settle([(future, message_id) for (_, _, future), message_id in zip(batch, ids, strict=True)])


def _settle(results: list[tuple[asyncio.Future[int], int | BaseException]]) -> None:
    for future, result in results:
        if future.done():  # the visitor left; the message is stored all the same
            continue
        if isinstance(result, BaseException):
            future.set_exception(result)
        else:
            future.set_result(result)
