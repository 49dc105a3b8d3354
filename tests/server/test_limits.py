"""The failed-login limit counts over a sliding window, in memory and in Redis: ten
failures in any sixty seconds lock an address out, across the turn of a minute too.

Time is driven by hand: ``bureau.server.limits`` reads a fake clock that the tests move.
"""

from __future__ import annotations

import asyncio

import pytest
import redis.asyncio

from bureau.server import limits
from bureau.server.limits import LoginGuard

from .services import redis_url  # noqa: F401  (fixture)

MINUTE = 60.0
START = 1_800_000_000.0  # a whole minute of the clock (1800000000 / 60 = 30000000)


class Clock:
    """Stands in for the ``time`` module in ``bureau.server.limits``."""

    def __init__(self, now: float):
        self.now = now

    def time(self) -> float:
        return self.now

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    fake = Clock(START)
    monkeypatch.setattr(limits, "time", fake)
    return fake


@pytest.fixture
def server_redis(redis_url):  # noqa: F811
    """A fresh client per test (and per event loop), its keys wiped first."""

    async def connect():
        client = redis.asyncio.from_url(redis_url)
        await client.flushdb()
        return client

    return connect


def straddle(guard: LoginGuard, clock: Clock, client, address: str) -> list[bool]:
    """Five failures just before a minute turns, five just after: ``blocked`` after each
    step (before the first, after the fifth, after the tenth, and 61 s after the first)."""

    async def go():
        redis_ = await client() if client is not None else None
        seen = []
        clock.now = START + MINUTE - 0.5  # 10:00:59.5
        seen.append(await guard.blocked(address, redis_))
        for _ in range(5):
            await guard.failed(address, redis_)
        seen.append(await guard.blocked(address, redis_))
        clock.now = START + MINUTE + 0.5  # 10:01:00.5: a new minute of the clock
        for _ in range(5):
            await guard.failed(address, redis_)
        seen.append(await guard.blocked(address, redis_))
        seen.append(await guard.blocked("127.0.0.9", redis_))  # another address
        clock.now = START + 2 * MINUTE - 0.4  # the first five are a minute old
        seen.append(await guard.blocked(address, redis_))
        if redis_ is not None:
            await redis_.aclose()
        return seen

    return asyncio.run(go())


def test_ten_failures_across_the_turn_of_a_minute_lock_out_in_memory(clock):
    guard = LoginGuard(10, MINUTE)
    assert straddle(guard, clock, None, "127.0.0.1") == [False, False, True, False, False]


def test_ten_failures_across_the_turn_of_a_minute_lock_out_in_redis(clock, server_redis):
    """Fixed one-minute windows counted 5 and 5 here and let the guesser go on (the
    flaky two-process test); the sliding window counts 10."""
    guard = LoginGuard(10, MINUTE)
    assert straddle(guard, clock, server_redis, "127.0.0.1") == [False, False, True, False, False]


def test_redis_keeps_one_count_for_every_process_and_forgets_old_failures(clock, server_redis):
    """Two guards (two server processes) share the count; failures older than the window
    are dropped from Redis, the key expires, and the set never holds more than ``count``."""
    one, two = LoginGuard(10, MINUTE), LoginGuard(10, MINUTE)

    async def go():
        r = await server_redis()
        for k in range(9):
            clock.now = START + 5 * k  # nine failures over 40 s, on both processes
            await (one if k % 2 else two).failed("10.0.0.1", r)
        assert not await one.blocked("10.0.0.1", r) and not await two.blocked("10.0.0.1", r)
        clock.now = START + 59
        await one.failed("10.0.0.1", r)
        assert await one.blocked("10.0.0.1", r) and await two.blocked("10.0.0.1", r)
        clock.now = START + 60.5  # the first failure (at START) has left the window
        assert not await two.blocked("10.0.0.1", r)
        await two.failed("10.0.0.1", r)
        key = one.key("10.0.0.1")
        scores = [s for _, s in await r.zrange(key, 0, -1, withscores=True)]
        assert len(scores) == 10 and min(scores) == START + 5  # START was dropped
        assert 0 < await r.pttl(key) <= (MINUTE + 1) * 1000
        for _ in range(5):  # a burst at one instant: every one counts, the set stays bounded
            await one.failed("10.0.0.1", r)
        assert await r.zcard(key) == 10
        await r.aclose()

    asyncio.run(go())
