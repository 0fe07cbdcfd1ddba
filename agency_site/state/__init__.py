"""State machines of SPEC.md §4, one module each; UI-only ones run in the browser."""
