"""Group commit: one thread writes every accepted action, many per transaction.

A submission waits until its action is committed (durable: SQLite in ``synchronous=FULL``,
PostgreSQL's own commit), but concurrent submissions to different games share one
commit, so the disk syncs once per batch instead of once per action. Every action comes
with the game's version check (``UPDATE games ... WHERE version = :expected``). A batch
is first written whole, in two statements on the driver's own connection; if a check
fails (another process went first) or an idempotency key was used already, it is
rolled back and written again with each action under its own savepoint, so that the
stale action fails alone and its submitter rebuilds the game and retries.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from dataclasses import dataclass, field

from sqlalchemy import create_engine, event, insert, update
from sqlalchemy.exc import IntegrityError

from .db import ActionRow, GameRow, OutboxRow, SnapshotRow, Store, sqlite_pragmas

BATCH = 256
# A commit costs its sync (on the development machine, about 0.2 ms of CPU) however few
# actions it carries. When actions of several games keep coming (the last batch held
# more than one and ended less than LINGER ago), the writer waits LINGER before taking
# a batch, so that more actions share a commit (measured: about 30 us of CPU less per
# action at 1,500 actions/s); a lone game's next action is written at once.
LINGER = 0.001


@dataclass(slots=True)
class Write:
    """One action to append: the game's new version and row values, the action row.
    ``finished`` once its batch is over: ``ok`` if stored, else ``error`` or a conflict."""

    game_id: int
    expected: int
    game_values: dict
    action: dict
    mails: list[dict] = field(default_factory=list)  # outbox rows it causes, same commit
    ok: bool = False
    error: BaseException | None = None
    finished: bool = False
    done: threading.Event | None = None  # set when finished, for a waiting thread
    future: asyncio.Future | None = None  # resolved when finished, for ``write_async``


class Conflict(Exception):
    """A version check failed in a fast batch."""


# The fast path talks to the driver directly (one executemany per statement, no
# SQLAlchemy execution context per batch): every game of a batch gets its new version,
# deadline and status where its version is still the one the action was computed on,
# then every action row goes in.
_ACTION_COLUMNS = ("game_id", "seq", "seat", "text", "at", "key", "account_id", "nonce")


_MAIL_COLUMNS = ("cause", "kind", "account_id", "game_id", "seat", "subject", "body",
                 "created_at", "not_before", "attempts")  # fmt: skip


def _mail_statement(paramstyle: str) -> str:
    mark = "?" if paramstyle == "qmark" else "%s"
    marks = ", ".join([mark] * len(_MAIL_COLUMNS))
    return f"INSERT INTO {OutboxRow.__tablename__} ({', '.join(_MAIL_COLUMNS)}) VALUES ({marks})"


def _statements(paramstyle: str) -> tuple[str, str]:
    mark = "?" if paramstyle == "qmark" else "%s"
    games, actions = GameRow.__tablename__, ActionRow.__tablename__
    bump = (
        f"UPDATE {games} SET version = {mark}, deadline = {mark}, status = {mark} "
        f"WHERE id = {mark} AND version = {mark}"
    )
    columns = ", ".join(_ACTION_COLUMNS)
    marks = ", ".join([mark] * len(_ACTION_COLUMNS))
    return bump, f"INSERT INTO {actions} ({columns}) VALUES ({marks})"


def _bump_row(job: Write) -> tuple:
    values = job.game_values
    return (values["version"], values["deadline"], values["status"], job.game_id, job.expected)


def _action_row(job: Write) -> tuple:
    a = job.action
    return (a["game_id"], a["seq"], a["seat"], a["text"], a["at"], a["key"], a["account_id"],
            a["nonce"])  # fmt: skip


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
        dbapi = self.engine.dialect.loaded_dbapi
        self.bump_sql, self.insert_sql = _statements(dbapi.paramstyle)
        self.mail_sql = _mail_statement(dbapi.paramstyle)
        mark = "?" if dbapi.paramstyle == "qmark" else "%s"
        snaps = SnapshotRow.__tablename__
        self.unsnap_sql = f"DELETE FROM {snaps} WHERE game_id = {mark}"
        self.snap_sql = f"INSERT INTO {snaps} (game_id, seq, state) VALUES ({mark}, {mark}, {mark})"
        # A SQLite file: BEGIN IMMEDIATE (see ``_writing_engine``); else the driver's own.
        self.begin_sql = "BEGIN IMMEDIATE" if self.engine is not store.engine else None
        self.driver_integrity = dbapi.IntegrityError
        self.jobs: queue.SimpleQueue[Write | Snapshot | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="bureau-writer", daemon=True)
        self.thread.start()

    def write(self, job: Write, timeout: float = 30) -> bool:
        """Queue ``job`` and wait for its commit; True if stored, False on a conflict."""
        job.done = threading.Event()
        self.jobs.put(job)
        if not job.done.wait(timeout):
            raise TimeoutError("the database did not answer in time")
        if job.error is not None:
            raise job.error
        return job.ok

    async def write_async(self, job: Write) -> bool:
        """``write`` for the event loop: await the commit instead of blocking a thread."""
        job.future = asyncio.get_running_loop().create_future()
        self.jobs.put(job)
        await job.future
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
        last, size = 0.0, 0  # when the last batch was committed, and its size
        while True:
            first = self.jobs.get()
            if first is None:
                return
            if size > 1 and time.monotonic() - last < LINGER:  # busy: let more join
                time.sleep(LINGER)
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
            last, size = time.monotonic(), len(batch)

    def _commit(self, batch: list) -> None:
        writes = [job for job in batch if isinstance(job, Write)]
        snapshots = [job for job in batch if isinstance(job, Snapshot)]
        try:
            try:
                self._fast(snapshots, writes)
            except Conflict:  # again, each action on its own savepoint
                self._careful(snapshots, writes)
        except BaseException as exc:  # the whole batch failed: nobody is acknowledged
            for job in writes:
                job.ok, job.error = False, exc
        waiting: dict = {}  # event loop -> its futures: one wake-up per loop and batch
        for job in writes:
            job.finished = True
            if job.done is not None:
                job.done.set()
            if job.future is not None:
                waiting.setdefault(job.future.get_loop(), []).append(job.future)
        for loop, futures in waiting.items():
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(_resolve, futures)

    def _fast(self, snapshots: list[Snapshot], writes: list[Write]) -> None:
        """The batch in one transaction on the driver's connection: the snapshots, every
        version check in one statement, every action row in another, one commit (a
        SQLAlchemy transaction cost several times as much CPU as the statements). If any
        check fails (another process went first) or a key was used already, nothing is
        kept and ``Conflict`` sends the batch down the careful path, which finds out
        which."""
        raw = self.conn.connection.driver_connection  # reconnects if invalidated
        cursor = None
        try:
            cursor = raw.cursor()
            if self.begin_sql:
                cursor.execute(self.begin_sql)
            for snap in snapshots:
                self._keep(cursor, snap)
            if writes:
                cursor.executemany(self.bump_sql, [_bump_row(job) for job in writes])
                if cursor.rowcount != len(writes):
                    raise Conflict
                cursor.executemany(self.insert_sql, [_action_row(job) for job in writes])
                mails = [tuple(m[c] for c in _MAIL_COLUMNS) for job in writes for m in job.mails]
                if mails:
                    cursor.executemany(self.mail_sql, mails)
            raw.commit()
        except BaseException as exc:
            with contextlib.suppress(Exception):
                raw.rollback()
            if isinstance(exc, self.driver_integrity):
                raise Conflict from None
            if not isinstance(exc, Conflict):  # perhaps a lost connection: a new one next
                with contextlib.suppress(Exception):
                    self.conn.invalidate()
            raise
        finally:
            if cursor is not None:
                with contextlib.suppress(Exception):
                    cursor.close()
        for job in writes:
            job.ok = True

    def _careful(self, snapshots: list[Snapshot], writes: list[Write]) -> None:
        with self.conn.begin():
            cursor = self.conn.connection.driver_connection.cursor()
            try:
                for snap in snapshots:
                    self._keep(cursor, snap)
            finally:
                cursor.close()
            for job in writes:
                job.ok = self._one(self.conn, job)

    def _keep(self, cursor, snap: Snapshot) -> None:
        cursor.execute(self.unsnap_sql, (snap.game_id,))
        cursor.execute(self.snap_sql, (snap.game_id, snap.seq, snap.blob))

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
            if job.mails:
                conn.execute(insert(OutboxRow), job.mails)
            savepoint.commit()
            return True
        except IntegrityError:
            savepoint.rollback()
            return False


def _resolve(futures: list) -> None:
    for future in futures:
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
