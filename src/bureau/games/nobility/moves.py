"""Nobility's choices: reading typed text, listing legal actions, sampling one.

``resolve`` turns a raw parse (``actions.read``) into an action, naming melds
and players against the state; ``legal`` lists every legal action except the
open-ended diplomacy (``pay``, general offers), which is typed; ``sample``
draws a random legal action without listing combinatorial choices.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from itertools import combinations

from bureau.cards import card_text, suit
from bureau.engine import IllegalAction
from bureau.engine import deals as deal_book
from bureau.engine.deals import Accept, Decline, Propose

from . import flow
from .actions import (
    COALITION,
    CONCEDE,
    DISBAND,
    DONE,
    NO_COALITION,
    PASS,
    Action,
    Add,
    Attack,
    CardItem,
    Defend,
    Discard,
    Draw,
    Drop,
    GameAction,
    Income,
    Lose,
    MeldItem,
    Merge,
    Money,
    NewMeld,
    Pay,
    Retrieve,
    Take,
)
from .diplomacy import RULES, coalition_open
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
    MELD,
    MERGE,
    RETRIEVE,
    START,
    Meld,
    State,
    index_of,
    is_king,
    is_noble,
    is_province,
)

# -- reading typed text -----------------------------------------------------------------------


def seat_named(state: State, name: str) -> int:
    lowered = [n.lower() for n in state.names]
    if name.lower() not in lowered:
        raise IllegalAction(f"no player named {name!r}; the players are {', '.join(state.names)}")
    return lowered.index(name.lower())


def meld_named(state: State, c: int) -> Meld:
    i = state.meld_with(c)
    if i < 0:
        listed = ", ".join(card_text(m.name) for m in state.melds) or "none"
        raise IllegalAction(f"no meld holds {card_text(c)} (melds: {listed})")
    return state.melds[i]


def in_sequence(cards: Collection[int]) -> tuple[int, ...]:
    """A meld's cards in sequence order from its first card (as given if not a run)."""
    run = flow.run_of(cards) if len(set(cards)) == len(cards) else None
    if run is None or len({suit(c) for c in cards}) != 1:
        return tuple(cards)
    start = run[0]
    return tuple(sorted(cards, key=lambda c: (index_of(c) - start) % 9))


def target_name(state: State, m: Meld, c: int) -> int:
    """The canonical meld for a lay-off of ``c`` on ``m``: where one card merges two
    melds, the one it extends at the end (NOB-A13)."""
    if is_province(c) and c == m.low_end() and c != m.high_end():
        j = flow.merges(state, m, c)
        if j >= 0:
            return state.melds[j].name
    return m.name


# Orders of one word.
WORDS: dict[str, GameAction] = {
    "done": DONE,
    "pass": PASS,
    "concede": CONCEDE,
    "nocoalition": NO_COALITION,
    "disband": DISBAND,
}


def resolve(state: State, seat: int, raw: tuple) -> GameAction:
    """The action a raw parse means for ``seat``; raises ``IllegalAction`` for unknown names."""
    kind = raw[0]
    if kind == "draw":
        return Draw(raw[1])
    if kind == "meld":
        return NewMeld(in_sequence(raw[1]))
    if kind == "add":
        _, c, target = raw
        return Add(c, target_name(state, meld_named(state, target), c))
    if kind == "income":
        return Income(raw[1])
    if kind == "attack_meld":
        m = meld_named(state, raw[1])
        return Attack(m.name, m.owner, state.names[m.owner], tuple(sorted(raw[2])))
    if kind == "attack_hand":
        other = seat_named(state, raw[1])
        return Attack(-1, other, state.names[other], tuple(sorted(raw[2])))
    if kind == "defend":
        return Defend(tuple(sorted(raw[1])))
    if kind == "lose":
        return Lose(tuple(sorted(raw[1])))
    if kind == "drop":
        return Drop(tuple(sorted(raw[1])))
    if kind == "discard":
        return Discard(raw[1], raw[2])
    if kind == "retrieve":
        _, c, target = raw
        return Retrieve(c, meld_named(state, target).name if target >= 0 else -1)
    if kind == "take":
        return Take(raw[1])
    if kind == "merge":
        _, cards, name = raw
        other = seat_named(state, name)
        return Merge(
            tuple(sorted({meld_named(state, c).name for c in cards})), other, state.names[other]
        )
    if kind == "pay":
        _, name, amount = raw
        other = seat_named(state, name)
        return Pay(other, state.names[other], amount)
    return WORDS[kind]


# -- listing every legal action ---------------------------------------------------------------


def legal(state: State, seat: int) -> list[Action]:
    waiting = pending(state)
    if not waiting or state.out[seat]:
        return []
    offers = deal_book.offers_to(state, seat)
    if offers:
        out: list = []
        for d in offers:
            name = state.names[d.proposer]
            out += [Accept(d.proposer, name), Decline(d.proposer, name)]
        return out
    extra = optional(state, seat)
    if seat not in waiting:
        return extra
    if state.surplus and state.surplus[0] == seat:
        return [Discard(c) for c in sorted(set(state.hands[seat]))]
    phase = state.phase
    if phase == START:
        out = draws(state) + fresh_actions(state, seat)
    elif phase == MELD:
        out = fresh_actions(state, seat) if flow.fresh(state) else []
        out += meld_ops(state, seat) + attacks(state, seat) + [DONE]
        if not state.acted and not state.attacks:
            out += discards(state, seat)
    elif phase == RETRIEVE:
        out = [*retrievals(state, seat), DONE, *discards(state, seat)]
    elif phase == FREE:
        out = [*takes(state, seat), DONE, *discards(state, seat)]
    elif phase == DISCARD:
        out = discards(state, seat)
    elif phase == DEFEND:
        nobles = sorted(c for c in state.hands[seat] if is_noble(c))
        out = [Defend(c) for k in range(len(nobles) + 1) for c in combinations(nobles, k)]
    elif phase == LOSE:
        _, count, candidates = state.open_losses()
        out = [Lose(c) for c in combinations(sorted(candidates), count)]
    elif phase == DROP:
        _, count, _, _ = state.open_drops()
        out = [Drop(c) for c in combinations(sorted(flow.upkeep(state, seat)), count)]
    elif phase == ELECTION:
        out = [NO_COALITION]
    else:
        out = []
    return out + extra


def optional(state: State, seat: int) -> list:
    """The finite optional actions: withdraw, disband, a plain coalition offer."""
    out: list = []
    if deal_book.open_offer(state, seat) is not None:
        out.append(deal_book.WITHDRAW)
    elif (
        coalition_open(state)
        and not state.coalition
        and state.phase not in (DEFEND, LOSE, DROP, MERGE)
    ):
        for other in state.live():
            if other != seat:
                out.append(Propose((other,), (COALITION,), (), state.names))
    if state.exhausted and seat in state.coalition:
        out.append(DISBAND)
    return out


DRAW_STOCK, DRAW_DISCARD = Draw("stock"), Draw("discard")  # made once: rollouts draw often


def draws(state: State) -> list:
    out = []
    if state.stock:
        out.append(DRAW_STOCK)
    if state.sdiscard:
        out.append(DRAW_DISCARD)
    return out


def fresh_actions(state: State, seat: int) -> list:
    out = retrievals(state, seat) + takes(state, seat)
    if state.exhausted:
        out.append(PASS)
        mine = sorted(m.name for m in state.melds_of(seat))
        for other in state.live():
            if other == seat:
                continue
            for k in range(1, len(mine) + 1):
                out += [Merge(c, other, state.names[other]) for c in combinations(mine, k)]
    out.append(CONCEDE)
    return out


def retrievals(state: State, seat: int) -> list:
    if state.money[seat] < FEE:
        return []
    out = []
    for c in sorted(set(state.ndiscard)):
        out.append(Retrieve(c))
        out += [Retrieve(c, m.name) for m in state.melds_of(seat) if m.suit == suit(c)]
    return out


def takes(state: State, seat: int) -> list:
    cap = state.options["free_retrieval_max"]
    if cap is not None and state.freed >= cap:
        return []
    return [Take(c) for m in state.melds_of(seat) for c in sorted(m.nobles)]


def discards(state: State, seat: int) -> list:
    hand = state.hands[seat]
    if len(hand) <= HAND:
        return []
    out = [Discard(c) for c in sorted(set(hand))]
    if state.attacks:
        out += [Discard(c, True) for c in sorted(set(hand)) if is_noble(c)]
    return out


def meld_ops(state: State, seat: int) -> list:
    """New melds, lay-offs, defending nobles, jokers and income melds now allowed.

    Random rollouts list them at every meld decision, so the common cases stay cheap:
    no run of three in a suit, no meld on the table.
    """
    attacks = state.attacks
    if attacks and not attacks & flow.HAND_CAPTURED:
        return []
    hand = sorted(state.hands[seat])
    captured = None  # the cards every operation must use one of, if restricted (NOB-A07)
    if attacks and state.options["capture_meld"] == "captured_only":
        captured = set(state.captured)
    out = new_melds(hand, captured)
    if captured is not None:
        hand = [c for c in hand if c in captured]
    melds = state.melds
    if not melds:  # only income melds are left, one per noble
        out += [Income(c) for c in hand if is_noble(c)]
        return out
    mine = [m for m in melds if m.owner == seat]
    for c in hand:
        if is_noble(c):
            out.append(Income(c))
            s = suit(c)
            out += [Add(c, m.name) for m in mine if m.suit == s]
        elif c >= 52:
            out += [Add(c, m.name) for m in melds if m.joker < 0]
        else:
            out += lay_offs(state, c)
    return out


def new_melds(hand: list[int], captured: set[int] | None) -> list:
    """Every new meld in ``hand`` (sorted), each using a captured card if ``captured``."""
    by_suit: list[list[int]] = [[], [], [], []]
    for c in hand:
        if is_province(c):
            by_suit[c // 13].append(c)
    out: list = []
    for cards in by_suit:
        for k in range(3, len(cards) + 1):  # nothing for fewer than three cards
            for combo in combinations(cards, k):
                if flow.run_of(combo) is not None and (captured is None or captured & set(combo)):
                    out.append(NewMeld(in_sequence(combo)))
    return out


def lay_offs(state: State, c: int) -> list:
    """Adds of the province card ``c`` to the melds it extends, each named once."""
    out = []
    seen = set()
    for m in state.melds:
        if c in (m.low_end(), m.high_end()):
            name = target_name(state, m, c)
            if name not in seen:
                seen.add(name)
                out.append(Add(c, name))
    return out


def attack_targets(state: State, seat: int) -> list[tuple[int, int]]:
    """(meld name or -1, defender) pairs that ``seat`` may attack now."""
    if state.acted:
        return []
    if state.attacks and not flow.can_attack_again(state):
        return []
    out = []
    if not state.attacks & flow.MELD_ATTACKED:
        out += [(m.name, m.owner) for m in state.melds if m.owner != seat]
    if not state.attacks & flow.HAND_ATTACKED:
        out += [(-1, other) for other in state.live() if other != seat and state.hands[other]]
    if state.attacks:
        out = [t for t in out if t[1] == state.foe]
    return out


def attacks(state: State, seat: int) -> list:
    nobles = sorted(c for c in state.hands[seat] if is_noble(c))
    targets = attack_targets(state, seat) if nobles else []
    out = []
    for meld, other in targets:
        for k in range(1, len(nobles) + 1):
            out += [Attack(meld, other, state.names[other], c) for c in combinations(nobles, k)]
    return out


# -- sampling one at random, fast -------------------------------------------------------------


def sample(state: State, seat: int, rng: random.Random) -> Action:
    offers = deal_book.offers_to(state, seat) if state.offers else None
    if offers:
        d = offers[0]
        cls = Accept if rng.random() < 0.5 else Decline
        return cls(d.proposer, state.names[d.proposer])
    if state.surplus and state.surplus[0] == seat:
        return Discard(rng.choice(state.hands[seat]))
    phase = state.phase
    if phase == START:
        return sample_start(state, seat, rng)
    if phase == MELD:
        return sample_meld(state, seat, rng)
    if phase in (RETRIEVE, FREE):
        more = retrievals(state, seat) if phase == RETRIEVE else takes(state, seat)
        if more and rng.random() < 0.3:
            return rng.choice(more)
        if len(state.hands[seat]) > HAND:
            return Discard(rng.choice(state.hands[seat]))
        return DONE
    if phase == DISCARD:
        c = rng.choice(state.hands[seat])
        return Discard(c, bool(state.attacks) and is_noble(c) and rng.random() < 0.5)
    if phase == DEFEND:
        return Defend(
            tuple(sorted(c for c in state.hands[seat] if is_noble(c) and rng.random() < 0.5))
        )
    if phase == LOSE:
        _, count, candidates = state.open_losses()
        return Lose(tuple(sorted(rng.sample(candidates, count))))
    if phase == DROP:
        _, count, _, _ = state.open_drops()
        return Drop(tuple(sorted(rng.sample(flow.upkeep(state, seat), count))))
    if phase == ELECTION:
        others = [other for other in state.live() if other != seat]
        if others and rng.random() < 0.5:
            other = rng.choice(others)
            gives: tuple[tuple[int, tuple[Money, ...]], ...] = ()
            if state.money[seat] and rng.random() < 0.3:
                gives = ((seat, (Money(rng.randint(1, state.money[seat])),)),)
            return Propose((other,), (COALITION,), gives, state.names)
        return NO_COALITION
    return rng.choice(legal(state, seat))


def sample_start(state: State, seat: int, rng: random.Random) -> Action:
    r = rng.random()
    if r < 0.04 and state.offers_made == 0:
        offer = sample_offer(state, seat, rng)
        if offer is not None:
            return offer
    if r < 0.10:
        extra = fresh_actions(state, seat)
        extra = [a for a in extra if a is not CONCEDE]
        if extra:
            return rng.choice(extra)
    options = draws(state)
    if options:
        return rng.choice(options)
    return rng.choice([a for a in fresh_actions(state, seat) if a is not CONCEDE] or [PASS])


def sample_meld(state: State, seat: int, rng: random.Random) -> Action:
    """A kind of move first (meld, lay-off, noble, joker, income, attack, done), then details."""
    if flow.fresh(state) and not state.drew and rng.random() < 0.2:
        extra = [a for a in fresh_actions(state, seat) if a is not CONCEDE]
        if extra:
            return rng.choice(extra)
    if state.offers_made == 0 and rng.random() < 0.02:
        offer = sample_offer(state, seat, rng)
        if offer is not None:
            return offer
    kinds = by_kind(meld_ops(state, seat))
    nobles = [c for c in state.hands[seat] if is_noble(c)]
    targets = attack_targets(state, seat) if nobles else []
    if targets:
        kinds.append(ATTACK)
    kinds.append([DONE])
    pick = rng.choice(kinds)
    if pick is ATTACK:
        meld, other = rng.choice(targets)
        k = rng.randint(1, len(nobles))
        return Attack(meld, other, state.names[other], tuple(sorted(rng.sample(nobles, k))))
    action = rng.choice(pick)
    if action is DONE and not state.acted and not state.attacks and len(state.hands[seat]) > HAND:
        return Discard(rng.choice(state.hands[seat]))
    return action


ATTACK: list = []  # the attacks among the kinds a random choice draws from: drawn apart


def by_kind(actions: list) -> list[list]:
    """``actions`` grouped by class, the groups in the order of their first action."""
    groups: dict[type, list] = {}
    for a in actions:
        kind = type(a)
        if kind in groups:
            groups[kind].append(a)
        else:
            groups[kind] = [a]
    return list(groups.values())


def sample_offer(state: State, seat: int, rng: random.Random) -> Propose | None:
    """A random two-player deal built from what ``seat`` can see; None if it is not legal."""
    if deal_book.open_offer(state, seat) is not None:
        return None
    others = [other for other in state.live() if other != seat]
    if not others:
        return None
    other = rng.choice(others)
    mine: list = []
    theirs: list = []
    if state.money[seat] and rng.random() < 0.5:
        mine.append(Money(rng.randint(1, min(state.money[seat], 40))))
    if state.hands[seat] and rng.random() < 0.3:
        mine.append(CardItem(rng.choice(state.hands[seat])))
    if state.melds_of(seat) and rng.random() < 0.2:
        mine.append(MeldItem(rng.choice(state.melds_of(seat)).name))
    if state.money[other] and rng.random() < 0.5:
        theirs.append(Money(rng.randint(1, min(state.money[other], 40))))
    if state.melds_of(other) and rng.random() < 0.2:
        theirs.append(MeldItem(rng.choice(state.melds_of(other)).name))
    terms = (COALITION,) if coalition_open(state) and rng.random() < 0.5 else ()
    gives = tuple(
        (g, tuple(sorted(items, key=RULES.item_key)))
        for g, items in sorted(((seat, mine), (other, theirs)))
        if items
    )
    action = Propose((other,), terms, gives, state.names)
    try:
        check(state, seat, action)
    except IllegalAction:
        return None
    return action


# -- what to type now -------------------------------------------------------------------------


def timeout(state: State, seat: int) -> Action:
    """Decline offers; draw from the stock; done; discard the newest card; defend with
    nothing; lose non-Kings first; drop NOB-A16's default; no coalition."""
    offers = deal_book.offers_to(state, seat)
    if offers:
        d = offers[0]
        return deal_book.Decline(d.proposer, state.names[d.proposer])
    hand = state.hands[seat]
    if state.surplus and state.surplus[0] == seat:
        return Discard(hand[-1])
    phase = state.phase
    if phase == START:
        if state.stock:
            return Draw("stock")
        return Draw("discard") if state.sdiscard else PASS
    if phase in (MELD, RETRIEVE, FREE):
        if phase == MELD and not state.acted and not state.attacks and len(hand) > 3:
            return Discard(hand[-1])
        return DONE
    if phase == DISCARD:
        return Discard(hand[-1])
    if phase == DEFEND:
        return Defend(())
    if phase == LOSE:
        _, count, candidates = state.open_losses()
        order = sorted(candidates, key=lambda c: (is_king(c), c))
        return Lose(tuple(sorted(order[:count])))
    if phase == DROP:
        dropper, count, _, _ = state.open_drops()
        return Drop(tuple(sorted(flow.default_drops(state, dropper, count))))
    if phase == ELECTION:
        return NO_COALITION
    raise IllegalAction("nothing to decide")


def help_text(state: State, seat: int) -> str:
    """What ``seat`` may type now, in a sentence."""
    offers = deal_book.offers_to(state, seat)
    if offers:
        who = state.names[offers[0].proposer]
        return f"Answer {who}'s offer: 'accept {who}' or 'decline {who}'."
    if state.surplus and state.surplus[0] == seat:
        return f"You hold {len(state.hands[seat])} cards: 'discard CARD' down to {HAND}."
    phase = state.phase
    deals = " Any time: 'pay PLAYER N', 'offer PLAYER: NAME gives ITEMS; ...'."
    if phase == START:
        return (
            "Your turn: 'draw stock' or 'draw discard'; or instead 'retrieve NOBLE [to MELD]'"
            f" ({FEE} each), 'take NOBLE' (from your meld, free)"
            + (", 'pass' or 'merge MELDS to PLAYER'" if state.exhausted else "")
            + ", or 'concede'."
            + deals
        )
    if phase == MELD:
        return (
            "Meld: 'meld CARDS', 'add CARD to MELD' (lay-off, defending noble or joker),"
            " 'income NOBLE', or instead of melding 'attack MELD with NOBLES' /"
            " 'attack PLAYER hand with NOBLES'; then 'done'. A meld is named by any of"
            " its cards." + deals
        )
    if phase == RETRIEVE:
        return f"'retrieve NOBLE [to MELD]' again ({FEE} each), 'discard CARD' or 'done'."
    if phase == FREE:
        return "'take NOBLE' again, 'discard CARD' or 'done'."
    if phase == DISCARD:
        extra = " ('discard NOBLE to nobles' after a battle)" if state.attacks else ""
        return f"Discard down to {HAND}: 'discard CARD'{extra}."
    if phase == DEFEND:
        return "You are attacked: 'defend NOBLES' from your hand, or 'defend none'."
    if phase == LOSE:
        _, count, candidates = state.open_losses()
        return f"'lose' {count} of {' '.join(card_text(c) for c in sorted(candidates))}."
    if phase == DROP:
        _, count, _, _ = state.open_drops()
        return f"You cannot maintain all your nobles: 'drop' {count} of them."
    if phase == ELECTION:
        return "Coalition window: 'offer PLAYER: coalition[; NAME gives ITEMS]' or 'no coalition'."
    return "The game is over." if phase == "over" else "Wait for the answer to your merge."


__all__ = ["legal", "resolve", "sample"]
