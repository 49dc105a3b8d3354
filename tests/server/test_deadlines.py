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
