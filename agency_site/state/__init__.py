"""State machines of docs/product.md §4, one module each; UI-only ones run in the browser."""
