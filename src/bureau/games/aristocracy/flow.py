"""How a game of Aristocracy moves on: setup, rounds, royal events, turns, virtues.

Functions here change a ``State`` and append ``Event`` objects to ``ev``.
They trust their input: ``rules.check`` has validated every decision first.
"""

from __future__ import annotations

from collections.abc import Sequence

from bureau.cards import rank, standard_deck, weight
from bureau.engine import EVERYONE, Event, Outcome, all_but, only
from bureau.engine.game import rank_by
from bureau.engine.rng import make_rng

from .state import (
    ACT,
    BALL,
    BID,
    EMPTY_STALL,
    FACE_UP,
    GLORY,
    JACK,
    KING,
    NO_BID,
    NO_DISCARDS,
    OVER,
    PICK,
    QUEEN,
    STALL,
    TAX,
    Building,
    Discards,
    FaceDownStall,
    GloryVote,
    SealedBid,
    State,
)

START_COINS = 3  # ARI-07
DIAMOND_ROYALS = (2 * 13 + 10, 2 * 13 + 11, 2 * 13 + 12)  # JD, QD, KD (ARI-04)


def play_deck(decks: int) -> list[int]:
    """The play deck: ``decks`` decks less one diamond King, Queen and Jack (ARI-02, ARI-04)."""
    cards = standard_deck(decks)
    for c in DIAMOND_ROYALS:
        cards.remove(c)
    return cards


# -- sizes and tallies ------------------------------------------------------------


def sizes(state: State) -> tuple[int, int, int]:
    o = state.options
    return o["farm_size"], o["estate_size"], o["chateau_size"]


def kind_of(state: State, b: Building) -> int:
    """0 farm, 1 estate, 2 château, by building-card count (sizes are consecutive)."""
    return len(b.cards) - state.options["farm_size"]


def is_complete(b: Building) -> bool:
    """All building cards match the address card's rank (ARI-63)."""
    want = rank(b.address)
    return all(rank(c) == want for c in b.cards)


def hand_limit(state: State, seat: int) -> int:
    """Base hand size plus one per château, complete or not (ARI-31, ARI-A13)."""
    chateau = state.options["chateau_size"]
    return state.options["base_hand_size"] + sum(
        1 for b in state.buildings[seat] if len(b.cards) == chateau
    )


def complete_counts(state: State, seat: int) -> list[int]:
    """Complete farms, estates and châteaux of ``seat``."""
    counts = [0, 0, 0]
    for b in state.buildings[seat]:
        if is_complete(b):
            counts[kind_of(state, b)] += 1
    return counts


def can_glory(state: State, seat: int) -> bool:
    """A complete château and a second one, two complete estates or three farms (ARI-35)."""
    farms, estates, chateaux = complete_counts(state, seat)
    return chateaux >= 1 and (chateaux >= 2 or estates >= 2 or farms >= 3)


def victory_points(state: State, seat: int) -> int:
    farms, estates, chateaux = complete_counts(state, seat)
    return farms + 2 * estates + 3 * chateaux  # ARI-67


def stall_weight(state: State, seat: int) -> int:
    return sum(weight(c) for c in state.stalls[seat])


# -- hands, with what everybody knows about them -----------------------------------


def to_hand(state: State, seat: int, card: int, public: bool) -> None:
    state.hands[seat].append(card)
    if public:
        state.known[seat].append(card)


def from_hand(state: State, seat: int, card: int, public: bool) -> None:
    """Remove ``card``; a face-down removal hides which card left, so knowledge resets."""
    state.hands[seat].remove(card)
    known = state.known[seat]
    if not public:
        known.clear()
    elif card in known:
        known.remove(card)


# -- piles ---------------------------------------------------------------------------


def draw(state: State, ev: list[Event]) -> int | None:
    """The top card of the draw pile, reshuffling the discard pile if it is empty (ARI-77)."""
    if not state.deck:
        if not state.discard:
            return None  # ARI-A19
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
        ev.append(Event("reshuffled", EVERYONE, cards=len(state.deck)))
    return state.deck.pop()


def discard(
    state: State,
    cards: Sequence[int],
    ev: list[Event],
    who: int = -1,
    public: bool = True,
    why: str = "",
) -> None:
    """Put ``cards`` face down on the discard pile, in order (ARI-75, ARI-A17).

    Cards landing among the four oldest are face up, so everybody sees them.
    ``public`` says the cards were seen anyway; otherwise only ``who`` learns them.
    """
    if not cards:
        return
    pile = state.discard
    face_up = []
    for c in cards:
        if len(pile) < FACE_UP:
            face_up.append(c)
        pile.append(c)
    if public:
        ev.append(Event("discarded", EVERYONE, player=who, cards=list(cards), why=why))
        return
    ev.append(
        Event(
            "discarded",
            all_but(who) if who >= 0 else EVERYONE,
            player=who,
            count=len(cards),
            face_up=face_up,
            why=why,
        )
    )
    if who >= 0:
        ev.append(Event("discarded", only(who), player=who, cards=list(cards), why=why))


# -- setup -------------------------------------------------------------------------


def setup(names: tuple[str, ...], seed: int, options: dict, deck: list[int]) -> State:
    """A new game; ``deck`` is the play deck top first, or empty for a shuffled one."""
    rng = make_rng(seed, "aristocracy")
    state = State(names, seed, options, rng)
    n = state.num_players
    if deck:
        state.deck = deck[::-1]
    else:
        state.deck = play_deck(options["decks"])
        rng.shuffle(state.deck)
    deal = options["base_hand_size"]  # ARI-05: 7, or a variant's hand size
    for seat in range(n):  # seat 0 takes the first cards, seat 1 the next, ...
        for _ in range(deal):
            state.hands[seat].append(state.deck.pop())
    state.coins = [START_COINS] * n  # ARI-07
    herald = options["herald"]
    state.herald = rng.randrange(n) if herald is None else herald  # ARI-08
    start_round(state, [])
    return state


# -- rounds --------------------------------------------------------------------------


def start_round(state: State, ev: list[Event]) -> None:
    """Steps 1-3 of a round: market, draws, and the royal event's start (ARI-12..14)."""
    ev.append(Event("round", EVERYONE, year=state.year, royal=state.royal, herald=state.herald))
    for _ in range(2):  # ARI-12
        c = draw(state, ev)
        if c is not None:
            state.market.append(c)
    ev.append(Event("market", EVERYONE, cards=state.market[:]))
    if not state.first_king:  # ARI-13
        for seat in state.herald_order():
            c = draw(state, ev)
            if c is None:
                break
            to_hand(state, seat, c, public=False)
            ev.append(Event("drew", only(seat), player=seat, card=c))
            ev.append(Event("drew", all_but(seat), player=seat))
    if state.royal == KING:
        begin_tax(state, ev)
    elif state.royal == QUEEN:
        state.step = BALL
        state.ball = [[] for _ in range(state.num_players)]
        state.turn = 0
        advance_ball(state, ev)
    else:
        c = draw(state, ev)  # ARI-48
        if c is not None:
            state.market.append(c)
            ev.append(Event("market", EVERYONE, cards=state.market[:]))
        begin_bids(state, ev)


def begin_tax(state: State, ev: list[Event]) -> None:
    """Players over their hand limit discard down to it, secretly (ARI-32)."""
    state.committed = [None] * state.num_players
    over = [
        seat
        for seat in range(state.num_players)
        if len(state.hands[seat]) > hand_limit(state, seat)
    ]
    if not over:
        begin_stalls(state, ev)
        return
    state.step = TAX
    for seat in range(state.num_players):
        if seat not in over:
            state.committed[seat] = NO_DISCARDS
    ev.append(Event("tax", EVERYONE, players=over))


def finish_tax(state: State, ev: list[Event]) -> None:
    for seat in state.herald_order():  # ARI-A17: players in herald order
        discard(state, state.chosen(seat, Discards).cards, ev, who=seat, public=False, why="tax")
    begin_stalls(state, ev)


def advance_ball(state: State, ev: list[Event]) -> None:
    """Skip players with nothing to give; reveal once everyone has contributed."""
    order = state.herald_order()
    while state.turn < len(order) and not state.hands[order[state.turn]]:
        state.turn += 1
    if state.turn >= len(order):
        finish_ball(state, ev)


def finish_ball(state: State, ev: list[Event]) -> None:
    """Reveal, shuffle with the market, deal back, rest to the market (ARI-38, ARI-39)."""
    contributed = [c for seat in range(state.num_players) for c in state.ball[seat]]
    if state.options["ball_reveal_attribution"]:
        ev.append(Event("ball_revealed", EVERYONE, cards=[sorted(b) for b in state.ball]))
    else:
        ev.append(Event("ball_revealed", EVERYONE, cards=sorted(contributed)))
    pool = contributed + state.market
    state.rng.shuffle(pool)
    for seat in state.herald_order():
        k = len(state.ball[seat])
        if k:
            back, pool = pool[:k], pool[k:]
            for c in back:
                to_hand(state, seat, c, public=False)
            ev.append(Event("ball_returned", only(seat), player=seat, cards=back))
            ev.append(Event("ball_returned", all_but(seat), player=seat, count=k))
    state.market = pool
    state.ball = [[] for _ in range(state.num_players)]
    ev.append(Event("market", EVERYONE, cards=state.market[:]))
    begin_stalls(state, ev)


def begin_bids(state: State, ev: list[Event]) -> None:
    """Sealed bids; a player without coins can only bid 0, so she is not asked (ARI-49)."""
    state.step = BID
    state.committed = [
        NO_BID if state.coins[seat] == 0 else None for seat in range(state.num_players)
    ]
    if all(c is not None for c in state.committed):
        finish_bids(state, ev)


def finish_bids(state: State, ev: list[Event]) -> None:
    """Reveal bids; the top bidder or tied bidders pick (ARI-50, ARI-51, ARI-A10)."""
    bids = [state.chosen(seat, SealedBid).coins for seat in range(state.num_players)]
    state.bids = bids
    ev.append(Event("bids", EVERYONE, bids=bids))
    top = max(bids)
    state.pickers = [seat for seat in state.herald_order() if bids[seat] == top]
    state.picks = []
    if not state.market:
        state.pickers = []
        begin_stalls(state, ev)
        return
    state.step = PICK


def finish_picks(state: State, ev: list[Event]) -> None:
    """Settle the auction (ARI-50, ARI-52, ARI-53, ARI-54)."""
    bids = state.bids
    market = state.market
    if len(state.picks) == 1 and len([b for b in bids if b == max(bids)]) == 1:
        seat, i = state.picks[0]
        price = max(b for other, b in enumerate(bids) if other != seat)
        state.coins[seat] -= price
        c = market.pop(i)
        to_hand(state, seat, c, public=True)
        ev.append(Event("bought", EVERYONE, player=seat, card=c, price=price))
    else:
        chosen: dict[int, list[int]] = {}
        for seat, i in state.picks:
            chosen.setdefault(i, []).append(seat)
        collided = []
        for i in sorted(chosen):
            takers = chosen[i]
            c = market[i]
            if len(takers) == 1:
                seat = takers[0]
                state.coins[seat] -= bids[seat]
                to_hand(state, seat, c, public=True)
                ev.append(Event("bought", EVERYONE, player=seat, card=c, price=bids[seat]))
            else:
                collided.append(c)
                ev.append(Event("collided", EVERYONE, players=takers, card=c))
        state.market = [c for i, c in enumerate(market) if i not in chosen]
        discard(state, collided, ev, why="auction")  # ARI-A11: in market order
    state.pickers = []
    state.picks = []
    begin_stalls(state, ev)


def begin_stalls(state: State, ev: list[Event]) -> None:
    """Stalls are formed in herald order, face down (ARI-15)."""
    state.step = STALL
    state.committed = [None] * state.num_players
    state.turn = 0
    advance_stalls(state, ev)


def advance_stalls(state: State, ev: list[Event]) -> None:
    order = state.herald_order()
    while state.turn < len(order) and not state.hands[order[state.turn]]:
        state.committed[order[state.turn]] = EMPTY_STALL  # from an empty hand
        state.turn += 1
    if state.turn >= len(order):
        reveal_stalls(state, ev)


def reveal_stalls(state: State, ev: list[Event]) -> None:
    """All stalls turn face up at once; then the lowest stall acts first (ARI-15, ARI-16)."""
    n = state.num_players
    for seat in range(n):
        state.stalls[seat] = list(state.chosen(seat, FaceDownStall).cards)
        known = state.known[seat]
        for c in state.stalls[seat]:  # these left her hand, face up now
            if c in known:
                known.remove(c)
        state.stall_size[seat] = len(state.stalls[seat])
        state.acted[seat] = False
    state.committed = [None] * n
    state.reveal_weights = [stall_weight(state, seat) for seat in range(n)]
    ev.append(Event("stalls", EVERYONE, stalls=[s[:] for s in state.stalls]))
    next_active(state, ev)


def next_active(state: State, ev: list[Event]) -> None:
    """The lowest current stall weight among those yet to act; herald order breaks ties."""
    order = state.herald_order()
    recompute = state.options["recompute_stall_order"]  # ARI-A01
    best = -1
    best_weight = 0
    for seat in order:
        if state.acted[seat] or state.stall_size[seat] == 0:  # ARI-19
            continue
        w = stall_weight(state, seat) if recompute else state.reveal_weights[seat]
        if best < 0 or w < best_weight:
            best, best_weight = seat, w
    if best < 0:
        cleanup(state, ev)
        return
    state.step = ACT
    state.active = best
    state.actions_left = len(state.stalls[best])  # ARI-17, ARI-A02
    state.doomed = []
    ev.append(Event("active", EVERYONE, player=best, actions=state.actions_left))


def action_done(state: State, ev: list[Event]) -> None:
    """One action of the active player is over; her turn ends after the last (ARI-18)."""
    state.visit = None
    state.step = ACT
    state.actions_left -= 1
    if state.actions_left > 0:
        return
    seat = state.active
    discard(state, state.doomed, ev, who=seat, why="stall")  # ARI-81: after all her actions
    state.doomed = []
    state.acted[seat] = True
    state.active = -1
    next_active(state, ev)


def cleanup(state: State, ev: list[Event]) -> None:
    """Step 8: market leftovers discarded, stalls back to hand (ARI-20); then the virtue."""
    discard(state, state.market, ev, why="market")
    state.market = []
    for seat in range(state.num_players):
        for c in state.stalls[seat]:
            to_hand(state, seat, c, public=True)
        state.stalls[seat] = []
        state.stall_size[seat] = 0
    state.active = -1
    if state.royal == KING:
        state.step = GLORY  # ARI-A09: everyone answers, secretly
        state.committed = [None] * state.num_players
        return
    if state.royal == QUEEN:
        honor(state, ev)
    else:
        duty(state, ev)
    next_round(state, ev)


def honor(state: State, ev: list[Event]) -> None:
    """1 coin per estate or château, complete or not (ARI-47)."""
    estate = state.options["estate_size"]
    gains = [
        sum(1 for b in state.buildings[seat] if len(b.cards) >= estate)
        for seat in range(state.num_players)
    ]
    for seat, g in enumerate(gains):
        state.coins[seat] += g
    ev.append(Event("honor", EVERYONE, coins=gains))


def duty(state: State, ev: list[Event]) -> None:
    """Each farm without a production card gains one, face down and unseen (ARI-56, ARI-57)."""
    farm = state.options["farm_size"]
    for seat in state.herald_order():
        for i, b in enumerate(state.buildings[seat]):
            if len(b.cards) == farm and b.production is None:
                c = draw(state, ev)
                if c is None:
                    return
                b.production = c
                ev.append(Event("produced", EVERYONE, player=seat, building=i))


def finish_glory(state: State, ev: list[Event]) -> None:
    """The first in herald order who chose glory ends the game (ARI-35, ARI-A09)."""
    for seat in state.herald_order():
        if state.chosen(seat, GloryVote).end:
            end_game(state, ev, ender=seat)
            return
    cap = state.options["max_years"]
    if cap is not None and state.year >= cap:  # ARI-A23
        end_game(state, ev, ender=-1)
        return
    state.committed = [None] * state.num_players
    next_round(state, ev)


def next_round(state: State, ev: list[Event]) -> None:
    if state.royal == JACK:  # ARI-11: the herald passes left after the Jack round
        state.herald = (state.herald + 1) % state.num_players
        state.year += 1
        state.royal = KING
    else:
        state.royal += 1
    state.first_king = False
    start_round(state, ev)


def end_game(state: State, ev: list[Event], ender: int) -> None:
    """Scoring with the three tie-breakers (ARI-67..71); a capped game has no winner."""
    state.step = OVER
    state.ended_by = ender
    n = state.num_players
    order = state.herald_order()
    vp = [victory_points(state, seat) for seat in range(n)]
    hand_weight = [sum(weight(c) for c in state.hands[seat]) for seat in range(n)]
    keys = [
        (vp[seat], state.coins[seat], hand_weight[seat], -order.index(seat)) for seat in range(n)
    ]
    ranking = rank_by(keys)
    capped = ender < 0
    winners = () if capped else tuple(seat for seat in range(n) if ranking[seat] == 1)
    reason = "year cap reached" if capped else f"{state.names[ender]} claimed glory"
    state.outcome = outcome = Outcome(
        scores=tuple(float(v) for v in vp),
        ranking=ranking,
        winners=winners,
        capped=capped,
        reason=reason,
        details={"coins": state.coins[:], "hand_weight": hand_weight, "years": state.year},
    )
    ev.append(
        Event(
            "revealed",
            EVERYONE,
            buildings=[[[b.address, *b.cards] for b in state.buildings[seat]] for seat in range(n)],
        )
    )
    ev.append(Event("game_over", EVERYONE, **outcome.to_json()))
