"""Helpers for the Round, landing and message tests (test_setup, test_rounds, test_messages).

``game`` builds a position like ``helpers.new_game`` but puts the complication deck in
place itself, top card first, so the tests do not depend on how the ``complications``
fixture is read (see ``test_setup.test_complications_fixture_is_the_deck_from_the_top``).
"""

from __future__ import annotations

from bureau.games.seabirds.game import GAME
from bureau.games.seabirds.state import CARDS, DISTRIBUTION, State
from bureau.games.seabirds.transactions import UPGRADES

from .helpers import HOUR, T0, everyone_ready, new_game


def game(cards=(), stops: int = 4, **kw) -> State:
    """A game in Round 1's Air Phase whose deck, from the top, is ``cards`` followed by
    Bureaucracies (so there is always a card for every Stop)."""
    state = new_game(cards=("Bureaucracy",) * max(stops, 1), stops=stops, **kw)
    top_first = list(cards) + ["Bureaucracy"] * (stops + 4)
    state.deck = [CARDS.index(c) for c in reversed(top_first)]
    return state


def land(state: State, at: float | None = None) -> list:
    """Everyone is ready in the Air Phase: the Resolution runs (and the landing, if any)."""
    assert state.phase == "air"
    return everyone_ready(state, at)


def fly(state: State, at: float | None = None) -> list:
    """Everyone is ready in the Land Phase: a new Round begins."""
    assert state.phase == "land"
    return everyone_ready(state, at)


def own(state: State, seat: int, upgrade: str, n: int = 1) -> None:
    """Give ``seat`` ``n`` copies of ``upgrade`` outright (an exact position)."""
    u = UPGRADES.index(upgrade)
    state.upgrades[seat][u] += n
    if u == DISTRIBUTION:
        state.distribution[seat] += [-1] * n


def timeout(state: State) -> list:
    """The phase's deadline passes: the Bureau acts for every pending player at it."""
    when = GAME.deadline(state)
    events = []
    for seat in GAME.pending(state):
        events += GAME.apply(state, seat, GAME.timeout_action(state, seat), at=when)
    return events


def top(state: State) -> str:
    """The name of the card the next Resolution reveals."""
    return CARDS[state.deck[-1]]


__all__ = ["HOUR", "T0", "fly", "game", "land", "own", "timeout", "top"]
