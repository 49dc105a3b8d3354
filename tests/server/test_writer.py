"""The group-commit writer: a batch stores each action only if its game's version still
matches, and a duplicate idempotency key fails alone, not the batch. On SQLite and on
PostgreSQL: the fast path talks to each driver directly."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import func, select

from bureau.server.db import AccountRow, ActionRow, GameRow, database_url, open_store
from bureau.server.writer import Write, Writer

from .services import database, postgres  # noqa: F401  (fixtures)


def job(game: int, expected: int, key: str) -> Write:
    action = {"game_id": game, "seq": expected + 1, "seat": 0, "text": f"t{key}", "at": 1.0,
              "key": key, "account_id": None, "nonce": "00" * 16}  # fmt: skip
    values = {"version": expected + 1, "deadline": None, "status": "running"}
    return Write(game, expected, values, action)


@pytest.fixture(
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.xdist_group("postgres"))]
)
def store(request, tmp_path):
    if request.param == "sqlite":
        url = database_url(str(tmp_path / "w.sqlite3"))
    else:
        url = database_url(request.getfixturevalue("database"))
    s = open_store(url)
    with s.session() as session:
        session.add(AccountRow(id=1, name="ann", display="Ann", password_hash="x"))
        for gid in (1, 2, 3):
            session.add(GameRow(id=gid, game="aristocracy", options={}, seed=1, players=2,
                                creator_id=1, invite=f"i{gid}", version=0))  # fmt: skip
        session.commit()
    yield s
    s.engine.dispose()


def test_a_batch_with_a_stale_version_and_a_duplicate_key(store):
    writer = Writer(store)
    first, stale, duplicate, other = (
        job(1, 0, "0:a"),
        job(1, 0, "0:b"),
        job(1, 1, "0:a"),
        job(2, 0, "0:a"),
    )
    writer._commit([first, stale, duplicate, other])
    assert [first.ok, stale.ok, duplicate.ok, other.ok] == [True, False, False, True]
    assert all(j.finished and j.error is None for j in (first, stale, duplicate, other))
    with store.session() as s:
        rows = s.execute(select(ActionRow.game_id, ActionRow.seq, ActionRow.key)).all()
        assert sorted(rows) == [(1, 1, "0:a"), (2, 1, "0:a")]
        versions = [g.version for g in s.scalars(select(GameRow).order_by(GameRow.id))]
        assert versions == [1, 1, 0]
    assert writer.write(job(1, 1, "0:c")) is True
    writer.close()


def test_a_batch_without_conflicts_goes_the_fast_way(store, monkeypatch):
    """Two statements for the whole batch; the careful path is not taken."""
    writer = Writer(store)
    careful = []
    monkeypatch.setattr(Writer, "_one", lambda self, conn, job: careful.append(job))
    jobs = [job(gid, 0, "0:a") for gid in (1, 2, 3)]
    writer._commit(jobs)
    assert [j.ok for j in jobs] == [True, True, True] and careful == []
    with store.session() as s:
        assert s.scalar(select(func.count()).select_from(ActionRow)) == 3
    writer.close()


def test_waiters_on_the_event_loop_and_in_threads_share_batches(store):
    """``write_async`` awaits the same commits as ``write``; a stale version is refused
    to its waiter alone."""
    writer = Writer(store)

    async def main():
        return await asyncio.gather(
            writer.write_async(job(1, 0, "0:a")),
            writer.write_async(job(2, 0, "0:a")),
            writer.write_async(job(3, 5, "0:a")),  # stale
            asyncio.to_thread(writer.write, job(1, 1, "0:b")),
        )

    ok = asyncio.run(main())
    assert ok[:3] == [True, True, False]
    with store.session() as s:
        assert s.scalar(select(func.count()).select_from(ActionRow)) == 2 + ok[3]
    writer.close()


def test_a_lost_connection_fails_its_batch_and_the_next_one_reconnects(store):
    writer = Writer(store)
    writer.conn.connection.driver_connection.close()
    lost = job(1, 0, "0:a")
    writer._commit([lost])
    assert lost.finished and not lost.ok and lost.error is not None
    again = job(1, 0, "0:a")
    writer._commit([again])
    assert again.ok and again.error is None
    writer.close()
