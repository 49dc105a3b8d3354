"""Exact Seabirds positions for the rule tests.

Fixtures skip the chance: ``houses`` (each seat's House, skipping the draft),
``rolls`` (each seat's d6) and ``complications`` (the deck from the top). A
game made here starts in Round 1's Air Phase. Actions go through the public
contract (``GAME.parse`` + ``GAME.apply``) with explicit times where a test
cares about them (seconds since the epoch).

Seats: Ann 0, Ben 1, Cat 2, Dan 3, Eve 4, Fay 5. Default Houses: Ann Breeding,
Ben Usury, Cat Sensation (Life, Information and Labor).
"""

from __future__ import annotations

from functools import partial

from bureau.games.seabirds.game import GAME
from bureau.games.seabirds.state import State
from bureau.games.seabirds.transactions import ASSETS, HEADER

from .. import common

ANN, BEN, CAT, DAN, EVE, FAY = range(6)
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
T0 = 1_700_000_000  # the start_time of games made here
HOUR = 3600


def new_game(
    houses=("Breeding", "Usury", "Sensation"),
    rolls=None,
    cards=("Bureaucracy",) * 8,
    stops: int = 4,
    **options,
) -> State:
    """A game in Round 1's Air Phase; rolls default to 3 each (3 Money, 3 own Resource)."""
    n = len(houses)
    opts = {
        "houses": list(houses),
        "rolls": [str(r) for r in (rolls or (3,) * n)],
        "complications": list(cards),
        "stops": stops,
        "start_time": T0,
        **options,
    }
    return GAME.new(list(NAMES[:n]), seed=7, options=opts)


act = partial(common.play, GAME)
moderate = partial(common.moderate, GAME)


def tx(state: State, seat: int, body: str, at: float | None = None) -> list:
    """Post a public Transaction: ``body`` after the header."""
    return act(state, seat, f"post: {HEADER} {body}", at)


def hide(state: State, seat: int, body: str, stop: int | None = None, at=None) -> list:
    """Send a hidden Transaction to the Bureau, for ``stop`` (default: the coming one)."""
    where = f" for stop {stop}" if stop is not None else ""
    return act(state, seat, f"hide{where}: {HEADER} {body}", at)


def refused(state: State, seat: int, text: str, match: str | None = None) -> str:
    """``text`` is refused for ``seat`` with a message that ``match`` (a regular expression)
    finds, the state untouched (``common.refused``); returns the message."""
    return common.refused(GAME, state, seat, text, match=match)


def everyone_ready(state: State, at: float | None = None) -> list:
    """All pending players declare ready: the phase ends."""
    events = []
    for seat in GAME.pending(state):
        events += act(state, seat, "ready", at)
    return events


def holdings(state: State, seat: int) -> dict[str, int]:
    """A seat's non-zero holdings by asset name."""
    return {ASSETS[a]: n for a, n in enumerate(state.holdings[seat]) if n}


def set_holdings(state: State, seat: int, **amounts: int) -> None:
    """Set a seat's holdings: ``Money=3, Food=2`` (spaces as underscores); others to 0."""
    state.holdings[seat] = [0] * len(ASSETS)
    for name, n in amounts.items():
        state.holdings[seat][ASSETS.index(name.replace("_", " "))] = n
