"""The desk's inbox on a full database: 10,000 leads in PostgreSQL, then the server's answer
to paging and searching timed (the service functions the desk's events call, not the
websocket around them). Figures only; nothing here passes or fails.

    .venv/bin/python benchmarks/desk_inbox.py            # 10,000 leads, 50 runs per query
    .venv/bin/python benchmarks/desk_inbox.py -n 20000 --runs 100 \\
        --postgres postgresql://postgres@127.0.0.1:5432/test

It creates a database of its own on the PostgreSQL server (through the database named in
--postgres, which it does not write to), migrates it, stores the leads as the contact form
does (search column included), and drops it at the end.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agency_site.desk.inbox import DeliveryFilter, InboxFilter, inbox_page  # noqa: E402
from agency_site.leads import store  # noqa: E402
from agency_site.leads.database import create_engine, migrate  # noqa: E402
from agency_site.leads.model import ContactMessage  # noqa: E402
from agency_site.leads.validation import Submission  # noqa: E402
from agency_site.settings import sqlalchemy_url  # noqa: E402

FIRST = ["Jörg", "Ada", "Fatima", "Müller", "Ravi", "Sofía", "Chen", "Björn", "Aisha", "Lukas", "Zoë", "Omar"]
LAST = ["Weiß", "Lovelace", "Al Mansouri", "Schäfer", "Kumar", "García", "Li", "Öztürk", "Khan", "Groß"]
TOPICS = [
    "AI caller for our clinic",
    "Website relaunch",
    "Angebot Telefonassistent",
    "Chatbot für unseren Onlineshop",
    "Mobile app for deliveries",
    "Büro an der Hauptstraße",
    "Voice agent in Arabic",
    "Automation of invoices",
]
WORDS = "we would like to talk about a project for our team next month budget timeline integration".split()


def submission(rng: random.Random, n: int) -> Submission:
    name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
    words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(20, 120)))
    return Submission(
        name=name,
        email=f"person{n}@example{n % 37}.com",
        subject=rng.choice(TOPICS),
        message=f"{words}. Regards, {name}",
        language=rng.choice(["en", "de"]),
        page="/contact",
        honeypot=rng.random() < 0.05,
    )


def seed(engine: sa.Engine, count: int) -> None:
    rng = random.Random(37)
    now = datetime.now(UTC)
    for start in range(0, count, 500):
        batch = [submission(rng, n) for n in range(start, min(count, start + 500))]
        ids = store.save_all(engine, batch)
        table = ContactMessage.__table__
        changes = [
            {
                "_id": message_id,
                "created_at": now - timedelta(minutes=rng.randint(0, 90 * 24 * 60)),
                "pipeline_status": rng.choice(["new", "new", "contacted", "qualified", "won", "lost"]),
                "status": rng.choice(["delivered"] * 8 + ["failed", "dead"])
                if rng.random() > 0.05
                else "spam",
            }
            for message_id in ids
        ]
        with engine.begin() as connection:
            connection.execute(
                sa.update(table)
                .where(table.c.id == sa.bindparam("_id"))
                .values(
                    created_at=sa.bindparam("created_at"),
                    pipeline_status=sa.bindparam("pipeline_status"),
                    status=sa.bindparam("status"),
                ),
                changes,
            )
    with engine.begin() as connection:
        connection.execute(sa.text("ANALYZE contact_message"))


def timed(run: Callable[[], object], runs: int) -> tuple[float, float, float]:
    """Median, p95 and max of `runs` calls, in milliseconds (after one warm-up call)."""
    run()
    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        run()
        seconds.append(time.perf_counter() - started)
    seconds.sort()
    p95 = seconds[max(0, round(0.95 * len(seconds)) - 1)]
    return statistics.median(seconds) * 1000, p95 * 1000, seconds[-1] * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=10_000, help="leads to store (10,000)")
    parser.add_argument("--runs", type=int, default=50, help="timed calls per query (50)")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    name = f"desk_bench_{uuid.uuid4().hex[:10]}"
    server = create_engine(args.postgres).execution_options(isolation_level="AUTOCOMMIT")
    with server.connect() as connection:
        connection.execute(sa.text(f'create database "{name}"'))
    url = sa.make_url(sqlalchemy_url(args.postgres)).set(database=name).render_as_string(hide_password=False)
    engine = create_engine(url)
    try:
        migrate(engine)
        started = time.perf_counter()
        seed(engine, args.n)
        print(f"stored {args.n} leads in {time.perf_counter() - started:.1f} s")
        queries: dict[str, Callable[[], object]] = {
            "page 1": lambda: inbox_page(engine),
            "page 200": lambda: inbox_page(engine, page=200),
            "new, page 1": lambda: inbox_page(engine, InboxFilter(pipeline=("new",))),
            "failed": lambda: inbox_page(engine, InboxFilter(delivery=DeliveryFilter.FAILED)),
            "German, last 30 days": lambda: inbox_page(
                engine, InboxFilter(language="de", since=datetime.now(UTC) - timedelta(days=30))
            ),
            "search 'joerg'": lambda: inbox_page(engine, InboxFilter(search="joerg")),
            "search 'strasse'": lambda: inbox_page(engine, InboxFilter(search="strasse")),
            "search 'person4711@'": lambda: inbox_page(engine, InboxFilter(search="person4711@")),
            "search 'budget integration', page 3": lambda: inbox_page(
                engine, InboxFilter(search="budget integration"), page=3
            ),
            "search nothing found": lambda: inbox_page(engine, InboxFilter(search="zzzz")),
        }
        print(f"{'query':<38} {'matches':>8} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
        for label, run in queries.items():
            total = run().total  # pyright: ignore[reportAttributeAccessIssue]
            median, p95, worst = timed(run, args.runs)
            print(f"{label:<38} {total:>8} {median:>10.1f} {p95:>8.1f} {worst:>8.1f}")
    finally:
        engine.dispose()
        with server.connect() as connection:
            connection.execute(sa.text(f'drop database if exists "{name}" with (force)'))
        server.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
