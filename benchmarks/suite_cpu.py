"""CPU time of the test suite: what `time make test` shows, and what it misses.

`time` (and `/usr/bin/time`) adds up the processes that the command waited for. Chromium's
renderer and GPU processes are not among them: Playwright ends the browser, they are
handed to init, and their CPU time is counted nowhere. So this runs the command and
prints both:

- children: user + sys of the command's waited-for processes (what `time` prints);
- machine: the whole machine's busy CPU time over the run (/proc/stat, idle and iowait
  left out), Chromium included; on an otherwise idle machine it is the suite's real cost.

With `--per-test` it also writes, for each test, the machine's CPU time from its setup to
its teardown (run the e2e tests without `-n` for figures that belong to one test) and
prints the most expensive ones and each module's total.

    .venv/bin/python benchmarks/suite_cpu.py -- make test
    .venv/bin/python benchmarks/suite_cpu.py --per-test -- .venv/bin/python -m pytest tests/e2e -p no:xdist

Figures only; nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from suite_cpu_plugin import machine_busy_s

PLUGIN_NAME = "suite_cpu_plugin"  # suite_cpu_plugin.py, beside this file


def report_per_test(path: Path, top: int) -> None:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line]
    if not rows:
        print("no per-test figures (was the command pytest?)")
        return
    print(f"\nper test ({len(rows)} tests, {sum(row['cpu_s'] for row in rows):.1f} s):")
    for row in sorted(rows, key=lambda row: -row["cpu_s"])[:top]:
        print(f"  {row['cpu_s']:7.2f} s  {row['test']}")
    modules: collections.Counter[str] = collections.Counter()
    counts: collections.Counter[str] = collections.Counter()
    for row in rows:
        module = row["test"].split("::")[0]
        modules[module] += row["cpu_s"]
        counts[module] += 1
    print("\nper module:")
    for module, seconds in modules.most_common():
        print(
            f"  {seconds:7.1f} s  {counts[module]:4d} tests  {seconds / counts[module]:5.2f} s/test  {module}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-test", action="store_true", help="also measure each pytest test")
    parser.add_argument("--top", type=int, default=25, help="how many of the dearest tests to list")
    parser.add_argument("command", nargs="+", help="the command to measure (after --)")
    args = parser.parse_args()

    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "per-test.jsonl"
        if args.per_test:
            here = str(Path(__file__).resolve().parent)
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [here, env.get("PYTHONPATH")]))
            env["PYTEST_ADDOPTS"] = f"{env.get('PYTEST_ADDOPTS', '')} -p {PLUGIN_NAME}".strip()
            env["SUITE_CPU_OUT"] = str(out)
            out.touch()
        busy, wall = machine_busy_s(), time.monotonic()
        returncode = subprocess.call(args.command, env=env)
        busy, wall = machine_busy_s() - busy, time.monotonic() - wall
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(f"\n{' '.join(args.command)}: exit {returncode}, {wall:.0f} s wall")
        print(
            f"children: {children.ru_utime:.1f} user + {children.ru_stime:.1f} sys = "
            f"{children.ru_utime + children.ru_stime:.1f} s (what `time` shows)"
        )
        print(f"machine:  {busy:.1f} s busy over the run, on {os.cpu_count()} cores (Chromium included)")
        if args.per_test:
            report_per_test(out, args.top)
    return returncode


if __name__ == "__main__":
    sys.exit(main())
