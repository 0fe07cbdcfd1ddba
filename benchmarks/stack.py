"""The production stack in figures (make bench-stack): figures only, nothing passes or fails.

In one run:
1. pages per second through nginx (https://localhost:8443, `make stack`) beside the same
   pages from `make run`'s server (`reflex run --env prod --single-port`, built and served
   here on a free port): the same client, keep-alive connections, gzip, N at a time;
2. 200 visitors sending the contact form at the same moment through nginx into
   PostgreSQL, each from its own loopback address (so each has its own rate limit, as
   real visitors do): messages per second, p50/p99 latency, rows stored;
3. 1,000 open visitor sessions (websocket connected, state hydrated) spread over the two
   backend instances: connections and resident memory per instance, before and after;
4. the abuse limits holding: one loopback address opens websockets to /_event
   as fast as it can (--flood attempts, 50 in flight, at most --flood-seconds) while a
   visitor from another address sends the form: how many nginx let through, slowed or
   refused (429: too many new connections, 503: too many open), and the visitor's outcome.

    .venv/bin/python benchmarks/stack.py [--duration 10] [--concurrency 32] [--visitors 200]
        [--sessions 1000] [--flood 300] [--flood-seconds 30] [--no-run-server]

It starts the stack with `python -m deploy.stack up` when nothing answers on 8443 (and
stops it again afterwards); a stack already running is measured as it is. The load
generator shares this machine's cores with nginx and the servers.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.contact_throughput import Visitor, own_server, run  # noqa: E402
from deploy.stack import Stack, local_stack  # noqa: E402
from tests.support.processes import established_connection_ends, group_memory_kib  # noqa: E402

PAGES = ["/", "/about", "/services", "/portfolio", "/blog", "/contact", "/de", "/de/ueber-uns", "/de/kontakt"]


def _connections(stack: Stack) -> dict[int, int]:
    """Established connections to each backend instance (nginx's)."""
    return {port: len(ends) for port, ends in established_connection_ends(stack.backend_ports).items()}


def _memory_kib(stack: Stack) -> dict[int, int]:
    """Resident memory of each backend instance (all processes of its group), in KiB."""
    return {port: group_memory_kib(group) for port, group in stack.backend_groups().items()}


def _unverified_tls() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


async def _load(base_url: str, duration_s: float, concurrency: int) -> dict:
    """Request the pages in turn from `concurrency` workers for `duration_s` seconds."""
    latencies: list[float] = []
    errors = 0
    received = 0
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(verify=False, limits=limits, headers={"Accept-Encoding": "gzip"}) as client:
        deadline = time.perf_counter() + duration_s

        async def worker(offset: int) -> None:
            nonlocal errors, received
            index = offset
            while time.perf_counter() < deadline:
                path = PAGES[index % len(PAGES)]
                index += 1
                started = time.perf_counter()
                try:
                    response = await client.get(base_url + path)
                    # The compressed bytes as sent; no time spent decompressing them here.
                    received += int(response.headers.get("content-length", 0))
                    if response.status_code != 200:
                        errors += 1
                        continue
                except httpx.HTTPError:
                    errors += 1
                    continue
                latencies.append(time.perf_counter() - started)

        started = time.perf_counter()
        await asyncio.gather(*(worker(offset) for offset in range(concurrency)))
        elapsed = time.perf_counter() - started
    return {
        "pages": len(latencies),
        "per_s": len(latencies) / elapsed,
        "p50_ms": statistics.median(latencies) * 1000 if latencies else 0,
        "p99_ms": _percentile(latencies, 0.99) * 1000 if latencies else 0,
        "errors": errors,
        "mib_per_s": received / elapsed / 2**20,
    }


def _source(index: int) -> str:
    """A loopback address of its own for visitor `index` (127.0.1.1, 127.0.1.2, ...)."""
    return f"127.0.{1 + index // 250}.{1 + index % 250}"


async def _open_sessions(base_url: str, count: int) -> list[Visitor]:
    visitors = [Visitor(base_url, index, "sessions") for index in range(count)]
    tls = _unverified_tls()
    for start in range(0, count, 50):
        batch = visitors[start : start + 50]
        await asyncio.gather(
            *(visitor.connect(ssl_context=tls, source=_source(visitor.index)) for visitor in batch)
        )
    return visitors


def _redis_usage(url: str) -> tuple[int, int]:
    """Keys in the stack's Redis database and the server's used memory in bytes."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        return int(client.dbsize()), int(client.info("memory")["used_memory"])
    finally:
        client.close()


def _redis_limit(url: str) -> str:
    import redis

    client = redis.Redis.from_url(url, decode_responses=True)
    try:
        limits = client.config_get("maxmemory*")
        return f"{int(limits['maxmemory']) // 2**20} MiB, {limits['maxmemory-policy']}"
    finally:
        client.close()


FLOOD_SOURCE = "127.0.9.1"


async def _handshake(url: str, tls: ssl.SSLContext) -> tuple[int, float, asyncio.StreamWriter | None]:
    """One websocket handshake to /_event/ from FLOOD_SOURCE: status, seconds to the answer,
    and the open connection when it was let through (101), so that it stays counted."""
    parts = httpx.URL(url)
    started = time.perf_counter()
    try:
        reader, writer = await asyncio.open_connection(
            "127.0.0.1", parts.port, ssl=tls, server_hostname="localhost", local_addr=(FLOOD_SOURCE, 0)
        )
        writer.write(
            (
                f"GET /_event/?token={uuid.uuid4()}&EIO=4&transport=websocket HTTP/1.1\r\n"
                f"Host: localhost:{parts.port}\r\nOrigin: {url}\r\nUpgrade: websocket\r\n"
                "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = await reader.readuntil(b"\r\n\r\n")
    except (OSError, asyncio.IncompleteReadError):
        return 0, time.perf_counter() - started, None
    status = int(head.split(b" ", 2)[1])
    if status != 101:
        writer.close()
        return status, time.perf_counter() - started, None
    return status, time.perf_counter() - started, writer


async def _flood(url: str, attempts: int, seconds: float) -> dict:
    """`attempts` handshakes from one address, 50 in flight, for at most `seconds`; a
    visitor from another address sends the form meanwhile."""
    tls = _unverified_tls()
    slots = asyncio.Semaphore(50)
    deadline = time.perf_counter() + seconds
    results: list[tuple[int, float, asyncio.StreamWriter | None]] = []

    async def attempt() -> None:
        async with slots:
            if time.perf_counter() < deadline:
                results.append(await _handshake(url, tls))

    visitor = Visitor(url, 0, f"flood-{uuid.uuid4().hex[:8]}")

    async def visit() -> None:
        await asyncio.sleep(1)  # the flood is under way
        try:
            await visitor.connect(ssl_context=tls, source="127.0.9.2")
            await asyncio.wait_for(visitor.submit(), 60)
        except Exception as error:  # noqa: BLE001 - reported, not raised: a figure
            visitor.status = f"failed: {error!r}"[:80]
        finally:
            await visitor.close()

    started = time.perf_counter()
    await asyncio.gather(
        asyncio.wait_for(asyncio.gather(*(attempt() for _ in range(attempts))), seconds + 30), visit()
    )
    elapsed = time.perf_counter() - started
    for _, _, writer in results:
        if writer is not None:
            writer.close()
    accepted = sorted(wait for status, wait, _ in results if status == 101)
    statuses = [status for status, _, _ in results]
    return {
        "attempts": len(results),
        "elapsed_s": elapsed,
        "accepted": len(accepted),
        "accepted_waits": accepted,
        "refused_429": statuses.count(429),
        "refused_503": statuses.count(503),
        "other": len(statuses) - len(accepted) - statuses.count(429) - statuses.count(503),
        "visitor": visitor,
    }


def _stored_rows(database_url: str, run_id: str) -> int:
    from agency_site.leads import store
    from agency_site.leads.database import create_engine

    engine = create_engine(database_url)
    try:
        return sum(1 for row in store.messages(engine) if run_id in row.subject)
    finally:
        engine.dispose()


@contextlib.contextmanager
def running_stack():
    """The stack of `make stack`: the one running, or started here and stopped after."""
    stack = local_stack()
    try:
        already = httpx.get(stack.url + "/ping", verify=False, timeout=2).status_code == 200
    except httpx.HTTPError:
        already = False
    if not already:
        subprocess.run([sys.executable, "-m", "deploy.stack", "up"], cwd=ROOT, check=True)
    try:
        yield stack
    finally:
        if not already:
            subprocess.run([sys.executable, "-m", "deploy.stack", "down"], cwd=ROOT, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--duration", type=float, default=10.0, help="seconds of page load per server")
    parser.add_argument("--concurrency", type=int, default=32, help="requests in flight")
    parser.add_argument("--visitors", type=int, default=200, help="contact forms sent at once")
    parser.add_argument("--sessions", type=int, default=1000, help="open visitor sessions")
    parser.add_argument("--flood", type=int, default=300, help="handshakes from one address in part 4")
    parser.add_argument("--flood-seconds", type=float, default=30, help="at most this long")
    parser.add_argument("--no-run-server", action="store_true", help="skip make run's server")
    args = parser.parse_args()

    with running_stack() as stack, contextlib.ExitStack() as servers:
        stack_env = dict(line.split("=", 1) for line in (stack.folder / "env").read_text().splitlines()[1:])
        print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
        print(f"\n1. pages per second ({len(PAGES)} pages in turn, {args.concurrency} at a time, gzip)")
        targets = {"nginx (stack)": stack.url}
        if not args.no_run_server:
            database = Path(tempfile.mkdtemp(prefix="bench-stack-")) / "run.db"
            targets["make run's server"] = servers.enter_context(own_server(f"sqlite:///{database}"))
        for name, url in targets.items():
            asyncio.run(_load(url, 2, args.concurrency))  # warm up
            figures = asyncio.run(_load(url, args.duration, args.concurrency))
            print(
                f"   {name:18} {figures['per_s']:7.0f} pages/s  p50 {figures['p50_ms']:5.1f} ms  "
                f"p99 {figures['p99_ms']:6.1f} ms  {figures['mib_per_s']:5.1f} MiB/s  errors {figures['errors']}"
            )

        print(f"\n2. {args.visitors} visitors send the contact form at once through nginx into PostgreSQL")
        run_id = uuid.uuid4().hex[:8]
        tls = _unverified_tls()
        visitors, elapsed = asyncio.run(
            run(
                stack.url,
                args.visitors,
                run_id,
                False,
                lambda index: {"ssl_context": tls, "source": _source(index)},
            )
        )
        latencies = [
            visitor.latency_s for visitor in visitors if visitor.status == "sent" and visitor.latency_s
        ]
        print(f"   answered 'sent'   {len(latencies)} of {len(visitors)} in {elapsed:.2f} s")
        print(f"   messages/s        {len(latencies) / elapsed:.1f}")
        if latencies:
            print(
                f"   latency           p50 {statistics.median(latencies) * 1000:.0f} ms, "
                f"p99 {_percentile(latencies, 0.99) * 1000:.0f} ms"
            )
        print(f"   rows stored       {_stored_rows(stack_env['DATABASE_URL'], run_id)}")

        print(f"\n3. {args.sessions} open visitor sessions across the instances")
        before_memory = _memory_kib(stack)
        before_connections = _connections(stack)

        redis_before = _redis_usage(stack_env["REFLEX_REDIS_URL"])

        async def sessions() -> None:
            opened = await _open_sessions(stack.url, args.sessions)
            connections = _connections(stack)
            memory = _memory_kib(stack)
            for port in stack.backend_ports:
                added = connections[port] - before_connections[port]
                grown = (memory[port] - before_memory[port]) / 1024
                per_session = memory[port] - before_memory[port]
                print(
                    f"   instance :{port}  sessions {added:5d}  memory {before_memory[port] / 1024:6.0f} -> "
                    f"{memory[port] / 1024:6.0f} MiB (+{grown:.0f} MiB, "
                    f"{per_session / max(added, 1):.0f} KiB per session)"
                )
            await asyncio.gather(*(visitor.close() for visitor in opened), return_exceptions=True)
            # The instances write a session's state to Redis after its events, not at once:
            # read Redis when its key count has stopped growing.
            keys, memory = _redis_usage(stack_env["REFLEX_REDIS_URL"])
            for _ in range(20):
                await asyncio.sleep(0.5)
                now = _redis_usage(stack_env["REFLEX_REDIS_URL"])
                if now[0] == keys:
                    break
                keys, memory = now
            print(
                f"   Redis             {redis_before[0]} -> {keys} keys, {redis_before[1] / 2**20:.1f} -> "
                f"{memory / 2**20:.1f} MiB, {(memory - redis_before[1]) / max(len(opened), 1) / 1024:.1f} KiB "
                f"per session (maxmemory {_redis_limit(stack_env['REFLEX_REDIS_URL'])})"
            )

        asyncio.run(sessions())

        print(
            f"\n4. one address opens up to {args.flood} websockets as fast as it can; a visitor sends the form"
        )
        flood = asyncio.run(_flood(stack.url, args.flood, args.flood_seconds))
        waits = flood["accepted_waits"]
        print(f"   handshakes        {flood['attempts']} in {flood['elapsed_s']:.1f} s")
        print(
            f"   let through       {flood['accepted']} (answered after "
            + (f"{waits[0]:.2f} to {waits[-1]:.2f} s)" if waits else "-)")
        )
        print(
            f"   refused           {flood['refused_429']} with 429, {flood['refused_503']} with 503, other {flood['other']}"
        )
        visitor = flood["visitor"]
        latency = f" in {visitor.latency_s * 1000:.0f} ms" if visitor.latency_s else ""
        print(f"   visitor's form    {visitor.status}{latency}")


if __name__ == "__main__":
    main()
