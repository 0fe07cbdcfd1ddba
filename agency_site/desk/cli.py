"""The operators' desk commands, part of `python -m agency_site.leads`:
`staff add|remove|list` and `sessions list|revoke`."""

from __future__ import annotations

import argparse
from datetime import datetime
from typing import TextIO

import sqlalchemy as sa

from agency_site.desk import audit, sessions, staff
from agency_site.desk.model import AuditAction, StaffSource
from agency_site.desk.tokens import address_tag
from agency_site.leads.printable import printable
from agency_site.leads.retention import same_address
from agency_site.settings import get_settings


def _when(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d %H:%M") if moment else "-"


def _staff_add(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    member = staff.add(engine, args.email, display_name=args.name or "", language=args.language)
    out.write(f"added {printable(member.email)} ({member.language}); log tag {address_tag(member.email)}\n")
    return 0


def _staff_remove(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    if same_address(args.email) in {same_address(each) for each in get_settings().desk.staff}:
        out.write(f"{printable(args.email)} is listed in DESK_STAFF: take it out there (and restart)\n")
        return 1
    member = staff.find(engine, args.email)
    if member is None or not staff.remove(engine, args.email):
        out.write(f"no active member of staff {printable(args.email)}\n")
        return 1
    out.write(f"removed {printable(member.email)}; every session of theirs is revoked\n")
    return 0


def _staff_list(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    settings = get_settings().desk
    members = staff.everyone(engine)
    listed = {same_address(each) for each in settings.staff} - {member.email for member in members}
    for member in members:
        state = "active" if staff.is_active(member, settings) else f"removed {_when(member.removed_at)}"
        out.write(
            f"{printable(member.email):<36} {printable(member.display_name)[:24]:<24} {member.language}"
            f"  {member.source:<8}  {address_tag(member.email)}  added {_when(member.added_at)}  {state}\n"
        )
    for email in sorted(listed):
        out.write(
            f"{printable(email):<36} {'':<24} en  {StaffSource.SETTINGS:<8}  {address_tag(email)}  (not signed in yet)\n"
        )
    out.write(f"{len(members) + len(listed)} member(s) of staff\n")
    return 0


def _sessions_list(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    found = sessions.open_sessions(engine, get_settings().desk)
    for each in found:
        out.write(
            f"{each.id:>6}  {printable(each.email):<36} {each.method:<5}  signed in {_when(each.created_at)}"
            f"  last seen {_when(each.last_seen_at)}  expires {_when(each.expires_at)}\n"
        )
    out.write(f"{len(found)} open session(s)\n")
    return 0


def _sessions_revoke(engine: sa.Engine, args: argparse.Namespace, out: TextIO) -> int:
    if args.id is not None:
        if not sessions.revoke_by_id(engine, args.id):
            out.write(f"no open session {args.id}\n")
            return 1
        out.write(f"revoked session {args.id}\n")
        return 0
    member = staff.find(engine, args.email)
    if member is None or member.id is None:
        out.write(f"no member of staff {printable(args.email)}\n")
        return 1
    count = sessions.revoke_all(engine, member.id)
    audit.record(engine, None, AuditAction.REVOKE_SESSIONS, count=count, detail="cli")
    out.write(f"revoked {count} session(s) of {printable(member.email)}\n")
    return 0


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Add `staff` and `sessions` to the leads command line."""
    staff_command = commands.add_parser("staff", help="who may sign in to the leads desk")
    staff_actions = staff_command.add_subparsers(dest="staff_command", required=True)
    add = staff_actions.add_parser("add", help="allow an address to sign in (or bring a removed one back)")
    add.add_argument("--email", required=True)
    add.add_argument("--name", help="shown beside their notes")
    add.add_argument("--language", choices=staff.LANGUAGES, default="en")
    add.set_defaults(run=_staff_add)
    remove = staff_actions.add_parser("remove", help="stop an address signing in; revokes its sessions")
    remove.add_argument("--email", required=True)
    remove.set_defaults(run=_staff_remove)
    staff_actions.add_parser(
        "list", help="every member of staff, with the tag the logs name them by"
    ).set_defaults(run=_staff_list)
    sessions_command = commands.add_parser("sessions", help="signed-in desk sessions")
    session_actions = sessions_command.add_subparsers(dest="sessions_command", required=True)
    session_actions.add_parser("list", help="open sessions (never their tokens)").set_defaults(
        run=_sessions_list
    )
    revoke = session_actions.add_parser("revoke", help="end one session, or every session of one address")
    which = revoke.add_mutually_exclusive_group(required=True)
    which.add_argument("--id", type=int, metavar="N", help="as `sessions list` shows")
    which.add_argument("--email", help="every session of this member of staff")
    revoke.set_defaults(run=_sessions_revoke)
