"""A thousand seeded random games of every game end without an error.

The thousand run as four quarters, so that the parallel workers share them (one
game's thousand in one unit took half the game tests' time on one worker)."""

from __future__ import annotations

import random

import pytest

from bureau.bots import make
from bureau.engine import all_games
from bureau.engine.rng import derive

GAMES = [g.name for g in all_games()]
MAX_DECISIONS = 100_000
GAMES_IN_ALL, QUARTERS = 1000, 4
QUARTER = GAMES_IN_ALL // QUARTERS


@pytest.mark.slow
@pytest.mark.parametrize("quarter", range(QUARTERS))
@pytest.mark.parametrize("game", all_games(), ids=GAMES)
def test_a_thousand_random_games(game, quarter):
    finished = capped = 0
    for i in range(quarter * QUARTER, (quarter + 1) * QUARTER):
        seed = derive(1, "random-games", i)
        n = game.min_players + i % (game.max_players - game.min_players + 1)
        state = game.new(n, seed=seed, bots_only=True)
        bots = [make("random", game, p, seed) for p in range(n)]
        pick = random.Random(seed)
        for _ in range(MAX_DECISIONS):
            pending = game.pending(state)
            if not pending:
                break
            p = pick.choice(pending)
            game.apply(state, p, bots[p].act(state))
        outcome = game.outcome(state)
        assert outcome is not None, f"game {i} (seed {seed}) did not end"
        assert len(outcome.ranking) == n and min(outcome.ranking) == 1
        if outcome.capped:
            capped += 1
            assert outcome.winners == ()
        else:
            finished += 1
            assert outcome.winners and all(outcome.ranking[w] == 1 for w in outcome.winners)
    assert finished + capped == QUARTER
