"""Nobility's heuristic bot and its position evaluator.

The bot plays the way a careful human plays Nobility: provinces in melds are
what wins (the rubber's end scores them first), so it melds every run it holds
and lays off onto its own melds, never onto an opponent's. It battles instead
of melding when enough nobles capture a bigger meld than it could lay down,
buys nobles back from the noble discard pile when a paid retrieval sets up
such a capture, keeps Kings as free defenders of its long melds, corrupts the
leader's best paying meld with a joker, and melds a noble for income only when
the income event pays it clearly more than anybody else. It defends an
attacked hand with just enough nobles, or, when the attack cannot be stopped,
throws in every noble so that the attacker loses more and captures none. It
draws the face-up card when it fits its melds or its hand, and discards what
helps it least and the next player least.

Deals: it proposes a coalition in an election's window when two counts reach
the majority together (to the weaker partner), offers to buy a card that is
known to be in a hand when it extends its melds at a price that leaves both
sides better off, and answers offers by weighing what it gets against what it
gives (a province is worth ``PROVINCE`` units of currency), declining any deal
that is bad for it or helps the leader more than it.

>>> import bureau
>>> from bureau.bots import make
>>> game = bureau.load("nobility")
>>> state = game.new(["Ann", "Ben", "Cat"], seed=3)
>>> bot = make("heuristic", game, seat=state.active, seed=0)
>>> str(bot.act(state)).split()[0] in ("draw", "retrieve")
True
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence

from bureau.engine import Game, IllegalAction
from bureau.engine import deals as deal_book
from bureau.engine.bot import Bot
from bureau.engine.deals import Accept, Deal, Decline, Propose

from . import flow
from .actions import (
    COALITION,
    DONE,
    NO_COALITION,
    PASS,
    Action,
    Add,
    Attack,
    CardItem,
    Coalition,
    Defend,
    Discard,
    Draw,
    Drop,
    Income,
    Item,
    Lose,
    MeldItem,
    Money,
    NewMeld,
    Retrieve,
)
from .moves import in_sequence, target_name
from .rules import check, pending
from .state import (
    DEFEND,
    DISCARD,
    DROP,
    ELECTION,
    FEE,
    FREE,
    HAND,
    LOSE,
    MAJORITY,
    MELD,
    OVER,
    RETRIEVE,
    RING,
    START,
    Meld,
    State,
    index_of,
    is_king,
    is_noble,
    is_province,
    province,
)

PROVINCE = 20  # a province in a meld, in currency, when weighing deals
MONEY_PER_PROVINCE = 30  # how much currency the evaluator counts as one province
PRICE = 13  # offered for a known card that extends one of the bot's melds
RUBBER = 36  # a rubber won, in provinces, for the evaluator
DEFAULT_CAP = 8  # the default election cap (NOB-A11)
SHARP_EXHAUSTED = 2.0  # once the stock is exhausted the rubber is nearly decided


# -- what the table looks like ----------------------------------------------------------------


def provinces(state: State) -> list[int]:
    """Province cards in each seat's melds, in one pass."""
    out = [0] * state.num_players
    for m in state.melds:
        out[m.owner] += m.length
    return out


def standing(state: State) -> list[float]:
    """Each seat's progress in provinces: melds, currency (the tie-break), rubbers won."""
    prov = provinces(state)
    return [
        prov[seat]
        + state.money[seat] / MONEY_PER_PROVINCE
        + RUBBER * state.wins[seat]
        - (RUBBER if state.out[seat] else 0)
        for seat in range(state.num_players)
    ]


def leader(state: State) -> int:
    score = standing(state)
    return max(range(state.num_players), key=score.__getitem__)


def sharpness(state: State) -> float:
    """How decisive a province of lead is: little early, much as the election cap nears
    (fitted to heuristic self-play: about 0.05 before the first election, 1.6 at the 7th)."""
    cap = state.options["max_elections"] or 2 * DEFAULT_CAP
    progress = min(1.0, state.elections / cap)
    return 0.05 + 2.0 * progress * progress


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's estimated share of the win: a softmax of its lead in provinces (with
    currency as a fraction of a province), sharper as the election cap nears and once the
    stock is exhausted; the winners' shares once the match is over (a capped match: every
    seat alike).

    >>> from bureau.games.nobility import GAME
    >>> state = GAME.new(["Ann", "Ben", "Cat"], seed=1)
    >>> evaluate(state)
    (0.3333333333333333, 0.3333333333333333, 0.3333333333333333)
    >>> state.melds.append(Meld(1, 0, 0, 5))  # Ben melds 2S..6S
    >>> shares = evaluate(state)
    >>> shares[1] > shares[0] == shares[2], round(sum(shares), 9)
    (True, 1.0)
    """
    n = state.num_players
    if state.phase == OVER:
        out = state.outcome
        assert out is not None  # the match's end sets it
        if out.winners and not out.capped:
            return tuple(1 / len(out.winners) if seat in out.winners else 0.0 for seat in range(n))
        return (1 / n,) * n
    score = standing(state)
    sharp = SHARP_EXHAUSTED if state.exhausted else sharpness(state)
    top = max(score)
    weights = [math.exp(sharp * (s - top)) for s in score]
    total = sum(weights)
    return tuple(w / total for w in weights)


# -- the bot ----------------------------------------------------------------------------------


class HeuristicBot(Bot):
    """Plays Nobility by the strategy in this module's docstring, fast (no look-ahead)."""

    name = "heuristic"

    def choose(self, state: State) -> Action:
        seat = self.seat
        for action in (decide(state, seat), neutral(self.game, state, seat)):
            if action is None:
                continue
            try:
                check(state, seat, action)
            except IllegalAction:
                continue
            return action
        return self.game.sample_action(state, seat, self.rng)


def neutral(game: Game, state: State, seat: int) -> Action | None:
    """The Bureau's own neutral choice (a missed deadline's): the fallback."""
    try:
        return game.timeout_action(state, seat)
    except IllegalAction:
        return None


def decide(state: State, seat: int) -> Action | None:
    """The heuristic's action for ``seat`` (None if it has nothing to decide)."""
    if seat not in pending(state):
        return None
    offers = deal_book.offers_to(state, seat)
    if offers:
        deal = offers[0]
        cls = Accept if accepts(state, seat, deal) else Decline
        return cls(deal.proposer, state.names[deal.proposer])
    if state.surplus and state.surplus[0] == seat:
        return Discard(worst_card(state, seat))
    step = STEPS.get(state.phase)
    return step(state, seat) if step else None


# -- valuing cards ----------------------------------------------------------------------------


def extends(m: Meld, c: int) -> bool:
    return c == m.low_end() or c == m.high_end()


def noble_worth(state: State, seat: int, c: int) -> float:
    """How much ``seat`` wants to keep noble ``c``: Kings defend free, a suit of hers defends."""
    worth = 5.0
    if is_king(c):
        worth += 2
    if any(m.owner == seat and m.suit == c // 13 for m in state.melds):
        worth += 1
    return worth


def keep_worth(state: State, seat: int, c: int, hand: Sequence[int]) -> float:
    """How much ``seat`` wants to keep ``c`` in ``hand`` (higher: keep). A hand holds only
    three cards between turns, so nobles, jokers and cards that only fit others' melds
    must not crowd out the province cards that make her melds."""
    if c >= 52:
        return 4.0 if joker_target(state, seat) is not None else 0.8
    if is_noble(c):
        return noble_keep(state, seat, c, hand)
    worth = 1.0
    nxt = state.left_of(seat)
    for m in state.melds:
        if extends(m, c):
            if m.owner == seat:
                worth += 6
            elif m.owner == nxt:
                worth += 1.5  # discarded, the next player would lay it off on her meld
    i, s = index_of(c), c // 13
    for d in hand:
        if d != c and d < 52 and d // 13 == s and is_province(d):
            gap = (index_of(d) - i) % RING
            gap = min(gap, RING - gap)
            worth += 3 if gap == 1 else 2 if gap == 2 else 0
    for step in (-2, -1, 1, 2):  # room to grow a run of her own
        if state.meld_with(province(s, i + step)) < 0:
            worth += 0.25
    return worth


def noble_keep(state: State, seat: int, c: int, hand: Sequence[int]) -> float:
    worth = 1.5
    if any(m.owner == seat and m.suit == c // 13 for m in state.melds):
        worth += 4 if is_king(c) else 1  # a defender to place
    held = sum(map(is_noble, hand))
    placed = sum(len(m.nobles) for m in state.melds)
    loose = 16 - placed - sum(map(is_noble, state.ndiscard)) - held
    can_pair = held >= 2 or loose > 0 or state.money[seat] >= FEE
    if held >= 2 and attack_target(state, seat, held) is not None:
        worth += 7  # together they capture a meld: keep them all
    elif can_pair and any(m.owner != seat and m.length >= 3 for m in state.melds):
        worth += 3  # a pair of nobles captures an undefended meld
    else:
        worth -= held - 1  # with nothing to attack, one noble is plenty
    return worth


def worst_card(state: State, seat: int, cards: Sequence[int] | None = None) -> int:
    """The card of ``seat``'s hand (or of ``cards``) she would miss least."""
    hand = state.hands[seat]
    pool = hand if cards is None else cards
    return min(pool, key=lambda c: (keep_worth(state, seat, c, hand), c))


def fits(state: State, seat: int, c: int) -> bool:
    """``c`` is worth taking from the stock discard pile: it extends one of ``seat``'s melds,
    completes a run with her hand, or adds a noble she can use."""
    hand = state.hands[seat]
    if c >= 52:
        return (
            max((flow.meld_income(state, m) for m in state.melds if m.owner != seat), default=0)
            >= 5
        )
    if is_noble(c):
        if is_king(c) and any(m.owner == seat and m.suit == c // 13 for m in state.melds):
            return True
        return sum(map(is_noble, hand)) >= 1 and attack_target(state, seat, 2) is not None
    if any(m.owner == seat and extends(m, c) for m in state.melds):
        return True
    return best_run([*hand, c], (c,)) is not None


def best_run(cards: Iterable[int], must: Collection[int] = ()) -> tuple[int, ...] | None:
    """The longest run of three or more province cards among ``cards`` (holding a card of
    ``must`` if given), in sequence order; None if there is none."""
    best: tuple[int, ...] | None = None
    for s in range(4):
        by_index = {index_of(c): c for c in cards if c < 52 and c // 13 == s and is_province(c)}
        if len(by_index) < 3:
            continue
        for start in by_index:
            if (start - 1) % RING in by_index and len(by_index) < RING:
                continue
            run: list[int] = []
            k = start
            while k in by_index and len(run) < RING:
                run.append(by_index[k])
                k = (k + 1) % RING
            if len(run) < 3 or (must and not any(c in must for c in run)):
                continue
            if best is None or len(run) > len(best):
                best = tuple(run)
    return best


# -- battles ----------------------------------------------------------------------------------


def attack_target(state: State, seat: int, nobles: int) -> Meld | None:
    """The opponent's meld that ``nobles`` nobles capture and that is worth most."""
    lead = leader(state)
    best, best_worth = None, 0.0
    for m in state.melds:
        if m.owner == seat or len(m.nobles) + 2 > nobles:
            continue
        worth = m.length * (1.5 if m.owner == lead else 1.0) - 0.5 * (len(m.nobles) + 2)
        if worth > best_worth:
            best, best_worth = m, worth
    return best


def attackers(state: State, seat: int, count: int) -> tuple[int, ...]:
    """The ``count`` nobles of ``seat``'s hand she needs least."""
    nobles = sorted(
        (c for c in state.hands[seat] if is_noble(c)),
        key=lambda c: (noble_worth(state, seat, c), c),
    )
    return tuple(sorted(nobles[:count]))


def battle_plan(state: State, seat: int) -> Action | None:
    """An attack on a meld if it gains more than melding would, else None."""
    nobles = sum(map(is_noble, state.hands[seat]))
    if nobles < 2:
        return None
    m = attack_target(state, seat, nobles)
    if m is None or m.length < 3:
        return None
    need = len(m.nobles) + 2
    gain = m.length * (1.5 if m.owner == leader(state) else 1.0) - 0.5 * need
    if gain < meldable(state, seat) + 0.5:
        return None
    return Attack(m.name, m.owner, state.names[m.owner], attackers(state, seat, need))


def meldable(state: State, seat: int) -> int:
    """Provinces ``seat`` could put into melds from her hand now (lay-offs and one run)."""
    hand = state.hands[seat]
    mine = [m for m in state.melds if m.owner == seat]
    laid = [c for c in hand if is_province(c) and any(extends(m, c) for m in mine)]
    run = best_run([c for c in hand if c not in laid])
    return len(laid) + (len(run) if run else 0)


def defend(state: State, seat: int) -> Action | None:
    """Just enough nobles to repel the attack; if it cannot be repelled, every noble,
    so that the attacker loses more and captures none of them (NOB-A04, NOB-A05)."""
    attack = len(state.open_battle().attackers)
    nobles = sorted(
        (c for c in state.hands[seat] if is_noble(c)),
        key=lambda c: (noble_worth(state, seat, c), c),
    )
    if len(nobles) >= attack - 1:
        return Defend(tuple(sorted(nobles[: max(attack - 1, 0)])))
    return Defend(tuple(sorted(nobles)))


def lose(state: State, seat: int) -> Action | None:
    _, count, candidates = state.open_losses()
    order = sorted(candidates, key=lambda c: (noble_worth(state, seat, c), c))
    return Lose(tuple(sorted(order[:count])))


def drop(state: State, seat: int) -> Action | None:
    """The nobles that defend her shortest melds go first."""
    _, count, _, _ = state.open_drops()
    length = {c: m.length for m in state.melds if m.owner == seat for c in m.nobles}
    order = sorted(flow.upkeep(state, seat), key=lambda c: (length.get(c, 0), c))
    return Drop(tuple(sorted(order[:count])))


# -- income -----------------------------------------------------------------------------------


def income_nets(state: State, seat: int, noble_suit: int) -> list[int]:
    """What each seat would gain from an income event ``seat`` triggers now by melding a
    noble of ``noble_suit`` (NOB-A02, NOB-A03)."""
    n = state.num_players
    nets = [0] * n
    bank = state.bank
    order = state.clockwise(seat)
    if not any(m.owner == seat for m in state.melds):
        order = order[1:]
    owed = [0] * n
    every = state.options["income_scope"] == "all_melds"
    for m in state.melds:
        if every or m.suit == noble_suit:
            owed[m.owner] += flow.meld_income(state, m)
    upkeep = [0] * n
    for m in state.melds:
        upkeep[m.owner] += sum(1 for c in m.nobles if not is_king(c))
    for other in order:
        got = min(owed[other] * (2 if flow.doubled(state, other) else 1), bank)
        bank -= got
        paid = min(upkeep[other], (state.money[other] + got) // FEE) * FEE
        bank += paid
        nets[other] = got - paid
    return nets


def income_worth(state: State, seat: int, noble_suit: int) -> int:
    """How much more an income event now pays ``seat`` than the best-paid opponent."""
    nets = income_nets(state, seat, noble_suit)
    others = [nets[other] for other in range(state.num_players) if other != seat]
    return nets[seat] - max(others)


# -- the steps of a turn ----------------------------------------------------------------------


def start(state: State, seat: int) -> Action | None:
    """Draw what fits, or retrieve nobles for a capture; pass when nothing is to gain."""
    if state.exhausted:
        offer = coalition_offer(state, seat)
        if offer is not None:
            return offer
    else:
        plan = retrieval(state, seat)
        if plan is not None:
            return plan
    top = state.sdiscard[-1] if state.sdiscard else -1
    if top >= 0 and fits(state, seat, top):
        return Draw("discard")
    if state.stock:
        return Draw("stock")
    return PASS  # Exhausted: nothing worth drawing


def retrieval(state: State, seat: int) -> Action | None:
    """Buy back the nobles that, with those in hand, capture a meld of four or more next
    turn (a paid retrieval uses the turn, so the capture must be worth it)."""
    if state.money[seat] < FEE or not any(map(is_noble, state.ndiscard)):
        return None
    have = sum(map(is_noble, state.hands[seat]))
    afford = state.money[seat] // FEE
    for want in range(have + 1, min(HAND, have + afford) + 1):
        m = attack_target(state, seat, want)
        if m is not None and m.length >= 4 and len(m.nobles) + 2 == want:
            return Retrieve(max(state.ndiscard, key=lambda c: (is_king(c), c)))
    return None


def keep_retrieving(state: State, seat: int) -> Action | None:
    have = sum(map(is_noble, state.hands[seat]))
    if state.money[seat] >= FEE and state.ndiscard and have < HAND:
        m = attack_target(state, seat, have + 1)
        if m is not None and m.length >= 4 and len(m.nobles) + 2 == have + 1:
            return Retrieve(max(state.ndiscard, key=lambda c: (is_king(c), c)))
    return DONE


def meld_step(state: State, seat: int) -> Action | None:
    """Battle or meld, one operation per call; then done (or discard at once)."""
    if state.attacks:
        op = meld_op(state, seat, set(state.captured)) if state.captured else None
        return op or DONE
    if not state.acted:
        offer = purchase_offer(state, seat)
        if offer is not None:
            return offer
        plan = battle_plan(state, seat)
        if plan is not None:
            return plan
    op = meld_op(state, seat)
    if op is not None:
        return op
    if not state.acted and len(state.hands[seat]) > HAND:
        return Discard(worst_card(state, seat))
    return DONE


def meld_op(state: State, seat: int, only: set[int] | None = None) -> Action | None:
    """The next meld operation worth making: lay-offs on her own melds, a new run, a King
    (or, when rich, another noble) on her longest meld of its suit, a joker on the
    leader's best paying meld, a noble for income when it pays her most. ``only``: after
    a hand capture, the captured cards that each operation must use (NOB-A07)."""
    hand = [c for c in state.hands[seat] if only is None or c in only]
    if not hand:
        return None
    mine = [m for m in state.melds if m.owner == seat]
    for c in hand:
        if is_province(c):
            for m in mine:
                if extends(m, c):
                    return Add(c, target_name(state, m, c))
    run = best_run(state.hands[seat], tuple(only) if only is not None else ())
    if run is not None:
        return NewMeld(in_sequence(run))
    for c in hand:
        if is_noble(c):
            longest = max(
                (m for m in mine if m.suit == c // 13), key=lambda m: m.length, default=None
            )
            if longest is not None and defend_meld(state, seat, longest, c):
                return Add(c, longest.name)
    for c in hand:
        if c >= 52:
            target = joker_target(state, seat)
            if target is not None:
                return Add(c, target.name)
    for c in sorted(
        (c for c in hand if is_noble(c)), key=lambda c: (noble_worth(state, seat, c), c)
    ):
        if income_pays(state, seat, c):
            return Income(c)
    return None


def defend_meld(state: State, seat: int, m: Meld, c: int) -> bool:
    if is_king(c):
        return m.length >= 4 or (m.length >= 3 and not m.nobles)
    paying = len(flow.upkeep(state, seat)) + 1
    return m.length >= 6 and len(m.nobles) < 2 and state.money[seat] >= FEE * (paying + 1)


def joker_target(state: State, seat: int) -> Meld | None:
    lead = leader(state)
    best, best_worth = None, 2
    for m in state.melds:
        if m.owner == seat or m.joker >= 0:
            continue
        worth = flow.meld_income(state, m) * (2 if m.owner == lead else 1)
        if worth > best_worth:
            best, best_worth = m, worth
    return best


def income_pays(state: State, seat: int, c: int) -> bool:
    """Melding noble ``c`` for income now pays her clearly more than the others, and the
    noble is not needed to attack (she holds three, or there is nothing worth attacking)."""
    worth = income_worth(state, seat, c // 13)
    if worth < 4:
        return False
    nobles = sum(map(is_noble, state.hands[seat]))
    return nobles >= 3 or worth >= 12 or attack_target(state, seat, 4) is None


def discard_step(state: State, seat: int) -> Action | None:
    c = worst_card(state, seat)
    return Discard(c, bool(state.attacks) and is_noble(c))  # a battle turn buries nobles


def election(state: State, seat: int) -> Action | None:
    return coalition_offer(state, seat) or NO_COALITION


STEPS = {
    START: start,
    MELD: meld_step,
    RETRIEVE: keep_retrieving,
    FREE: lambda state, seat: DONE,
    DISCARD: discard_step,
    DEFEND: defend,
    LOSE: lose,
    DROP: drop,
    ELECTION: election,
}


# -- deals ------------------------------------------------------------------------------------


def income_rate(state: State, seat: int) -> int:
    return sum(flow.meld_income(state, m) for m in state.melds if m.owner == seat)


def coalition_gain(state: State, seat: int, partner: int) -> float:
    """What a coalition with ``partner`` is worth to ``seat``: her income doubled for a few
    income events, if together they hold the majority and she does not alone."""
    prov = provinces(state)
    if prov[seat] >= MAJORITY:
        return 0.0
    together = prov[seat] + prov[partner] >= MAJORITY
    if not together and not state.options["coalition_doubles_without_majority"]:
        return 0.0
    return 3.0 * income_rate(state, seat)


def coalition_offer(state: State, seat: int) -> Action | None:
    """A coalition with the weaker partner that makes a majority with her, if any; the
    leader adds currency so that the partner gains about as much as she does."""
    if state.coalition or deal_book.open_offer(state, seat) is not None:
        return None
    if state.phase != ELECTION and state.offers_made:
        return None  # one offer a turn outside the window, or a declined one comes back
    score = standing(state)
    lead = leader(state)
    for other in sorted(
        (other for other in state.live() if other != seat), key=lambda other: (score[other], other)
    ):
        mine, theirs = coalition_gain(state, seat, other), coalition_gain(state, other, seat)
        if mine <= 0 or theirs <= 0:
            continue
        if lead != seat or theirs >= mine:
            return Propose((other,), (COALITION,), (), state.names)
        pay = math.ceil((mine - theirs) / 2) + 1
        if pay < mine and pay <= state.money[seat]:
            return Propose((other,), (COALITION,), ((seat, (Money(pay),)),), state.names)
    return None


def item_worth(state: State, seat: int, item: Item | Coalition, receiving: bool) -> float:
    """What ``item`` is worth to ``seat`` in currency, as far as everybody can tell."""
    if isinstance(item, Money):
        return float(item.amount)
    if isinstance(item, MeldItem):
        i = state.meld_with(item.meld)
        if i < 0:
            return 0.0
        m = state.melds[i]
        return PROVINCE * m.length + 8.0 * len(m.nobles)
    if isinstance(item, CardItem):
        c = item.card
        if c >= 52:
            return 8.0
        if is_noble(c):
            return 15.0
        if receiving and any(m.owner == seat and extends(m, c) for m in state.melds):
            return float(PROVINCE)
        return 5.0
    return 0.0


def deal_gain(state: State, seat: int, deal: Deal) -> float:
    """What ``deal`` is worth to ``seat``, one of its two parties."""
    gain = 0.0
    for giver, items in deal.gives:
        for item in items:
            if giver == seat:
                gain -= item_worth(state, seat, item, receiving=False)
            else:
                gain += item_worth(state, seat, item, receiving=True)
    if COALITION in deal.terms:
        partner = next(other for other in deal.parties if other != seat)
        gain += coalition_gain(state, seat, partner)
    return gain


def accepts(state: State, seat: int, deal: Deal) -> bool:
    """Accept what helps her, unless it helps the leader more than her."""
    mine = deal_gain(state, seat, deal)
    if mine <= 0:
        return False
    theirs = deal_gain(state, deal.proposer, deal)
    return not (theirs > mine and leader(state) == deal.proposer)


def purchase_offer(state: State, seat: int) -> Action | None:
    """Offer ``PRICE`` for a card known to be in a hand that extends one of her melds
    and none of its holder's: a province for her, currency for a card he cannot use."""
    if (
        state.offers_made
        or state.money[seat] < PRICE
        or deal_book.open_offer(state, seat) is not None
    ):
        return None
    mine = [m for m in state.melds if m.owner == seat]
    for other in state.live():
        if other == seat:
            continue
        for c in state.known[other]:
            if not is_province(c) or not any(extends(m, c) for m in mine):
                continue
            if any(m.owner == other and extends(m, c) for m in state.melds):
                continue
            gives = ((seat, (Money(PRICE),)), (other, (CardItem(c),)))
            return Propose((other,), (), tuple(sorted(gives)), state.names)
    return None


__all__ = ["HeuristicBot", "decide", "evaluate"]
