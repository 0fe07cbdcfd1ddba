"""Numbers and dates as each language writes them (CLDR, through Babel): 2,400 and 2.400,
'March 2026' and 'März 2026'. Texts never spell a number or a month by hand."""

from __future__ import annotations

from datetime import date

from babel.dates import format_date
from babel.numbers import format_decimal

# The site's English is British English; its German is Germany's.
LOCALES = {"en": "en_GB", "de": "de_DE"}


def number(lang: str, value: int | float) -> str:
    """`value` with the language's digit grouping and decimal sign."""
    return format_decimal(value, locale=LOCALES[lang])


def month_year(lang: str, value: date) -> str:
    """The month and year of `value` in the language's words ('November 2026')."""
    return format_date(value, "MMMM y", locale=LOCALES[lang])


def month_name(lang: str, value: date) -> str:
    """The name of the month of `value`, as the language writes it on its own ('April')."""
    return format_date(value, "LLLL", locale=LOCALES[lang])


def long_date(lang: str, value: date) -> str:
    """A full date in the language's long form ('29 November 2026', '29. November 2026')."""
    return format_date(value, "long", locale=LOCALES[lang])
