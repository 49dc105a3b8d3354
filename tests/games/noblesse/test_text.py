"""Every event kind Noblesse emits has its line in ``text.LINES`` (the log and the pages
read them), so none is shown as raw data, nor told as its text by chance."""

from __future__ import annotations

from bureau.games.noblesse.text import LINES, describe

from .test_events import emitted_kinds, random_game


def test_every_event_kind_of_random_games_has_its_line():
    """Random-bot games of 8 to 12 seats (treaties, cancels and overrides thrown in)."""
    seen: set[str] = set()
    for seed in range(12):
        m = random_game(seed)
        for e in m.events:
            assert describe(m.state, e) != f"{e.kind} {e.data}", e
        seen |= {e.kind for e in m.events}
    assert {"night", "treaty proposed", "report", "over"} <= seen  # the games went the distance
    assert not seen - set(LINES), sorted(seen - set(LINES))


def test_every_event_kind_of_the_source_has_its_line():
    assert not emitted_kinds() - set(LINES), sorted(emitted_kinds() - set(LINES))
