"""A hosted table from a saved position (``docs/positions.md``): an arranged table, only on
a server started with ``--allow-fixtures``; the position travels as the document itself,
is checked at creation, stays hidden from all but the host until the end, and the table
plays on from it, whatever its seats' names."""

from __future__ import annotations

from bureau.engine import Match

from .conftest import Player


def position(seed: int = 2, actions: int = 12) -> dict:
    """A mid-game Nobility position: ``actions`` random-bot moves into a seeded game."""
    m = Match("nobility", 3, seed=seed)
    for _ in range(actions):
        seat = m.pending()[0]
        m.play(seat, m.game.legal_actions(m.state, seat)[0])
    return m.game.save_position(m.state)


def create(owner: Player, options: dict):
    return owner.post("/api/games", {"game": "nobility", "players": 3, "options": options})


def test_a_hosted_server_refuses_a_position(hosted):
    r = create(Player(hosted, "Ann"), {"position": position()})
    assert r.status_code == 400 and "position" in r.json()["error"]
    assert "--allow-fixtures" in r.json()["error"]


def test_a_position_is_the_document_never_a_file_of_the_server(server):
    r = create(Player(server, "Ann"), {"position": "/etc/passwd"})
    assert r.status_code == 400 and "not a file name" in r.json()["error"]


def test_a_broken_position_is_refused_at_creation_with_its_key(server):
    doc = position()
    doc["players"] = ["Ann", "Ben"]
    r = create(Player(server, "Ann"), {"position": doc})
    assert r.status_code == 400 and "the position has 2 players" in r.json()["error"]
    doc = {**position(), "format": "decrees-position/1"}
    r = create(Player(server, "Ann"), {"position": doc})
    assert r.status_code == 400 and "a decrees position, not a nobility one" in r.json()["error"]


def test_an_arranged_table_plays_on_from_the_position(server):
    doc = position()
    ann, ben = Player(server, "Ann"), Player(server, "Ben")
    created = create(ann, {"position": doc}).json()
    gid, invite = created["id"], created["invite"]
    assert created["fairness"]["arranged"] == ["position"]
    assert ben.ok("GET", f"/api/games/{gid}")["options"]["position"] == "hidden (arranged)"
    assert ann.ok("GET", f"/api/games/{gid}")["options"]["position"]["format"] == doc["format"]
    ben.ok("POST", f"/api/games/{gid}/join", {"invite": invite, "seat": 1})
    ann.ok("POST", f"/api/games/{gid}/join", {"invite": invite, "seat": 0})
    ann.ok("POST", f"/api/games/{gid}/bots", {"seat": 2})
    ann.ok("POST", f"/api/games/{gid}/start")
    # Ben's view at the table is seat 1's view of the position, under his own name.
    local = Match("nobility", ["Ann", "Ben", "Bot"], options={"position": doc})
    served = ben.ok("GET", f"/api/games/{gid}/view")
    assert served["seat"] == 1
    mine, theirs = served["view"], local.view(1)
    assert mine["players"][1]["hand"] == theirs["players"][1]["hand"]
    assert (mine["bank"], mine["turn"], mine["melds"]) == (
        theirs["bank"],
        theirs["turn"],
        theirs["melds"],
    )
