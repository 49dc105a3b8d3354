"""Every event kind Aristocracy emits has its line in ``text.LINES`` (the log and the
pages read them), so none is shown as raw data."""

from __future__ import annotations

import random

from bureau.games.aristocracy import GAME
from bureau.games.aristocracy.text import LINES


def kinds_of_random_games(games: int = 12, actions: int = 600) -> set[str]:
    """The event kinds of random games of 2 to 5 players, each line checked as it comes."""
    seen: set[str] = set()
    for seed in range(games):
        options = {
            "max_years": 4,
            "ball_reveal_attribution": seed % 2 == 0,  # ARI-A12: the ball's line names givers
            "show_stall_counts_before_reveal": seed % 3 != 0,
        }
        state = GAME.new(2 + seed % 4, seed=seed, options=options, bots_only=True)
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
    assert {"round", "stalls", "visit", "honor", "game_over"} <= seen  # the games went the distance
    assert not seen - set(LINES), sorted(seen - set(LINES))
