"""Exact Nobility positions for the rule tests.

A position starts from the ``deck`` fixture (top first: seat 0 is dealt the
first 3 cards, seat 1 the next 3, seat 2 the next 3, the 10th card starts the
stock discard pile, the rest is the stock, top first) and the ``dealer``
fixture (default here: seat 2, so that Ann, seat 0, plays first). Where a
puzzle needs more, the helpers below edit the state directly while keeping
every one of the 54 cards in exactly one place and the 180 units of currency
conserved. From there the game is driven through its public contract:
``GAME.parse`` + ``GAME.apply``.

Seats: Ann 0 (North), Ben 1 (East), Cat 2 (South), clockwise.
"""

from __future__ import annotations

from collections import Counter
from functools import partial

from bureau.cards import card_text
from bureau.games.nobility import GAME
from bureau.games.nobility.flow import run_of
from bureau.games.nobility.state import Meld, State, is_noble

from .. import common
from ..common import cards, texts

ANN, BEN, CAT = 0, 1, 2
NAMES = ("Ann", "Ben", "Cat")


def deck(hands=("", "", ""), up: str = "", stock: str = "") -> list[str]:
    """A ``deck`` fixture: three hands of 3, the turned-up card, then the stock's top.

    Missing cards are filled from a fixed filler (low clubs and diamonds first, so
    that hands without nobles stay plain); the game completes the rest in card order.
    """
    wanted = [cards(h) for h in hands] + [[] for _ in range(3 - len(hands))]
    named = [c for h in wanted for c in h] + cards(up) + cards(stock)
    assert len(set(named)) == len(named), "a card named twice"
    filler = [c for c in FILLER if c not in named]
    out: list[int] = []
    for h in wanted:
        assert len(h) <= 3
        out += h + [filler.pop(0) for _ in range(3 - len(h))]
    out += cards(up) or [filler.pop(0)]
    out += cards(stock)
    return texts(out)


# Filler cards: scattered low province cards that form no run among themselves.
FILLER = cards("2C 5C 8C 2D 5D 8D 3S 6S 9S 3C 6C 9C 3D 6D 9D 4S 7S 10S")


def new_game(hands=("", "", ""), up: str = "", stock: str = "", dealer: int = CAT, **options):
    """A game with Ann to play first unless ``dealer`` says otherwise."""
    opts = {"deck": deck(hands, up, stock), "dealer": dealer, **options}
    return GAME.new(list(NAMES), seed=7, options=opts)


play = partial(common.play, GAME)


def refused(state: State, seat: int, text: str, match: str | None = None) -> str:
    """``text`` is refused for ``seat`` with a message that ``match`` (a regular expression)
    finds, the state untouched (``common.refused``); returns the message."""
    return common.refused(GAME, state, seat, text, match=match)


# -- direct edits -----------------------------------------------------------------------------


def pull(state: State, c: int) -> None:
    """Take card ``c`` from wherever it is (not from a meld's province cards)."""
    for pile in (state.stock, state.sdiscard, state.ndiscard):
        if c in pile:
            pile.remove(c)
            return
    for seat, h in enumerate(state.hands):
        if c in h:
            h.remove(c)
            if c in state.known[seat]:
                state.known[seat].remove(c)
            return
    for m in state.melds:
        if c in m.nobles:
            m.nobles.remove(c)
            state.noble_order.remove(c)
            return
        if m.joker == c:
            m.joker = -1
            return
    raise AssertionError(f"{card_text(c)} is in a meld's run")


def set_hand(state: State, seat: int, text: str) -> None:
    """``seat`` holds exactly these cards; her old cards go to the bottom of the stock."""
    new = cards(text)
    old = [c for c in state.hands[seat] if c not in new]
    for c in new:
        if c not in state.hands[seat]:
            pull(state, c)
    state.hands[seat] = list(new)
    state.known[seat] = []
    state.stock[:0] = old


def stock_top(state: State, text: str) -> None:
    """These cards on top of the stock, the first drawn first."""
    for c in cards(text):
        pull(state, c)
    state.stock += list(reversed(cards(text)))


def set_stock(state: State, text: str) -> None:
    """The stock is exactly these cards (top first); the others go to the stock discard pile."""
    keep = cards(text)
    rest = [c for c in state.stock if c not in keep]
    for c in keep:
        pull(state, c)
    state.stock = list(reversed(keep))
    state.sdiscard[:0] = rest


def set_pile(state: State, which: str, text: str) -> None:
    """The stock discard (``s``) or noble discard (``n``) pile, bottom to top; old cards go
    to the bottom of the stock."""
    pile = state.sdiscard if which == "s" else state.ndiscard
    new = cards(text)
    old = [c for c in pile if c not in new]
    for c in new:
        if c not in pile:
            pull(state, c)
    pile[:] = new
    state.stock[:0] = old


def put_meld(state: State, owner: int, text: str, nobles: str = "", joker: str = "") -> Meld:
    """A meld of ``owner`` with its province cards, defending nobles and joker."""
    run = cards(text)
    start, length = run_of(run)
    for c in run + cards(nobles) + cards(joker):
        pull(state, c)
    m = Meld(owner, run[0] // 13, start, length)
    for c in cards(nobles):
        assert is_noble(c)
        m.nobles.append(c)
        state.noble_order.append(c)
    if joker:
        m.joker = cards(joker)[0]
    state.melds.append(m)
    return m


def exhaust(state: State, top: str = "") -> None:
    """The Exhausted state (NOB-A10): the stock is empty, its cards are at the bottom of
    the stock discard pile, ``top`` (bottom to top) on top of it."""
    for c in cards(top):
        pull(state, c)
    state.sdiscard[:0] = list(reversed(state.stock))
    state.stock = []
    state.sdiscard += cards(top)
    state.exhausted = True
    state.turn_exhausted = True  # as if the turn in progress began in it


def set_money(state: State, seat: int, amount: int) -> None:
    state.bank += state.money[seat] - amount
    state.money[seat] = amount
    assert state.bank >= 0


def meld_texts(state: State, owner: int | None = None) -> list[list[str]]:
    return [texts(m.cards()) for m in state.melds if owner is None or m.owner == owner]


def check_invariants(state: State) -> None:
    """Every card in exactly one place; 180 units; hands and melds well formed."""
    assert state.bank + sum(state.money) == 180
    assert state.bank >= 0 and min(state.money) >= 0
    where = list(state.stock) + state.sdiscard + state.ndiscard
    where += [c for h in state.hands for c in h]
    if state.battle is not None:
        where += list(state.battle[3])
        if state.battle[1] < 0:
            where += list(state.battle[4])
    for m in state.melds:
        where += m.cards() + m.nobles + ([m.joker] if m.joker >= 0 else [])
    assert sorted(where) == list(range(54)), Counter(where).most_common(3)
    for seat in range(3):
        assert not Counter(state.known[seat]) - Counter(state.hands[seat])
    assert sorted(state.noble_order) == sorted(c for m in state.melds for c in m.nobles)
