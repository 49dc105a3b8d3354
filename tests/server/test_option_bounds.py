"""Bounded options on the server (issue 17): a clock past its range is a 400 that names
the range, and a table with every clock at its maximum starts and is drawn, never a 500."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import httpx

from bureau.engine import all_games

CLOCKS = ("decision_seconds", "day_hours", "air_hours", "land_hours")


def test_a_clock_past_its_range_is_refused_with_the_range(players):
    ann = players("Ann")
    for value in (1e30, 10**30, 10**10, 0, -1, True, "1e30", 1e400):  # 1e400 is sent as inf
        body = {"game": "aristocracy", "players": 2, "options": {"decision_seconds": value}}
        r = ann.http.post("/api/games", content=_json(body),
                          headers={"Content-Type": "application/json"})  # fmt: skip
        assert r.status_code == 400, (value, r.status_code, r.text)
        assert "allowed 1-2592000 seconds (30 days)" in r.json()["error"], r.text
    r = ann.post("/api/games", {"game": "seabirds", "players": 3, "options": {"air_hours": 721}})
    assert r.status_code == 400 and "allowed 1-720 hours (30 days)" in r.json()["error"]
    assert ann.ok("GET", "/api/games")["mine"] == []  # nothing was made
    with _browser(ann) as browser:
        lobby = browser.get("/")
    assert lobby.status_code == 200
    field = 'name="options.decision_seconds" type="number" data-type="int" min="1" max="2592000"'
    assert field in lobby.text  # the lobby's form holds a clock to its range


def test_every_clock_at_its_maximum_starts_and_its_table_is_drawn(players):
    """Each game with a clock option, every clock at its maximum: the table is created,
    started (the creator in seat 0, random bots elsewhere) and drawn for its player (with
    the deadline of a decision clock) and for an anonymous reader."""
    ann = players("Ann")
    with _browser(ann) as browser, httpx.Client(base_url=ann.http.base_url) as anonymous:
        for game in all_games():
            clocks = {o.name: o.maximum for o in game.options if o.name in CLOCKS}
            if not clocks:
                continue
            n = game.min_players
            table = ann.ok("POST", "/api/games", {"game": game.name, "players": n,
                                                   "options": clocks})  # fmt: skip
            gid = table["id"]
            ann.ok("POST", f"/api/games/{gid}/join", {"invite": table["invite"]})
            for seat in range(1, n):
                ann.ok("POST", f"/api/games/{gid}/bots", {"seat": seat, "bot": "random"})
            assert browser.get(f"/games/{gid}").status_code == 200  # the open table
            r = ann.post(f"/api/games/{gid}/start")
            assert r.status_code == 200, (game.name, r.status_code, r.text)
            assert ann.ok("GET", f"/api/games/{gid}")["options"] == clocks
            for reader in (browser, anonymous):
                for page in ("", "/fragment", "/talk"):
                    r = reader.get(f"/games/{gid}{page}")
                    assert r.status_code == 200, (game.name, page, r.status_code, r.text[-500:])
            if "decision_seconds" in clocks:  # the clock runs, 30 days from now
                assert "Deadline:" in browser.get(f"/games/{gid}/fragment").text, game.name


@contextmanager
def _browser(player) -> Iterator[httpx.Client]:
    """A client logged in as ``player`` with a session cookie, as a browser is."""
    with httpx.Client(base_url=player.http.base_url, timeout=30) as client:
        r = client.post("/api/login", json={"name": player.name, "password": "password123"})
        assert r.status_code == 200, r.text
        yield client


def _json(body: dict) -> str:
    """``body`` as JSON text, with a float past every double written as ``1e400``."""
    return json.dumps(body).replace("Infinity", "1e400")
