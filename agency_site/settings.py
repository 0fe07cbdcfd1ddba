"""Settings read from the environment, with `.env` (never committed) as the local source."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from dotenv import load_dotenv

PROJECT_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Settings:
    """Deployment-specific values; content and company facts live in `content/` instead."""

    site_url: str
    database_url: str
    content_dir: Path


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Read the settings once; `.env` never overrides variables already set."""
    load_dotenv(PROJECT_ROOT / ".env", override=False)
    content_dir = Path(os.environ.get("CONTENT_DIR", PROJECT_ROOT / "content"))
    if not content_dir.is_absolute():
        content_dir = PROJECT_ROOT / content_dir
    return Settings(
        site_url=os.environ.get("SITE_URL", "http://localhost:3000").rstrip("/"),
        database_url=os.environ.get("DATABASE_URL", f"sqlite:///{PROJECT_ROOT / 'agency_site.db'}"),
        content_dir=content_dir,
    )
