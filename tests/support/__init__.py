"""What the e2e tests and the benchmarks share: servers started in the background and
stopped by their process group (server.py), the watchdog that stops them when the run that
started them dies (process_guard.py), and what `/proc` tells about them (processes.py)."""
