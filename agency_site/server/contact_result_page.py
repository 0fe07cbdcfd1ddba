"""The page a contact form posted without JavaScript is answered with when its message was
not stored: the form again, in the visitor's language, with what they typed, each field's
message and the reason, posting to the same endpoint (server/contact_post.py).

Written here rather than prerendered: it carries the visitor's own text, which must never
travel in a URL, and it needs no script (the Content-Security-Policy is the site's). Every
value is escaped; the page has no inline script and only the site's stylesheet plus its
own few rules (`contact_result.css`, in the head).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from html import escape
from pathlib import Path

from agency_site.content import get_content
from agency_site.content.legal import retention_days
from agency_site.i18n import localized_path, t
from agency_site.leads.idempotency import SUBMISSION_KEY_FIELD
from agency_site.leads.validation import HONEYPOT_FIELD, LANGUAGE_FIELD, PAGE_FIELD
from agency_site.state.contact_fields import FIELDS, Field

_STYLES = Path(__file__).with_name("contact_result.css")


@lru_cache(maxsize=1)
def _styles() -> str:
    return _STYLES.read_text(encoding="utf-8")


def _attributes(attributes: Mapping[str, str | bool | None]) -> str:
    """` name="value"` for each attribute, escaped; True is a bare attribute, False and None
    leave it out."""
    parts = []
    for name, value in attributes.items():
        if value is True:
            parts.append(f" {name}")
        elif value not in (False, None):
            parts.append(f' {name}="{escape(str(value), quote=True)}"')
    return "".join(parts)


def _tag(name: str, attributes: Mapping[str, str | bool | None], *children: str) -> str:
    """An element; `children` are markup already (escape text with `escape`)."""
    return f"<{name}{_attributes(attributes)}>{''.join(children)}</{name}>"


def _input(attributes: Mapping[str, str | bool | None]) -> str:
    return f"<input{_attributes(attributes)}>"


def _field(lang: str, field: Field, value: str, error: str | None) -> str:
    control = {
        "id": field.input_id,
        "name": field.name,
        "placeholder": t(lang, f"contact-{field.name}-placeholder"),
        "autocomplete": field.autocomplete,
        "required": True,
        "aria-invalid": "true" if error else "false",
        "aria-describedby": field.error_id if error else None,
    }
    if field.multiline:
        # A newline right after <textarea> is dropped by the parser: one of our own keeps
        # a message that starts with a blank line whole.
        box = _tag("textarea", {**control, "rows": "6"}, "\n", escape(value))
    else:
        box = _input({**control, "type": field.input_type, "value": value})
    label = _tag("label", {"for": field.input_id}, escape(t(lang, f"contact-{field.name}-label")), " *")
    message = _tag("p", {"id": field.error_id, "class": "error"}, escape(error)) if error else ""
    return _tag("div", {"class": "field"}, label, box, message)


def _hidden(lang: str, form: Mapping[str, str], key: str) -> str:
    honeypot = _tag(
        "div",
        {"class": "trap", "aria-hidden": "true"},
        _tag(
            "label",
            {},
            escape(t(lang, "contact-honeypot-label")),
            _input(
                {
                    "type": "text",
                    "name": HONEYPOT_FIELD,
                    "tabindex": "-1",
                    "autocomplete": "off",
                    "data-1p-ignore": "true",
                    "data-lpignore": "true",
                    "data-bwignore": "true",
                    "data-form-type": "other",
                }
            ),
        ),
    )
    return "".join(
        [
            _input({"type": "hidden", "name": LANGUAGE_FIELD, "value": lang}),
            _input({"type": "hidden", "name": PAGE_FIELD, "value": form.get(PAGE_FIELD, "")}),
            _input({"type": "hidden", "name": SUBMISSION_KEY_FIELD, "value": key}),
            honeypot,
        ]
    )


def result_page(
    lang: str, form: Mapping[str, str], errors: Mapping[str, str], failure: str, *, action: str, key: str
) -> str:
    """The whole document: `form`'s values back in their fields, `errors` (field -> message,
    in `lang`) under them, `failure` (or the summary of the errors) above, and `key` as
    the message's submission key, so a second post of the same text is stored once."""
    summary = failure or t(lang, "contact-errors-summary")
    privacy = _tag(
        "p",
        {"class": "note"},
        escape(
            t(
                lang,
                "contact-privacy-note",
                company=get_content().site.legal.company_name,
                retention_days=retention_days(),
            )
        ),
        " ",
        _tag("a", {"href": localized_path(lang, "/datenschutz")}, escape(t(lang, "contact-privacy-link"))),
    )
    form_markup = _tag(
        "form",
        {"method": "post", "action": action, "id": "contact-form"},
        *[_field(lang, field, form.get(field.name, ""), errors.get(field.name)) for field in FIELDS],
        _hidden(lang, form, key),
        _tag("button", {"type": "submit"}, escape(t(lang, "contact-send"))),
    )
    title = t(lang, "page-contact-title")
    head = "".join(
        [
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            # The visitor's own words: no search engine and no cache keeps this page.
            '<meta name="robots" content="noindex">',
            _tag("title", {}, escape(f"{title} | {get_content().site.brand.name}")),
            '<link rel="stylesheet" href="/styles.css">',
            _tag("style", {}, _styles()),
        ]
    )
    body = _tag(
        "main",
        {},
        _tag("h1", {}, escape(t(lang, "contact-form-title"))),
        _tag("p", {"role": "alert", "class": "summary"}, escape(summary)),
        form_markup,
        privacy,
        _tag("p", {}, _tag("a", {"href": localized_path(lang, "/contact")}, escape(title))),
    )
    return f'<!doctype html>\n<html lang="{escape(lang)}"><head>{head}</head><body>{body}</body></html>\n'
