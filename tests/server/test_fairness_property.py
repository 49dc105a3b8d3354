"""For every game: while a hosted game runs, nothing the server gives a seat, the
moderator or a spectator holds its seed or salt (the record published mid-game withholds
them, and cannot be replayed), receipts show each reader only her own; when it is over,
the record verifies fair, and any changed action, seed or receipt makes it unfair."""

from __future__ import annotations

import copy
import json

import pytest

from bureau.engine import MODERATOR, Match, RecordError, load
from bureau.engine.fairness import verify
from bureau.server.db import database_url, open_store
from bureau.server.migrations import upgrade
from bureau.server.service import Reader, Service, ServiceError

from .test_fairness import QUICK


def hosted_game_of_bots(tmp_path, game: str) -> tuple[Service, int]:
    store = open_store(database_url(str(tmp_path / "p.sqlite3")), create=False)
    upgrade(store.engine)
    svc = Service(store)  # as bureau serve runs: no arranged tables
    ann = svc.register("Ann", "password123")
    players, options = QUICK[game]
    gid = svc.create(ann, game, players, options)["id"]
    for seat in range(players):
        svc.seat_bot(ann, gid, seat, "random")
    svc.start(ann, gid)
    return svc, gid


def readers(svc: Service, gid: int) -> list[Reader]:
    m = svc.game(gid).match
    extra = [Reader(1, MODERATOR)] if m.game.moderated else []
    return [Reader(None, None), *(Reader(None, s) for s in range(len(m.names))), *extra]


def everything_for(svc: Service, gid: int, reader: Reader) -> str:
    """All the server answers this reader about the game, as the JSON it would send."""
    loaded = svc.game(gid)
    out = [
        svc.summary(gid, None),
        svc.view_of(loaded, reader),
        svc.events_of(loaded, reader),
        svc.messages(gid, reader),
    ]
    if reader.seat is not None:
        out.append(svc.receipts(gid, reader))
        out.append(svc.legal_of(loaded, reader))
    try:
        out.append(svc.record(gid, reader))
    except ServiceError as exc:
        assert exc.status == 403
    return json.dumps(out)


@pytest.mark.parametrize("game", sorted(QUICK))
def test_a_hosted_game_keeps_its_seed_until_the_end_and_then_verifies(tmp_path, game):
    svc, gid = hosted_game_of_bots(tmp_path, game)
    seed, salt = svc.game(gid).match.seed, svc.full_record(gid)["fairness"]["salt"]
    assert seed.bit_length() > 64 and load(game)  # a wide seed, drawn by the Bureau
    secrets = (str(seed), format(seed, "x"), salt)
    steps = 0
    while svc.game(gid).match.outcome() is None:
        for reader in readers(svc, gid):
            seen = everything_for(svc, gid, reader)
            assert not any(s in seen for s in secrets), (game, reader, steps)
            if reader.seat is not None:
                mine = svc.receipts(gid, reader)["receipts"]
                assert {r["player"] for r in mine} <= {svc.game(gid).match.who(reader.seat)}
        if game_is_moderated(svc, gid):
            published = svc.record(gid, Reader(1, MODERATOR))
            assert "seed" not in published and set(published["fairness"]) == {
                "scheme", "commitment", "arranged"
            }  # fmt: skip
            with pytest.raises(RecordError, match="withheld"):
                Match.replay(published)
        assert svc.bot_turns(gid, limit=3) >= 1
        steps += 1
    record = svc.record(gid, Reader(None, None))
    assert record["seed"] == seed and record["fairness"]["salt"] == salt
    assert verify(record).fair, verify(record).summary
    for index in range(0, len(record["actions"]), max(1, len(record["actions"]) // 4)):
        changed = copy.deepcopy(record)
        changed["actions"][index][1] += " x"
        assert not verify(changed).fair
    changed = copy.deepcopy(record)
    changed["seed"] ^= 1
    assert not verify(changed).fair


def game_is_moderated(svc: Service, gid: int) -> bool:
    return svc.game(gid).match.game.moderated
