"""The contact form posted without JavaScript (agency_site/server/contact_post.py): the same
rules as the websocket's submit, stored in a real test database (`inbox`), answered with a
redirect that names no one, or with the form again, in the visitor's language, as typed."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from html import escape
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest

from agency_site.content import get_content
from agency_site.i18n import localized_path
from agency_site.leads import Inbox, MessageStatus, store
from agency_site.server.contact_post import contact_post_app
from agency_site.server.event_limit import FORM_BODY_MAX
from agency_site.settings import get_settings
from agency_site.state.contact_form import CONTACT_POST_PATH, CONTACT_SENT_ID
from tests.support.content import text
from tests.unit.leads.conftest import TEST_SETTINGS
from tests.unit.leads.support import valid_form

SITE = "http://localhost:3000"
SITE_EMAIL = str(get_content().site.contact.email)
KEY = "0123456789abcdef0123456789abcdef"


class EndpointClient:
    """Requests to the endpoint's app, each in an event loop of its own (in a thread of its
    own: a test may already run one in this thread), as the server would take them."""

    def __init__(self, app: Any, base_url: str = SITE) -> None:
        self.app = app
        self.base_url = base_url

    def request(self, method: str, path: str, **options: Any) -> httpx.Response:
        async def send() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.app, client=("203.0.113.7", 50000))
            async with httpx.AsyncClient(transport=transport, base_url=self.base_url) as client:
                return await client.request(method, path, **options)

        with ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(asyncio.run, send()).result()

    def post(self, path: str, **options: Any) -> httpx.Response:
        return self.request("POST", path, **options)

    def get(self, path: str, **options: Any) -> httpx.Response:
        return self.request("GET", path, **options)


def _client(inbox: Inbox) -> EndpointClient:
    settings = replace(get_settings(), allowed_origins=(SITE,), trusted_proxy_hops=0)
    return EndpointClient(contact_post_app(inbox, settings))


@pytest.fixture
def client(inbox: Inbox) -> EndpointClient:
    return _client(inbox)


def post(client: EndpointClient, form: dict[str, str], **headers: str):
    return client.post(
        CONTACT_POST_PATH,
        content=urlencode(form),
        headers={"content-type": "application/x-www-form-urlencoded", "origin": SITE, **headers},
    )


def _value_of(page: str, name: str) -> str:
    found = re.search(rf'<input[^>]* name="{name}"[^>]* value="([^"]*)"', page)
    assert found, f"no input {name} in the page"
    return found.group(1)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_valid_post_is_stored_and_redirected_to_the_sent_note_naming_no_one(
    client: EndpointClient, inbox: Inbox, lang: str
) -> None:
    form = valid_form(language=lang, page=localized_path(lang, "/contact"), name="Jörg Müller")
    answer = post(client, form)
    assert answer.status_code == 303
    assert answer.headers["location"] == f"{localized_path(lang, '/contact')}#{CONTACT_SENT_ID}"
    assert answer.headers["cache-control"] == "no-store"
    [row] = store.messages(inbox.engine)
    assert (row.name, row.email, row.subject, row.message) == (
        "Jörg Müller",
        form["email"],
        form["subject"],
        form["message"],
    )
    assert (row.language, row.page, row.status) == (
        lang,
        localized_path(lang, "/contact"),
        MessageStatus.STORED,
    )


def test_a_message_keeps_its_lines(client: EndpointClient, inbox: Inbox) -> None:
    # A browser posts a textarea's line breaks as CR LF.
    assert post(client, valid_form(message="First line\r\nsecond line, long enough")).status_code == 303
    [row] = store.messages(inbox.engine)
    assert row.message == "First line\nsecond line, long enough"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_invalid_fields_are_answered_in_the_visitors_language_with_what_they_typed(
    client: EndpointClient, inbox: Inbox, lang: str
) -> None:
    form = valid_form(language=lang, name="A", email="not an address", message="<b>hi</b>")
    answer = post(client, form)
    assert answer.status_code == 422
    page = answer.text
    assert f'<html lang="{lang}">' in page
    for field, key in [
        ("name", "name-min-error"),
        ("email", "email-error"),
        ("message", "message-min-error"),
    ]:
        assert f'id="contact-{field}-error" class="error">{escape(text(lang, key))}</p>' in page
    assert 'id="contact-subject-error"' not in page
    assert escape(text(lang, "contact-errors-summary")) in page
    # Everything typed is back in its field, escaped: markup is shown, never run.
    assert _value_of(page, "name") == "A"
    assert _value_of(page, "email") == "not an address"
    assert _value_of(page, "subject") == escape(form["subject"])
    assert f"\n{escape(form['message'])}</textarea>" in page
    assert "<b>" not in page and "<script" not in page
    # The form posts here again, under a key of its own: a second post is stored once.
    assert f'<form method="post" action="{CONTACT_POST_PATH}"' in page
    assert re.fullmatch(r"[0-9a-f]{32}", _value_of(page, "submission_key"))
    assert answer.headers["cache-control"] == "no-store"
    assert "form-action 'self'" in answer.headers["content-security-policy"]
    assert list(store.messages(inbox.engine)) == []


def test_the_answer_page_keeps_the_key_the_form_carried(client: EndpointClient) -> None:
    answer = post(client, valid_form(name="A", submission_key=KEY))
    assert _value_of(answer.text, "submission_key") == KEY


def test_a_filled_honeypot_is_told_sent_and_kept_as_spam(client: EndpointClient, inbox: Inbox) -> None:
    answer = post(client, valid_form(form_trap="https://spam.example", name="A", subject="Cheap pills"))
    assert answer.status_code == 303
    assert answer.headers["location"] == f"/contact#{CONTACT_SENT_ID}"
    [row] = store.messages(inbox.engine)
    assert (row.subject, row.status) == ("Cheap pills", MessageStatus.SPAM)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_over_the_rate_limit_the_visitor_is_told_and_keeps_the_text(inbox: Inbox, lang: str) -> None:
    limited = Inbox.create(inbox.engine, replace(TEST_SETTINGS, rate_limit=1))
    client = _client(limited)
    assert post(client, valid_form(language=lang, subject="The first one")).status_code == 303
    answer = post(client, valid_form(language=lang, subject="The second one"))
    assert answer.status_code == 429
    assert escape(text(lang, "contact-rate-limit", email=SITE_EMAIL)) in answer.text
    assert _value_of(answer.text, "subject") == "The second one"
    assert [row.subject for row in store.messages(inbox.engine)] == ["The first one"]


def test_the_same_key_and_text_posted_again_is_stored_once(client: EndpointClient, inbox: Inbox) -> None:
    form = valid_form(submission_key=KEY)
    assert post(client, form).status_code == 303
    assert post(client, form).status_code == 303  # a second click, a resend of the page
    assert len(list(store.messages(inbox.engine))) == 1


def test_a_failed_save_says_so_keeps_the_text_and_is_logged(
    client: EndpointClient, inbox: Inbox, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(*args, **kwargs) -> int:
        raise OSError("disk gone")

    monkeypatch.setattr(inbox.writer, "save", broken)
    answer = post(client, valid_form(language="de", subject="Lost in the void?"))
    assert answer.status_code == 503
    assert escape(text("de", "contact-not-sent", email=SITE_EMAIL)) in answer.text
    assert _value_of(answer.text, "subject") == escape("Lost in the void?")
    assert "could not be stored" in caplog.text and "disk gone" in caplog.text
    assert "Lost in the void" not in caplog.text


@pytest.mark.parametrize(
    "headers",
    [{"origin": "https://evil.example"}, {"origin": "null"}, {"origin": "", "sec-fetch-site": "cross-site"}],
)
def test_a_post_from_another_site_is_refused(
    client: EndpointClient, inbox: Inbox, headers: dict[str, str]
) -> None:
    if headers.get("origin") == "":
        headers = {key: value for key, value in headers.items() if key != "origin"}
        answer = client.post(
            CONTACT_POST_PATH,
            content=urlencode(valid_form()),
            headers={"content-type": "application/x-www-form-urlencoded", **headers},
        )
    else:
        answer = post(client, valid_form(), **headers)
    assert answer.status_code == 403
    assert list(store.messages(inbox.engine)) == []


def test_a_post_from_the_servers_own_host_is_taken(inbox: Inbox) -> None:
    # Served on another address than SITE_URL (a test's free port, a staging host).
    settings = replace(get_settings(), allowed_origins=("https://agency.example",))
    client = EndpointClient(contact_post_app(inbox, settings), base_url="http://127.0.0.1:8123")
    answer = post(client, valid_form(), origin="http://127.0.0.1:8123")
    assert answer.status_code == 303


def test_what_is_not_a_form_of_ours_is_refused(client: EndpointClient, inbox: Inbox) -> None:
    too_large = post(client, valid_form(message="M" * (FORM_BODY_MAX + 1)))
    assert too_large.status_code == 413
    as_json = client.post(CONTACT_POST_PATH, json=valid_form(), headers={"origin": SITE})
    assert as_json.status_code == 415
    many_fields = post(client, {**valid_form(), **{f"x{index}": "1" for index in range(100)}})
    assert many_fields.status_code == 400
    assert list(store.messages(inbox.engine)) == []


def test_a_get_of_the_endpoint_leads_to_the_contact_page(client: EndpointClient) -> None:
    answer = client.get(CONTACT_POST_PATH)
    assert (answer.status_code, answer.headers["location"]) == (303, "/contact")


def test_behind_a_proxy_the_limit_counts_the_address_it_appended(inbox: Inbox) -> None:
    """As the websocket does (Reflex's client_ip): with TRUSTED_PROXY_HOPS=1 the address
    nginx appended to X-Forwarded-For is the visitor's, and what a visitor wrote before it
    changes nothing."""
    limited = Inbox.create(inbox.engine, replace(TEST_SETTINGS, rate_limit=1))
    settings = replace(get_settings(), allowed_origins=(SITE,), trusted_proxy_hops=1)
    client = EndpointClient(contact_post_app(limited, settings))
    first = post(client, valid_form(subject="From one visitor"), **{"x-forwarded-for": "198.51.100.1"})
    forged = post(
        client, valid_form(subject="Same visitor, forged"), **{"x-forwarded-for": "192.0.2.9, 198.51.100.1"}
    )
    other = post(client, valid_form(subject="Another visitor"), **{"x-forwarded-for": "198.51.100.2"})
    assert [first.status_code, forged.status_code, other.status_code] == [303, 429, 303]
