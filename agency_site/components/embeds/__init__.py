"""Third-party embeds behind a self-hosted click-to-load placeholder (DESIGN.md §6)."""
