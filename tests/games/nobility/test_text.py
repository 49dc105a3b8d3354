"""Every event kind Nobility emits has its line in ``text.LINES`` (the log and the pages
read them; deals' lines come from ``bureau.engine.deals``), so none is shown as raw data."""

from __future__ import annotations

import random

from bureau.games.nobility import GAME
from bureau.games.nobility.text import LINES


def kinds_of_random_games(games: int = 8, actions: int = 1500) -> set[str]:
    """The event kinds of random games (one rubber, or two: a rubber's start is an
    event), each line checked as it comes."""
    seen: set[str] = set()
    for seed in range(games):
        options = {"max_rubbers": 1 + seed % 2}
        state = GAME.new(3, seed=seed, options=options, bots_only=True)
        rng = random.Random(seed)
        for _ in range(actions):
            if not GAME.pending(state):
                break
            seat = rng.choice(GAME.pending(state))
            for e in GAME.apply(state, seat, GAME.sample_action(state, seat, rng)):
                line = GAME.describe(state, e)
                assert line and not line.startswith(f"{e.kind}:"), line
                seen.add(e.kind)
    return seen


def test_every_event_kind_of_random_games_has_its_line():
    seen = kinds_of_random_games()
    assert {"rubber", "battle", "election", "deal_done", "game_over"} <= seen  # the distance
    assert not seen - set(LINES), sorted(seen - set(LINES))
