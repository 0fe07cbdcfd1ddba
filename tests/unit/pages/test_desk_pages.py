"""The desk's pages: in both languages beside the route table, never in it, in the sitemap or
in a link of the site; a head that keeps them out of search engines; every code the state
sends has its words in both languages."""

from __future__ import annotations

import re

import pytest

from agency_site.constants import LANGUAGES
from agency_site.desk.model import AuditAction
from agency_site.i18n import localized_path, on_page, t
from agency_site.leads.model import Channel, MessageStatus, PipelineStatus
from agency_site.pages.desk import desk_head, desk_routes
from agency_site.pages.desk.words import ACTIONS, DELIVERY_STATES, says_a_count
from agency_site.routes import route_table
from agency_site.seo.site_files import sitemap_entries
from agency_site.state.desk import NOTICES


def test_the_desk_is_at_desk_in_both_languages_and_nowhere_in_the_route_table_or_sitemap():
    paths = {localized_path(lang, route.path) for route in desk_routes() for lang in LANGUAGES}
    assert paths == {"/desk", "/de/desk", "/desk/lead", "/de/desk/lead"}
    assert not [route.path for route in route_table() if "desk" in route.path]
    assert not [entry.url for entry in sitemap_entries("https://example.com") if "/desk" in entry.url]


def test_the_head_says_noindex_and_no_referrer_elsewhere():
    tags = " ".join(str(tag) for tag in desk_head())
    assert "noindex, nofollow" in tags and "same-origin" in tags


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_has_its_words(lang: str):
    codes = {
        "desk-pipeline": [str(status) for status in PipelineStatus],
        "desk-delivery": [*DELIVERY_STATES, *(str(status) for status in MessageStatus), "paused"],
        "desk-action": [*ACTIONS, *(str(action) for action in AuditAction)],
        "desk-channel": [str(channel) for channel in Channel],
        "desk-notice": list(NOTICES),
    }
    for prefix, values in codes.items():
        for code in values:
            assert t(lang, f"{prefix}-{code}"), f"{prefix}-{code}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_count_of_leads_has_its_words_for_one(lang: str):
    keys = ["desk-count", "desk-erase-receipt", *(f"desk-notice-{code}" for code in NOTICES)]
    counted = [key for key in keys if says_a_count(lang, key)]
    assert len(counted) >= 7, counted
    for key in counted:
        one = t(lang, f"{key}-one", count=1, who="w", when="n")
        assert one.startswith("1 ") or " 1 " in one, one
        assert not re.search(r"\b1 (leads|Leads)\b", one), one
    # And not the other way round: two are "leads".
    assert t(lang, "desk-count", count=2) == ("2 leads" if lang == "en" else "2 Leads")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pages_build_in_both_languages(lang: str):
    """A text missing in every language raises while a page is built outside the app."""
    for route in desk_routes():
        with on_page(localized_path(lang, route.path)):
            assert str(route.build(lang))
