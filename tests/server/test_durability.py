"""Nothing lost, nothing twice: a SIGKILL in the middle of a burst of submissions, a
restart that rebuilds every game from its log, live pushes over the WebSocket, and a
deadline kept across a restart."""

from __future__ import annotations

import json
import sqlite3
import threading
import time

import pytest
from websockets.sync.client import connect

from .conftest import Player, Server

ROLES = "1,2,4,5,7,8,10,11"
SETUP = "setup A1 income {} skip uniques unit Regiment with O1, C1 x3, F6 x2"
DESIGNS = ("2-2-1", "3-1-1", "1-3-1", "1-1-3", "2-1-2", "5-0-0", "0-5-0", "0-0-5")


def noblesse_table(owner: Player) -> int:
    """A Noblesse game: the owner in seat 0 (the Cardinal, home range A1-C3), 7 bots.
    The setup phase takes any number of resubmitted setups: a long burst of actions."""
    game = owner.ok(
        "POST",
        "/api/games",
        {"game": "noblesse", "players": 8, "seed": 3, "options": {"roles": ROLES.split(",")}},
    )
    gid = game["id"]
    owner.ok("POST", f"/api/games/{gid}/join", {"invite": game["invite"], "seat": 0})
    for seat in range(1, 8):
        owner.ok("POST", f"/api/games/{gid}/bots", {"seat": seat})
    owner.ok("POST", f"/api/games/{gid}/start")
    return gid


def burst(player: Player, gid: int, tag: str, acked: list, stop: threading.Event) -> None:
    """Submit setups with unique keys until the server dies; note each acknowledgement."""
    i = 0
    while not stop.is_set():
        key = f"{tag}-{i}"
        body = {"action": SETUP.format(DESIGNS[i % len(DESIGNS)]), "key": key}
        try:
            r = player.http.post(f"/api/games/{gid}/actions", json=body, timeout=5)
        except Exception:  # the server is gone
            return
        if r.status_code == 200:
            acked.append(key)
        i += 1


def test_sigkill_mid_burst_loses_no_acknowledged_action_and_applies_none_twice(tmp_path):
    server = Server(tmp_path).start()
    players = [Player(server, name) for name in ("Ann", "Ben", "Cat")]
    games = [noblesse_table(p) for p in players]
    acked: list[list[str]] = [[] for _ in players]
    stop = threading.Event()
    threads = [
        threading.Thread(target=burst, args=(p, gid, f"g{gid}", acked[i], stop))
        for i, (p, gid) in enumerate(zip(players, games, strict=True))
    ]
    for t in threads:
        t.start()
    while sum(len(a) for a in acked) < 60:
        time.sleep(0.02)
    server.kill()  # SIGKILL: no shutdown, no flush
    stop.set()
    for t in threads:
        t.join()
    with sqlite3.connect(server.db) as db:
        for gid, keys in zip(games, acked, strict=True):
            rows = db.execute(
                "SELECT seq, key FROM actions WHERE game_id = ? ORDER BY seq", (gid,)
            ).fetchall()
            assert [seq for seq, _ in rows] == list(range(1, len(rows) + 1))
            stored = [key.split(":", 1)[1] for _, key in rows if key and f":g{gid}-" in key]
            assert len(stored) == len(set(stored))  # none twice
            assert set(keys) <= set(stored)  # every acknowledged action is there
    server.start()  # same database file: the log is replayed
    try:
        ann = players[0]
        view = ann.ok("GET", f"/api/games/{games[0]}/view")
        assert view["view"]["you"]["orders"][0].startswith("setup A1 income")
        again = ann.ok(
            "POST",
            f"/api/games/{games[0]}/actions",
            {"action": SETUP.format("2-2-1"), "key": acked[0][0]},
        )
        assert again["repeated"]
        ann.ok("POST", f"/api/games/{games[0]}/actions", {"action": "done"})
        deadline = time.time() + 20
        while ann.ok("GET", f"/api/games/{games[0]}/view")["view"]["night"] < 1:
            assert time.time() < deadline, "Night 1 never came"
            time.sleep(0.1)
    finally:
        for p in players:
            p.http.close()
        server.stop()


def test_the_websocket_pushes_each_reader_his_view_and_events(server, players):
    ann, ben = players("Ann"), players("Ben")
    game = ann.ok("POST", "/api/games", {"game": "aristocracy", "players": 2, "seed": 2})
    gid = game["id"]
    for p in (ann, ben):
        p.ok("POST", f"/api/games/{gid}/join", {"invite": game["invite"]})
    ann.ok("POST", f"/api/games/{gid}/start")
    token = ben.http.headers["Authorization"].split()[1]
    url = server.url.replace("http", "ws") + f"/api/games/{gid}/live"
    with connect(
        url, open_timeout=10, additional_headers={"Authorization": f"Bearer {token}"}
    ) as ws:
        first = json.loads(ws.recv(timeout=10))
        assert first["view"]["seat"] == 1
        seen = len(first["events"])
        mover = {0: ann, 1: ben}[first["view"]["pending"][0]]
        action = mover.ok("GET", f"/api/games/{gid}/legal")["actions"][0]
        mover.ok("POST", f"/api/games/{gid}/actions", {"action": action})
        pushed = json.loads(ws.recv(timeout=10))
        assert pushed["events"] and pushed["events"][0]["n"] == seen + 1
        assert pushed["view"]["view"] == ben.ok("GET", f"/api/games/{gid}/view")["view"]
        ann.ok("POST", f"/api/games/{gid}/messages", {"kind": "public", "text": "Well played"})
        said = json.loads(ws.recv(timeout=10))
        assert [(m["from"], m["text"]) for m in said["messages"]] == [("Ann", "Well played")]
        assert said["events"] == []


def test_a_deadline_is_kept_across_a_restart(tmp_path):
    """The clock lives in the database: a deadline that passes while the server is down is
    applied when it comes back (the game's timeout action for the waiting seat)."""
    server = Server(tmp_path).start()
    ann, ben = Player(server, "Ann"), Player(server, "Ben")
    try:
        game = ann.ok(
            "POST",
            "/api/games",
            {"game": "aristocracy", "players": 2, "seed": 2, "options": {"decision_seconds": 2}},
        )
        gid = game["id"]
        for p in (ann, ben):
            p.ok("POST", f"/api/games/{gid}/join", {"invite": game["invite"]})
        ann.ok("POST", f"/api/games/{gid}/start")
        waiting = ann.ok("GET", f"/api/games/{gid}/view")["pending"]
        server.kill()
        time.sleep(2.5)
        server.start()
        deadline = time.time() + 15
        while True:
            with sqlite3.connect(server.db) as db:
                rows = db.execute("SELECT key FROM actions WHERE game_id = ?", (gid,))
                keys = [k for (k,) in rows]
            if keys:
                break
            assert time.time() < deadline, "the deadline was not applied"
            time.sleep(0.2)
        seat, kind, version, _ = keys[0].split(":")  # keys are kept per seat
        assert (kind, version) == ("timeout", "0") and int(seat) in waiting
    finally:
        ann.http.close()
        ben.http.close()
        server.stop()


@pytest.mark.parametrize("bad", ['{"action": 5}', "[]", "not json"])
def test_bad_bodies_are_4xx_never_5xx(server, players, bad):
    ann = players("Ann")
    game = ann.ok("POST", "/api/games", {"game": "aristocracy", "players": 2, "seed": 2})
    r = ann.http.post(
        f"/api/games/{game['id']}/actions",
        content=bad,
        headers={"content-type": "application/json"},
    )
    assert 400 <= r.status_code < 500 and "error" in r.json()
