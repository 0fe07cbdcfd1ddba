"""The marketing report: page views, languages, referrers, from nginx's access log, and
the contact form's messages per day, from the leads database.

    python -m deploy.report --log /var/log/agency-site/access.log --out /var/lib/agency-report

GoAccess (Debian `goaccess`) reads the log nginx writes in the `agency_anonymous` format
(deploy/nginx/agency-site.conf.template: combined, with the visitor's address cut to its
network, the last byte of IPv4 and the last 80 bits of IPv6 zero, and no query string)
and writes one static HTML page. It reads the current log and the rotated ones
(`.1`, `.2.gz`, ...: logrotate keeps LOG_RETENTION_DAYS of them, deploy/logrotate/), so
the report covers that period. Nothing of it reaches a visitor's browser: no script, no
cookie, no request; nginx serves the page only at /_report/ behind basic auth or to this
machine (docs/operators.md, 'The website report'). `make report` and agency-report.timer run this.

The messages never pass through the access log (they travel over the form's websocket), so
their count per day and language comes from DATABASE_URL's database: counts only, no name,
address or text, and none filed as spam. The table goes into GoAccess's page above its
panels; if GoAccess's page no longer has the place it goes, the report stops saying so.
"""

from __future__ import annotations

import argparse
import gzip
import html
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa

from agency_site.leads.model import ContactMessage, MessageStatus, as_utc

logger = logging.getLogger(__name__)

# Combined log format: what GoAccess calls COMBINED (the anonymised address first).
LOG_FORMAT = "COMBINED"
REPORT_FILE = "index.html"
# As long as logrotate keeps the access log (deploy/logrotate/agency-site), so both parts
# of the report cover the same days.
REPORT_DAYS = 14
# Where the messages' table goes in GoAccess's page: just above its panels.
PANELS_ANCHOR = "<div class='wrap-panels'></div>"
LANGUAGES = ("en", "de")


@dataclass(frozen=True)
class DayOfLeads:
    """How many messages the contact form stored on one day (UTC), per page language."""

    day: date
    by_language: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.by_language.values())


def leads_per_day(engine: sa.Engine, days: int = REPORT_DAYS, today: date | None = None) -> list[DayOfLeads]:
    """The last `days` days, newest first, each with its messages per language (zero
    included: a day without a lead is a figure too); spam is left out."""
    today = today or datetime.now(UTC).date()
    first = today - timedelta(days=days - 1)
    table = ContactMessage.__table__
    statement = sa.select(table.c.created_at, table.c.language).where(
        table.c.created_at >= datetime.combine(first, datetime.min.time(), UTC),
        table.c.status != MessageStatus.SPAM.value,
    )
    counts = {first + timedelta(days=n): dict.fromkeys(LANGUAGES, 0) for n in range(days)}
    with engine.connect() as connection:
        for created_at, language in connection.execute(statement):
            day = counts.get(as_utc(created_at).date())
            if day is not None:
                day[language] = day.get(language, 0) + 1
    return [DayOfLeads(day, counts[day]) for day in sorted(counts, reverse=True)]


def leads_table(days: list[DayOfLeads] | None) -> str:
    """The messages' section of the report, in the page's own (Bootstrap) classes;
    `None`: the database could not be read, which the section says."""
    heading = "<h4 class='gheader'>Messages from the contact form, per day (UTC)</h4>"
    if days is None:
        return (
            f"<div class='row'><section id='leads-per-day' class='col-md-12'>{heading}"
            "<p>The leads database could not be read; the log of agency-report.service says why.</p></section></div>"
        )
    head = "".join(f"<th class='text-right'>{name}</th>" for name in ("English", "German", "All"))
    rows = "".join(
        f"<tr><td>{html.escape(day.day.isoformat())}</td>"
        + "".join(f"<td class='text-right'>{day.by_language.get(lang, 0)}</td>" for lang in LANGUAGES)
        + f"<td class='text-right'>{day.total}</td></tr>"
        for day in days
    )
    totals = [sum(day.by_language.get(lang, 0) for day in days) for lang in LANGUAGES]
    footer = "".join(f"<th class='text-right'>{count}</th>" for count in (*totals, sum(totals)))
    return (
        f"<div class='row'><section id='leads-per-day' class='col-md-12'>{heading}"
        "<table class='table table-striped table-condensed'>"
        f"<thead><tr><th>Day</th>{head}</tr></thead><tbody>{rows}</tbody>"
        f"<tfoot><tr><th>{len(days)} days</th>{footer}</tr></tfoot></table>"
        "<p>Messages filed as spam are not counted.</p></section></div>"
    )


def with_leads(page: str, days: list[DayOfLeads] | None) -> str:
    """GoAccess's page with the messages' table above its panels."""
    if PANELS_ANCHOR not in page:
        raise SystemExit(
            f"report: GoAccess's page has no {PANELS_ANCHOR!r} any more; "
            "deploy/report.py must put the messages' table somewhere else"
        )
    return page.replace(PANELS_ANCHOR, leads_table(days) + PANELS_ANCHOR, 1)


def log_files(log: Path) -> list[Path]:
    """The log and its rotated copies, oldest first (access.log.3.gz ... access.log)."""
    rotated = [
        path
        for path in log.parent.glob(log.name + ".*")
        if path.name[len(log.name) + 1 :].split(".")[0].isdigit()
    ]
    rotated.sort(key=lambda path: int(path.name[len(log.name) + 1 :].split(".")[0]), reverse=True)
    return [*rotated, *([log] if log.exists() else [])]


def _lines(path: Path) -> bytes:
    if path.suffix == ".gz":
        with gzip.open(path, "rb") as file:
            return file.read()
    return path.read_bytes()


def make_report(
    log: Path, out: Path, leads: list[DayOfLeads] | None = None, goaccess: str = "goaccess"
) -> Path:
    """Write `out`/index.html from `log` and its rotated copies, with `leads` (None: they
    could not be read); returns the page's path. The page is replaced at once (a reader
    never sees half of it)."""
    if shutil.which(goaccess) is None:
        raise SystemExit(f"report: {goaccess} not found (Debian: apt-get install goaccess)")
    files = log_files(log)
    if not files:
        raise SystemExit(f"report: no access log at {log}")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=out, suffix=".html", delete=False) as draft:
        draft_path = Path(draft.name)
    try:
        subprocess.run(
            [
                goaccess,
                "-",
                f"--log-format={LOG_FORMAT}",
                "--no-global-config",
                # The addresses are anonymised already; no look-ups from the server either.
                "--anonymize-ip",
                "--ignore-crawlers",
                "--no-query-string",
                "--html-report-title=Website: pages, languages, referrers",
                "-o",
                str(draft_path),
            ],
            input=b"".join(_lines(path) for path in files),
            check=True,
            capture_output=True,
        )
        draft_path.write_text(with_leads(draft_path.read_text(encoding="utf-8"), leads), encoding="utf-8")
        os.chmod(draft_path, 0o644)
        page = out / REPORT_FILE
        draft_path.replace(page)
        return page
    finally:
        draft_path.unlink(missing_ok=True)


def read_leads(database_url: str | None) -> list[DayOfLeads] | None:
    """The messages per day, or None (logged) when the database cannot be read: the
    page views are still worth a report."""
    from agency_site.leads.database import default_engine, engine_for

    try:
        engine = engine_for(database_url) if database_url else default_engine()
        return leads_per_day(engine)
    except sa.exc.SQLAlchemyError:
        logger.exception("report: the leads database could not be read")
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--log",
        type=Path,
        default=Path(os.environ.get("NGINX_ACCESS_LOG", "/var/log/agency-site/access.log")),
    )
    parser.add_argument(
        "--out", type=Path, default=Path(os.environ.get("REPORT_DIR", "/var/lib/agency-report"))
    )
    parser.add_argument(
        "--database-url", help="the leads database (default: DATABASE_URL, as the site uses it)"
    )
    args = parser.parse_args(argv)
    page = make_report(args.log, args.out, read_leads(args.database_url))
    print(f"report: {page}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
