"""Every server the e2e tests start ends with the test run, however the run ends.

Each server the fixtures start (the app server, Redis, the stack's backends and nginx) leads
a process group of its own, so that stopping the group also stops what the server started
(Reflex's Granian workers, nginx's workers). Fixture finalizers stop them when the run ends
normally or on Ctrl-C. Two ends skip the finalizers: SIGTERM (a CI timeout, `kill`), which
Python answers by exiting at once, and SIGKILL. For SIGTERM, conftest.py turns it into
KeyboardInterrupt, so pytest tears down as on Ctrl-C. For both, this watchdog: a small
process, started with the first server, that reads from a pipe the ids of the groups to
stop (`+id` when one starts, `-id` when a finalizer stopped it). The pytest process holds
the pipe's only write end (the descriptor is not inherited), so when that process ends,
whichever way, the pipe closes, and the watchdog stops every group still listed: TERM, then
KILL those still running after GRACE_S. It runs in a session of its own, so a signal to the
test run's process group (Ctrl-C in a terminal) does not end it before it has done that.

Run as a script it is the watchdog; imported, `GUARD.watch(pid)` / `GUARD.forget(pid)`.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import TextIO

GRACE_S = 10.0


class ProcessGuard:
    """This process's watchdog, started on first use (again in a forked child)."""

    def __init__(self) -> None:
        self._owner: int | None = None
        self._pipe: TextIO | None = None
        self.watchdog: subprocess.Popen | None = None

    def _send(self, line: str) -> None:
        if self._owner != os.getpid():
            read, write = os.pipe()
            self.watchdog = subprocess.Popen(
                [sys.executable, str(Path(__file__).resolve())], stdin=read, start_new_session=True
            )
            os.close(read)
            self._pipe = os.fdopen(write, "w", buffering=1)
            self._owner = os.getpid()
        assert self._pipe is not None
        self._pipe.write(line + "\n")

    def watch(self, group: int) -> None:
        """Stop process group `group` if this process ends before `forget(group)`."""
        self._send(f"+{group}")

    def forget(self, group: int) -> None:
        """`group` was stopped (or handed on): not the watchdog's any more."""
        if self._owner == os.getpid():
            self._send(f"-{group}")


GUARD = ProcessGuard()


def _group_exists(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def stop_groups(groups: set[int], grace_s: float = GRACE_S) -> None:
    """TERM every group; KILL those with a process left after `grace_s`."""
    for group in groups:
        try:
            os.killpg(group, signal.SIGTERM)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + grace_s
    while any(_group_exists(group) for group in groups) and time.monotonic() < deadline:
        time.sleep(0.1)
    for group in groups:
        try:
            os.killpg(group, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _watch_until_the_owner_ends() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    groups: set[int] = set()
    for line in sys.stdin:  # ends when the owner's end of the pipe closes
        sign, group = line[0], int(line[1:])
        if sign == "+":
            groups.add(group)
        else:
            groups.discard(group)
    stop_groups(groups)


if __name__ == "__main__":
    _watch_until_the_owner_ends()
