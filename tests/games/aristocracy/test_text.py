"""Every event kind Aristocracy emits has its line in ``text.LINES`` (the log and the
pages read them), so none is shown as raw data."""

from __future__ import annotations

from bureau.games.aristocracy import GAME
from bureau.games.aristocracy.text import LINES

from ..common import kinds_told


def test_every_event_kind_of_random_games_has_its_line():
    """Random games of 2 to 5 players under the options that change what lines say."""
    setups = [
        (2 + seed % 4, {
            "max_years": 4,
            "ball_reveal_attribution": seed % 2 == 0,  # ARI-A12: the ball's line names givers
            "show_stall_counts_before_reveal": seed % 3 != 0,
        })
        for seed in range(12)
    ]  # fmt: skip
    seen = kinds_told(GAME, setups, actions=600)
    assert {"round", "stalls", "visit", "honor", "game_over"} <= seen  # the games went the distance
    assert not seen - set(LINES), sorted(seen - set(LINES))
