"""The per-client rate limit (issue 6, item 4): a sliding window, with a clock we control."""

from __future__ import annotations

from agency_site.leads.ratelimit import RateLimiter


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_window_slides():
    clock = Clock()
    limiter = RateLimiter(limit=5, window_s=600, clock=clock)
    assert all(limiter.acquire("a") for _ in range(5))
    assert not limiter.acquire("a")
    assert limiter.acquire("b")
    clock.now += 599
    assert not limiter.acquire("a")
    clock.now += 1  # the first five are now ten minutes old
    assert limiter.acquire("a")


def test_a_refused_message_does_not_extend_the_wait():
    clock = Clock()
    limiter = RateLimiter(limit=1, window_s=60, clock=clock)
    assert limiter.acquire("a")
    for _ in range(10):
        clock.now += 5
        assert not limiter.acquire("a")
    clock.now += 10
    assert limiter.acquire("a")


def test_release_gives_back_one_message():
    limiter = RateLimiter(limit=1, window_s=60, clock=Clock())
    assert limiter.acquire("a")
    limiter.release("a")
    limiter.release("a")  # more releases than messages are harmless
    assert limiter.acquire("a")
    assert not limiter.acquire("a")


def test_idle_clients_are_forgotten():
    clock = Clock()
    limiter = RateLimiter(limit=3, window_s=60, clock=clock)
    for client in range(100):
        limiter.acquire(f"client-{client}")
    clock.now += 61
    limiter.acquire("late")
    assert list(limiter._hits) == ["late"]
