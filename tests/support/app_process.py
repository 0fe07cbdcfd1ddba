"""A Python process of its own for a test that builds the whole app (as `reflex run` does),
checks something and exits: its script runs as `python -c` would run it, with two changes
that make such a process take half the CPU time and change nothing it computes:

- Python's cyclic garbage collector is off. Building the app's 85 pages makes some two
  million long-lived objects, and every full collection walked them all again: collections
  took about 40 % of the build and compile (measured: 12.0 s of CPU with it, 6.2 s without,
  for the app built and every page compiled; the process peaked at 246 and 254 MB);
- once the script is done (its output flushed), the process ends at once (`os._exit`)
  instead of freeing those objects one by one, which took 2 to 3 s more.

A script that raises still ends as `python -c` does (its traceback, exit status 1).
"""

from __future__ import annotations

import sys

_BEFORE = "import gc as _gc\n_gc.disable()\n"
_AFTER = "\nimport os as _os, sys as _sys\n_sys.stdout.flush()\n_sys.stderr.flush()\n_os._exit(0)\n"


def app_process_command(script: str, *args: str) -> list[str]:
    """The command that runs `script` (Python source) with `args` in `sys.argv[1:]`."""
    return [sys.executable, "-c", _BEFORE + script + _AFTER, *args]
