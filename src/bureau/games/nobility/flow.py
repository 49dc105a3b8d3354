"""How a match of Nobility moves on: the deal, turns, draws, melds, income, battles,
elections and rubbers.

Functions here change a ``State`` and append ``Event`` objects to ``ev``. They
trust their input: ``rules.check`` has validated every decision first. Steps
that wait for a decision in the middle of another (a hand defence, a choice of
lost nobles, unpaid maintenance, an election's coalition window) store what is
left to do in the state and return; the decision's action resumes them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import NamedTuple

from bureau.cards import NUM_CODES, card_text
from bureau.engine import EVERYONE, Event, Outcome, all_but, only
from bureau.engine import deals as deal_book
from bureau.engine.game import rank_by
from bureau.engine.rng import make_rng

from .income import TABLES
from .results import match_words, rubber_words
from .state import (
    DEFEND,
    DISCARD,
    DROP,
    ELECTION,
    FEE,
    FREE,
    FULL,
    HAND,
    LOSE,
    MAJORITY,
    MELD,
    OVER,
    PROVINCES,
    RETRIEVE,
    RING,
    START,
    Battle,
    Drops,
    Losses,
    Meld,
    RubberResult,
    State,
    Window,
    index_of,
    is_king,
    is_noble,
)

DEAL = 3  # cards dealt to each player (NOB-07)

# Bits of ``state.attacks``.
MELD_ATTACKED, HAND_ATTACKED, HAND_CAPTURED = 1, 2, 4


# -- setting up -------------------------------------------------------------------------------


def full_deck() -> list[int]:
    """The 54 cards: a standard deck and two jokers (NOB-02)."""
    return list(range(NUM_CODES))


def setup(names: tuple[str, ...], seed: int, options: dict, deck: list[int] | None) -> State:
    rng = make_rng(seed, "nobility")
    state = State(names, seed, options, rng)
    state.table = TABLES[options["income_table"]]
    dealer = options["dealer"]
    state.dealer = rng.randrange(state.num_players) if dealer is None else dealer  # NOB-A18
    start_rubber(state, [], deck)
    return state


def start_rubber(state: State, ev: list[Event], deck: list[int] | None = None) -> None:
    """Deal a rubber: 3 cards each, one card face up, the rest is the stock (NOB-07, NOB-08).

    ``deck`` is top first; seat 0 gets the first 3 cards, seat 1 the next 3, seat 2
    the next 3; the 10th card starts the stock discard pile.
    """
    n = state.num_players
    if deck is None:
        deck = full_deck()
        state.rng.shuffle(deck)
    start = state.options["starting_currency_per_player"]
    state.money = [start] * n
    state.bank = 180 - start * n  # NOB-03, NOB-A08
    state.melds = []
    state.noble_order = []
    state.ndiscard = []
    state.hands = [list(deck[DEAL * seat : DEAL * seat + DEAL]) for seat in range(n)]
    state.known = [[] for _ in range(n)]
    state.sdiscard = [deck[DEAL * n]]
    state.stock = list(reversed(deck[DEAL * n + 1 :]))
    state.coalition = ()
    state.majority = ()
    state.elections = 0
    state.exhausted = False
    state.out = [False] * n
    state.idle = 0
    state.rubber_turns = 0
    state.surplus = ()
    ev.append(
        Event(
            "rubber", EVERYONE, rubber=state.rubber, dealer=state.dealer, turned=state.sdiscard[-1]
        )
    )
    for seat in range(n):
        ev.append(Event("dealt", only(seat), player=seat, cards=state.hands[seat][:]))
        ev.append(Event("dealt", all_but(seat), player=seat, count=DEAL))
    begin_turn(state, state.left_of(state.dealer), ev)  # NOB-09


# -- hands, with what everybody knows about them ----------------------------------------------


def to_hand(state: State, seat: int, c: int, public: bool) -> None:
    state.hands[seat].append(c)
    if public:
        state.known[seat].append(c)


def from_hand(state: State, seat: int, c: int) -> None:
    """Remove ``c`` from ``seat``'s hand, openly."""
    state.hands[seat].remove(c)
    if c in state.known[seat]:
        state.known[seat].remove(c)
    if c in state.captured and seat == state.active:
        state.captured.remove(c)


# -- turns ------------------------------------------------------------------------------------


def begin_turn(state: State, seat: int, ev: list[Event]) -> None:
    state.active = seat
    state.phase = START
    state.drew = False
    state.acted = 0
    state.attacks = 0
    state.foe = -1
    state.captured = []
    state.freed = 0
    state.activity = False
    state.offers_made = 0
    state.battle = state.lose = state.income = None
    state.turn_exhausted = state.exhausted
    ev.append(Event("turn", EVERYONE, player=seat, turn=state.turns + 1))
    if state.options["win_check"] == "start_of_own_turn" and state.provinces(seat) == PROVINCES:
        end_rubber(state, ev, seat, "controls all 36 provinces")  # NOB-A11
        return
    if state.exhausted and not state.sdiscard:
        state.phase = MELD  # NOB-A10: no card to draw, the draw is skipped
        ev.append(Event("draw_skipped", EVERYONE, player=seat))


def fresh(state: State) -> bool:
    """The draw-and-meld phase is still unused (retrieval, pass, merge are possible)."""
    if state.phase == START:
        return True
    return state.phase == MELD and not state.drew and not state.acted and not state.attacks


def end_turn(state: State, ev: list[Event]) -> None:
    if state.offers:  # most turns end without one: spare the import (searches end many)
        deal_book.expire(state, ev)
    state.turns += 1
    state.rubber_turns += 1
    ev.append(Event("turn_over", EVERYONE, player=state.active))
    if state.exhausted and state.turn_exhausted:  # NOB-A11: idle rounds
        state.idle = state.idle + 1 if not state.activity else 0
        if state.options["stalemate_rule"] and state.idle >= len(state.live()):
            end_rubber(state, ev, None, "stalemate: a full round without activity")
            return
    else:
        state.idle = 0
    cap = state.options["max_turns"]
    if cap is not None and state.rubber_turns >= cap:
        cap_match(state, ev)
        return
    begin_turn(state, state.left_of(state.active), ev)


def take_stock(state: State, seat: int, ev: list[Event], resume: str, why: str = "draw") -> bool:
    """``seat`` takes the stock's top card; False if that emptied the stock (an election)."""
    c = state.stock.pop()
    to_hand(state, seat, c, public=False)
    ev.append(Event("drew", only(seat), player=seat, source="stock", card=c, why=why))
    ev.append(Event("drew", all_but(seat), player=seat, source="stock", why=why))
    if not state.stock and not state.exhausted:
        hold_election(state, ev, resume)  # NOB-47, NOB-A09: at once
        return False
    return True


def draw(state: State, source: str, ev: list[Event]) -> None:
    """The draw (NOB-12), then more from the stock while below four cards (NOB-A14)."""
    seat = state.active
    state.drew = True
    state.phase = MELD
    if source == "discard":
        c = state.sdiscard.pop()
        to_hand(state, seat, c, public=True)
        ev.append(Event("drew", EVERYONE, player=seat, source="discard", card=c, why="draw"))
    elif not take_stock(state, seat, ev, "draw"):
        return
    top_up(state, ev)


def top_up(state: State, ev: list[Event]) -> None:
    seat = state.active
    while len(state.hands[seat]) < FULL and state.stock:
        if not take_stock(state, seat, ev, "draw", why="top up"):
            return
    state.phase = MELD


def finish_meld_phase(state: State, ev: list[Event]) -> None:
    """After meld operations or a battle, replenish to four (NOB-18); then discard."""
    if state.acted or state.attacks:
        replenish(state, ev)
    else:
        to_discard(state, ev)


def replenish(state: State, ev: list[Event]) -> None:
    seat = state.active
    state.phase = MELD
    while not state.exhausted and len(state.hands[seat]) < FULL and state.stock:
        if not take_stock(state, seat, ev, "replenish", why="replenish"):
            return  # NOB-A23: the election comes first, then the replenish goes on
    to_discard(state, ev)


def to_discard(state: State, ev: list[Event]) -> None:
    state.phase = DISCARD
    if len(state.hands[state.active]) <= HAND:
        end_turn(state, ev)


def discard(state: State, seat: int, c: int, to_nobles: bool, ev: list[Event]) -> None:
    """Discard face up to the stock discard pile, or (battle turns) to the noble pile."""
    from_hand(state, seat, c)
    (state.ndiscard if to_nobles else state.sdiscard).append(c)
    where = "nobles" if to_nobles else "stock discard"
    ev.append(Event("discarded", EVERYONE, player=seat, card=c, to=where))
    if seat in state.surplus:
        if len(state.hands[seat]) <= HAND:
            state.surplus = tuple(other for other in state.surplus if other != seat)
        return
    if len(state.hands[seat]) <= HAND:
        end_turn(state, ev)


def owe_surplus(state: State, seat: int) -> None:
    """A hand above three outside its owner's own turn is cut down at once (NOB-21)."""
    if seat != state.active and len(state.hands[seat]) > HAND and seat not in state.surplus:
        state.surplus = (*state.surplus, seat)


def hands_changed(state: State, ev: list[Event]) -> None:
    """After cards left hands by a deal: nothing more to discard ends that discarding."""
    state.surplus = tuple(seat for seat in state.surplus if len(state.hands[seat]) > HAND)
    if state.phase == DISCARD and len(state.hands[state.active]) <= HAND:
        end_turn(state, ev)


# -- melds ------------------------------------------------------------------------------------


class Run(NamedTuple):
    """Province cards of one suit in cyclic sequence, as a meld stores them."""

    start: int  # the cyclic index of the first card (0 for a 2 .. 8 for a 10)
    length: int


WHOLE_SUIT = Run(0, RING)


def run_of(cards: Collection[int]) -> Run | None:
    """The run ``cards`` make if they are 3+ province cards of one suit in cyclic sequence."""
    idx = {index_of(c) for c in cards}
    n = len(idx)
    if n != len(cards):
        return None
    if n == RING:
        return WHOLE_SUIT
    for s in idx:
        if (s - 1) % 9 not in idx:
            if all((s + k) % 9 in idx for k in range(n)):
                return Run(s, n)
            return None
    return None


def new_meld(state: State, seat: int, cards: tuple[int, ...], ev: list[Event]) -> None:
    run = run_of(cards)
    assert run is not None  # rules.check_new_meld saw the run
    start, length = run
    for c in cards:
        from_hand(state, seat, c)
    m = Meld(seat, cards[0] // 13, start, length)
    state.melds.append(m)
    ev.append(Event("melded", EVERYONE, player=seat, cards=m.cards(), meld=m.name))
    operated(state)


def operated(state: State) -> None:
    state.acted += 1
    state.activity = True
    state.phase = MELD


def bridged(state: State, m: Meld, c: int) -> int:
    """Index of the meld that ``c`` would join to ``m`` in a lay-off, or -1 (NOB-A13)."""
    for i, other in enumerate(state.melds):
        if other is m or other.suit != m.suit:
            continue
        if (c == m.high_end() and other.low_end() == c) or (
            c == m.low_end() and other.high_end() == c
        ):
            return i
    return -1


def merges(state: State, m: Meld, c: int) -> int:
    """The meld a lay-off of ``c`` on ``m`` merges with (same owner, no jokers), or -1."""
    i = bridged(state, m, c)
    if i < 0:
        return -1
    other = state.melds[i]
    if other.owner != m.owner or other.joker >= 0 or m.joker >= 0:
        return -1
    return i


def add_card(state: State, seat: int, c: int, i: int, ev: list[Event]) -> None:
    """A lay-off (NOB-15), a defending noble (NOB-23) or a joker (NOB-27) on meld ``i``."""
    m = state.melds[i]
    target = m.name
    from_hand(state, seat, c)
    merged = -1
    if c >= 52:
        m.joker = c
        what = "joker"
    elif is_noble(c):
        m.nobles.append(c)
        state.noble_order.append(c)
        what = "noble"
    else:
        what = "province"
        j = merges(state, m, c)
        if c == m.high_end():
            m.length += 1
        else:
            m.start = (m.start - 1) % 9
            m.length += 1
        if j >= 0:
            other = state.melds[j]
            merged = other.name
            if other.start == (m.start + m.length) % 9:
                m.length += other.length
            else:
                m.start = other.start
                m.length += other.length
            m.nobles += other.nobles
            del state.melds[j]
    ev.append(
        Event(
            "added",
            EVERYONE,
            player=seat,
            card=c,
            what=what,
            meld=target,
            owner=m.owner,
            merged=merged,
        )
    )
    operated(state)


# -- income -----------------------------------------------------------------------------------


def majority_holders(state: State) -> tuple[int, ...]:
    """Who holds the majority now (NOB-A09 snapshot, or NOB-A10 continuous)."""
    if state.exhausted or state.options["majority_mode"] == "continuous":
        return live_majority(state)
    return state.majority


def live_majority(state: State) -> tuple[int, ...]:
    co = state.coalition
    if co and sum(state.provinces(seat) for seat in co) >= MAJORITY:
        return co
    for seat in state.live():
        if state.provinces(seat) >= MAJORITY:
            return (seat,)
    return ()


def doubled(state: State, seat: int) -> bool:
    if seat in majority_holders(state):
        return True
    return state.options["coalition_doubles_without_majority"] and seat in state.coalition


def meld_income(state: State, m: Meld) -> int:
    return 0 if m.joker >= 0 else state.table[m.length][m.suit]  # NOB-28, NOB-31


def claim_income(state: State, melder: int, card: int, ev: list[Event]) -> None:
    """A noble melded to the noble discard pile: one complete income event (NOB-A03)."""
    from_hand(state, melder, card)
    state.ndiscard.append(card)
    operated(state)
    state.count("income_events")
    ev.append(Event("income_claimed", EVERYONE, player=melder, card=card))
    order = state.clockwise(melder)
    if not state.melds_of(melder):
        order = order[1:]  # NOB-34
        ev.append(Event("no_income", EVERYONE, player=melder, why="no_melds"))
    pay_round(state, tuple(order), card // 13, ev)


def pay_round(state: State, order: tuple[int, ...], noble_suit: int, ev: list[Event]) -> None:
    """Each player in ``order`` claims, then pays maintenance (NOB-33, NOB-A03)."""
    for k, seat in enumerate(order):
        received = claim(state, seat, noble_suit, ev)
        if not maintain(state, seat, received, order[k + 1 :], noble_suit, ev):
            return
    state.income = None
    state.phase = MELD


def claim(state: State, seat: int, noble_suit: int, ev: list[Event]) -> int:
    scope = state.options["income_scope"]
    owed = sum(
        meld_income(state, m)
        for m in state.melds
        if m.owner == seat and (scope == "all_melds" or m.suit == noble_suit)
    )
    double = doubled(state, seat)
    if double:
        owed *= 2  # NOB-32, NOB-51
    received = min(owed, state.bank)  # NOB-35
    state.bank -= received
    state.money[seat] += received
    if owed:
        ev.append(
            Event("income", EVERYONE, player=seat, owed=owed, received=received, doubled=double)
        )
    else:
        why = nil_income(state, seat, noble_suit)
        ev.append(Event("no_income", EVERYONE, player=seat, why=why, suit=noble_suit))
    return received


def nil_income(state: State, seat: int, noble_suit: int) -> str:
    """Why ``seat``'s melds pay nothing in an income event: she has none (``no_melds``), none
    of the noble's suit where only those pay (``no_suit``, NOB-A02), or every meld that
    would pay carries a joker (``jokers``, NOB-28)."""
    melds = state.melds_of(seat)
    if not melds:
        return "no_melds"
    if state.options["income_scope"] != "all_melds":
        melds = [m for m in melds if m.suit == noble_suit]
        if not melds:
            return "no_suit"
    return "jokers"


def upkeep(state: State, seat: int) -> list[int]:
    """``seat``'s defending nobles that cost maintenance, oldest placement first (NOB-24)."""
    mine = {c for m in state.melds if m.owner == seat for c in m.nobles}
    return [c for c in state.noble_order if c in mine and not is_king(c)]


def maintain(
    state: State, seat: int, received: int, rest: Iterable[int], noble_suit: int, ev: list[Event]
) -> bool:
    """Pay 15 a noble while possible; unpaid nobles go to the stock discard pile (NOB-54..56).

    Returns False when ``seat`` must choose which nobles to drop (the round waits).
    """
    if received == 0 and not state.options["maintenance_when_zero_income"]:
        return True
    nobles = upkeep(state, seat)
    if not nobles:
        return True
    paid = min(len(nobles), state.money[seat] // FEE)  # NOB-A16
    if paid:
        state.money[seat] -= paid * FEE
        state.bank += paid * FEE  # NOB-55
        ev.append(Event("maintenance", EVERYONE, player=seat, nobles=paid, paid=paid * FEE))
    unpaid = len(nobles) - paid
    if not unpaid:
        return True
    if paid:  # she chooses which to drop
        state.income = Drops(seat, unpaid, tuple(rest), noble_suit)
        state.phase = DROP
        return False
    drop_nobles(state, seat, nobles, ev)
    return True


def default_drops(state: State, seat: int, count: int) -> list[int]:
    """The most recently placed of ``seat``'s paying nobles (NOB-A16's default)."""
    return upkeep(state, seat)[::-1][:count]


def drop_nobles(state: State, seat: int, nobles: Iterable[int], ev: list[Event]) -> None:
    """Unpaid nobles go face up on the stock discard pile, most recently placed first."""
    chosen = set(nobles)
    order = [c for c in reversed(state.noble_order) if c in chosen]
    for c in order:
        unplace(state, c)
        state.sdiscard.append(c)
    state.count("nobles_unpaid", len(order))
    ev.append(Event("unpaid", EVERYONE, player=seat, cards=order))


def unplace(state: State, c: int) -> None:
    """Take defending noble ``c`` off its meld."""
    for m in state.melds:
        if c in m.nobles:
            m.nobles.remove(c)
            break
    state.noble_order.remove(c)


def resume_income(state: State, drops: Iterable[int], ev: list[Event]) -> None:
    seat, _, rest, noble_suit = state.open_drops()
    drop_nobles(state, seat, drops, ev)
    state.income = None
    pay_round(state, rest, noble_suit, ev)


# -- battles ----------------------------------------------------------------------------------


def attack(
    state: State, seat: int, meld: int, defender: int, nobles: Sequence[int], ev: list[Event]
) -> None:
    """Declare an attack (NOB-37); a hand's owner then chooses defenders (NOB-A05)."""
    for c in nobles:
        from_hand(state, seat, c)
    state.activity = True
    state.phase = MELD
    target = state.meld_with(meld) if meld >= 0 else -1
    state.attacks |= MELD_ATTACKED if target >= 0 else HAND_ATTACKED
    state.foe = defender
    ev.append(
        Event("attack", EVERYONE, player=seat, defender=defender, meld=meld, nobles=sorted(nobles))
    )
    if seat in state.coalition and defender in state.coalition:
        end_coalition(state, ev, "the partners battled")  # NOB-50
    if target >= 0:
        defenders = tuple(state.melds[target].nobles)
    elif state.options["hand_defense"] == "defender_chooses":
        state.battle = Battle(seat, -1, defender, tuple(nobles), ())
        state.phase = DEFEND
        return
    else:
        defenders = tuple(c for c in state.hands[defender] if is_noble(c))
        for c in defenders:
            from_hand(state, defender, c)
    state.battle = Battle(seat, target, defender, tuple(nobles), defenders)
    weigh(state, ev)


def defend(state: State, seat: int, nobles: Sequence[int], ev: list[Event]) -> None:
    for c in nobles:
        from_hand(state, seat, c)
    b = state.open_battle()
    state.battle = Battle(b.attacker, -1, b.defender, b.attackers, tuple(nobles))
    ev.append(Event("defended", EVERYONE, player=seat, nobles=sorted(nobles)))
    state.phase = MELD
    weigh(state, ev)


def weigh(state: State, ev: list[Event]) -> None:
    """Strength against strength; ask the side that must choose its losses (NOB-A04)."""
    attacker, _, defender, attackers, defenders = state.open_battle()
    a, d = len(attackers), len(defenders)
    if a >= d + 2:
        if a > d + 2:
            state.lose = Losses(attacker, d + 2, attackers)
            state.phase = LOSE
            return
        finish_battle(state, attackers, ev)
    else:
        if 0 < a - 1 < d:
            state.lose = Losses(defender, a - 1, defenders)
            state.phase = LOSE
            return
        finish_battle(state, defenders[: a - 1], ev)


def finish_battle(state: State, chosen: Sequence[int], ev: list[Event]) -> None:
    """Discard the losses, hand over the prize (NOB-38..NOB-44)."""
    attacker, target, defender, attackers, defenders = state.open_battle()
    a, d = len(attackers), len(defenders)
    won = a >= d + 2
    state.battle = state.lose = None
    state.phase = MELD
    state.count("battles")
    if target < 0:
        state.count("hand_battles")
    if won:
        state.count("battles_won")
        lost_a, lost_d = list(chosen), list(defenders)
    else:
        lost_a, lost_d = list(attackers), list(chosen)
    back_a = [c for c in attackers if c not in lost_a]
    back_d = [c for c in defenders if c not in lost_d]
    for c in lost_d:
        if target >= 0:
            unplace(state, c)
        state.ndiscard.append(c)
    state.ndiscard.extend(lost_a)  # NOB-38: discarded, no income
    for c in back_a:
        to_hand(state, attacker, c, public=True)
    if target < 0:
        for c in back_d:
            to_hand(state, defender, c, public=True)
    ev.append(
        Event(
            "battle",
            EVERYONE,
            player=attacker,
            defender=defender,
            meld=state.melds[target].name if target >= 0 else -1,
            won=won,
            attack=a,
            defence=d + 1,
            attackers_lost=lost_a,
            defenders_lost=lost_d,
        )
    )
    if won and target >= 0:
        state.melds[target].owner = attacker  # NOB-40: with its cards and joker
        state.count("melds_captured")
        state.count("provinces_captured", state.melds[target].length)
        ev.append(Event("captured_meld", EVERYONE, player=attacker, meld=state.melds[target].name))
    elif won:
        prize = state.hands[defender]
        state.hands[defender] = []
        state.known[attacker] += state.known[defender]
        state.known[defender] = []
        state.hands[attacker] += prize
        state.captured += prize
        state.attacks |= HAND_CAPTURED
        state.count("hands_captured")
        ev.append(
            Event(
                "captured_hand",
                only(attacker, defender),
                player=attacker,
                defender=defender,
                cards=prize[:],
            )
        )
        ev.append(
            Event(
                "captured_hand",
                all_but(attacker, defender),
                player=attacker,
                defender=defender,
                count=len(prize),
            )
        )
    after_battle(state, ev)


def can_attack_again(state: State) -> bool:
    return (
        state.options["attacks_per_turn"] == "meld_and_hand"
        and state.attacks & (MELD_ATTACKED | HAND_ATTACKED) != (MELD_ATTACKED | HAND_ATTACKED)
        and not state.acted
    )


def after_battle(state: State, ev: list[Event]) -> None:
    """With nothing captured to meld and no second attack, the turn moves on."""
    if not state.captured and not can_attack_again(state):
        replenish(state, ev)


# -- retrieval, passing, conceding, coalitions ------------------------------------------------


def retrieve(state: State, seat: int, c: int, target: int, ev: list[Event]) -> None:
    """Paid retrieval from the noble discard pile, 15 a noble (NOB-58, NOB-60)."""
    state.ndiscard.remove(c)
    state.money[seat] -= FEE
    state.bank += FEE
    state.count("nobles_retrieved")
    state.activity = True
    state.phase = RETRIEVE
    if target >= 0:
        state.melds[target].nobles.append(c)
        state.noble_order.append(c)
        where = state.melds[target].name
    else:
        to_hand(state, seat, c, public=True)
        where = -1
    ev.append(Event("retrieved", EVERYONE, player=seat, card=c, meld=where, paid=FEE))


def take_back(state: State, seat: int, c: int, ev: list[Event]) -> None:
    """Free retrieval from one's own meld (NOB-63)."""
    m = next(m for m in state.melds if c in m.nobles)
    unplace(state, c)
    to_hand(state, seat, c, public=True)
    state.freed += 1
    state.count("nobles_taken_back")
    state.activity = True
    state.phase = FREE
    ev.append(Event("took_back", EVERYONE, player=seat, card=c, meld=m.name))


def give_melds(
    state: State, giver: int, to: int, names: Iterable[int], ev: list[Event], why: str
) -> None:
    for name in names:
        m = state.melds[state.meld_with(name)]
        m.owner = to
        ev.append(Event("meld_given", EVERYONE, player=giver, to=to, meld=m.name, why=why))


def pay(
    state: State, seat: int, to: int, amount: int, ev: list[Event], why: str = "payment"
) -> None:
    state.money[seat] -= amount
    state.money[to] += amount
    ev.append(Event("paid", EVERYONE, player=seat, to=to, amount=amount, why=why))


def concede(state: State, seat: int, ev: list[Event]) -> None:
    """She leaves the rubber; her hand goes face up to the stock discard pile (NOB-A11)."""
    cards = state.hands[seat][:]
    state.sdiscard += cards
    state.hands[seat] = []
    state.known[seat] = []
    state.out[seat] = True
    ev.append(Event("conceded", EVERYONE, player=seat, cards=cards))
    if seat in state.coalition:
        end_coalition(state, ev, "a partner conceded")
    deal_book.expire(state, ev, who=seat)
    live = state.live()
    if len(live) == 1:
        end_rubber(state, ev, live[0], "the others conceded")
        return
    state.activity = True  # a concession is not an idle turn
    end_turn(state, ev)


def form_coalition(state: State, parties: Iterable[int], ev: list[Event]) -> None:
    state.coalition = tuple(sorted(parties))
    state.count("coalitions")
    ev.append(Event("coalition_formed", EVERYONE, players=list(state.coalition)))


def end_coalition(state: State, ev: list[Event], why: str) -> None:
    """A coalition ends; after a partners' battle a former partner keeps the majority
    only if she alone holds 19 (NOB-A09)."""
    co = state.coalition
    state.coalition = ()
    ev.append(Event("coalition_ended", EVERYONE, players=list(co), why=why))
    if state.majority == co and why != "election":
        state.majority = tuple(seat for seat in co if state.provinces(seat) >= MAJORITY)


# -- elections --------------------------------------------------------------------------------


def hold_election(state: State, ev: list[Event], resume: str) -> None:
    """The stock is exhausted: count, open the coalition window (NOB-47..52, NOB-A09)."""
    state.elections += 1
    state.count("elections")
    counts = [state.provinces(seat) for seat in range(state.num_players)]
    ev.append(Event("election", EVERYONE, number=state.elections, provinces=counts))
    cap = state.options["max_elections"]
    if cap is not None and state.elections >= cap:
        end_rubber(state, ev, None, f"election cap: election {state.elections} counted")
        return
    if state.coalition:
        end_coalition(state, ev, "election")
    state.resume = resume
    state.window = Window(tuple(state.clockwise(state.active)), 0)
    state.phase = ELECTION


def window_player(state: State) -> int:
    order, pos = state.open_window()
    return order[pos]


def advance_window(state: State, ev: list[Event]) -> None:
    order, pos = state.open_window()
    if pos + 1 < len(order) and not state.coalition:
        state.window = Window(order, pos + 1)
        return
    finish_election(state, ev)


def finish_election(state: State, ev: list[Event]) -> None:
    """Who holds the majority, then a new stock from the stock discard pile."""
    state.window = None
    co = state.coalition
    counts = [state.provinces(seat) for seat in range(state.num_players)]
    if co and sum(counts[seat] for seat in co) >= MAJORITY:
        holders = co
    else:
        holders = tuple(seat for seat in state.live() if counts[seat] >= MAJORITY)
    state.majority = holders
    ev.append(Event("majority", EVERYONE, players=list(holders)))
    if len(state.sdiscard) < state.options["exhaustion_min_cards"]:
        state.exhausted = True  # NOB-A10
        ev.append(Event("exhausted", EVERYONE, cards=len(state.sdiscard)))
    else:
        state.stock = state.sdiscard
        state.sdiscard = []
        state.rng.shuffle(state.stock)  # NOB-52
        ev.append(Event("reshuffled", EVERYONE, cards=len(state.stock)))
    state.phase = MELD
    if state.resume == "draw":
        top_up(state, ev)
    else:
        replenish(state, ev)


# -- the end ----------------------------------------------------------------------------------


def standing_key(state: State, seat: int) -> tuple[int, int]:
    """Stalemate scoring: provinces in melds, then currency (NOB-A11)."""
    return (state.provinces(seat), state.money[seat])


def end_rubber(state: State, ev: list[Event], winner: int | None, reason: str) -> None:
    n = state.num_players
    live = state.live()
    first: tuple[int, ...]
    if winner is not None:
        first = (winner,)
    else:
        best = max(standing_key(state, seat) for seat in live)
        first = tuple(seat for seat in live if standing_key(state, seat) == best)
    won = first[0] if len(first) == 1 else None
    if won is not None:
        state.wins[won] += 1
    keys = [
        (0, 0, 0) if state.out[seat] else (1 if seat in first else 0, *standing_key(state, seat))
        for seat in range(n)
    ]
    result: RubberResult = {
        "rubber": state.rubber,
        "winner": won,
        "first": list(first),
        "ranking": list(rank_by(keys)),
        "reason": reason,
        "provinces": [state.provinces(seat) for seat in range(n)],
        "money": state.money[:],
        "out": [seat for seat in range(n) if state.out[seat]],
    }
    state.rubber_results.append(result)
    ev.append(Event("rubber_over", EVERYONE, **result))
    deal_book.expire(state, ev)
    state.window = state.battle = state.lose = state.income = None
    state.surplus = ()
    o = state.options
    if max(state.wins) >= o["rubbers_to_win"] or state.rubber >= o["max_rubbers"]:
        end_match(state, ev)
        return
    state.rubber += 1
    state.dealer = (state.dealer + 1) % n  # NOB-A18: the deal passes to the left
    start_rubber(state, ev)


def _places(state: State) -> tuple[list[int], list[int]]:
    n = state.num_players
    shared = [0] * n
    place_sum = [0] * n
    for r in state.rubber_results:
        if r["winner"] is None:
            for seat in r["first"]:
                shared[seat] += 1
        for seat in range(n):
            place_sum[seat] += r["ranking"][seat]
    return shared, place_sum


def end_match(state: State, ev: list[Event]) -> None:
    """Most rubbers won wins the match; a tie for most shares it (NOB-A18)."""
    n = state.num_players
    shared, place_sum = _places(state)
    wins = state.wins
    if max(wins) > 0:
        winners = tuple(seat for seat in range(n) if wins[seat] == max(wins))
    else:  # no rubber had a single winner: those who shared first place most
        winners = tuple(seat for seat in range(n) if shared[seat] == max(shared))
    keys = [
        (1, 0, 0, 0) if seat in winners else (0, wins[seat], shared[seat], -place_sum[seat])
        for seat in range(n)
    ]
    finish(
        state, ev, winners, rank_by(keys), capped=False, reason=state.rubber_results[-1]["reason"]
    )


def cap_match(state: State, ev: list[Event]) -> None:
    """The bot cap: stopped, no winner (Outcome.capped)."""
    n = state.num_players
    keys = [(state.wins[seat], *standing_key(state, seat)) for seat in range(n)]
    reason = f"turn cap ({state.rubber_turns} turns in rubber {state.rubber})"
    finish(state, ev, (), rank_by(keys), capped=True, reason=reason)


def finish(
    state: State,
    ev: list[Event],
    winners: Sequence[int],
    ranking: Iterable[int],
    capped: bool,
    reason: str,
) -> None:
    deal_book.expire(state, ev)
    state.phase = OVER
    state.outcome = Outcome(
        scores=tuple(float(w) for w in state.wins),
        ranking=tuple(ranking),
        winners=tuple(winners),
        capped=capped,
        reason=reason,
        details={
            "rubbers": [dict(r) for r in state.rubber_results],
            # in words, for tables: who won and why, each rubber's end and tie-break
            "summary": match_words(
                state.names, state.wins, state.rubber_results, winners, capped, reason
            ),
            "rubber_words": [rubber_words(state.names, r) for r in state.rubber_results],
        },
    )
    ev.append(
        Event(
            "game_over",
            EVERYONE,
            winners=list(winners),
            ranking=list(ranking),
            capped=capped,
            reason=reason,
            wins=state.wins[:],
        )
    )


def check_immediate_win(state: State, ev: list[Event]) -> None:
    """``win_check=immediate``: a player controlling all 36 provinces wins at once."""
    if state.phase == OVER:
        return
    for seat in state.live():
        if state.provinces(seat) == PROVINCES:
            end_rubber(state, ev, seat, "controls all 36 provinces")
            return


__all__ = ["card_text", "setup"]
