"""Final Decrees' offers, spreads of several parts and removals, walked token by token."""

from __future__ import annotations

from bureau.engine import deals as deal_book
from bureau.games.decrees.diplomacy import RULES
from bureau.games.decrees.rules import pending, spread_scope
from bureau.games.decrees.state import CHOOSE, DEPT_CODES, TURN

from . import Parts, two_party_offers


def families(game, state, seat: int, names, vocab, deals: bool = False):
    """Final Decrees' blame splits (``Parts``: spreads of several parts from the
    departments one controls, ``legal_actions`` listing only whole departments' blame
    moved to one; the extra blame removed from several pools), and, with ``deals``, its
    two-player offers (``Offer``: ``offer Ben: Ann gives
    2 blame, card cover-up; Ben gives card overtime``: an amount of one's blame and each
    card at most once a side, one's own cards from one's hand, the other's of any kind,
    as the rules let an offer ask without seeing her hand) beside what ``legal_actions``
    lists; without, None (the listed actions only)."""

    listed = game.legal_actions(state, seat)
    index = vocab.index
    numbers = [index(str(k)) for k in range(vocab.max_number + 1)]
    splits: list = []
    if seat in pending(state) and not deal_book.awaiting(state):
        if state.phase == TURN and len(spread_scope(state, seat)[0]) > 1:
            sources, dests = spread_scope(state, seat)
            keys = [
                ((index(DEPT_CODES[a]), index("to"), index(DEPT_CODES[b])), a)
                for a in sorted(sources)
                for b in sorted(dests)
                if a != b
            ]
            caps = {a: state.dept_blame[a] for a in sources}
            splits.append(Parts((index("spread"),), keys, caps, None, index(","), numbers))
        elif state.phase == CHOOSE:
            keys = [
                ((vocab.encode(names[q], names, seat)[0],), ("p", q)) for q in range(len(names))
            ]
            keys += [((index(DEPT_CODES[d]),), ("d", d)) for d in sorted(state.depts)]
            caps = {("p", q): state.blame[q] for q in range(len(names))}
            caps |= {("d", d): state.dept_blame[d] for d in state.depts}
            total = state.choose.amount
            splits.append(Parts((index("remove"),), keys, caps, total, index(","), numbers))
    splits = [f for f in splits if f.possible()]
    if not deals:
        return listed, splits
    if (
        deal_book.offers_to(state, seat)
        or deal_book.open_offer(state, seat) is not None
        or not RULES.may_deal(state, seat)
    ):
        return listed, splits
    blame_ok = state.options["allow_blame_trades"]
    everything = sorted({c.key for k, c in enumerate(state.cards) if k != state.sd})

    def items(g: int) -> list[tuple[tuple[int, ...], bool]]:
        top = min(state.blame[g], vocab.max_number) if blame_ok else 0
        out = [((index(str(k)), index("blame")), True) for k in range(1, top + 1)]
        keys = (
            everything
            if g != seat
            else sorted({state.cards[k].key for k in state.hands[seat] if k != state.sd})
        )
        out += [((index("card"), index(key)), False) for key in keys]
        return out

    def seat_tok(q: int) -> int:
        return vocab.encode(names[q], names, seat)[0]

    return listed, splits + two_party_offers(state, seat, RULES, index, seat_tok, items)
