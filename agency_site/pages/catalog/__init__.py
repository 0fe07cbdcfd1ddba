"""Sections of the services, portfolio and project pages (docs/product.md §2), one module each."""
