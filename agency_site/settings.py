"""Settings read from the environment, with `.env` (never committed) as the local source.

Every value is checked when the settings are first read (at the start of `reflex run`,
`reflex export`, the leads commands): a mistake stops the start with one line per wrong
variable, naming it and saying what it should be, instead of a traceback later.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TypeVar
from urllib.parse import parse_qs, urlsplit

from dotenv import load_dotenv

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = f"sqlite:///{PROJECT_ROOT / 'agency_site.db'}"
DEFAULT_SITE_URL = "http://localhost:3000"
# How long the server keeps the state of a session (a page view that used the contact form)
# after its last event: in memory, in .states/ (one worker) or in Redis (several). Readers
# make no session at all (connect_on_intent.py). The form needs no state while the visitor
# types (the text stays in the browser until sent, and its submission key makes a resend
# safe), so a state may go early: 15 minutes after the last event instead of Reflex's hour.
# STATE_EXPIRY_S overrides it; Reflex applies it to every state manager, not only Redis.
DEFAULT_STATE_EXPIRY_S = 15 * 60

_T = TypeVar("_T")
# A URL setting's default: with a default the setting always has a value, without one it may not.
_UrlDefault = TypeVar("_UrlDefault", str, None)


class SettingsError(ValueError):
    """One or more environment variables are wrong; `problems` has one line each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass(frozen=True)
class LeadSettings:
    """How contact messages are limited, delivered and kept (docs/operators.md)."""

    # Webhook that receives each stored message as JSON; None keeps messages in the table only.
    webhook_url: str | None = None
    # Standard Webhooks secrets (`whsec_` + base64), each signing every POST (a rotation
    # lists the new and the old one); never printed.
    webhook_secrets: tuple[str, ...] = field(default=(), repr=False)
    webhook_timeout_s: float = 5.0
    # HTTP attempts per delivery round, with exponential backoff starting at this many seconds.
    webhook_attempts: int = 3
    webhook_backoff_s: float = 0.5
    # The background task looks for deliveries that are due this often.
    retry_interval_s: float = 5.0
    # A failed round waits this long before the next (or what the receiver's Retry-After
    # asks, up to a day): Standard Webhooks' and Svix's schedule, 3 days and 5 hours in
    # all. Once it is spent the delivery is dead.
    retry_schedule_s: tuple[float, ...] = (5, 300, 1800, 7200, 18000) + (36000,) * 7
    # Per client: at most `rate_limit` messages in `rate_window_s` seconds.
    rate_limit: int = 5
    rate_window_s: float = 600.0
    # Reflex's own Redis (REFLEX_REDIS_URL), when it runs several workers: they count together.
    redis_url: str | None = None
    # Retention: `purge` without --older-than deletes messages older than this. Six months:
    # long enough to answer an enquiry and its follow-ups (the privacy policy gives the reason).
    retention_days: int = 180
    # The team's inbox: each lead as a plain-text email through SMTP_URL.
    notify_email: str | None = None
    notify_from: str | None = None
    # smtp://[user:password@]host[:port][?starttls=true] or smtps://...; holds a password.
    smtp_url: str | None = field(default=None, repr=False)
    smtp_timeout_s: float = 10.0
    # Deadlines: a database that hangs, not only one that is down, must not keep
    # a visitor waiting. The visitor's save is answered within `save_deadline_s` ('not
    # sent', the form keeps the text); the database's own bounds end the work behind it.
    save_deadline_s: float = 5.0
    # Opening a connection (PostgreSQL's connect_timeout; libpq counts whole seconds, >= 2).
    db_connect_timeout_s: float = 3.0
    # PostgreSQL's statement_timeout: the server cancels a statement that runs longer.
    db_statement_timeout_s: float = 4.0
    # How long a request waits for a free connection of the pool.
    db_pool_timeout_s: float = 2.0
    # SQLite: how long a writer waits for another process's write lock.
    db_busy_timeout_s: float = 4.0

    @property
    def channels(self) -> tuple[str, ...]:
        """The configured delivery channels (agency_site.leads.model.Channel values)."""
        found = ("webhook",) if self.webhook_url else ()
        return found + (("email",) if self.notify_email and self.smtp_url else ())


@dataclass(frozen=True)
class DeskSettings:
    """Who may sign in to the leads desk, how, from where, and its speed-to-lead alarm
    (docs/operators.md, the desk's section)."""

    # Staff named in the settings (DESK_STAFF), besides those added with `leads staff add`.
    staff: tuple[str, ...] = ()
    # Networks besides loopback whose clients reach the desk's endpoints (DESK_ALLOW, CIDRs;
    # behind nginx the visitor's address as TRUSTED_PROXY_HOPS finds it).
    allow: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()
    # A session ends this long after sign-in, or after this long without an event.
    session_hours: float = 12.0
    idle_minutes: float = 120.0
    # A sign-in link (and an OpenID Connect flow) must be used within this long.
    link_minutes: float = 15.0
    # Sign-in attempts per address and per client address in `sign_in_window_s`.
    sign_in_limit: int = 5
    sign_in_ip_limit: int = 20
    sign_in_window_s: float = 900.0
    # Sender of the sign-in mails (DESK_MAIL_FROM; else CONTACT_NOTIFY_FROM or _EMAIL).
    mail_from: str | None = None
    # OpenID Connect: all three, or none (then sign-in links only).
    oidc_issuer: str | None = None
    oidc_client_id: str | None = None
    oidc_client_secret: str | None = field(default=None, repr=False)
    # Speed to lead: a lead still `new` after this many business hours is an alarm. Business
    # hours: Monday to Friday (the UAE's working week), 9:00 to 18:00 in `timezone`.
    response_hours: float = 4.0
    timezone: str = "Asia/Dubai"
    business_start_hour: int = 9
    business_end_hour: int = 18

    @property
    def oidc(self) -> bool:
        """Whether OpenID Connect sign-in is configured."""
        return bool(self.oidc_issuer and self.oidc_client_id and self.oidc_client_secret)


@dataclass(frozen=True)
class Settings:
    """Deployment-specific values; content and company facts live in `content/` instead."""

    site_url: str
    database_url: str
    content_dir: Path
    leads: LeadSettings = LeadSettings()
    # Where the exported frontend finds the backend (baked into the build by `reflex
    # export`): the site's own address behind nginx (deploy/). None keeps Reflex's default,
    # the backend port on localhost, which is right for `make run`'s single port.
    api_url: str | None = None
    # Reverse proxies in front of the backend that append to X-Forwarded-For (nginx: 1).
    # 0 ignores the header, so a visitor cannot choose the address the rate limit counts.
    trusted_proxy_hops: int = 0
    # Origins whose pages may open the backend's websocket: the site's own by default.
    allowed_origins: tuple[str, ...] = (DEFAULT_SITE_URL,)
    # Seconds a visitor's state is kept in Redis after their last event.
    state_expiry_s: int = DEFAULT_STATE_EXPIRY_S
    # Networks besides loopback that may read GET /_metrics (METRICS_ALLOW, CIDRs).
    metrics_allow: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()
    desk: DeskSettings = DeskSettings()

    @property
    def production(self) -> bool:
        """Production settings apply when the site's public address is https on a host that
        is not this machine (SITE_URL): then the leads settings must be complete."""
        parts = urlsplit(self.site_url)
        return parts.scheme == "https" and not is_loopback_host(parts.hostname or "")


def is_loopback_host(host: str) -> bool:
    """localhost, 127.0.0.0/8 or ::1."""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def sqlalchemy_url(url: str) -> str:
    """`postgresql://` as people write it, with the driver we ship (psycopg 3) named.

    SQLAlchemy would otherwise pick psycopg2, which is not installed.
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")


def _first(text: str, characters: str) -> int:
    """Where the first of `characters` is in `text` (its length if none is)."""
    return min((found for found in map(text.find, characters) if found >= 0), default=len(text))


def redact_url(raw: str, *, keep_path: bool = True) -> str:
    """`raw` as it may appear in an error or a log: the user info (a password, or a token
    in the user name) and the query and fragment (where tokens travel) become `***`, and
    without `keep_path` the path too (a webhook's path is often its secret).

    Taken apart by hand, not by urlsplit: a password may hold any of `/ # ? @ :` typed
    as they are, which urlsplit reads as the end of the host, so that part of the password
    became the host or the path. Here the user info is all up to the last `@`, which a
    host never holds. When that part holds `/`, `?` or `#` it is either such a password or
    a path, query or fragment with an `@` of its own (a token's): which, nobody can tell,
    so nothing after the scheme is shown. A URL without a scheme is read the same way.
    """
    text = raw.strip()
    scheme = _SCHEME.match(text)
    shown_scheme = scheme.group(0) if scheme else ""
    rest = text[scheme.end() :] if scheme else text
    user = ""
    if "@" in rest:
        info, rest = rest.rsplit("@", 1)
        if _first(info, "/?#") < len(info):
            return shown_scheme + "***"
        user = "***@"
    host_end = _first(rest, "/?#")
    host, tail = rest[:host_end], rest[host_end:]
    path_end = _first(tail, "?#")
    path, after = tail[:path_end], tail[path_end:]
    shown = shown_scheme + user + host
    if path not in ("", "/"):
        shown += path if keep_path else "/***"
    return shown + ("?***" if "?" in after else "") + ("#***" if "#" in after else "")


def origin_of(url: str) -> str:
    """`https://example.com:8443/path` -> `https://example.com:8443`."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class _EnvReader:
    """Reads variables and notes every mistake instead of stopping at the first."""

    def __init__(self, environ: Mapping[str, str]) -> None:
        self.environ = environ
        self.problems: list[str] = []

    def text(self, name: str) -> str:
        return self.environ.get(name, "").strip()

    def _parsed(
        self,
        name: str,
        default: _T,
        parse: Callable[[str], _T],
        expected: str,
        show: Callable[[str], str] = str,
    ) -> _T:
        """`parse(value)`, or the default and a problem naming the variable; the value is
        quoted as `show` makes it (URLs without their secrets: the line goes to journald)."""
        raw = self.text(name)
        if not raw:
            return default
        try:
            return parse(raw)
        except ValueError:
            self.problems.append(f"{name}={show(raw)!r}: expected {expected}")
            return default

    def number(self, name: str, default: float, *, minimum: float = 0.0) -> float:
        def parse(raw: str) -> float:
            value = float(raw)
            if not value >= minimum:
                raise ValueError
            return value

        return self._parsed(name, default, parse, f"a number of at least {minimum:g}")

    def integer(self, name: str, default: int, *, minimum: int = 0) -> int:
        def parse(raw: str) -> int:
            value = int(raw)
            if value < minimum:
                raise ValueError
            return value

        return self._parsed(name, default, parse, f"a whole number of at least {minimum}")

    def web_url(
        self, name: str, default: _UrlDefault, *, origin_only: bool = False, secret_path: bool = False
    ) -> str | _UrlDefault:
        """An absolute http(s) URL; with `origin_only`, no path, query or fragment either;
        with `secret_path`, an error does not show its path (a webhook's token)."""

        def parse(raw: str) -> str:
            parts = urlsplit(raw)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise ValueError
            if origin_only and (parts.path.strip("/") or parts.query or parts.fragment):
                raise ValueError
            parts.port  # noqa: B018 - raises ValueError for a port that is not a number
            return raw.rstrip("/")

        what = "scheme://host[:port] with no path" if origin_only else "an absolute http:// or https:// URL"
        return self._parsed(
            name,
            default,
            parse,
            f"{what}, e.g. https://www.example.com",
            show=lambda raw: redact_url(raw, keep_path=not secret_path),
        )

    def url_with_scheme(
        self, name: str, default: _UrlDefault, schemes: tuple[str, ...], example: str
    ) -> str | _UrlDefault:
        """A URL of one of `schemes` (a database's, Redis'), with a numeric port if any."""

        def parse(raw: str) -> str:
            parts = urlsplit(raw)
            if parts.scheme not in schemes:
                raise ValueError
            parts.port  # noqa: B018 - raises ValueError for a port that is not a number
            return raw

        return self._parsed(
            name,
            default,
            parse,
            f"a URL starting with {' or '.join(schemes)}, e.g. {example}",
            show=redact_url,
        )

    def email(self, name: str) -> str | None:
        def parse(raw: str) -> str:
            local, _, domain = raw.rpartition("@")
            if not local or "." not in domain or any(char.isspace() or char in "<>,;" for char in raw):
                raise ValueError
            return raw

        return self._parsed(name, None, parse, "one email address, e.g. leads@example.com")

    def secret_url(self, name: str, schemes: tuple[str, ...], example: str) -> str | None:
        """A URL that may hold a password: a mistake is named without repeating the value."""
        raw = self.text(name)
        if not raw:
            return None
        parts = urlsplit(raw)
        try:
            parts.port  # noqa: B018 - raises ValueError for a port that is not a number
        except ValueError:
            parts = None
        if parts is None or parts.scheme not in schemes or not parts.hostname:
            self.problems.append(
                f"{name}: expected a URL starting with {' or '.join(schemes)}, e.g. {example}"
            )
            return None
        return raw

    def webhook_secrets(self, name: str) -> tuple[str, ...]:
        """One or more secrets (space- or comma-separated), each `whsec_` + base64 of at
        least 24 bytes; a mistake is named by position, the value never shown."""
        found = []
        items = self.text(name).replace(",", " ").split()
        for position, raw in enumerate(items, start=1):
            try:
                key = base64.b64decode(raw.removeprefix("whsec_"), validate=True)
            except (binascii.Error, ValueError):
                key = b""
            if not raw.startswith("whsec_") or len(key) < 24:
                which = f" (secret {position} of {len(items)})" if len(items) > 1 else ""
                self.problems.append(
                    f"{name}: expected whsec_ followed by at least 24 random bytes in base64{which}"
                    " (python -c \"import base64,os; print('whsec_' + base64.b64encode(os.urandom(32)).decode())\")"
                )
                continue
            found.append(raw)
        return tuple(found)

    def networks(self, name: str) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
        found = []
        for item in (part.strip() for part in self.text(name).split(",")):
            if not item:
                continue
            try:
                found.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                self.problems.append(
                    f"{name}: {item!r} is not an address or network; expected e.g. 10.0.0.0/8"
                )
        return tuple(found)

    def origins(self, name: str, default: tuple[str, ...]) -> tuple[str, ...]:
        raw = self.text(name)
        if not raw:
            return default
        found = []
        for item in (part.strip() for part in raw.split(",")):
            parts = urlsplit(item)
            if parts.scheme not in ("http", "https") or not parts.hostname or parts.path.strip("/"):
                self.problems.append(
                    f"{name}: {redact_url(item)!r} is not an origin;"
                    " expected comma-separated scheme://host[:port]"
                )
                continue
            found.append(origin_of(item))
        return tuple(found) or default


def _lead_settings(env: _EnvReader) -> LeadSettings:
    """The CONTACT_* variables of `.env.example`; unset ones keep their defaults."""
    defaults = LeadSettings()
    return LeadSettings(
        webhook_url=env.web_url("CONTACT_WEBHOOK_URL", None, secret_path=True),
        webhook_timeout_s=env.number("CONTACT_WEBHOOK_TIMEOUT_S", defaults.webhook_timeout_s, minimum=0.001),
        webhook_attempts=env.integer("CONTACT_WEBHOOK_ATTEMPTS", defaults.webhook_attempts, minimum=1),
        webhook_backoff_s=env.number("CONTACT_WEBHOOK_BACKOFF_S", defaults.webhook_backoff_s),
        retry_interval_s=env.number("CONTACT_RETRY_INTERVAL_S", defaults.retry_interval_s, minimum=0.001),
        rate_limit=env.integer("CONTACT_RATE_LIMIT", defaults.rate_limit, minimum=1),
        rate_window_s=env.number("CONTACT_RATE_WINDOW_S", defaults.rate_window_s, minimum=0.001),
        redis_url=env.url_with_scheme(
            "REFLEX_REDIS_URL", None, ("redis", "rediss", "unix"), "redis://127.0.0.1:6379/0"
        ),
        retention_days=env.integer("CONTACT_RETENTION_DAYS", defaults.retention_days, minimum=1),
        notify_email=env.email("CONTACT_NOTIFY_EMAIL"),
        notify_from=env.email("CONTACT_NOTIFY_FROM"),
        smtp_url=env.secret_url(
            "SMTP_URL", ("smtp", "smtps"), "smtp://user:password@mail.example.com:587?starttls=true"
        ),
        smtp_timeout_s=env.number("SMTP_TIMEOUT_S", defaults.smtp_timeout_s, minimum=0.001),
        webhook_secrets=env.webhook_secrets("CONTACT_WEBHOOK_SECRET"),
        save_deadline_s=env.number("CONTACT_SAVE_DEADLINE_S", defaults.save_deadline_s, minimum=0.001),
        db_connect_timeout_s=env.number(
            "DATABASE_CONNECT_TIMEOUT_S", defaults.db_connect_timeout_s, minimum=2
        ),
        db_statement_timeout_s=env.number(
            "DATABASE_STATEMENT_TIMEOUT_S", defaults.db_statement_timeout_s, minimum=0.001
        ),
        db_pool_timeout_s=env.number("DATABASE_POOL_TIMEOUT_S", defaults.db_pool_timeout_s, minimum=0.001),
        db_busy_timeout_s=env.number("DATABASE_BUSY_TIMEOUT_S", defaults.db_busy_timeout_s, minimum=0.001),
    )


def _desk_settings(env: _EnvReader) -> DeskSettings:
    """The DESK_* variables of `.env.example`; unset ones keep their defaults."""
    defaults = DeskSettings()
    staff = []
    for item in (part.strip() for part in env.text("DESK_STAFF").split(",")):
        if not item:
            continue
        local, _, domain = item.rpartition("@")
        if not local or "." not in domain or any(char.isspace() or char in "<>;" for char in item):
            env.problems.append(
                f"DESK_STAFF: {item!r} is not an email address; expected comma-separated addresses"
            )
            continue
        staff.append(item)
    timezone = env.text("DESK_TIMEZONE") or defaults.timezone
    try:
        from zoneinfo import ZoneInfo

        ZoneInfo(timezone)
    except (ValueError, KeyError, OSError):
        env.problems.append(f"DESK_TIMEZONE={timezone!r}: expected a time zone name, e.g. Asia/Dubai")
        timezone = defaults.timezone
    settings = DeskSettings(
        staff=tuple(staff),
        allow=env.networks("DESK_ALLOW"),
        session_hours=env.number("DESK_SESSION_HOURS", defaults.session_hours, minimum=0.01),
        idle_minutes=env.number("DESK_IDLE_MINUTES", defaults.idle_minutes, minimum=1),
        link_minutes=env.number("DESK_LINK_MINUTES", defaults.link_minutes, minimum=1),
        sign_in_limit=env.integer("DESK_SIGN_IN_LIMIT", defaults.sign_in_limit, minimum=1),
        sign_in_ip_limit=env.integer("DESK_SIGN_IN_IP_LIMIT", defaults.sign_in_ip_limit, minimum=1),
        sign_in_window_s=env.number("DESK_SIGN_IN_WINDOW_S", defaults.sign_in_window_s, minimum=1),
        mail_from=env.email("DESK_MAIL_FROM"),
        oidc_issuer=env.web_url("DESK_OIDC_ISSUER", None),
        oidc_client_id=env.text("DESK_OIDC_CLIENT_ID") or None,
        oidc_client_secret=env.text("DESK_OIDC_CLIENT_SECRET") or None,
        response_hours=env.number("DESK_RESPONSE_HOURS", defaults.response_hours, minimum=0.25),
        timezone=timezone,
        business_start_hour=env.integer("DESK_BUSINESS_START_HOUR", defaults.business_start_hour),
        business_end_hour=env.integer("DESK_BUSINESS_END_HOUR", defaults.business_end_hour, minimum=1),
    )
    named = [
        name
        for name in ("DESK_OIDC_ISSUER", "DESK_OIDC_CLIENT_ID", "DESK_OIDC_CLIENT_SECRET")
        if env.text(name)
    ]
    if named and len(named) < 3:
        env.problems.append(
            "DESK_OIDC_ISSUER, DESK_OIDC_CLIENT_ID and DESK_OIDC_CLIENT_SECRET: set all three for"
            " OpenID Connect sign-in, or none (sign-in links only)"
        )
    if not 0 <= settings.business_start_hour < settings.business_end_hour <= 24:
        env.problems.append(
            "DESK_BUSINESS_START_HOUR, DESK_BUSINESS_END_HOUR: expected 0 <= start < end <= 24, e.g. 9 and 18"
        )
    return settings


def _check_leads(env: _EnvReader, leads: LeadSettings, production: bool) -> None:
    """What only makes sense together: a signed https webhook, an inbox with its server."""
    if leads.webhook_url:
        host = urlsplit(leads.webhook_url).hostname or ""
        if not leads.webhook_url.startswith("https://") and not is_loopback_host(host):
            env.problems.append(
                "CONTACT_WEBHOOK_URL: must be https:// (plain http only to this machine, e.g. http://127.0.0.1)"
            )
        if production and not leads.webhook_secrets and not env.text("CONTACT_WEBHOOK_SECRET"):
            env.problems.append(
                "CONTACT_WEBHOOK_SECRET: required with CONTACT_WEBHOOK_URL when SITE_URL is a public https"
                " address (production); e.g. whsec_ followed by 32 random bytes in base64"
            )
    if leads.notify_email and not env.text("SMTP_URL"):
        env.problems.append(
            "SMTP_URL: required with CONTACT_NOTIFY_EMAIL, e.g. smtps://user:password@mail.example.com"
        )
    if leads.smtp_url and not env.text("CONTACT_NOTIFY_EMAIL"):
        env.problems.append("CONTACT_NOTIFY_EMAIL: required with SMTP_URL (the team's address)")
    if production and leads.smtp_url and _plaintext_login(leads.smtp_url):
        env.problems.append(
            "SMTP_URL: the password would cross the network unencrypted (AUTH over plain SMTP),"
            " and every lead with it; use smtps://host (port 465) or smtp://host:587?starttls=true"
        )


def _plaintext_login(smtp_url: str) -> bool:
    """A login to another machine's SMTP server without TLS (loopback is this machine's
    own relay: nothing crosses a network)."""
    parts = urlsplit(smtp_url)
    starttls = parse_qs(parts.query).get("starttls", ["false"])[-1].lower() in (
        "1",
        "true",
        "yes",
        "required",
    )
    encrypted = parts.scheme == "smtps" or starttls
    return bool(parts.username) and not encrypted and not is_loopback_host(parts.hostname or "")


def settings_from_env(environ: Mapping[str, str]) -> Settings:
    """All settings from `environ`; raises SettingsError listing every wrong variable."""
    env = _EnvReader(environ)
    content_dir = Path(env.text("CONTENT_DIR") or PROJECT_ROOT / "content")
    if not content_dir.is_absolute():
        content_dir = PROJECT_ROOT / content_dir
    if not content_dir.is_dir():
        env.problems.append(f"CONTENT_DIR={str(content_dir)!r}: no such folder")
    site_url = env.web_url("SITE_URL", DEFAULT_SITE_URL, origin_only=True)
    database_url = env.url_with_scheme(
        "DATABASE_URL",
        DEFAULT_DATABASE_URL,
        ("sqlite", "postgresql", "postgres", "postgresql+psycopg"),
        "postgresql://user:password@127.0.0.1:5432/agency",
    )
    api_url = env.web_url("API_URL", None, origin_only=True)
    settings = Settings(
        site_url=site_url,
        database_url=sqlalchemy_url(database_url),
        content_dir=content_dir,
        leads=_lead_settings(env),
        api_url=api_url,
        trusted_proxy_hops=env.integer("TRUSTED_PROXY_HOPS", 0),
        allowed_origins=env.origins(
            "ALLOWED_ORIGINS", tuple(dict.fromkeys(origin_of(url) for url in (site_url, api_url) if url))
        ),
        state_expiry_s=env.integer("STATE_EXPIRY_S", DEFAULT_STATE_EXPIRY_S, minimum=60),
        metrics_allow=env.networks("METRICS_ALLOW"),
        desk=_desk_settings(env),
    )
    if (
        settings.desk.oidc_issuer
        and settings.production
        and not settings.desk.oidc_issuer.startswith("https://")
    ):
        env.problems.append("DESK_OIDC_ISSUER: must be https:// when SITE_URL is a public https address")
    _check_leads(env, settings.leads, settings.production)
    if env.problems:
        raise SettingsError(env.problems)
    return settings


# The environment file a deployment's settings live in (the systemd units set it beside
# their EnvironmentFile=); an operator's shell sets it, or `leads --env-file`, to read the
# same. When it is set, the code folder's `.env` is not read: one file, named.
ENV_FILE_VARIABLE = "AGENCY_ENV_FILE"


def env_file() -> Path:
    """The file `get_settings` reads variables from: AGENCY_ENV_FILE's, else `.env`."""
    named = os.environ.get(ENV_FILE_VARIABLE, "").strip()
    return Path(named) if named else PROJECT_ROOT / ".env"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Read the settings once; the environment file (`env_file`) never overrides variables
    already set. A named file that cannot be read is an error, not an empty file."""
    path = env_file()
    if os.environ.get(ENV_FILE_VARIABLE, "").strip():
        try:
            path.read_bytes()
        except OSError as error:
            raise SettingsError(
                [f"{ENV_FILE_VARIABLE}={str(path)!r}: cannot be read ({error.strerror})"]
            ) from None
    load_dotenv(path, override=False)
    return settings_from_env(os.environ)
