"""Exact Aristocracy positions for the rule tests.

A position starts from the ``deck`` fixture (top first: seat 0 is dealt the
first 7 cards (the hand size), seat 1 the next 7, ...; the first King round's market is drawn
right after the deal; the rest is the draw pile) and the ``herald`` fixture,
then, where a puzzle needs it, direct edits of the state: hands, buildings,
coins, the discard pile. From there the game is driven through its public
contract: ``GAME.parse`` + ``GAME.apply``.

Cards are written as typed in the game: ``"7H 9S"``.
"""

from __future__ import annotations

from collections import Counter
from functools import partial

from bureau.games.aristocracy import GAME
from bureau.games.aristocracy.flow import play_deck
from bureau.games.aristocracy.state import Building, State

from .. import common
from ..common import cards, texts

ANN, BEN, CAT, DAN, EVE = range(5)


def sorted_texts(text: str) -> list[str]:
    return sorted(texts(cards(text)))


def fixture_deck(
    n: int,
    hands: tuple[str, ...] | list[str] = (),
    market: str = "",
    pile: str | None = None,
    decks: int = 2,
    deal: int = 7,
) -> list[str]:
    """A deck fixture, top first: ``n`` hands of ``deal``, the market, then the draw pile.

    Hands and the market are completed with filler cards from the rest of the
    play deck (in a fixed order). ``pile`` is the exact draw pile; by default it
    is every remaining card of the play deck, in that fixed order.
    """
    wanted = [cards(h)[:deal] for h in hands] + [[] for _ in range(n - len(hands))]
    mkt = cards(market)
    exact_pile = None if pile is None else cards(pile)
    spare = Counter(play_deck(decks))
    spare.subtract(c for h in wanted for c in h)
    spare.subtract(mkt)
    spare.subtract(exact_pile or [])
    assert min(spare.values()) >= 0, "more copies of a card than the play deck holds"
    filler = [c for c in sorted(spare, key=_filler_key) for _ in range(spare[c])]
    out: list[int] = []
    for h in wanted:
        out += h + [filler.pop(0) for _ in range(deal - len(h))]
    out += mkt + [filler.pop(0) for _ in range(2 - len(mkt))]
    out += filler if exact_pile is None else exact_pile
    return texts(out)


def _filler_key(c: int) -> tuple[int, int]:
    # Twos and threes first: low, unremarkable cards that name no special action.
    return (c % 13, c // 13)


def new_game(
    n: int = 3,
    hands: tuple[str, ...] | list[str] = (),
    market: str = "",
    pile: str | None = None,
    herald: int = 0,
    exact_hands: bool = True,
    **options,
) -> State:
    """A game on a fixture deck. With ``exact_hands``, each given hand is set to exactly
    its cards after the deal (filler dealt to a short hand leaves the game; cards past
    the 7th of a long hand join it)."""
    resolved = GAME.resolve_options(options)
    deck = fixture_deck(n, hands, market, pile, resolved["decks"], resolved["base_hand_size"])
    state = GAME.new(n, seed=7, options={"herald": herald, "deck": deck, **options})
    if exact_hands:
        for seat, h in enumerate(hands):
            set_hand(state, seat, h)
    return state


def set_hand(state: State, seat: int, text: str) -> None:
    """Replace ``seat``'s hand (nobody else knows any of it)."""
    state.hands[seat] = cards(text)
    state.known[seat] = []


def build(
    state: State,
    seat: int,
    address: str,
    building_cards: str,
    exposed: str = "",
    production: str | None = None,
) -> Building:
    """Give ``seat`` a building; ``exposed`` lists which building cards lie face up."""
    bcards = cards(building_cards)
    shown = [False] * len(bcards)
    for c in cards(exposed):
        i = next(i for i, b in enumerate(bcards) if b == c and not shown[i])
        shown[i] = True
    b = Building(cards(address)[0], bcards, shown, cards(production)[0] if production else None)
    state.buildings[seat].append(b)
    return b


parse = partial(common.parse, GAME)
play = partial(common.play, GAME)
refuse = partial(common.refused, GAME)


def legal_texts(state: State, seat: int) -> set[str]:
    return {str(a) for a in GAME.legal_actions(state, seat)}


def stalls(state: State, by_seat: dict[int, str]) -> list:
    """Every player forms her stall in herald order (missing seats: ``stall none``)."""
    events = []
    while state.step == "stall":
        (seat,) = GAME.pending(state)
        events += play(state, seat, f"stall {by_seat.get(seat) or 'none'}")
    return events


def ann_acts(ann_stall: str, ann_hand: str = "", market: str = "QC 4S", **kw) -> State:
    """Ann acts first; Ben's heavy stall (10C 10C 10D) acts after her, so the stalls stay out
    until he is done; Cat has an empty stall and keeps 8H."""
    state = new_game(3, hands=(f"{ann_stall} {ann_hand}", "10C 10C 10D", "8H"), market=market, **kw)
    stalls(state, {ANN: ann_stall, BEN: "10C 10C 10D"})
    assert state.active == ANN
    return state


def idle(state: State, seat: int) -> list:
    """The Bureau's timeout action for ``seat``: pass, empty stall, zero bid, decline, ..."""
    return GAME.apply(state, seat, GAME.timeout_action(state, seat))


def finish_round(state: State) -> list:
    """Let every pending player idle until the next round starts or the game ends."""
    now = (state.year, state.royal)
    events = []
    while (state.year, state.royal) == now and GAME.outcome(state) is None:
        events += idle(state, GAME.pending(state)[0])
    return events


def to_round(state: State, year: int, royal: int) -> list:
    """Idle through rounds until ``(year, royal)`` has started."""
    events = []
    while (state.year, state.royal) != (year, royal):
        events += finish_round(state)
    return events
