"""What Linux's /proc tells about the servers the tests and benchmarks start: which of
their processes are left, how much memory a server's process group holds, which
connections to a port are open."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

PROC = Path("/proc")


def _stats() -> Iterator[tuple[int, str, str, int]]:
    """(pid, command, state, process group) of every process, read from /proc/PID/stat."""
    for stat in PROC.glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # ended while we looked
            continue
        # pid (comm) state ppid pgrp ...: the command name may contain spaces and parentheses.
        command = text[text.index("(") + 1 : text.rindex(")")]
        state, _, group = text[text.rindex(")") + 2 :].split()[:3]
        yield int(stat.parent.name), command, state, int(group)


def processes_in_groups(groups: Iterable[int]) -> list[str]:
    """Live processes (not zombies: those have ended) in any of `groups`, as 'PID command'."""
    wanted = set(groups)
    return [f"{pid} {command}" for pid, command, state, group in _stats() if group in wanted and state != "Z"]


def is_running(pid: int) -> bool:
    """Whether process `pid` exists and has not ended (a zombie has)."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return text.rsplit(")", 1)[1].split()[0] != "Z"


def group_memory_kib(group: int) -> int:
    """Resident memory of every process of process group `group` (a server and its
    workers), in KiB."""
    total = 0
    for pid, _, _, in_group in _stats():
        if in_group != group:
            continue
        try:
            status = (PROC / str(pid) / "status").read_text()
            total += int(next(line for line in status.splitlines() if line.startswith("VmRSS:")).split()[1])
        except (OSError, StopIteration, ValueError):  # ended, or a kernel thread without memory
            continue
    return total


def established_connection_ends(ports: Iterable[int]) -> dict[int, set[str]]:
    """For each local TCP port of `ports`, the far end (address and port, as /proc/net
    writes them) of each established connection to it. Behind nginx these are nginx's
    connections, idle kept-alive ones among them, and nginx may send a websocket's upgrade
    over one of those: neither the ends nor their count say which instance holds a given
    websocket (tests/e2e/support/engine_sessions.py asks the instances)."""
    by_hex = {f"{port:04X}": port for port in ports}
    ends: dict[int, set[str]] = {port: set() for port in by_hex.values()}
    for table in ("net/tcp", "net/tcp6"):
        for line in (PROC / table).read_text().splitlines()[1:]:
            fields = line.split()
            local_port, remote, state = fields[1].rsplit(":", 1)[1], fields[2], fields[3]
            if state == "01" and local_port in by_hex:  # 01: ESTABLISHED
                ends[by_hex[local_port]].add(remote)
    return ends
