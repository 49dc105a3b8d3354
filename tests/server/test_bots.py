"""Bots seated on the server: a bot stays one player between its turns, so a plan it
chose is played through."""

from __future__ import annotations

from bureau.bots import ISMCTSBot
from bureau.server.db import database_url, open_store
from bureau.server.migrations import upgrade
from bureau.server.service import Service


def noblesse_of_bots(tmp_path, searcher: int):
    """A running Noblesse game of eight bots on a fresh service: the game's own ISMCTS in
    seat ``searcher``, heuristic bots elsewhere. Returns the service and the game's id."""
    store = open_store(database_url(str(tmp_path / "b.sqlite3")), create=False)
    upgrade(store.engine)
    svc = Service(store, allow_fixtures=True)
    ann = svc.register("Ann", "password123")
    gid = svc.create(ann, "noblesse", 8, {}, seed=4)["id"]
    for seat in range(8):
        svc.seat_bot(ann, gid, seat, "ismcts" if seat == searcher else "heuristic")
    svc.start(ann, gid)
    return svc, gid


def test_an_ismcts_seat_chooses_its_style_once_a_day(tmp_path, monkeypatch):
    """Noblesse's tuned ISMCTS searches the heuristic's styles at the first of its Day's
    decisions and plays that style's orders for the rest of the Day (``styles=on``): the
    server keeps the bot between its turns instead of making a new one, which would search
    again at every order and could switch styles half-way through a Day."""
    searches = []
    search = ISMCTSBot.choose_style

    def counted(bot, state):
        searches.append((state.phase, state.night))
        return search(bot, state)

    monkeypatch.setattr(ISMCTSBot, "choose_style", counted)
    svc, gid = noblesse_of_bots(tmp_path, searcher=3)
    days, decisions = set(), 0
    while (m := svc.game(gid).match).state.night < 4 and m.outcome() is None:
        if 3 in m.pending():
            days.add(m.game.decision_key(m.state))
            decisions += 1
        assert svc.bot_turns(gid, limit=1) == 1
    svc.writer.close()
    assert len(days) >= 4 and decisions > 2 * len(days)  # several orders a Day
    assert sorted(searches) == sorted(days)
