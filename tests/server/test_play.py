"""Whole games through the API: accounts, a table, seats, bots, moves, the end."""

from __future__ import annotations

import sqlite3
import time


def play_out(game_id: int, seats: dict, limit: int = 5000) -> dict:
    """Each human seat plays its first legal action until the game ends."""
    for _ in range(limit):
        anyone = next(iter(seats.values()))
        view = anyone.ok("GET", f"/api/games/{game_id}/view")
        if view["outcome"] is not None:
            return view
        for seat, p in seats.items():
            if seat in view["pending"]:
                legal = p.ok("GET", f"/api/games/{game_id}/legal")["actions"]
                if legal:
                    p.ok("POST", f"/api/games/{game_id}/actions", {"action": legal[0]})
                    break
        else:
            time.sleep(0.05)  # a bot's turn
    raise AssertionError("the game did not end")


def test_two_accounts_and_a_bot_play_aristocracy_to_the_end(players):
    ann, ben = players("Ann"), players("Ben")
    game = ann.ok("POST", "/api/games", {"game": "aristocracy", "players": 3, "seed": 4,
                                         "options": {"max_years": 3}})  # fmt: skip
    gid, invite = game["id"], game["invite"]
    ann.ok("POST", f"/api/games/{gid}/join", {"invite": invite})
    assert ben.post(f"/api/games/{gid}/join", {"invite": "wrong"}).status_code == 403
    ben.ok("POST", f"/api/games/{gid}/join", {"invite": invite})
    ann.ok("POST", f"/api/games/{gid}/bots", {"seat": 2, "bot": "random"})
    table = ann.ok("POST", f"/api/games/{gid}/start")
    assert table["status"] == "running"
    assert [s["name"] for s in table["seats"]] == ["Ann", "Ben", "Bot3"]
    final = play_out(gid, {0: ann, 1: ben})
    assert final["outcome"]["ranking"]
    record = ann.ok("GET", f"/api/games/{gid}/record")
    assert record["game"] == "aristocracy" and len(record["actions"]) > 10
    events = ben.ok("GET", f"/api/games/{gid}/events")["events"]
    assert [e["n"] for e in events] == list(range(1, len(events) + 1))


def test_an_illegal_action_gets_the_engines_message(players):
    ann, ben = players("Ann"), players("Ben")
    gid = ann.ok("POST", "/api/games", {"game": "nobility", "players": 3, "seed": 1})["id"]
    invite = ann.ok("GET", f"/api/games/{gid}")["invite"]
    for p in (ann, ben):
        p.ok("POST", f"/api/games/{gid}/join", {"invite": invite})
    ann.ok("POST", f"/api/games/{gid}/bots", {"seat": 2})
    ann.ok("POST", f"/api/games/{gid}/start")
    view = ann.ok("GET", f"/api/games/{gid}/view")
    seat = view["pending"][0] if view["pending"][0] in (0, 1) else None
    if seat is None:
        return
    p = (ann, ben)[seat]
    r = p.post(f"/api/games/{gid}/actions", {"action": "fly to the moon"})
    assert r.status_code == 422 and "cannot read" in r.json()["error"]
    assert ann.ok("GET", f"/api/games/{gid}/view") == view


def test_idempotency_key_applies_once(server, players):
    """A retried submission with the same key returns the first result; the log holds
    the action once."""
    ann, ben = players("Ann"), players("Ben")
    gid = ann.ok("POST", "/api/games", {"game": "aristocracy", "players": 2, "seed": 2})["id"]
    invite = ann.ok("GET", f"/api/games/{gid}")["invite"]
    ann.ok("POST", f"/api/games/{gid}/join", {"invite": invite})
    ben.ok("POST", f"/api/games/{gid}/join", {"invite": invite})
    ann.ok("POST", f"/api/games/{gid}/start")
    seats = {0: ann, 1: ben}
    view = ann.ok("GET", f"/api/games/{gid}/view")
    p = seats[view["pending"][0]]
    action = p.ok("GET", f"/api/games/{gid}/legal")["actions"][0]
    first = p.ok("POST", f"/api/games/{gid}/actions", {"action": action, "key": "k1"})
    again = p.ok("POST", f"/api/games/{gid}/actions", {"action": action, "key": "k1"})
    assert first["accepted"] and again["repeated"] and again["action"] == first["action"]
    with sqlite3.connect(server.db) as db:
        rows = db.execute("SELECT seq, text, key FROM actions WHERE game_id = ?", (gid,))
        assert rows.fetchall() == [(1, first["action"], f"{view['pending'][0]}:k1")]


def test_the_games_own_heuristic_bots_play_a_whole_game_on_the_server(players):
    """Each game's bot kinds can be seated; three Aristocracy heuristic bots play in the
    server's background workers until one of them reaches Glory (the game's own end, not a
    cap); an unknown kind is refused with the list of this game's kinds."""
    ann = players("Ann")
    game = ann.ok("POST", "/api/games", {"game": "aristocracy", "players": 3, "seed": 7})
    gid = game["id"]
    r = ann.post(f"/api/games/{gid}/bots", {"seat": 0, "bot": "greedy"})
    assert r.status_code == 400 and "heuristic" in r.json()["error"]
    for seat in range(3):
        ann.ok("POST", f"/api/games/{gid}/bots", {"seat": seat, "bot": "heuristic"})
    ann.ok("POST", f"/api/games/{gid}/start")
    deadline = time.time() + 60
    while (view := ann.ok("GET", f"/api/games/{gid}/view"))["outcome"] is None:
        assert time.time() < deadline, "the bots did not finish"
        time.sleep(0.2)
    outcome = view["outcome"]
    assert not outcome["capped"] and outcome["winners"] and "glory" in outcome["reason"]
