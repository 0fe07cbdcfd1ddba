"""Reflex's commands run from this checkout (rxconfig.py applies these): the project's Node
and bun for every command, the dev page's origin, and the dev server's reload on a
content file."""
