"""Operators' commands: `python -m agency_site.leads list|show|export|erase|release|purge|delete|migrate|retry|resume|stats`,
and the leads desk's `staff add|remove|list` and `sessions list|revoke`."""

from __future__ import annotations

import argparse
import asyncio
import csv
import os
import sys
from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, time
from pathlib import Path
from typing import TextIO

import sqlalchemy as sa

from agency_site.leads import delivery, metrics, pauses, retention, show, store
from agency_site.leads.database import create_engine, migrate
from agency_site.leads.model import Channel, ContactMessage, MessageStatus
from agency_site.leads.printable import printable
from agency_site.settings import ENV_FILE_VARIABLE, PROJECT_ROOT, LeadSettings, SettingsError, get_settings

CSV_COLUMNS = (
    "id",
    "public_id",
    "created_at",
    "status",
    "language",
    "page",
    "name",
    "email",
    "subject",
    "message",
    "delivery_attempts",
    "last_error",
)
# A cell starting with one of these runs as a formula when the CSV is opened in a spreadsheet.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> str:
    text = "" if value is None else value.isoformat() if isinstance(value, date | time) else str(value)
    text = printable(text, multiline=True)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def export_csv(rows: Iterable[ContactMessage], out: TextIO, columns: Sequence[str] = CSV_COLUMNS) -> int:
    """Write messages as CSV (spreadsheet-safe), `columns` of each; returns how many."""
    writer = csv.writer(out)
    writer.writerow(columns)
    count = 0
    for row in rows:
        writer.writerow([_cell(getattr(row, column)) for column in columns])
        count += 1
    return count


def _list(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    count = 0
    for row in store.messages(engine, status=args.status):
        created = row.created_at.strftime("%Y-%m-%d %H:%M") if row.created_at else "?"
        email, subject = printable(row.email), printable(row.subject[:48])
        out.write(f"{row.id:>6}  {row.public_id}  {created}  {row.status:<9}  {email:<32}  {subject}\n")
        count += 1
    out.write(f"{count} message(s)\n")
    return 0


def _export(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    count = export_csv(store.messages(engine, status=args.status), out)
    print(f"exported {count} message(s)", file=sys.stderr)
    return 0


def _erase(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    out.write(f"erased {retention.erase(engine, args.email)} message(s) from {printable(args.email)}\n")
    return 0


def _release(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    try:
        released = store.release(engine, args.id)
    except ValueError as refused:
        out.write(
            f"message {args.id} not released: {refused} (the contact form refuses such fields;"
            f" delete it with `delete --id {args.id}`)\n"
        )
        return 1
    if not released:
        out.write(f"no spam message with id {args.id}\n")
        return 1
    out.write(f"released message {args.id}: stored, to be delivered\n")
    return 0


def _purge(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    days = args.older_than if args.older_than is not None else get_settings().leads.retention_days
    if days < retention.MIN_PURGE_DAYS:
        out.write(f"refusing --older-than {days}: at least {retention.MIN_PURGE_DAYS} day, nothing deleted\n")
        return 2
    purged = retention.purge(engine, days)
    out.write(f"purged {purged} message(s) older than {days} days (delivered and spam; undelivered kept)\n")
    return 0


def _delete(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    deleted = retention.delete(engine, args.id)
    out.write(f"deleted {deleted} message(s)\n")
    return 0 if deleted == len(set(args.id)) else 1


def _migrate(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    migrate(engine)
    out.write("database schema is up to date\n")
    return 0


def _show(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    found = show.lines(engine, args.id)
    if found is None:
        out.write(f"no message with id {args.id}\n")
        return 1
    out.writelines(line + "\n" for line in found)
    return 0


def _since(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _deliver_now(engine: sa.Engine, settings: LeadSettings, out: TextIO) -> int:
    if not settings.channels:
        out.write("neither CONTACT_WEBHOOK_URL nor CONTACT_NOTIFY_EMAIL is set; nothing to deliver\n")
        return 1
    out.write(f"delivered {asyncio.run(delivery.deliver_due(engine, settings))} message(s)\n")
    return 0


def _retry(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    settings = get_settings().leads
    if args.dead:
        brought_back = store.retry_dead(engine, args.since)
        out.write(f"{len(brought_back)} dead message(s) queued again\n")
    elif args.id is not None:
        if not store.retry_message(engine, args.id):
            out.write(f"message {args.id} is not failed or dead; nothing to retry\n")
            return 1
        out.write(f"message {args.id} is queued again\n")
    if args.id is None or not settings.channels:
        return _deliver_now(engine, settings, out)
    result = asyncio.run(delivery.deliver(engine, args.id, settings))
    # retry_message found the message above; only a purge since could have removed it.
    message = store.get(engine, args.id)
    status = "delivered" if result else message.status if message else "deleted"
    out.write(f"message {args.id}: {status}\n")
    return 0


def _resume(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    resumed = pauses.resume(engine, args.channel)
    if not resumed:
        out.write("no channel is paused\n")
        return 0
    out.write(f"resumed {', '.join(resumed)}\n")
    return _deliver_now(engine, get_settings().leads, out)


def _stats(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    out.write(metrics.stats_text(metrics.read(engine)))
    return 0


def parser() -> argparse.ArgumentParser:
    """The command line, one sub-command per operator task."""
    root = argparse.ArgumentParser(prog="python -m agency_site.leads", description=__doc__)
    root.add_argument("--database-url", help="instead of DATABASE_URL")
    root.add_argument(
        "--env-file",
        metavar="PATH",
        help=f"read the settings from this file, as the systemd units do (/etc/agency/env; or set {ENV_FILE_VARIABLE})",
    )
    commands = root.add_subparsers(dest="command", required=True)
    for name, helptext in (("list", "show messages, oldest first"), ("export", "write messages as CSV")):
        command = commands.add_parser(name, help=helptext)
        command.add_argument("--status", choices=[str(status) for status in MessageStatus])
        command.set_defaults(run=_list if name == "list" else _export)
    erase = commands.add_parser("erase", help="delete every message from one address (GDPR Art. 17)")
    erase.add_argument("--email", required=True)
    erase.set_defaults(run=_erase)
    release = commands.add_parser("release", help="deliver a message filed as spam after all")
    release.add_argument("--id", type=int, required=True, help="its id, as `list --status spam` shows")
    release.set_defaults(run=_release)
    purge = commands.add_parser(
        "purge", help="delete delivered and spam messages older than the retention period"
    )
    purge.add_argument(
        "--older-than", type=int, metavar="DAYS", help="default: CONTACT_RETENTION_DAYS (180); at least 1"
    )
    purge.set_defaults(run=_purge)
    delete = commands.add_parser(
        "delete", help="delete the messages named, whatever their status (undelivered ones too)"
    )
    delete.add_argument("--id", type=int, required=True, nargs="+", metavar="N")
    delete.set_defaults(run=_delete)
    commands.add_parser("migrate", help="apply the database migrations").set_defaults(run=_migrate)
    retry = commands.add_parser(
        "retry", help="deliver due messages now; --id N or --dead bring back failed or dead ones"
    )
    which = retry.add_mutually_exclusive_group()
    which.add_argument("--id", type=int, metavar="N", help="the message to take back from failed or dead")
    which.add_argument("--dead", action="store_true", help="every dead message (see --since)")
    retry.add_argument(
        "--since",
        type=_since,
        metavar="DATE",
        help="with --dead: received on or after (2026-11-28 or ISO time)",
    )
    retry.set_defaults(run=_retry)
    resume = commands.add_parser("resume", help="restart a channel a receiver paused (410 Gone)")
    resume.add_argument("--channel", choices=[str(channel) for channel in Channel], help="default: every one")
    resume.set_defaults(run=_resume)
    show_one = commands.add_parser("show", help="one message with each channel's status and last error")
    show_one.add_argument("--id", type=int, required=True)
    show_one.set_defaults(run=_show)
    commands.add_parser("stats", help="leads by status, deliveries, the oldest undelivered").set_defaults(
        run=_stats
    )
    # Imported here: the desk's modules are only needed by its commands.
    from agency_site.desk.cli import add_commands

    add_commands(commands)
    return root


def database_problem(url: str, command: str, production: bool) -> str | None:
    """Why `command` must not open the SQLite database at `url`, if it must not: only
    `migrate` creates one (a mistyped or unset DATABASE_URL must not leave an empty
    database behind), and in production never in the code folder."""
    if not url.startswith("sqlite"):
        return None
    name = sa.make_url(url).database
    if not name or name == ":memory:":
        return None
    path = Path(name)
    if path.exists():
        return None
    if command != "migrate":
        return (
            f"no database at {path}: nothing read, nothing created. Is DATABASE_URL set? The"
            f" production settings: --env-file /etc/agency/env (or {ENV_FILE_VARIABLE}=/etc/agency/env)"
        )
    if production and path.resolve().is_relative_to(PROJECT_ROOT):
        return (
            f"refusing to create the database in the code folder ({path}) in production:"
            " set DATABASE_URL (e.g. postgresql://... or sqlite:////var/lib/agency/leads.db)"
        )
    return None


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run one command; returns the exit status."""
    args = parser().parse_args(argv)
    if args.env_file:
        os.environ[ENV_FILE_VARIABLE] = args.env_file
        get_settings.cache_clear()
    try:
        settings = get_settings()
    except SettingsError as error:
        # One line per wrong variable, as the server's start prints them; no traceback.
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return 2
    url = args.database_url or settings.database_url
    if problem := database_problem(url, args.command, settings.production):
        print(problem, file=sys.stderr)
        return 2
    engine = create_engine(url)
    try:
        return args.run(engine, args, out or sys.stdout)
    finally:
        engine.dispose()
