"""Deadlines applied by the server: the timeout moves are dated at the deadline they
answer, so they end that phase and only it (SEA-A21: the Land Phase that follows an
Air Phase keeps its own clock)."""

from __future__ import annotations

import time

from bureau.server.db import database_url, open_store
from bureau.server.migrations import upgrade
from bureau.server.service import Service

HOUR = 3600


def test_a_passed_air_phase_deadline_ends_the_air_phase_and_not_the_land_phase(tmp_path):
    store = open_store(database_url(str(tmp_path / "d.sqlite3")), create=False)
    upgrade(store.engine)
    svc = Service(store, allow_fixtures=True)
    names = ("Ann", "Ben", "Cat")
    accounts = [svc.register(name, "password123") for name in names]
    options = {
        "houses": ["Breeding", "Usury", "Sensation"],
        "complications": ["Bureaucracy"] * 8,  # no Hazard: this Round has its Land Phase
        "stops": 2,
        "air_hours": 1,
        "land_hours": 1,
        "start_time": int(time.time() - 1.5 * HOUR),  # the Air Phase ended half an hour ago
    }
    game = svc.create(accounts[0], "seabirds", 3, options, seed=1)
    gid = game["id"]
    for a in accounts:
        svc.join(a, gid, None, game["invite"])
    svc.start(accounts[0], gid)
    m = svc.game(gid).match
    assert m.state.phase == "air" and set(m.pending()) == {0, 1, 2}
    air_deadline = m.game.deadline(m.state)
    assert air_deadline < time.time()

    made = svc.time_out(gid)

    m = svc.game(gid).match
    assert made == 3
    assert m.state.phase == "land", "the Land Phase was skipped"
    assert set(m.pending()) == {0, 1, 2}, "a timeout counted in the Land Phase"
    assert m.game.deadline(m.state) > time.time()
    assert all(at == air_deadline for _, _, at in m.actions[-3:])
    assert svc.time_out(gid) == 0  # nothing more is due
    svc.writer.close()


def test_a_timeout_is_said_plainly_to_whom_it_may_be(tmp_path):
    """Every move the Bureau makes at a deadline is its own event: its seat reads what
    was played, everyone else that the Bureau acted; the record marks it, and replays,
    restarts and verification keep it."""
    from bureau.engine import Match
    from bureau.engine.fairness import verify
    from bureau.server.service import Reader

    store = open_store(database_url(str(tmp_path / "t.sqlite3")), create=False)
    upgrade(store.engine)
    svc = Service(store)
    ann, ben = svc.register("Ann", "password123"), svc.register("Ben", "password123")
    game = svc.create(ann, "aristocracy", 2, {"decision_seconds": 1, "max_years": 1})
    gid = game["id"]
    svc.join(ann, gid, 0, game["invite"])
    svc.join(ben, gid, 1, game["invite"])
    svc.start(ann, gid)
    m = svc.game(gid).match
    waiting = set(m.pending())
    time.sleep(1.1)
    assert svc.time_out(gid) == len(waiting)
    loaded = svc.game(gid)
    played = {s: t for s, t, _ in loaded.match.actions}
    for seat in waiting:
        name = ("Ann", "Ben")[seat]
        mine = [e["text"] for e in svc.events_of(loaded, Reader(None, seat))]
        assert f"Time ran out for {name}: the Bureau played '{played[seat]}' for them." in mine
        for other in ({0, 1} - {seat}) | {None}:
            theirs = [e["text"] for e in svc.events_of(loaded, Reader(None, other))]
            assert f"Time ran out for {name}: the Bureau acted for them." in theirs
            assert not any(played[seat] in t and "Time ran out" in t for t in theirs)
    record = svc.full_record(gid)
    assert all(a[3:] == ["timeout"] for a in record["actions"])
    assert Match.replay(record).events == loaded.match.events
    again = Service(store)  # a restart replays the log: the same events, numbered alike
    assert again.game(gid).match.events == loaded.match.events
    while svc.game(gid).match.outcome() is None:  # play it out with timeouts
        time.sleep(1.05)
        svc.time_out(gid)
    assert verify(svc.record(gid, Reader(None, None))).fair
    svc.writer.close()
    again.writer.close()
