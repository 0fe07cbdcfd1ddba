"""Production settings come from the environment and every mistake is named."""

from __future__ import annotations

import pytest

from agency_site.settings import SettingsError, redact_url, settings_from_env

SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"


def test_defaults_serve_the_local_site_to_its_own_origin_only():
    settings = settings_from_env({})
    assert settings.site_url == "http://localhost:3000"
    assert settings.allowed_origins == ("http://localhost:3000",)
    assert settings.trusted_proxy_hops == 0
    assert settings.api_url is None


def test_production_values_are_read():
    settings = settings_from_env(
        {
            "SITE_URL": "https://www.example.com/",
            "API_URL": "https://www.example.com",
            "TRUSTED_PROXY_HOPS": "1",
            "STATE_EXPIRY_S": "7200",
            "DATABASE_URL": "postgresql://agency@127.0.0.1:5432/agency",
            "REFLEX_REDIS_URL": "redis://127.0.0.1:6379/0",
            "CONTACT_WEBHOOK_URL": "https://hooks.example.com/leads",
            "CONTACT_WEBHOOK_SECRET": SECRET,
            "CONTACT_NOTIFY_EMAIL": "team@example.com",
            "SMTP_URL": "smtps://leads%40example.com:pa%3Ass@mail.example.com",
            "METRICS_ALLOW": "10.1.0.0/16, 2001:db8::1",
        }
    )
    assert settings.site_url == "https://www.example.com"
    assert settings.allowed_origins == ("https://www.example.com",)
    assert settings.trusted_proxy_hops == 1
    assert settings.state_expiry_s == 7200
    assert settings.database_url == "postgresql+psycopg://agency@127.0.0.1:5432/agency"
    assert settings.leads.redis_url == "redis://127.0.0.1:6379/0"
    assert settings.leads.webhook_url == "https://hooks.example.com/leads"
    assert settings.leads.webhook_secrets == (SECRET,)
    assert settings.leads.channels == ("webhook", "email")
    assert [str(network) for network in settings.metrics_allow] == ["10.1.0.0/16", "2001:db8::1/128"]
    assert settings.production
    # Secrets and passwords never show in a log line or a traceback's locals.
    assert "pa%3Ass" not in repr(settings) and SECRET not in repr(settings)


def test_a_public_https_site_with_a_webhook_needs_its_secret():
    with pytest.raises(SettingsError) as raised:
        settings_from_env(
            {"SITE_URL": "https://www.example.com", "CONTACT_WEBHOOK_URL": "https://hooks.example.com/leads"}
        )
    [problem] = raised.value.problems
    assert problem.startswith("CONTACT_WEBHOOK_SECRET: required")
    # On this machine (make run, make stack), or without https, the site is not production.
    for site_url in ("https://localhost:8443", "http://www.example.com", "http://localhost:3000"):
        settings = settings_from_env(
            {"SITE_URL": site_url, "CONTACT_WEBHOOK_URL": "https://hooks.example.com/x"}
        )
        assert not settings.production and settings.leads.webhook_secrets == ()


def test_a_webhook_is_https_unless_it_is_on_this_machine():
    with pytest.raises(SettingsError) as raised:
        settings_from_env({"CONTACT_WEBHOOK_URL": "http://hooks.example.com/leads"})
    assert raised.value.problems[0].startswith("CONTACT_WEBHOOK_URL: must be https://")
    for url in ("http://127.0.0.1:8080/leads", "http://localhost/leads", "http://[::1]:9/x"):
        assert settings_from_env({"CONTACT_WEBHOOK_URL": url}).leads.webhook_url == url


def test_a_wrong_secret_or_smtp_url_is_named_but_never_repeated():
    wrong_secret = "whsec_not-base64-at-all!!"
    with pytest.raises(SettingsError) as raised:
        settings_from_env(
            {
                "CONTACT_WEBHOOK_URL": "https://hooks.example.com/leads",
                "CONTACT_WEBHOOK_SECRET": wrong_secret,
                "CONTACT_NOTIFY_EMAIL": "team@example.com",
                "SMTP_URL": "smtp://user:hunter2@mail.example.com:notaport",
                "METRICS_ALLOW": "10.0.0.0/8,everyone",
            }
        )
    problems = raised.value.problems
    assert sorted(problem.split(":")[0] for problem in problems) == [
        "CONTACT_WEBHOOK_SECRET",
        "METRICS_ALLOW",
        "SMTP_URL",
    ]
    assert not any(wrong_secret in problem or "hunter2" in problem for problem in problems)
    with pytest.raises(SettingsError) as raised:
        settings_from_env({"CONTACT_NOTIFY_EMAIL": "team@example.com"})
    assert raised.value.problems[0].startswith("SMTP_URL: required")


def test_every_mistake_is_one_line_naming_the_variable():
    with pytest.raises(SettingsError) as raised:
        settings_from_env(
            {
                "SITE_URL": "www.example.com",
                "API_URL": "https://www.example.com/api",
                "TRUSTED_PROXY_HOPS": "one",
                "ALLOWED_ORIGINS": "https://www.example.com,example.org",
                "DATABASE_URL": "mysql://db/agency",
                "REFLEX_REDIS_URL": "127.0.0.1:6379",
                "CONTACT_RATE_LIMIT": "0",
                "STATE_EXPIRY_S": "5",
            }
        )
    problems = raised.value.problems
    named = [problem.split("=")[0].split(":")[0] for problem in problems]
    assert sorted(named) == sorted(
        [
            "SITE_URL",
            "API_URL",
            "TRUSTED_PROXY_HOPS",
            "ALLOWED_ORIGINS",
            "DATABASE_URL",
            "REFLEX_REDIS_URL",
            "CONTACT_RATE_LIMIT",
            "STATE_EXPIRY_S",
        ]
    )
    assert all("\n" not in problem for problem in problems)
    assert "'one'" in next(problem for problem in problems if problem.startswith("TRUSTED_PROXY_HOPS"))


# A URL a setting names must not reach journald whole: passwords, tokens in the user name,
# query strings and (for the webhook) the path stay out of the error line.
SECRETS = ("s3cret-pw", "t0ken-in-user", "t0ken-in-query", "hook-path-t0ken")


def test_wrong_urls_are_named_without_their_secrets():
    with pytest.raises(SettingsError) as raised:
        settings_from_env(
            {
                "DATABASE_URL": "mysql://agency:s3cret-pw@db.internal:3306/agency?token=t0ken-in-query",
                "REFLEX_REDIS_URL": "redis://:s3cret-pw@127.0.0.1:six/0",
                "CONTACT_WEBHOOK_URL": "ftp://t0ken-in-user@hooks.example.com/hook-path-t0ken?sig=t0ken-in-query",
                "ALLOWED_ORIGINS": "https://t0ken-in-user:s3cret-pw@www.example.com/x",
            }
        )
    problems = {problem.split("=")[0].split(":")[0]: problem for problem in raised.value.problems}
    assert sorted(problems) == ["ALLOWED_ORIGINS", "CONTACT_WEBHOOK_URL", "DATABASE_URL", "REFLEX_REDIS_URL"]
    text = "\n".join(problems.values())
    assert [secret for secret in SECRETS if secret in text] == []
    # What is left still says which URL it was.
    assert "DATABASE_URL='mysql://***@db.internal:3306/agency?***'" in problems["DATABASE_URL"]
    assert "REFLEX_REDIS_URL='redis://***@127.0.0.1:six/0'" in problems["REFLEX_REDIS_URL"]
    assert "'ftp://***@hooks.example.com/***?***'" in problems["CONTACT_WEBHOOK_URL"]


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("postgresql://agency:s3cret-pw@127.0.0.1:5432/agency", "postgresql://***@127.0.0.1:5432/agency"),
        ("redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/0"),
        ("https://hooks.example.com/in?token=t0ken-in-query#frag", "https://hooks.example.com/in?***#***"),
        ("agency:s3cret-pw@127.0.0.1/agency", "***@127.0.0.1/agency"),
        ("http://t0ken-in-user@[::1", "http://***@[::1"),
    ],
)
def test_redact_url_keeps_the_address_and_drops_the_secrets(raw, shown):
    assert redact_url(raw) == shown
