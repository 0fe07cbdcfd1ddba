"""pytest plugin of `benchmarks/suite_cpu.py --per-test`: the machine's CPU time of each
test, from its setup to its teardown, one JSON line per test in the file `SUITE_CPU_OUT`
names. Loaded with `-p suite_cpu_plugin` (suite_cpu.py puts this folder on PYTHONPATH)."""

from __future__ import annotations

import json
import os
from pathlib import Path


def machine_busy_s() -> float:
    """CPU seconds the machine has spent busy since boot (all cores, idle and iowait excluded)."""
    values = [int(value) for value in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return (sum(values) - values[3] - values[4]) / os.sysconf("SC_CLK_TCK")


_started: dict[str, float] = {}


def pytest_runtest_setup(item) -> None:
    _started[item.nodeid] = machine_busy_s()


def pytest_runtest_logfinish(nodeid: str, location) -> None:
    out = os.environ.get("SUITE_CPU_OUT")
    if out and nodeid in _started:
        row = {"test": nodeid, "cpu_s": round(machine_busy_s() - _started.pop(nodeid), 2)}
        with open(out, "a", encoding="utf-8") as file:
            file.write(json.dumps(row) + "\n")
