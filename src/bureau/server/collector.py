"""Cyclic garbage collection on the server's own schedule.

A busy server keeps every loaded game's state young: each accepted action replaces
the game's state by a new copy of a hundred-odd lists. Python's automatic collector
traverses every young object that is still alive at each collection of the youngest
generation, so with 200 games under load each collection walked some 50,000 objects
and stopped the event loop for tens of milliseconds, the longest waits an action saw.

The request path makes no reference cycles (``tests/server/test_collector.py`` checks
it): everything it drops is freed at once by reference counting. Cycles come from rarer
paths (logins and new games through the ORM, closed WebSockets, errors), so ``bureau
serve`` turns the automatic collector off (``bureau.server.tune``) and a ``Collector``
collects instead:

* when the server is idle: no HTTP request for ``idle`` seconds, and at least
  ``floor`` net new objects since the last collection;
* under sustained load, once ``ceiling`` net new objects have piled up, which bounds
  the memory that cyclic garbage can hold (about 100 bytes an object).

>>> c = Collector(idle=1.0, floor=10, ceiling=100)
>>> c.due(young=50, now=c.last_request + 0.5), c.due(young=50, now=c.last_request + 2)
(False, True)
>>> c.due(young=5, now=c.last_request + 2), c.due(young=100, now=c.last_request)
(False, True)
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("bureau.server")


class Collector:
    """Runs ``gc.collect()`` when the server is idle or its young objects pass a ceiling."""

    def __init__(
        self,
        idle: float = 1.0,
        floor: int = 10_000,
        ceiling: int = 2_000_000,
        period: float = 0.5,
    ):
        self.idle = idle
        self.floor = floor
        self.ceiling = ceiling
        self.period = period
        self.last_request = time.monotonic()
        self.collections = 0

    def touch(self) -> None:
        """A request came in: the server is not idle."""
        self.last_request = time.monotonic()

    def due(self, young: int, now: float) -> bool:
        """Whether to collect with ``young`` net new objects since the last collection."""
        if young >= self.ceiling:
            return True
        return young >= self.floor and now - self.last_request >= self.idle

    def collect_if_due(self) -> bool:
        young = gc.get_count()[0]
        if not self.due(young, time.monotonic()):
            return False
        started = time.perf_counter()
        found = gc.collect()
        self.collections += 1
        log.info(
            "garbage collected: %d unreachable of %d new objects, in %.0f ms",
            found, young, 1000 * (time.perf_counter() - started),
        )  # fmt: skip
        return True

    async def run(self) -> None:
        """Check every ``period`` seconds, for as long as the automatic collector is off
        (a server run by ``bureau serve``; an app built for tests keeps Python's own)."""
        while not gc.isenabled():
            self.collect_if_due()
            await asyncio.sleep(self.period)


__all__ = ["Collector"]
