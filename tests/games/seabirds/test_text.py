"""Every event kind Seabirds emits has its line in ``text.LINES`` (the log, the forum
post and the pages read them), so none is shown as raw data."""

from __future__ import annotations

import random

from bureau.engine import MODERATOR, Match
from bureau.games.seabirds.text import LINES


def kinds_of_random_games(games: int = 12) -> set[str]:
    seen: set[str] = set()
    for seed in range(games):
        m = Match("seabirds", 3 + seed % 4, seed=seed, options={"stops": 2}, bots_only=True)
        rng = random.Random(seed)
        m.play(MODERATOR, "override note the Round starts because all are here")
        while m.outcome() is None and len(m.actions) < 400:
            seat = m.pending()[0] if m.pending() else MODERATOR
            action = "resolve" if seat == MODERATOR else m.game.sample_action(m.state, seat, rng)
            m.play(seat, action)
        seen |= {e.kind for e in m.events}
    return seen


def test_every_event_kind_of_random_games_has_its_line():
    seen = kinds_of_random_games()
    assert {"phase", "resolution", "game_over", "note"} <= seen  # the games went the distance
    assert not seen - set(LINES) - {"timed out"}, sorted(seen - set(LINES))
