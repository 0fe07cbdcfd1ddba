"""What the unit tests, the e2e tests and the benchmarks share: servers started in the
background and stopped by their process group (server.py), the watchdog that stops them when
the run that started them dies (process_guard.py), what `/proc` tells about them
(processes.py), the loopback mail server and webhook receiver (smtp_server.py,
webhook_receiver.py), a database that never answers (hung_database.py), what the content
files say, read apart from the app (content.py), a copy of the project (project_copy.py) and
the recipes for new content followed in one (recipes.py)."""
