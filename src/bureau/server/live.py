"""Live updates and background work.

``Hub`` wakes the WebSocket connections watching a game whenever it changes. With
Redis, a change in one server process is published on a channel and every process
wakes its own connections, so a move on one reaches a client of another. The hub also
runs the workers: bots take their turns off the request path, and passed deadlines get
the game's timeout actions (idempotency keys make sure only one process applies them).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading

from anyio import to_thread

CHANNEL = "bureau:games"
TICK = 0.5  # seconds between deadline checks

log = logging.getLogger("bureau.server")


class Hub:
    def __init__(self, redis_url: str | None = None):
        self.redis_url = redis_url
        self.redis = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.loop_thread: int | None = None  # the loop's thread, once started
        self.watchers: dict[int, set[asyncio.Event]] = {}
        self.service = None
        self.busy: set[int] = set()
        self.listener: asyncio.Task | None = None
        self.sending: set[asyncio.Task] = set()

    # -- watching ------------------------------------------------------------------------------

    def subscribe(self, game_id: int) -> asyncio.Event:
        changed = asyncio.Event()
        self.watchers.setdefault(game_id, set()).add(changed)
        return changed

    def unsubscribe(self, game_id: int, changed: asyncio.Event) -> None:
        self.watchers.get(game_id, set()).discard(changed)

    async def wait(self, game_id: int, changed: asyncio.Event) -> None:
        await changed.wait()
        changed.clear()

    def wake(self, game_id: int) -> None:
        for changed in self.watchers.get(game_id, ()):
            changed.set()

    def publish_threadsafe(self, game_id: int) -> None:
        """Called by the service (from any thread) after a game changed."""
        if self.loop is None:
            return
        if threading.get_ident() == self.loop_thread:  # no wake-up of the loop needed
            self._publish(game_id)
        else:
            self.loop.call_soon_threadsafe(self._publish, game_id)

    def _publish(self, game_id: int) -> None:
        self.wake(game_id)
        if self.redis is not None:
            task = asyncio.ensure_future(self.redis.publish(CHANNEL, str(game_id)))
            self.sending.add(task)
            task.add_done_callback(self.sending.discard)

    # -- Redis ---------------------------------------------------------------------------------

    async def start(self) -> None:
        self.loop_thread = threading.get_ident()
        if not self.redis_url:
            return
        import redis.asyncio as aioredis

        self.redis = aioredis.from_url(self.redis_url)
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(CHANNEL)
        self.listener = asyncio.create_task(self._listen(pubsub))

    async def _listen(self, pubsub) -> None:
        async for message in pubsub.listen():
            if message.get("type") == "message":
                with contextlib.suppress(ValueError):
                    self.wake(int(message["data"]))

    async def stop(self) -> None:
        if self.listener is not None:
            self.listener.cancel()
        if self.redis is not None:
            await self.redis.aclose()

    # -- workers -------------------------------------------------------------------------------

    def wake_bots(self, game_id: int) -> None:
        loaded = self.service.loaded.get(game_id) if self.service else None
        if loaded is not None and not loaded.bots:
            return  # a game without bots (seats are fixed once it runs)
        if self.loop is not None and game_id not in self.busy:
            self.busy.add(game_id)
            self.loop.create_task(self._bots(game_id))

    async def _bots(self, game_id: int) -> None:
        try:
            while await to_thread.run_sync(self.service.bot_turns, game_id, 20):
                await asyncio.sleep(0)
        except Exception:  # a bot failing must never take the server down
            log.exception("bots of game %s", game_id)
        finally:
            self.busy.discard(game_id)

    async def run_workers(self) -> None:
        """Deadlines every ``TICK`` seconds; bots of running games after a restart."""
        for game_id in await to_thread.run_sync(self.service.running):
            self.wake_bots(game_id)
        while True:
            try:
                for game_id in await to_thread.run_sync(self.service.due):
                    await to_thread.run_sync(self.service.time_out, game_id)
                    self.wake_bots(game_id)
            except Exception:
                log.exception("deadline worker")
            await asyncio.sleep(TICK)
