"""No settings error prints a password or a token, whatever characters it holds; production
refuses to send the SMTP password in clear."""

from __future__ import annotations

import pytest

from agency_site.settings import SettingsError, redact_url, settings_from_env

# Two halves a leak would show either of: a password or token is cut in two by each
# character a URL gives a meaning to, or percent-encoded.
BEFORE, AFTER = "Pq7x", "Zk9w"
HOSTILE = [f"{BEFORE}{character}{AFTER}" for character in "/#?@:"] + [
    f"{BEFORE}%2F{AFTER}",
    f"{BEFORE}%40{AFTER}",
    f"{BEFORE}%{AFTER}",
]


def url_settings(secret: str) -> dict[str, list[str]]:
    """Each URL setting, holding `secret` where such a setting holds one, well formed
    otherwise and with one mistake more."""
    return {
        "SITE_URL": [f"https://user:{secret}@www.example.com", f"https://user:{secret}@www.example.com/x"],
        "API_URL": [f"https://user:{secret}@www.example.com", f"ftp://user:{secret}@www.example.com"],
        "DATABASE_URL": [
            f"postgresql://agency:{secret}@db.internal:5432/agency",
            f"mysql://agency:{secret}@db.internal:5432/agency",
            f"postgresql://agency:{secret}@db.internal:port/agency",
        ],
        "REFLEX_REDIS_URL": [f"redis://:{secret}@127.0.0.1:6379/0", f"redis://:{secret}@127.0.0.1:six/0"],
        "CONTACT_WEBHOOK_URL": [
            f"https://hooks.example.com/{secret}",
            f"hooks.example.com/{secret}",  # typed without https://
            f"http://hooks.example.com/{secret}",
            f"https://user:{secret}@hooks.example.com/x",
            f"https://hooks.example.com/x?token={secret}",
        ],
        "SMTP_URL": [
            f"smtps://leads%40example.com:{secret}@mail.example.com",
            f"smtp://leads:{secret}@mail.example.com:port",
            f"imap://leads:{secret}@mail.example.com",
        ],
        "ALLOWED_ORIGINS": [f"https://user:{secret}@www.example.com/x"],
    }


@pytest.mark.parametrize("secret", HOSTILE)
def test_no_error_shows_any_part_of_a_password_or_token(secret):
    for name, values in url_settings(secret).items():
        for value in values:
            environ = (
                {name: value, "SITE_URL": "https://www.example.com"} if name != "SITE_URL" else {name: value}
            )
            if name == "SMTP_URL":
                environ["CONTACT_NOTIFY_EMAIL"] = "team@example.com"
            try:
                settings_from_env(environ)
            except SettingsError as error:
                text = str(error)
                assert BEFORE not in text and AFTER not in text, (name, value, text)
                assert all(problem.split(":")[0].split("=")[0] for problem in error.problems)


def test_a_wrong_url_is_still_named_and_placed():
    with pytest.raises(SettingsError) as raised:
        settings_from_env({"DATABASE_URL": f"mysql://agency:{BEFORE}@{AFTER}@db.internal:3306/agency"})
    [problem] = raised.value.problems
    assert problem.startswith("DATABASE_URL='mysql://***@db.internal:3306/agency'")
    # A `#` before the `@` may end a password or start a fragment: nothing past the scheme shows.
    with pytest.raises(SettingsError) as raised:
        settings_from_env({"DATABASE_URL": f"mysql://agency:{BEFORE}#{AFTER}@db.internal:3306/agency"})
    [problem] = raised.value.problems
    assert problem.startswith("DATABASE_URL='mysql://***'")
    with pytest.raises(SettingsError) as raised:
        settings_from_env({"CONTACT_WEBHOOK_URL": f"hooks.example.com/{BEFORE}"})
    [problem] = raised.value.problems
    assert problem.startswith("CONTACT_WEBHOOK_URL='hooks.example.com/***'")
    with pytest.raises(SettingsError) as raised:
        settings_from_env({"CONTACT_WEBHOOK_URL": f"hooks.example.com/{BEFORE}@{AFTER}"})
    [problem] = raised.value.problems
    assert problem.startswith("CONTACT_WEBHOOK_URL='***'")


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("postgresql://u:pa:ss@db:5432/agency", "postgresql://***@db:5432/agency"),
        ("smtp://u:p@ss@mail.example.com", "smtp://***@mail.example.com"),
        ("postgresql://u:pa/ss@db:5432/agency", "postgresql://***"),
        ("postgresql://u:pa#ss@db/agency", "postgresql://***"),
        ("redis://:pa?ss@127.0.0.1:6379/0", "redis://***"),
        ("https://hooks.example.com/in?token=ab@cd", "https://***"),
        ("https://hooks.example.com/T0KEN?x=1#y", "https://hooks.example.com/T0KEN?***#***"),
    ],
)
def test_redact_url_shows_only_what_is_certainly_not_a_secret(raw, shown):
    assert redact_url(raw) == shown


@pytest.mark.parametrize(
    "smtp_url",
    ["smtp://leads:hunter2@mail.example.com:587", "smtp://leads:hunter2@mail.example.com:25?starttls=false"],
)
def test_production_refuses_a_password_over_plain_smtp(smtp_url):
    environ = {"SITE_URL": "https://www.example.com", "CONTACT_NOTIFY_EMAIL": "team@example.com"}
    with pytest.raises(SettingsError) as raised:
        settings_from_env({**environ, "SMTP_URL": smtp_url})
    [problem] = raised.value.problems
    assert problem.startswith("SMTP_URL: the password would cross the network unencrypted")
    assert "hunter2" not in problem
    for fine in (
        "smtps://leads:hunter2@mail.example.com",
        "smtp://leads:hunter2@mail.example.com:587?starttls=true",
        "smtp://leads:hunter2@127.0.0.1:25",  # this machine's own relay
        "smtp://mail.example.com:25",  # a relay without login
    ):
        assert settings_from_env({**environ, "SMTP_URL": fine}).leads.smtp_url == fine
    # Off production (make run, make stack) it is allowed, as before.
    assert settings_from_env({**environ, "SITE_URL": "http://localhost:3000", "SMTP_URL": smtp_url})
