"""Where delivery does its blocking work: threads of its own, never the visitors'.

A visitor's save runs in the event loop's default thread pool (`asyncio.to_thread`). If the
deliveries of a burst of messages ran there too (their database writes, the SMTP sessions),
the visitors who wrote next would queue behind them: `make bench-contact --deliver` had 200
visitors wait up to 18 s on the old code, and half of them hit the save deadline. Two
threads of its own keep delivery behind every answer, whatever a burst brings. Mail
sessions have two more of their own: a mail server that hangs (each step may take the SMTP
timeout) then holds no thread the webhook's database writes wait for.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

_P = ParamSpec("_P")
_T = TypeVar("_T")

_EXECUTOR = ThreadPoolExecutor(max_workers=2, thread_name_prefix="lead-delivery")
_SESSIONS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="lead-mail")


async def run(work: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
    """Calls `work` with these arguments in a delivery thread and returns its result."""
    return await asyncio.get_running_loop().run_in_executor(
        _EXECUTOR, functools.partial(work, *args, **kwargs)
    )


async def run_session(work: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
    """Calls `work` (a mail session) with these arguments in a mail thread."""
    return await asyncio.get_running_loop().run_in_executor(
        _SESSIONS, functools.partial(work, *args, **kwargs)
    )
