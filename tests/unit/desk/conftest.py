"""Fixtures of the desk tests: the leads tests' migrated databases (SQLite and PostgreSQL)."""

from __future__ import annotations

from tests.unit.leads.conftest import engine, inbox, postgres_database  # noqa: F401 (fixtures)
