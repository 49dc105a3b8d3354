"""Every event kind Final Decrees emits has its line in ``text.LINES`` (the log and the
pages read them), so none is shown as raw data."""

from __future__ import annotations

from bureau.bots import make
from bureau.engine import Match
from bureau.games.decrees.text import LINES, describe


def random_games(games: int = 16):
    """Finished games of four and five, random bots beside heuristic ones (random play
    alone seldom enacts a decree)."""
    for seed in range(games):
        m = Match("decrees", 4 + seed % 2, seed=seed, bots_only=True)
        seats = range(len(m.state.names))
        bots = [make("heuristic" if (q + seed) % 3 else "random", m.game, q, seed) for q in seats]
        while m.outcome() is None and len(m.actions) < 1500:
            seat = m.pending()[0]
            m.play(seat, bots[seat].act(m.state))
        yield m


def test_every_event_kind_of_random_games_has_its_line():
    seen: set[str] = set()
    for m in random_games():
        assert m.outcome() is not None
        for e in m.events:
            assert not describe(m.state, e).startswith(f"{e.kind}: "), e
        seen |= {e.kind for e in m.events}
    assert {"bids", "enacted", "deal_done", "game_over"} <= seen  # the games went the distance
    assert not seen - set(LINES), sorted(seen - set(LINES))
