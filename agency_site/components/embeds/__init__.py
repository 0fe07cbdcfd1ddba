"""Third-party embeds behind a self-hosted click-to-load placeholder (docs/architecture.md §6)."""
