"""Group commit: one thread writes every accepted action, many per transaction.

A submission waits until its action is committed (durable: SQLite in ``synchronous=FULL``,
PostgreSQL's own commit), but concurrent submissions to different games share one
commit, so the disk syncs once per batch instead of once per action. Each action is
written under a savepoint with the game's version check (``UPDATE games ... WHERE
version = :expected``): an action computed on a stale game (another process went first)
fails alone and its submitter rebuilds and retries.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from dataclasses import dataclass, field

from sqlalchemy import bindparam, create_engine, delete, event, insert, update
from sqlalchemy.exc import IntegrityError

from .db import ActionRow, GameRow, SnapshotRow, Store, sqlite_pragmas

BATCH = 256


@dataclass
class Write:
    """One action to append: the game's new version and row values, the action row."""

    game_id: int
    expected: int
    game_values: dict
    action: dict
    done: threading.Event = field(default_factory=threading.Event)
    ok: bool = False
    error: BaseException | None = None
    future: object = None  # an asyncio future to resolve, for ``write_async``


class Conflict(Exception):
    """A version check failed in a fast batch."""


# One statement for every game of a batch (executemany): its new version, deadline and
# status, where its version is still the one the action was computed on.
_BUMP = (
    update(GameRow)
    .where(GameRow.id == bindparam("gid"), GameRow.version == bindparam("expected"))
    .values(version=bindparam("v"), deadline=bindparam("dl"), status=bindparam("st"))
)


def _bump_params(job: Write) -> dict:
    values = job.game_values
    return {"gid": job.game_id, "expected": job.expected, "v": values["version"],
            "dl": values["deadline"], "st": values["status"]}  # fmt: skip


@dataclass
class Snapshot:
    game_id: int
    seq: int
    blob: bytes


class Writer:
    """The single writing thread and its queue."""

    def __init__(self, store: Store):
        self.store = store
        self.engine = _writing_engine(store)
        self.conn = self.engine.connect()  # the writer thread's own, for its lifetime
        self.jobs: queue.Queue[Write | Snapshot | None] = queue.Queue()
        self.thread = threading.Thread(target=self._run, name="bureau-writer", daemon=True)
        self.thread.start()

    def write(self, job: Write, timeout: float = 30) -> bool:
        """Queue ``job`` and wait for its commit; True if stored, False on a conflict."""
        self.jobs.put(job)
        if not job.done.wait(timeout):
            raise TimeoutError("the database did not answer in time")
        if job.error is not None:
            raise job.error
        return job.ok

    async def write_async(self, job: Write) -> bool:
        """``write`` for the event loop: await the commit instead of blocking a thread."""
        loop = asyncio.get_running_loop()
        job.future = (loop, loop.create_future())
        self.jobs.put(job)
        await job.future[1]
        if job.error is not None:
            raise job.error
        return job.ok

    def snapshot(self, game_id: int, seq: int, blob: bytes) -> None:
        """Keep a game's snapshot (written with the next batch; nobody waits for it)."""
        self.jobs.put(Snapshot(game_id, seq, blob))

    def close(self) -> None:
        self.jobs.put(None)
        self.thread.join(timeout=10)
        self.conn.close()

    def _run(self) -> None:
        while True:
            first = self.jobs.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < BATCH:
                try:
                    job = self.jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    self.jobs.put(None)
                    break
                batch.append(job)
            self._commit(batch)

    def _commit(self, batch: list) -> None:
        writes = [job for job in batch if isinstance(job, Write)]
        try:
            try:
                self._batch(batch, careful=False)
            except (IntegrityError, Conflict):  # again, each action on its own savepoint
                self._batch(batch, careful=True)
        except BaseException as exc:  # the whole batch failed: nobody is acknowledged
            for job in writes:
                job.ok, job.error = False, exc
        for job in writes:
            job.done.set()
            if job.future is not None:
                loop, future = job.future
                loop.call_soon_threadsafe(_resolve, future)

    def _batch(self, batch: list, careful: bool) -> None:
        writes = [job for job in batch if isinstance(job, Write)]
        with self.conn.begin():
            for job in batch:
                if isinstance(job, Snapshot):
                    self._keep(self.conn, job)
            if careful:
                for job in writes:
                    job.ok = self._one(self.conn, job)
            elif writes:
                self._append_all(self.conn, writes)

    def _append_all(self, conn, writes: list[Write]) -> None:
        """Every action of the batch in two statements: the version checks, then the
        inserts. If any check fails (another process went first), ``Conflict`` sends the
        batch down the careful path, which finds out which."""
        moved = conn.execute(_BUMP, [_bump_params(job) for job in writes])
        if moved.rowcount != len(writes):
            raise Conflict
        conn.execute(insert(ActionRow), [job.action for job in writes])
        for job in writes:
            job.ok = True

    def _keep(self, conn, snap: Snapshot) -> None:
        conn.execute(delete(SnapshotRow).where(SnapshotRow.game_id == snap.game_id))
        conn.execute(
            insert(SnapshotRow).values(game_id=snap.game_id, seq=snap.seq, state=snap.blob)
        )

    def _one(self, conn, job: Write) -> bool:
        savepoint = conn.begin_nested()
        try:
            moved = conn.execute(
                update(GameRow)
                .where(GameRow.id == job.game_id, GameRow.version == job.expected)
                .values(**job.game_values)
            )
            if moved.rowcount != 1:
                savepoint.rollback()
                return False
            conn.execute(insert(ActionRow).values(**job.action))
            savepoint.commit()
            return True
        except IntegrityError:
            savepoint.rollback()
            return False


def _resolve(future) -> None:
    if not future.done():
        future.set_result(None)


def _writing_engine(store: Store):
    """PostgreSQL: the store's engine. SQLite: an engine of its own whose transactions
    start with ``BEGIN IMMEDIATE`` (the write lock at once, no deadlock between two
    processes upgrading a read lock) and that SQLAlchemy fully controls, so savepoints
    work (pysqlite's own transaction handling is switched off)."""
    if not store.is_sqlite or str(store.engine.url) == "sqlite://":
        return store.engine
    engine = create_engine(
        store.engine.url, connect_args={"check_same_thread": False, "timeout": 30}
    )

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection, record):
        sqlite_pragmas(dbapi_connection, record)
        dbapi_connection.isolation_level = None

    @event.listens_for(engine, "begin")
    def _begin(conn):
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine
