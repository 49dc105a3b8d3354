"""``GET /api/games?mine=1``: an account's games, what is urgent first, and only what
anyone watching may know (the lobby's "My games" draws the same rows)."""

from __future__ import annotations

import json
import time

import httpx

from bureau.server.mygames import status_line

from .conftest import wait_for

SEED = 10  # Aristocracy for two: seat 0 is first to act


def table(owner, game: str, players: int, seats: dict, options=None, **extra) -> int:
    """A table: ``seats`` maps a seat to a player (who joins with the invitation) or a
    bot kind; started once every seat is taken."""
    made = owner.ok(
        "POST",
        "/api/games",
        {"game": game, "players": players, "options": options or {}, "seed": SEED, **extra},
    )
    gid, invite = made["id"], made["invite"]
    for seat, who in seats.items():
        if isinstance(who, str):
            owner.ok("POST", f"/api/games/{gid}/bots", {"seat": seat, "bot": who})
        else:
            who.ok("POST", f"/api/games/{gid}/join", {"invite": invite, "seat": seat})
    if len(seats) == players:
        owner.ok("POST", f"/api/games/{gid}/start")
    return gid


def mine(player) -> dict:
    return player.ok("GET", "/api/games?mine=1")


def row_of(listed: dict, gid: int) -> dict:
    return next(r for r in listed["mine"] if r["id"] == gid)


def play_while(player, gid: int, seat: int, condition) -> None:
    """``player`` plays her first legal action while ``condition(view)`` holds."""
    for _ in range(200):
        view = player.ok("GET", f"/api/games/{gid}/view")
        if not condition(view):
            return
        if seat in view["pending"]:
            action = player.ok("GET", f"/api/games/{gid}/legal")["actions"][0]
            player.ok("POST", f"/api/games/{gid}/actions", {"action": action})
        else:
            time.sleep(0.05)  # a bot's turn
    raise AssertionError("the game did not get there")


def test_my_games_urgent_first_public_only(server, players):
    ann, ben, mia = players("Ann"), players("Ben"), players("Mia")
    assert httpx.get(server.url + "/api/games?mine=1").status_code == 401
    assert mine(ann) == {"mine": [], "your_turn": 0}

    # Ben's turn first (seat 0), a two-hour clock; Ann's turn first, a ten-minute clock.
    bens = table(ann, "aristocracy", 2, {0: ben, 1: ann}, {"decision_seconds": 7200},
                 title="Ben first")  # fmt: skip
    anns = table(ann, "aristocracy", 2, {0: ann, 1: ben}, {"decision_seconds": 600})
    # No clock: waits for Ann once the bots are through.
    no_clock = table(ann, "nobility", 3, {0: ann, 1: "random", 2: "random"})
    waiting = table(ben, "aristocracy", 3, {0: ann})  # open: one of three seated
    # Mia moderates a Seabirds table (she created it and has no seat); Ann plays there.
    birds = table(mia, "seabirds", 3, {0: ann, 1: "random", 2: "random"})
    # A finished game: a year of Aristocracy against a bot.
    done = table(ann, "aristocracy", 2, {0: ann, 1: "random"}, {"max_years": 1})
    play_while(ann, done, 0, lambda view: view["outcome"] is None)
    wait_for(lambda: 0 in ann.ok("GET", f"/api/games/{no_clock}/view")["pending"], 30, "Ann's turn")

    listed = mine(ann)
    rows = listed["mine"]
    assert {r["id"] for r in rows} == {bens, anns, no_clock, waiting, birds, done}
    assert listed["your_turn"] == sum(r["your_turn"] for r in rows) >= 2
    # Waiting for Ann first, the nearest deadline first; then the other running games;
    # then the open table; the finished game last.
    turns = [r["your_turn"] for r in rows]
    assert turns == sorted(turns, reverse=True)
    assert rows[0]["id"] == anns and rows[0]["your_turn"]
    assert 0 < rows[0]["seconds_left"] <= 600
    mine_first = [r for r in rows if r["your_turn"]]
    deadlines = [r["deadline"] or float("inf") for r in mine_first]
    assert deadlines == sorted(deadlines)
    assert [r["status"] for r in rows[-2:]] == ["open", "over"]
    assert rows[-1]["id"] == done

    ben_first = row_of(listed, bens)
    assert ben_first["title"] == "Ben first" and ben_first["game_title"] == "Aristocracy"
    assert ben_first["game"] == "aristocracy" and ben_first["role"] == "player"
    assert ben_first["you"] == "Ann" and ben_first["others"] == ["Ben"]
    assert ben_first["pending"] == ["Ben"] and not ben_first["your_turn"]
    assert 7000 < ben_first["seconds_left"] <= 7200
    assert abs(ben_first["deadline"] - time.time() - ben_first["seconds_left"]) < 5
    open_row = row_of(listed, waiting)
    assert open_row["phase"] == "waiting for players (1/3 seated)"
    assert open_row["others"] == [] and open_row["pending"] == [] and open_row["result"] is None

    # Each running row says what a spectator's view says: its status line, who is pending.
    anonymous = httpx.Client(base_url=server.url)
    for gid in (bens, anns, no_clock, birds):
        public = anonymous.get(f"/api/games/{gid}/view").json()
        row = row_of(mine(ann), gid)
        names = ["Ben", "Ann"] if gid == bens else [row["you"], *row["others"]]  # seat order
        assert row["phase"] == status_line(public["view"]) != ""
        assert row["pending"] == [names[p] for p in public["pending"]]
        assert row["result"] is None
    # The finished game: the engine's outcome, by name.
    over = anonymous.get(f"/api/games/{done}/view").json()["outcome"]
    result = row_of(listed, done)["result"]
    assert result["winners"] == [["Ann", "Bot2"][w] for w in over["winners"]]
    assert result["reason"] == over["reason"] and result["capped"] == over["capped"]
    assert result["rank"] == over["ranking"][0]
    assert row_of(listed, done)["deadline"] is None

    # Nothing of Ann's hand is in anyone's list.
    hand = ann.ok("GET", f"/api/games/{anns}/view")["view"]["players"][0]["hand"]
    assert hand
    for who in (ann, ben, mia):
        text = json.dumps(mine(who))
        assert not any(f'"{card}"' in text for card in hand)

    # Mia's list: the table she moderates, marked so; never her turn.
    modded = mine(mia)
    assert [r["id"] for r in modded["mine"]] == [birds]
    assert modded["mine"][0]["role"] == "moderator" and modded["mine"][0]["you"] == "moderator"
    assert modded["mine"][0]["others"] == ["Ann", *row_of(listed, birds)["others"]]
    assert modded["your_turn"] == 0 and not modded["mine"][0]["your_turn"]

    # Ben moves: it becomes Ann's turn there, and her count goes up by one.
    before = mine(ann)["your_turn"]
    play_while(ben, bens, 0, lambda view: 1 not in view["pending"])
    after = mine(ann)
    assert row_of(after, bens)["your_turn"] and after["your_turn"] == before + 1

    # The plain list is as it was: open tables and the tables you sit at.
    plain = ann.ok("GET", "/api/games")
    assert set(plain) == {"open", "mine"}
    assert {g["id"] for g in plain["mine"]} == {bens, anns, no_clock, waiting, birds, done}
