"""Exact Final Decrees positions for the rule tests.

A position starts from two fixtures: ``heads`` (each seat's department, which
skips the bid and the assignment) and ``deck_order`` (the cards in play: one
dealt to each seat in seat order, then the deck from the top; only these cards
are in the game). With ``heads``, play begins at once: the head of EXE (Ann by
default) takes turn 1, her department has gained its incompetence blame and
she has drawn the deck's top card. Where a test needs more, the helpers below
edit the state directly; from there the game is driven through its public
contract: ``GAME.parse`` + ``GAME.apply``.

Seats: Ann 0, Ben 1, Cat 2, Dan 3, Eve 4 (clockwise). Default heads at five
players: Ann EXE, Ben HR, Cat TRE, Dan SS, Eve ADM; REF is the Empty Department.
"""

from __future__ import annotations

from functools import partial

from bureau.games.decrees import GAME
from bureau.games.decrees.state import DEPT_CODES, State

from .. import common

ANN, BEN, CAT, DAN, EVE = range(5)
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
REF, EXE, HR, TRE, SS, ADM = range(6)
D1, D2, D3, D4, D5 = range(5)  # the default decrees
HEADS5 = ("EXE", "HR", "TRE", "SS", "ADM")
HEADS4 = ("EXE", "HR", "TRE", "SS")  # ADM is the Empty Department
FILLER = "good-press"  # 3 copies; more filler comes from the kinds below
PLAIN = ["overtime"] * 5 + ["requisition-form"] * 5 + ["whitewash"] * 4 + ["scapegoat"] * 4


def deck(hands=(), top=(), size: int = 12, players: int = 5) -> list[str]:
    """A ``deck_order``: each seat's card (``hands[i]``, default a plain card), then
    ``top`` from the top of the deck, then plain cards up to ``size`` deck cards."""
    hands = list(hands) + [None] * (players - len(hands))
    named = [h for h in hands if h] + list(top)
    spare = [c for c in PLAIN]
    for key in named:
        if key in spare:
            spare.remove(key)
    out = [h or spare.pop() for h in hands] + list(top)
    while len(out) < players + size and spare:
        out.append(spare.pop())
    return out


def new_game(players: int = 5, hands=(), top=(), size: int = 12, heads=None, **options) -> State:
    """A game under way: turn 1 of the head of EXE, after her draw."""
    heads = heads or (HEADS5 if players == 5 else HEADS4)
    opts = {"heads": list(heads), "deck_order": deck(hands, top, size, players), **options}
    return GAME.new(list(NAMES[:players]), seed=7, options=opts)


def bidding_game(players: int = 5, **options) -> State:
    """A game at the start: everybody about to bid for Human Resources."""
    return GAME.new(list(NAMES[:players]), seed=7, options=options)


play = partial(common.play, GAME)


def refused(state: State, seat: int, text: str, match: str | None = None) -> str:
    """``text`` is refused for ``seat`` with a message that ``match`` (a regular expression)
    finds, the state untouched (``common.refused``); returns the message."""
    return common.refused(GAME, state, seat, text, match=match)


def advance_to(state, seat: int) -> list:
    """End turns until it is ``seat``'s turn; returns the events."""
    ev: list = []
    while GAME.pending(state) != (seat,):
        (active,) = GAME.pending(state)
        ev += play(state, active, "end")
    return ev


def hand(state: State, seat: int) -> list[str]:
    """``seat``'s hand as sorted card keys."""
    return sorted(state.cards[k].key for k in state.hands[seat])


def kind_of(state: State, key: str) -> int:
    return next(k for k, c in enumerate(state.cards) if c.key == key)


def give(state: State, seat: int, *keys: str) -> None:
    """Put cards into ``seat``'s hand (from outside the game)."""
    for key in keys:
        state.hands[seat].append(kind_of(state, key))


def set_deck(state: State, *keys: str) -> None:
    """The deck is exactly these cards, top first."""
    state.deck = [kind_of(state, k) for k in reversed(keys)]
    state.sd_range = None


def dept(code: str) -> int:
    return DEPT_CODES.index(code)


def blames(state: State) -> dict[str, int]:
    """Departmental blame by code (departments in play)."""
    return {DEPT_CODES[d]: state.dept_blame[d] for d in state.depts}


def set_blame(state: State, **amounts: int) -> None:
    """Set personal blame by name (``Ann=3``) or departmental blame by code (``EXE=4``)."""
    for key, amount in amounts.items():
        if key in DEPT_CODES:
            state.dept_blame[DEPT_CODES.index(key)] = amount
        else:
            state.blame[NAMES.index(key)] = amount


def put(state, seat: int, code: str) -> None:
    """Make ``seat`` the head of ``code``; its old head (if any) takes ``seat``'s place."""
    d, old = dept(code), state.dept_of[seat]
    other = state.head[d]
    if other >= 0 and other != seat:
        state.head[old], state.dept_of[other] = other, old
    else:
        state.head[old] = -1
    state.head[d], state.dept_of[seat] = seat, d
