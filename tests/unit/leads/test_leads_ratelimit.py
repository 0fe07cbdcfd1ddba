"""The per-client rate limit: a sliding window, in memory and in Redis."""

from __future__ import annotations

import asyncio
import logging
import os
import uuid

import pytest

from agency_site.leads.ratelimit import MemoryRateLimiter, RedisRateLimiter, rate_limiter

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def make_limiter(kind: str, limit: int, window_s: float, clock: Clock):
    if kind == "memory":
        return MemoryRateLimiter(limit, window_s, clock=clock)
    return RedisRateLimiter(REDIS_URL, limit, window_s, prefix=f"test:{uuid.uuid4().hex}:", clock=clock)


def run_with(kind: str, limit: int, window_s: float, scenario) -> None:
    """Run `scenario(limiter, clock)` in one event loop; Redis cases skip when it is not there."""
    clock = Clock()

    async def main():
        limiter = make_limiter(kind, limit, window_s, clock)
        try:
            if kind == "redis":
                try:
                    await limiter._redis.ping()
                except Exception as error:
                    pytest.skip(f"Redis unreachable at {REDIS_URL} ({error}); tested in memory only")
            await scenario(limiter, clock)
        finally:
            if kind == "redis":
                await limiter.close()

    asyncio.run(main())


KINDS = pytest.mark.parametrize("kind", ["memory", "redis"])


@KINDS
def test_the_window_slides(kind):
    async def scenario(limiter, clock):
        assert [await limiter.acquire("a") for _ in range(6)] == [True] * 5 + [False]
        assert await limiter.acquire("b")
        clock.now += 599
        assert not await limiter.acquire("a")
        clock.now += 1.001  # the first five are now ten minutes old
        assert await limiter.acquire("a")

    run_with(kind, 5, 600, scenario)


@KINDS
def test_a_refused_message_does_not_extend_the_wait(kind):
    async def scenario(limiter, clock):
        assert await limiter.acquire("a")
        for _ in range(10):
            clock.now += 5
            assert not await limiter.acquire("a")
        clock.now += 10.001
        assert await limiter.acquire("a")

    run_with(kind, 1, 60, scenario)


@KINDS
def test_release_gives_back_one_message(kind):
    async def scenario(limiter, clock):
        assert await limiter.acquire("a")
        await limiter.release("a")
        await limiter.release("a")  # more releases than messages are harmless
        assert await limiter.acquire("a")
        assert not await limiter.acquire("a")

    run_with(kind, 1, 60, scenario)


@KINDS
def test_concurrent_attempts_never_pass_the_limit(kind):
    async def scenario(limiter, clock):
        results = await asyncio.gather(*(limiter.acquire("a") for _ in range(20)))
        assert results.count(True) == 5

    run_with(kind, 5, 600, scenario)


def test_idle_clients_are_forgotten():
    async def scenario(limiter, clock):
        for client in range(100):
            await limiter.acquire(f"client-{client}")
        clock.now += 61
        await limiter.acquire("late")
        assert list(limiter._hits) == ["late"]

    run_with("memory", 3, 60, scenario)


def test_redis_down_lets_the_message_through_and_logs(caplog):
    async def scenario():
        limiter = RedisRateLimiter("redis://127.0.0.1:9/0", 1, 60)
        try:
            with caplog.at_level(logging.ERROR, logger="agency_site.leads.ratelimit"):
                assert await limiter.acquire("a") and await limiter.acquire("a")
        finally:
            await limiter.close()

    asyncio.run(scenario())
    assert "Redis unreachable" in caplog.text


def test_redis_is_used_when_the_app_runs_with_it():
    assert isinstance(rate_limiter(5, 600, None), MemoryRateLimiter)
    assert isinstance(rate_limiter(5, 600, REDIS_URL), RedisRateLimiter)
