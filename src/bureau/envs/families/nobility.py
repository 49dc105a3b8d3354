"""Nobility's free offers and payments, walked token by token (with ``deals``)."""

from __future__ import annotations

from bureau.cards import NUM_CODES, card_text
from bureau.engine import deals as deal_book
from bureau.games.nobility.actions import Pay
from bureau.games.nobility.diplomacy import RULES, coalition_open
from bureau.games.nobility.state import DEFEND, DROP, LOSE

from . import two_party_offers


def families(game, state, seat: int, names, vocab, deals: bool = False):
    """With ``deals``, Nobility's free offers (``Offer``: amounts, melds and cards each
    way, a coalition where one can form) and payments (``pay NAME N``) beside what
    ``legal_actions`` lists; without, None (the listed actions only)."""
    if not deals:
        return None

    listed = game.legal_actions(state, seat)
    if deal_book.offers_to(state, seat) or not RULES.may_deal(state, seat):
        return listed, []
    n = len(names)
    index = vocab.index
    listed += [
        Pay(q, names[q], k)
        for q in range(n)
        if q != seat and RULES.may_deal(state, q)
        for k in range(1, min(state.money[seat], vocab.max_number) + 1)
    ]
    if deal_book.open_offer(state, seat) is not None or state.phase in (DEFEND, LOSE, DROP):
        return listed, []

    def seat_tok(q: int) -> int:
        return vocab.encode(names[q], names, seat)[0]

    def items(g: int, cards) -> list[tuple[tuple[int, ...], bool]]:
        out = [
            ((index(str(k)),), True) for k in range(1, min(state.money[g], vocab.max_number) + 1)
        ]
        out += [
            ((index("meld"), index(card_text(m.name))), False)
            for m in sorted(state.melds_of(g), key=lambda m: m.name)
        ]
        out += [((index("card"), index(card_text(c))), False) for c in sorted(set(cards))]
        return out

    term = index("coalition") if coalition_open(state) and not state.coalition else None

    def gives(g: int) -> list[tuple[tuple[int, ...], bool]]:
        return items(g, state.hands[seat] if g == seat else range(NUM_CODES))

    return listed, two_party_offers(state, seat, RULES, index, seat_tok, gives, term)
