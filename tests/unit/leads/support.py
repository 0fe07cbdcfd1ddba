"""Helpers shared by the leads tests."""

from __future__ import annotations


def valid_form(**overrides: str) -> dict[str, str]:
    """A form as the contact page sends it, valid unless overridden."""
    form = {
        "name": "Ada Lovelace",
        "email": "ada@example.com",
        "subject": "A new project",
        "message": "We would like an AI caller for our clinic.",
        "language": "en",
        "page": "/contact",
        "form_trap": "",
    }
    form.update(overrides)
    return form
