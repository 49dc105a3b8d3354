"""The group-commit writer: a batch stores each action only if its game's version still
matches, and a duplicate idempotency key fails alone, not the batch."""

from __future__ import annotations

from sqlalchemy import func, select

from bureau.server.db import Account, ActionRow, GameRow, database_url, open_store
from bureau.server.writer import Write, Writer


def job(game: int, expected: int, key: str) -> Write:
    action = {"game_id": game, "seq": expected + 1, "seat": 0, "text": f"t{key}", "at": 1.0,
              "key": key, "account_id": None}  # fmt: skip
    values = {"version": expected + 1, "deadline": None, "status": "running"}
    return Write(game, expected, values, action)


def test_a_batch_with_a_stale_version_and_a_duplicate_key(tmp_path):
    store = open_store(database_url(str(tmp_path / "w.sqlite3")))
    with store.session() as s:
        s.add(Account(id=1, name="ann", display="Ann", password_hash="x"))
        for gid in (1, 2):
            s.add(GameRow(id=gid, game="aristocracy", options={}, seed=1, players=2,
                          creator_id=1, invite=f"i{gid}", version=0))  # fmt: skip
        s.commit()
    writer = Writer(store)
    first, stale, duplicate, other = (
        job(1, 0, "0:a"),
        job(1, 0, "0:b"),
        job(1, 1, "0:a"),
        job(2, 0, "0:a"),
    )
    writer._commit([first, stale, duplicate, other])
    assert [first.ok, stale.ok, duplicate.ok, other.ok] == [True, False, False, True]
    assert all(j.done.is_set() and j.error is None for j in (first, stale, duplicate, other))
    with store.session() as s:
        rows = s.execute(select(ActionRow.game_id, ActionRow.seq, ActionRow.key)).all()
        assert sorted(rows) == [(1, 1, "0:a"), (2, 1, "0:a")]
        assert [g.version for g in s.scalars(select(GameRow).order_by(GameRow.id))] == [1, 1]
    assert writer.write(job(1, 1, "0:c")) is True
    writer.close()


def test_a_batch_without_conflicts_goes_the_fast_way(tmp_path, monkeypatch):
    """Two statements for the whole batch; the careful path is not taken."""
    store = open_store(database_url(str(tmp_path / "w.sqlite3")))
    with store.session() as s:
        s.add(Account(id=1, name="ann", display="Ann", password_hash="x"))
        for gid in (1, 2, 3):
            s.add(GameRow(id=gid, game="aristocracy", options={}, seed=1, players=2,
                          creator_id=1, invite=f"i{gid}", version=0))  # fmt: skip
        s.commit()
    writer = Writer(store)
    careful = []
    monkeypatch.setattr(Writer, "_one", lambda self, conn, job: careful.append(job))
    jobs = [job(gid, 0, "0:a") for gid in (1, 2, 3)]
    writer._commit(jobs)
    assert [j.ok for j in jobs] == [True, True, True] and careful == []
    with store.session() as s:
        assert s.scalar(select(func.count()).select_from(ActionRow)) == 3
    writer.close()
