"""Fixtures of the desk tests: the leads tests' migrated databases (SQLite and PostgreSQL)."""

from __future__ import annotations

from tests.unit.leads.conftest import engine, inbox, migrated_sqlite_file, postgres_database  # noqa: F401 (fixtures)
