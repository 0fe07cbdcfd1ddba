"""Settings read from the environment, with `.env` (never committed) as the local source."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from dotenv import load_dotenv

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = f"sqlite:///{PROJECT_ROOT / 'agency_site.db'}"


@dataclass(frozen=True)
class LeadSettings:
    """How contact messages are limited, delivered and kept (issue 6; README 'Operators')."""

    # Webhook that receives each stored message as JSON; None keeps messages in the table only.
    webhook_url: str | None = None
    webhook_timeout_s: float = 5.0
    # HTTP attempts per delivery round, with exponential backoff starting at this many seconds.
    webhook_attempts: int = 3
    webhook_backoff_s: float = 0.5
    # The background task looks for undelivered messages this often; a failed message waits
    # this long before its next round, then twice as long each time (up to 6 hours).
    retry_interval_s: float = 60.0
    # Per client: at most `rate_limit` messages in `rate_window_s` seconds.
    rate_limit: int = 5
    rate_window_s: float = 600.0
    # Reflex's own Redis (REFLEX_REDIS_URL), when it runs several workers: they count together.
    redis_url: str | None = None
    # Retention: `purge` without --older-than deletes messages older than this.
    retention_days: int = 365


@dataclass(frozen=True)
class Settings:
    """Deployment-specific values; content and company facts live in `content/` instead."""

    site_url: str
    database_url: str
    content_dir: Path
    leads: LeadSettings = LeadSettings()


def sqlalchemy_url(url: str) -> str:
    """`postgresql://` as people write it, with the driver we ship (psycopg 3) named.

    SQLAlchemy would otherwise pick psycopg2, which is not installed.
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _number(name: str, default: float) -> float:
    raw = os.environ.get(name, "").strip()
    return float(raw) if raw else default


def lead_settings_from_env() -> LeadSettings:
    """The CONTACT_* variables of `.env.example`; unset ones keep their defaults."""
    defaults = LeadSettings()
    return LeadSettings(
        webhook_url=os.environ.get("CONTACT_WEBHOOK_URL", "").strip() or None,
        webhook_timeout_s=_number("CONTACT_WEBHOOK_TIMEOUT_S", defaults.webhook_timeout_s),
        webhook_attempts=int(_number("CONTACT_WEBHOOK_ATTEMPTS", defaults.webhook_attempts)),
        webhook_backoff_s=_number("CONTACT_WEBHOOK_BACKOFF_S", defaults.webhook_backoff_s),
        retry_interval_s=_number("CONTACT_RETRY_INTERVAL_S", defaults.retry_interval_s),
        rate_limit=int(_number("CONTACT_RATE_LIMIT", defaults.rate_limit)),
        rate_window_s=_number("CONTACT_RATE_WINDOW_S", defaults.rate_window_s),
        redis_url=os.environ.get("REFLEX_REDIS_URL", "").strip() or None,
        retention_days=int(_number("CONTACT_RETENTION_DAYS", defaults.retention_days)),
    )


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Read the settings once; `.env` never overrides variables already set."""
    load_dotenv(PROJECT_ROOT / ".env", override=False)
    content_dir = Path(os.environ.get("CONTENT_DIR", PROJECT_ROOT / "content"))
    if not content_dir.is_absolute():
        content_dir = PROJECT_ROOT / content_dir
    return Settings(
        site_url=os.environ.get("SITE_URL", "http://localhost:3000").rstrip("/"),
        database_url=sqlalchemy_url(os.environ.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL),
        content_dir=content_dir,
        leads=lead_settings_from_env(),
    )
