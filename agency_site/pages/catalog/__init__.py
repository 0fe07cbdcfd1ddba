"""Sections of the services, portfolio and project pages (SPEC.md §2), one module each."""
