"""A database that hangs never keeps the visitor on 'Sending...'.

A server (a copy of the session's build) per kind of hang has a PostgreSQL DATABASE_URL
whose port accepts connections and never answers (`silent`: its driver would wait 30 s to
connect, DATABASE_CONNECT_TIMEOUT_S), or lets the client log in and never answers a query
(`after_login`: nothing but our deadline ends that wait). The save deadline is 1 s
(CONTACT_SAVE_DEADLINE_S): the visitor reads 'not sent', in their language and with their
text kept, while the database still has not answered.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from agency_site.constants import LANGUAGES
from agency_site.content import get_content
from agency_site.i18n import localized_path
from tests.support.hung_database import HungDatabase

from .conftest import Visit, visiting
from .support.expected import text
from .support.served_build import BuiltServer

SITE_EMAIL = str(get_content().site.contact.email)
# Far longer than the deadline: the wait for the answer, not a speed figure (after_login
# without a deadline never answers; silent would answer after the driver's 30 s).
ANSWER_WAIT_MS = 20_000


@pytest.fixture(scope="module", params=["silent", "after_login"])
def hung_database(request: pytest.FixtureRequest) -> Iterator[HungDatabase]:
    current = HungDatabase(request.param)
    yield current
    current.close()


@pytest.fixture(scope="module")
def server(
    served_web: Path, hung_database: HungDatabase, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[BuiltServer]:
    env = {
        "DATABASE_URL": hung_database.url,
        "DATABASE_CONNECT_TIMEOUT_S": "30",
        "CONTACT_SAVE_DEADLINE_S": "1",
        "CONTACT_RATE_LIMIT": "10000",
    }
    with BuiltServer(tmp_path_factory.mktemp("hung-database"), env, source=served_web) as current:
        yield current
        # The database stops hanging before the server stops: a save still waiting on it
        # holds a thread of the server's pool, which its worker process joins on exit, so
        # the server would not end on TERM and be killed only after stop()'s 20 s grace.
        hung_database.close()


@pytest.fixture
def visitor(browser: Browser, server: BuiltServer) -> Iterator[Visit]:
    with visiting(browser, server.url, "desktop") as current:
        yield current


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hung_database_is_answered_not_sent_within_the_deadline(
    visitor: Visit, hung_database: HungDatabase, lang: str
) -> None:
    visitor.goto(localized_path(lang, "/contact"))
    page = visitor.page
    values = {
        "name": "Ada Lovelace",
        "email": "ada@example.com",
        "subject": f"Hung database {uuid.uuid4().hex[:8]}",
        "message": "We would like an AI caller that books appointments for our clinic.",
    }
    for name, value in values.items():
        page.locator(f"#contact-form [name='{name}']").fill(value)
    button = page.get_by_test_id("contact-submit")
    button.click()
    failure = page.get_by_test_id("contact-failure")
    expect(failure).to_have_text(text(lang, "contact-not-sent", email=SITE_EMAIL), timeout=ANSWER_WAIT_MS)
    assert hung_database.accepted() >= 1  # the server did try its database
    expect(button).to_have_text(text(lang, "contact-send"))
    expect(button).to_be_enabled()
    for name, value in values.items():
        expect(page.locator(f"#contact-form [name='{name}']")).to_have_value(value)
