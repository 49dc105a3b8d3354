"""Snapshots: a restarted process loads a game from its latest snapshot and replays only
the actions after it, to the same state as replaying the whole log."""

from __future__ import annotations

import time

from bureau.engine import Match
from bureau.server import memory
from bureau.server.db import SnapshotRow, database_url, open_store
from bureau.server.migrations import upgrade
from bureau.server.service import Service


def play(svc: Service, gid: int, readers: list, count: int) -> None:
    for i in range(count):
        m = svc.game(gid).match
        seat = m.pending()[0]
        action = str(m.game.legal_actions(m.state, seat)[0])
        svc.submit(gid, readers[seat], action, key=f"k{i}")


def test_a_restart_resumes_from_the_snapshot(tmp_path, monkeypatch):
    monkeypatch.setattr(memory, "SNAPSHOT_EVERY", 10)
    url = database_url(str(tmp_path / "s.sqlite3"))
    store = open_store(url, create=False)
    upgrade(store.engine)
    svc = Service(store, allow_fixtures=True)
    accounts = [svc.register(name, "password123") for name in ("Ann", "Ben")]
    game = svc.create(accounts[0], "aristocracy", 2, {}, seed=3)
    for a in accounts:
        svc.join(a, game["id"], None, game["invite"])
    svc.start(accounts[0], game["id"])
    readers = [svc.reader(a, game["id"]) for a in accounts]
    play(svc, game["id"], readers, 25)
    time.sleep(0.2)  # the snapshot goes with the writer's next batch
    svc.writer.close()
    # every 10 actions, at the game's own offset (games do not all pickle at once)
    taken = [v for v in range(1, 26) if (v + game["id"]) % 10 == 0]
    assert len(taken) >= 2
    with store.session() as s:
        assert s.get(SnapshotRow, game["id"]).seq == taken[-1]

    replayed_actions = []
    real_play = Match.play

    def counting(self, *args, **kw):
        replayed_actions.append(args)
        return real_play(self, *args, **kw)

    monkeypatch.setattr(Match, "play", counting)
    again = Service(open_store(url, create=False))
    resumed = again.game(game["id"])
    assert resumed.version == 25 and len(replayed_actions) == 25 - taken[-1]  # those after
    # A snapshot pickled by other code (an upgrade changed a state's slots) is not used:
    # the whole log is replayed instead.
    replayed_actions.clear()
    code = memory.code_fingerprint
    monkeypatch.setattr(memory, "code_fingerprint", lambda: "other code")
    upgraded = Service(open_store(url, create=False))
    assert upgraded.game(game["id"]).version == 25 and len(replayed_actions) == 25
    upgraded.writer.close()
    monkeypatch.setattr(memory, "code_fingerprint", code)
    monkeypatch.setattr(Match, "play", real_play)
    fresh = Service(open_store(url, create=False))
    with fresh.store.session() as s:
        s.delete(s.get(SnapshotRow, game["id"]))
        s.commit()
    replayed = fresh.game(game["id"])
    assert resumed.match.record() == replayed.match.record()
    for seat in (0, 1, None):
        assert resumed.match.view(seat) == replayed.match.view(seat)
    assert [e.to_json() for e in resumed.events] == [e.to_json() for e in replayed.events]
    assert resumed.keys == replayed.keys
    seat = next(int(k.split(":")[0]) for k in resumed.keys if k.endswith(":k0"))
    reader = again.reader(accounts[seat], game["id"])
    assert again.submit(game["id"], reader, "anything", key="k0")["repeated"]
    again.writer.close()
    fresh.writer.close()
