"""Every event kind Nobility emits has its line in ``text.LINES`` (the log and the pages
read them; deals' lines come from ``bureau.engine.deals``), so none is shown as raw data."""

from __future__ import annotations

from bureau.games.nobility import GAME
from bureau.games.nobility.text import LINES

from ..common import kinds_told


def test_every_event_kind_of_random_games_has_its_line():
    """Random games of one rubber, or two (a rubber's start is an event)."""
    seen = kinds_told(GAME, [(3, {"max_rubbers": 1 + seed % 2}) for seed in range(8)], 1500)
    assert {"rubber", "battle", "election", "deal_done", "game_over"} <= seen  # the distance
    assert not seen - set(LINES), sorted(seen - set(LINES))
