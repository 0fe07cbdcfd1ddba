"""Reusable components: the shared layout, small UI pieces and browser behaviour."""
