"""The tests' loopback SMTP server read as a person reads mail (tests/support/smtp_server.py): the
next message to an address, its text and its links, from the server and from its folder
(what a pytest-xdist worker reads). The desk's sign-in tests read their links this way."""

from __future__ import annotations

import smtplib
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.support.smtp_server import Mailbox, SmtpServer

ANNA = "anna@agency.example"
# Long enough that quoted-printable wraps it, as a real sign-in link is.
LINK = "http://localhost:3000/desk/sign-in?token=" + "Ab9_-" * 20 + "&next=%2Fdesk"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[SmtpServer]:
    running = SmtpServer(tmp_path)
    yield running
    running.stop()


def send(server: SmtpServer, to: str, subject: str, text: str, html: str | None = None) -> None:
    message = EmailMessage()
    message["From"] = "Agency <site@agency.example>"
    message["To"] = to
    message["Subject"] = subject
    message.set_content(text, cte="quoted-printable")
    if html is not None:
        message.add_alternative(html, subtype="html", cte="quoted-printable")
    host, port = server.url.removeprefix("smtp://").split(":")
    with smtplib.SMTP(host, int(port)) as client:
        client.send_message(message)


def test_expect_mail_returns_the_next_message_to_the_address_with_its_text_and_links(
    server: SmtpServer,
) -> None:
    send(server, ANNA, "An earlier link", "http://localhost:3000/desk/sign-in?token=old")
    with server.expect_mail("Anna@Agency.example") as mail:
        send(server, "someone@else.example", "Not for Anna", "http://localhost:3000/elsewhere")
        send(
            server,
            f"Anna Staff <{ANNA}>",
            "Your sign-in link",
            f"Sign in within 15 minutes:\n{LINK}\n\nOr ignore this message.",
            f'<p>Sign in: <a href="{LINK.replace("&", "&amp;")}">Sign in to the desk</a>.</p>',
        )
    assert mail.value.subject == "Your sign-in link"
    assert mail.value.to == [ANNA]
    assert "Sign in within 15 minutes:" in mail.value.text
    # The same link in both bodies, once; quoted-printable and &amp; undone.
    assert mail.value.links == [LINK]
    assert mail.value.link("http://localhost:3000/desk/") == LINK


def test_the_folder_of_another_process_reads_the_same(server: SmtpServer, tmp_path: Path) -> None:
    mailbox = Mailbox(tmp_path)
    with mailbox.expect_mail(ANNA) as mail:
        send(server, ANNA, "Ihr Anmeldelink", f"Hier anmelden: {LINK}.")
    assert mail.value.subject == "Ihr Anmeldelink"
    assert mail.value.links == [LINK]  # the full stop after it is not part of it
    assert [found.subject for found in mailbox.mails_to(ANNA)] == ["Ihr Anmeldelink"]


def test_no_message_in_time_fails_naming_what_did_arrive(server: SmtpServer) -> None:
    send(server, ANNA, "The first link", LINK)
    with pytest.raises(AssertionError, match=r"no message to anna@agency\.example after 1 .*The first link"):
        server.wait_for_mail(ANNA, after=1, timeout_s=0.2)


def test_a_link_asked_for_must_be_there_once(server: SmtpServer) -> None:
    send(server, ANNA, "Two links", "http://localhost:3000/desk/a http://localhost:3000/desk/b")
    mail = server.wait_for_mail(ANNA)
    with pytest.raises(AssertionError, match="2 links start with"):
        mail.link("http://localhost:3000/desk/")
    with pytest.raises(AssertionError, match="0 links start with"):
        mail.link("https://")
