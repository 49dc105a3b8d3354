"""Rate limits: submissions per account and game (``Limiter``), and failed logins per
client address (``LoginGuard``).

>>> submissions = Limiter(2, 10)
>>> [submissions.allow("ann:1") for _ in range(3)], submissions.allow("ben:1")
([True, True, False], True)
"""

from __future__ import annotations

import logging
import os
import time
from collections import defaultdict, deque

from redis.exceptions import RedisError

log = logging.getLogger("bureau.server")


class Limiter:
    """At most ``count`` events per ``seconds`` per key (a sliding window in this
    process's memory)."""

    def __init__(self, count: int, seconds: float):
        self.count, self.seconds = count, seconds
        self.seen: dict[str, deque] = defaultdict(deque)

    def recent(self, key: str) -> deque:
        """The key's events in the window, oldest first."""
        now = time.monotonic()
        q = self.seen[key]
        while q and q[0] <= now - self.seconds:
            q.popleft()
        return q

    def full(self, key: str) -> bool:
        """Has ``key`` used up its window?"""
        return len(self.recent(key)) >= self.count

    def record(self, key: str) -> None:
        self.seen[key].append(time.monotonic())

    def allow(self, key: str) -> bool:
        """Count one event for ``key`` if the window has room for it."""
        if self.full(key):
            return False
        self.record(key)
        return True


class LoginGuard:
    """At most ``count`` failed logins in any ``seconds`` from one client address; after
    that every login from it is refused until the oldest of them is ``seconds`` old, a
    right password too (a guesser must not learn which guess was right). Successful logins
    do not count, so many people behind one address can log in.

    The window slides: it is always the last ``seconds``, never a fixed minute of the
    clock, so failures on both sides of a minute's turn count together. With Redis
    (``bureau serve --redis``) the failures' times are kept there in a sorted set per
    address, shared by every server process behind a proxy; without it, or while Redis is
    unreachable, in this process's memory (``Limiter``).
    """

    PREFIX = "bureau:login-failures"

    def __init__(self, count: int = 10, seconds: float = 60):
        self.count, self.seconds = count, seconds
        self.local = Limiter(count, seconds)

    def key(self, client: str) -> str:
        return f"{self.PREFIX}:{client}"

    async def blocked(self, client: str, redis=None) -> bool:
        if redis is not None:
            since = time.time() - self.seconds
            try:
                return await redis.zcount(self.key(client), f"({since!r}", "+inf") >= self.count
            except (RedisError, OSError) as exc:
                log.warning("login limit: Redis unreachable (%s); counting in memory", exc)
        return self.local.full(client)

    async def failed(self, client: str, redis=None) -> None:
        """Count a failed login from ``client`` (in memory too, for when Redis is away)."""
        self.local.record(client)
        if redis is None:
            return
        key, now = self.key(client), time.time()
        member = f"{now!r}:{os.urandom(6).hex()}"  # two failures at one instant are two
        try:
            async with redis.pipeline(transaction=True) as pipe:
                pipe.zadd(key, {member: now})
                pipe.zremrangebyscore(key, "-inf", repr(now - self.seconds))  # out of the window
                pipe.zremrangebyrank(key, 0, -self.count - 1)  # the newest ``count`` suffice
                pipe.pexpire(key, int(self.seconds * 1000) + 1000)
                await pipe.execute()
        except (RedisError, OSError) as exc:
            log.warning("login limit: Redis unreachable (%s); counted in memory", exc)


__all__ = ["Limiter", "LoginGuard"]
