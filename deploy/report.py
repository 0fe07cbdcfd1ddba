"""The marketing report: page views, languages, referrers, from nginx's access log.

    python -m deploy.report --log /var/log/nginx/agency-access.log --out /var/lib/agency-report

GoAccess (Debian `goaccess`) reads the log nginx writes in the `agency_anonymous` format
(deploy/nginx/agency-site.conf.template: combined, with the visitor's address cut to its
network, the last byte of IPv4 and the last 80 bits of IPv6 zero, and no query string)
and writes one static HTML page. It reads the current log and the rotated ones
(`.1`, `.2.gz`, ...: logrotate keeps LOG_RETENTION_DAYS of them, deploy/logrotate/), so
the report covers that period. Nothing of it reaches a visitor's browser: no script, no
cookie, no request; nginx serves the page only at /_report/ behind basic auth or to this
machine (README 'Numbers for marketing'). `make report` and agency-report.timer run this.
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# Combined log format: what GoAccess calls COMBINED (the anonymised address first).
LOG_FORMAT = "COMBINED"
REPORT_FILE = "index.html"


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


def make_report(log: Path, out: Path, goaccess: str = "goaccess") -> Path:
    """Write `out`/index.html from `log` and its rotated copies; returns the page's path.
    The page is replaced at once (a reader never sees half of it)."""
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
        os.chmod(draft_path, 0o644)
        page = out / REPORT_FILE
        draft_path.replace(page)
        return page
    finally:
        draft_path.unlink(missing_ok=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--log",
        type=Path,
        default=Path(os.environ.get("NGINX_ACCESS_LOG", "/var/log/nginx/agency-access.log")),
    )
    parser.add_argument(
        "--out", type=Path, default=Path(os.environ.get("REPORT_DIR", "/var/lib/agency-report"))
    )
    args = parser.parse_args(argv)
    page = make_report(args.log, args.out)
    print(f"report: {page}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
