"""Numbers and dates as each language writes them (CLDR through Babel), not by hand."""

from __future__ import annotations

from datetime import date

from agency_site.formats import long_date, month_year, number


def test_numbers_are_grouped_as_each_language_groups_them() -> None:
    assert number("en", 2400) == "2,400"
    assert number("de", 2400) == "2.400"
    assert number("de", 1.5) == "1,5"


def test_dates_are_british_english_and_german() -> None:
    assert month_year("en", date(2026, 3, 1)) == "March 2026"
    assert month_year("de", date(2026, 3, 1)) == "März 2026"
    assert long_date("en", date(2024, 3, 25)) == "25 March 2024"
    assert long_date("de", date(2024, 3, 25)) == "25. März 2024"
