"""Aristocracy's choices: reading typed text, listing legal actions, sampling one.

``resolve`` turns a raw parse (``actions.read``) into an action, naming cards
and buildings against the state; ``legal`` lists every legal action;
``sample`` draws a random legal one without listing them all.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from itertools import combinations

from bureau.cards import card_text, cards_text, is_face, rank
from bureau.engine import IllegalAction

from . import flow
from .actions import (
    DECLINE,
    FORCE_DISCARD,
    FORCE_PAY,
    GLORY,
    PASS,
    SIZE_NAMES,
    STALL,
    Action,
    Ball,
    Bid,
    Build,
    Buy,
    Discard,
    Downgrade,
    Expose,
    Favor,
    Harvest,
    Hide,
    Penalty,
    Pick,
    Royal,
    Sell,
    Special,
    Stall,
    Store,
    Trade,
    Upgrade,
    Visit,
)
from .rules import SPECIAL_OF_RANK, excess, pending, visited
from .state import (
    ACT,
    BALL,
    BID,
    EXPOSE,
    FACE_UP,
    FORCE,
    KING,
    PENALTY,
    PICK,
    QUEEN,
    ROYAL_NAMES,
    TAX,
    State,
)
from .state import (
    GLORY as GLORY_STEP,
)
from .state import (
    STALL as STALL_STEP,
)

# -- naming things ------------------------------------------------------------------------------


def building_ref(state: State, owner: int, i: int) -> str:
    """``7S``, or ``7S#2`` for the owner's second building on a 7S."""
    address = state.buildings[owner][i].address
    copy = 1 + sum(1 for b in state.buildings[owner][:i] if b.address == address)
    return card_text(address) + (f"#{copy}" if copy > 1 else "")


def find_building(state: State, owner: int, ref: tuple) -> int:
    _, code, copy = ref
    seen = 0
    for i, b in enumerate(state.buildings[owner]):
        if b.address == code:
            seen += 1
            if seen == copy:
                return i
    whose = "you have" if owner == state.active or owner < 0 else f"{state.names[owner]} has"
    listed = ", ".join(building_ref(state, owner, i) for i in range(len(state.buildings[owner])))
    raise IllegalAction(
        f"{whose} no building on {card_text(code)}"
        f"{'#' + str(copy) if copy > 1 else ''}"
        f" (buildings: {listed or 'none'})"
    )


def seat_named(state: State, name: str) -> int:
    lowered = [n.lower() for n in state.names]
    if name.lower() not in lowered:
        raise IllegalAction(f"no player named {name!r}; the players are {', '.join(state.names)}")
    return lowered.index(name.lower())


class Sources:
    """Hands out a player's hand and stall cards for one action, each at most once."""

    def __init__(self, state: State, seat: int):
        self.hand = Counter(state.hands[seat])
        self.stall = Counter(state.stalls[seat])

    def take(self, raw: tuple) -> int:
        _, code, where = raw
        if where not in (None, "hand", "stall"):
            raise IllegalAction(f"after {card_text(code)}@ write hand or stall, not {where!r}")
        if where != "stall" and self.hand[code] > 0:
            self.hand[code] -= 1
            return code
        if where != "hand" and self.stall[code] > 0:
            self.stall[code] -= 1
            return code | STALL
        places = {"hand": "your hand", "stall": "your stall", None: "your hand or stall"}
        raise IllegalAction(f"there is no {card_text(code)} left in {places[where]}")


# -- reading typed text ----------------------------------------------------------------------


WORDS: dict[str, Action] = {"pass": PASS, "glory": GLORY, "decline": DECLINE}  # orders of one word


def resolve(state: State, seat: int, raw: tuple) -> Action:
    """The action a raw parse means for ``seat``; raises ``IllegalAction`` for unknown names."""
    kind = raw[0]
    if kind == "discard":
        return Discard(raw[1])  # order kept: it is the order they go on the pile
    if kind in ("ball", "stall"):
        return (Ball if kind == "ball" else Stall)(tuple(sorted(raw[1])))
    if kind == "bid":
        return Bid(raw[1])
    if kind == "pick":
        _, code, copy = raw[1]
        positions = [i for i, c in enumerate(state.market) if c == code]
        if len(positions) < copy:
            raise IllegalAction(
                f"the market has no {card_text(code)}"
                f"{'#' + str(copy) if copy > 1 else ''}"
                f" (market: {cards_text(state.market) or 'empty'})"
            )
        return Pick(positions[copy - 1], code, copy)
    if kind == "trade":
        _, give, take, where = raw
        owner = -1 if where.lower() == "market" else seat_named(state, where)
        return Trade(give, take, owner, state.names[owner] if owner >= 0 else "market")
    if kind == "store":
        _, src, out, ref = raw
        i = find_building(state, seat, ref)
        return Store(Sources(state, seat).take(src), i, building_ref(state, seat, i), out)
    if kind == "hide":
        return Hide(raw[1])
    if kind == "sell":
        return Sell(raw[1], raw[2])  # order kept: it is the order they go on the pile
    if kind == "harvest":
        i = find_building(state, seat, raw[1])
        return Harvest(i, building_ref(state, seat, i))
    if kind == "downgrade":
        return downgrade_action(state, seat, find_building(state, seat, raw[1]), raw[2])
    if kind == "favor":
        sources = Sources(state, seat)
        card = sources.take(raw[1])
        return Favor(card, resolve_special(state, seat, raw[2], sources))
    if kind == "royal":
        return Royal(resolve_special(state, seat, raw[1], Sources(state, seat)))
    if kind == "penalty":
        return Penalty(building_card(state, raw[1], exposed=True), raw[1])
    if kind == "expose":
        return Expose(building_card(state, raw[1], exposed=False), raw[1])
    if kind == "force":
        return FORCE_DISCARD if raw[1] == "discard" else FORCE_PAY
    return WORDS[kind]


def resolve_special(state: State, seat: int, raw: tuple, sources: Sources) -> Special:
    kind = raw[0]
    if kind == "build":
        _, size, address, cards = raw
        address = sources.take(address)
        return Build(size, address, tuple(sorted(sources.take(c) for c in cards)))
    if kind == "upgrade":
        _, ref, cards = raw
        i = find_building(state, seat, ref)
        return Upgrade(
            i, building_ref(state, seat, i), tuple(sorted(sources.take(c) for c in cards))
        )
    if kind == "visit":
        _, name, ref = raw
        owner = seat_named(state, name)
        i = find_building(state, owner, ref)
        return Visit(owner, state.names[owner], i, building_ref(state, owner, i))
    return Buy(raw[1])


def building_card(state: State, card: int, exposed: bool) -> int:
    """Position of a mismatched ``card`` in the visited building, exposed or not as asked."""
    if state.visit is None or state.visit.building < 0:
        raise IllegalAction("there is no visit under way")
    b = visited(state)
    for i in b.mismatched(rank):
        if b.cards[i] == card and b.exposed[i] == exposed:
            return i
    state_word = "an exposed" if exposed else "an unexposed"
    raise IllegalAction(f"{card_text(card)} is not {state_word} mismatched card of this building")


def downgrade_action(state: State, seat: int, i: int, cards: tuple) -> Downgrade:
    """Picking up so many that less than a farm remains takes the whole building (ARI-28).

    Cards the building does not hold are kept, so that ``check`` refuses them.
    """
    b = state.buildings[seat][i]
    held = not Counter(cards) - Counter(b.cards)
    if held and len(b.cards) - len(cards) < state.options["farm_size"]:
        cards = ()
    return Downgrade(i, building_ref(state, seat, i), tuple(sorted(cards)))


# -- listing every legal action ----------------------------------------------------------------


def sub_multisets(items: Iterable[int], size: int | None = None) -> list[tuple[int, ...]]:
    """Distinct sub-multisets of ``items`` (of one ``size``, or all), as sorted tuples."""
    items = sorted(items)
    sizes = range(len(items) + 1) if size is None else (size,)
    return sorted({combo for k in sizes for combo in combinations(items, k)})


def legal(state: State, seat: int) -> list[Action]:
    step = state.step
    if seat not in pending(state):
        return []
    if step == TAX:
        return [Discard(c) for c in sub_multisets(state.hands[seat], excess(state, seat))]
    if step == BALL:
        return [Ball(c) for c in sub_multisets(state.hands[seat])]
    if step == STALL_STEP:
        return [Stall(c) for c in sub_multisets(state.hands[seat])]
    if step == BID:
        return [Bid(k) for k in range(state.coins[seat] + 1)]
    if step == PICK:
        return [*market_picks(state)]
    if step == ACT:
        return act_actions(state, seat)
    if step == PENALTY:
        return [*visit_choices(state, Penalty, exposed=True), DECLINE]
    if step == FORCE:
        return [FORCE_DISCARD, FORCE_PAY]
    if step == EXPOSE:
        return [*visit_choices(state, Expose, exposed=False), DECLINE]
    if step == GLORY_STEP:
        return [GLORY, DECLINE] if flow.can_glory(state, seat) else [DECLINE]
    return []


def sell_pairs(stall: list[int]) -> list[tuple[int, ...]]:
    """Every ordered pair of stall cards: the first chosen goes on the pile first (ARI-A17)."""
    pairs = sub_multisets(stall, 2)
    return pairs + [(b, a) for a, b in pairs if a != b]


def market_picks(state: State) -> list[Pick]:
    seen: Counter = Counter()
    picks = []
    for i, c in enumerate(state.market):
        seen[c] += 1
        picks.append(Pick(i, c, seen[c]))
    return picks


def visit_choices(state: State, cls, exposed: bool) -> list:
    b = visited(state)
    out, seen = [], set()
    for i in b.mismatched(rank):
        if b.exposed[i] == exposed and b.cards[i] not in seen:
            seen.add(b.cards[i])
            out.append(cls(i, b.cards[i]))
    return out


def source_list(state: State, seat: int) -> list[int]:
    return state.hands[seat] + [c | STALL for c in state.stalls[seat]]


def act_actions(state: State, seat: int) -> list:
    """Every action of ``seat``'s turn: the plain ones, then Favors, then Royal Actions."""
    out = plain_actions(state, seat)
    srcs = sorted(set(source_list(state, seat)))
    for s in srcs:
        if is_face(s & 63):
            rest = source_list(state, seat)
            rest.remove(s)
            out += [
                Favor(s, sp) for sp in specials(state, seat, SPECIAL_OF_RANK[rank(s & 63)], rest)
            ]
    if state.coins[seat] >= 1:
        out += [Royal(sp) for sp in specials(state, seat, state.royal, source_list(state, seat))]
    return out


def plain_actions(state: State, seat: int) -> list:
    """The actions of ``seat``'s turn but Favors and Royal Actions: pass, trades, stores,
    harvests, downgrades, hides and sales."""
    stall = state.stalls[seat]
    out: list = [PASS]
    names = state.names
    for give in sorted(set(stall)):
        out += [Trade(give, t, -1, "market") for t in sorted(set(state.market))]
        for other in range(state.num_players):
            if other != seat:
                out += [
                    Trade(give, t, other, names[other]) for t in sorted(set(state.stalls[other]))
                ]
    srcs = sorted(set(source_list(state, seat)))
    for i, b in enumerate(state.buildings[seat]):
        ref = building_ref(state, seat, i)
        out += [Store(s, i, ref, o) for s in srcs for o in sorted(set(b.cards))]
        if b.production is not None:
            out.append(Harvest(i, ref))
        out += sorted({downgrade_action(state, seat, i, c) for c in sub_multisets(b.cards) if c})
    out += [Hide(c) for c in sorted(set(stall))]
    out += [Sell(a, b) for a, b in sell_pairs(stall)]
    return out


def specials(state: State, seat: int, royal: int, srcs: list[int]) -> list:
    if royal == KING:
        return builds(state, seat, srcs) + upgrades(state, seat, srcs)
    if royal == QUEEN:
        return [
            Visit(other, state.names[other], i, building_ref(state, other, i))
            for other in range(state.num_players)
            if other != seat
            for i in range(len(state.buildings[other]))
        ]
    return [Buy(c) for c in sorted(set(state.discard[:FACE_UP]))]


def builds(state: State, seat: int, srcs: list[int]) -> list[Build]:
    out = []
    for name, size in zip(SIZE_NAMES, flow.sizes(state), strict=True):
        for address in sorted(set(srcs)):
            rest = srcs[:]
            rest.remove(address)
            out += [Build(name, address, c) for c in sub_multisets(rest, size)]
    return out


def upgrades(state: State, seat: int, srcs: list[int]) -> list[Upgrade]:
    farm, estate, chateau = flow.sizes(state)
    out = []
    for i, b in enumerate(state.buildings[seat]):
        n = len(b.cards)
        adds = [t - n for t in (estate, chateau) if n in (farm, estate) and t > n]
        ref = building_ref(state, seat, i)
        for k in adds:
            out += [Upgrade(i, ref, c) for c in sub_multisets(srcs, k)]
    return out


# -- sampling one at random, fast -----------------------------------------------------------------


def sample(state: State, seat: int, rng: random.Random) -> Action:
    step = state.step
    if step == ACT:
        return sample_act(state, seat, rng)
    if step == STALL_STEP:
        return Stall(tuple(sorted(c for c in state.hands[seat] if rng.random() < 0.5)))
    if step == BID:
        return Bid(rng.randint(0, state.coins[seat]))
    if step == TAX:
        return Discard(tuple(rng.sample(state.hands[seat], excess(state, seat))))
    if step == BALL:
        return Ball(tuple(sorted(c for c in state.hands[seat] if rng.random() < 0.5)))
    if step == PICK:
        return rng.choice(market_picks(state))
    if step == GLORY_STEP:
        return rng.choice((GLORY, DECLINE)) if flow.can_glory(state, seat) else DECLINE
    return rng.choice(legal(state, seat))


def sample_act(state: State, seat: int, rng: random.Random) -> Action:
    """Pick a kind of action among those possible, then its details at random."""
    stall = state.stalls[seat]
    kinds = [_sample_pass]
    if stall:
        kinds += [_sample_trade, _sample_hide]
        if len(stall) >= 2:
            kinds.append(_sample_sell)
    if state.buildings[seat]:
        kinds += [_sample_store, _sample_downgrade]
        if any(b.production is not None for b in state.buildings[seat]):
            kinds.append(_sample_harvest)
    if any(is_face(c) for c in state.hands[seat]) or any(is_face(c) for c in stall):
        kinds.append(_sample_favor)
    if state.coins[seat] >= 1:
        kinds.append(_sample_royal)
    while True:
        action = rng.choice(kinds)(state, seat, rng)
        if action is not None:
            return action


def _sample_pass(state: State, seat: int, rng: random.Random) -> Action | None:
    return PASS


def _sample_trade(state: State, seat: int, rng: random.Random) -> Action | None:
    targets = [(-1, c) for c in state.market]
    for other in range(state.num_players):
        if other != seat:
            targets += [(other, c) for c in state.stalls[other]]
    if not targets:
        return None
    owner, take = rng.choice(targets)
    name = state.names[owner] if owner >= 0 else "market"
    return Trade(rng.choice(state.stalls[seat]), take, owner, name)


def _sample_hide(state: State, seat: int, rng: random.Random) -> Action | None:
    return Hide(rng.choice(state.stalls[seat]))


def _sample_sell(state: State, seat: int, rng: random.Random) -> Action | None:
    return Sell(*rng.sample(state.stalls[seat], 2))


def _sample_store(state: State, seat: int, rng: random.Random) -> Action | None:
    srcs = source_list(state, seat)
    if not srcs:
        return None
    i = rng.randrange(len(state.buildings[seat]))
    b = state.buildings[seat][i]
    return Store(rng.choice(srcs), i, building_ref(state, seat, i), rng.choice(b.cards))


def _sample_downgrade(state: State, seat: int, rng: random.Random) -> Action | None:
    i = rng.randrange(len(state.buildings[seat]))
    b = state.buildings[seat][i]
    k = rng.randint(1, len(b.cards))
    return downgrade_action(state, seat, i, tuple(rng.sample(b.cards, k)))


def _sample_harvest(state: State, seat: int, rng: random.Random) -> Action | None:
    farms = [i for i, b in enumerate(state.buildings[seat]) if b.production is not None]
    i = rng.choice(farms)
    return Harvest(i, building_ref(state, seat, i))


def _sample_favor(state: State, seat: int, rng: random.Random) -> Action | None:
    faces = [c for c in source_list(state, seat) if is_face(c & 63)]
    card = rng.choice(faces)
    rest = source_list(state, seat)
    rest.remove(card)
    sp = _sample_special(state, seat, SPECIAL_OF_RANK[rank(card & 63)], rest, rng)
    return None if sp is None else Favor(card, sp)


def _sample_royal(state: State, seat: int, rng: random.Random) -> Action | None:
    sp = _sample_special(state, seat, state.royal, source_list(state, seat), rng)
    return None if sp is None else Royal(sp)


def _sample_special(
    state: State, seat: int, royal: int, srcs: list[int], rng: random.Random
) -> Special | None:
    if royal == KING:
        farm, estate, chateau = flow.sizes(state)
        growable = [
            i for i, b in enumerate(state.buildings[seat]) if len(b.cards) in (farm, estate)
        ]
        if growable and rng.random() < 0.5:
            i = rng.choice(growable)
            n = len(state.buildings[seat][i].cards)
            k = rng.choice([t - n for t in (estate, chateau) if t > n])
            if len(srcs) >= k:
                return Upgrade(i, building_ref(state, seat, i), tuple(sorted(rng.sample(srcs, k))))
        fits = [
            (name, size)
            for name, size in zip(SIZE_NAMES, (farm, estate, chateau), strict=True)
            if size + 1 <= len(srcs)
        ]
        if not fits:
            return None
        name, size = rng.choice(fits)
        chosen = rng.sample(srcs, size + 1)
        return Build(name, chosen[0], tuple(sorted(chosen[1:])))
    if royal == QUEEN:
        targets = [
            (other, i)
            for other in range(state.num_players)
            if other != seat
            for i in range(len(state.buildings[other]))
        ]
        if not targets:
            return None
        other, i = rng.choice(targets)
        return Visit(other, state.names[other], i, building_ref(state, other, i))
    face_up = state.discard[:FACE_UP]
    return Buy(rng.choice(face_up)) if face_up else None


# -- what to type now -------------------------------------------------------------------------


def timeout(state: State, seat: int) -> Action:
    """Pass, empty stall or ball, zero bid, decline; Tax discards the newest cards."""
    step = state.step
    if step == TAX:
        k = excess(state, seat)
        return Discard(tuple(state.hands[seat][len(state.hands[seat]) - k :]))
    if step == PICK:
        return Pick(0, state.market[0], 1)
    if step == FORCE:
        return FORCE_PAY
    nothing: dict[str, Action] = {BALL: Ball(()), STALL_STEP: Stall(()), BID: Bid(0), ACT: PASS}
    return nothing.get(step, DECLINE)


def help_text(state: State, seat: int) -> str:
    """What ``seat`` may type now, in a sentence."""
    step = state.step
    hand = state.hands[seat]
    if step == TAX:
        k = excess(state, seat)
        return (
            f"Tax: discard exactly {k} cards from your hand ({cards_text(hand)}),"
            f" e.g. 'discard {cards_text(hand[:k])}'."
        )
    if step == BALL:
        if not hand:
            return "Ball: you hold no cards: 'ball none'."
        return (
            f"Ball: give cards from your hand ({cards_text(hand)}) face down with 'ball CARDS',"
            f" e.g. 'ball {cards_text(hand[:2])}', or 'ball none'."
        )
    if step == BID:
        return f"Auction: 'bid N' with N from 0 to {state.coins[seat]}."
    if step == PICK:
        return f"Pick a market card with 'pick CARD' (market: {cards_text(state.market)})."
    if step == STALL_STEP:
        if not hand:
            return "Your stall: you hold no cards: 'stall none'."
        return (
            f"Form your stall with cards from your hand ({cards_text(hand)}): 'stall CARDS',"
            f" e.g. 'stall {cards_text(hand[:2])}', or 'stall none'."
        )
    if step == ACT:
        return (
            f"Your action ({state.actions_left} left): 'trade GIVE for TAKE@market' or "
            "'@PLAYER', 'store CARD for BUILDINGCARD in BUILDING', 'hide CARD', "
            "'sell CARD CARD', 'harvest BUILDING', 'downgrade BUILDING CARDS|all', "
            "'favor FACECARD SPECIAL', "
            f"'royal SPECIAL' (the {ROYAL_NAMES[state.royal]}'s, for 1 coin), or 'pass'. "
            "SPECIAL is 'build farm|estate|chateau ADDRESS CARDS', "
            "'upgrade BUILDING with CARDS', 'visit PLAYER BUILDING' or 'buy CARD'. "
            "Add @stall to a card to take it from your stall."
        )
    if step == PENALTY:
        return "Re-visit: 'penalty CARD' on an exposed mismatched card, or 'decline'."
    if step == FORCE:
        return "Penalty: 'force discard' (the owner discards it) or 'force pay' (1 coin)."
    if step == EXPOSE:
        return "Visit: 'expose CARD' to expose a mismatched card, or 'decline'."
    if step == GLORY_STEP:
        return "Glory: 'glory' to end the game now, or 'decline'."
    return "The game is over."
