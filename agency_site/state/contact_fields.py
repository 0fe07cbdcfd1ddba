"""The contact form's visible fields, as both of its renderings draw them: the contact page
(pages/contact/form.py) and the page the server answers a post without JavaScript with
(server/contact_result_page.py), so the two offer the same inputs, ids and autofill hints."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from agency_site.leads.validation import FORM_FIELDS


@dataclass(frozen=True)
class Field:
    """One visible form field: its input name and how the browser should help fill it."""

    name: str
    input_type: Literal["text", "email"] = "text"
    autocomplete: str = "off"
    multiline: bool = False

    @property
    def input_id(self) -> str:
        return f"contact-{self.name}"

    @property
    def error_id(self) -> str:
        return f"contact-{self.name}-error"


FIELDS = (
    Field("name", autocomplete="name"),
    Field("email", input_type="email", autocomplete="email"),
    Field("subject"),
    Field("message", multiline=True),
)
assert tuple(field.name for field in FIELDS) == FORM_FIELDS, "the form must offer every contract field"
