"""Validating and performing Aristocracy's decisions.

``check`` raises ``IllegalAction`` with a reason and never changes the state;
``perform`` assumes ``check`` passed. Both dispatch on the action's class.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from bureau.cards import JACK as J_RANK
from bureau.cards import KING as K_RANK
from bureau.cards import QUEEN as Q_RANK
from bureau.cards import card_text, is_face, rank
from bureau.engine import EVERYONE, Event, IllegalAction, all_but, only

from . import flow
from .actions import (
    STALL,
    Action,
    Ball,
    Bid,
    Build,
    Buy,
    Decline,
    Discard,
    Downgrade,
    Expose,
    Favor,
    Force,
    Glory,
    Harvest,
    Hide,
    Pass,
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
    src_text,
)
from .state import (
    ACT,
    BALL,
    BID,
    EXPOSE,
    FACE_UP,
    FORCE,
    GLORY,
    JACK,
    KING,
    OVER,
    PENALTY,
    PICK,
    QUEEN,
    ROYAL_NAMES,
    TAX,
    Building,
    Discards,
    FaceDownStall,
    GloryVote,
    Picked,
    SealedBid,
    State,
    Visiting,
)
from .state import (
    STALL as STALL_STEP,
)

SPECIAL_OF_RANK = {K_RANK: KING, Q_RANK: QUEEN, J_RANK: JACK}
SPECIAL_NAMES = ("build or upgrade", "visit", "buy")
STEP_ACTIONS = {
    TAX: (Discard,),
    BALL: (Ball,),
    BID: (Bid,),
    PICK: (Pick,),
    STALL_STEP: (Stall,),
    ACT: (Trade, Store, Hide, Sell, Harvest, Favor, Downgrade, Royal, Pass),
    PENALTY: (Penalty, Decline),
    FORCE: (Force,),
    EXPOSE: (Expose, Decline),
    GLORY: (Glory, Decline),
}


def pending(state: State) -> tuple[int, ...]:
    step = state.step
    if step == ACT:  # the most frequent, first
        return (state.active,)
    if step in (TAX, BID, GLORY):
        committed = state.committed
        return tuple(seat for seat in range(state.num_players) if committed[seat] is None)
    if step in (BALL, STALL_STEP):
        return ((state.herald + state.turn) % state.num_players,)  # herald order (ARI-73)
    if step == PICK:
        return (state.pickers[len(state.picks)],)
    if step in (PENALTY, EXPOSE):
        return (state.active,)
    if step == FORCE:
        return (chooser(state),)
    return ()


def chooser(state: State) -> int:
    """Who picks discard-or-pay for a re-visit penalty (ARI-A08)."""
    owner = state.visiting().owner
    return owner if state.options["revisit_choice"] == "owner" else state.active


def excess(state: State, seat: int) -> int:
    return max(0, len(state.hands[seat]) - flow.hand_limit(state, seat))


# -- checking ---------------------------------------------------------------------------


def fail(message: str) -> IllegalAction:
    return IllegalAction(message)


def missing(pile: list[int], cards: Iterable[int], where: str) -> str:
    """What ``pile`` lacks of ``cards`` (with repeats), every card of it: ``no 7H or 9S
    and only 1 8D in your hand``; ``""`` if it holds them all."""
    need, have = Counter(cards), Counter(pile)
    short = sorted((c for c in need if need[c] > have[c]), key=lambda c: (rank(c), c))
    if not short:
        return ""
    parts = [f"only {have[c]} {card_text(c)}" for c in short if have[c]]
    absent = [card_text(c) for c in short if not have[c]]
    if absent:
        parts.insert(0, "no " + " or ".join(filter(None, (", ".join(absent[:-1]), absent[-1]))))
    return f"{' and '.join(parts)} in your {where}"


def has_cards(pile: list[int], cards: Iterable[int], where: str) -> None:
    """Every card of ``cards`` (with repeats) is in ``pile``; else says every one missing."""
    lacking = missing(pile, list(cards), where)
    if lacking:
        raise fail(f"you have {lacking}")


def has_sources(state: State, seat: int, srcs: Iterable[int]) -> None:
    srcs = list(srcs)
    lacking = [
        missing(state.stalls[seat], [s & 63 for s in srcs if s & STALL], "stall"),
        missing(state.hands[seat], [s for s in srcs if not s & STALL], "hand"),
    ]
    if any(lacking):
        raise fail("you have " + ", and ".join(x for x in lacking if x))


def own_building(state: State, seat: int, i: int) -> Building:
    if not 0 <= i < len(state.buildings[seat]):
        raise fail("you have no such building")
    return state.buildings[seat][i]


def check(state: State, seat: int, action: Action) -> None:
    """Raise ``IllegalAction`` unless ``seat`` may take ``action`` now."""
    step = state.step
    if step == OVER:
        raise fail("the game is over")
    if not (seat == state.active and step == ACT) and seat not in pending(state):
        raise fail("it is not your turn to decide")
    if not isinstance(action, STEP_ACTIONS[step]):
        raise fail(f"'{action}' is not allowed now")
    CHECKS[type(action)](state, seat, action)


def check_discard(state: State, seat: int, a: Discard) -> None:
    k = excess(state, seat)
    if len(a.cards) != k:
        raise fail(
            f"you hold {len(state.hands[seat])} cards and may keep "
            f"{flow.hand_limit(state, seat)}: discard exactly {k}"
        )
    has_cards(state.hands[seat], list(a.cards), "hand")


def check_hand_cards(state: State, seat: int, a: Ball | Stall) -> None:
    has_cards(state.hands[seat], list(a.cards), "hand")


def check_bid(state: State, seat: int, a: Bid) -> None:
    if not 0 <= a.amount <= state.coins[seat]:
        raise fail(f"bid from 0 to your {state.coins[seat]} coins")


def check_pick(state: State, seat: int, a: Pick) -> None:
    if not 0 <= a.at < len(state.market) or state.market[a.at] != a.card:
        raise fail("pick one of the market cards")


def check_trade(state: State, seat: int, a: Trade) -> None:
    has_cards(state.stalls[seat], [a.give], "stall")
    if a.owner < 0:
        if a.take not in state.market:
            raise fail(f"the market has no {card_text(a.take)}")
    elif a.owner == seat or a.owner >= state.num_players:
        raise fail("trade with the market or another player's stall")
    elif a.take not in state.stalls[a.owner]:
        raise fail(f"{state.names[a.owner]}'s stall has no {card_text(a.take)}")


def check_store(state: State, seat: int, a: Store) -> None:
    has_sources(state, seat, [a.card])
    b = own_building(state, seat, a.building)
    if a.out not in b.cards:
        raise fail(f"your {a.bref} building holds no {card_text(a.out)} building card")


def check_hide(state: State, seat: int, a: Hide) -> None:
    has_cards(state.stalls[seat], [a.card], "stall")


def check_sell(state: State, seat: int, a: Sell) -> None:
    has_cards(state.stalls[seat], [a.first, a.second], "stall")  # ARI-A22


def check_harvest(state: State, seat: int, a: Harvest) -> None:
    if own_building(state, seat, a.building).production is None:
        raise fail(f"your {a.bref} building has no production card to harvest")  # ARI-A05


def check_downgrade(state: State, seat: int, a: Downgrade) -> None:
    b = own_building(state, seat, a.building)
    if a.cards:
        has_cards(b.cards, list(a.cards), f"{a.bref} building")


def check_favor(state: State, seat: int, a: Favor) -> None:
    has_sources(state, seat, [a.card])
    card = a.card & 63
    if not is_face(card):
        raise fail("favor needs a face card: a King builds, a Queen visits, a Jack buys")
    check_special(state, seat, a.special, SPECIAL_OF_RANK[rank(card)], spent=[a.card])


def check_royal(state: State, seat: int, a: Royal) -> None:
    if state.coins[seat] < 1:
        raise fail("a royal action costs 1 coin and you have none")  # ARI-A21
    check_special(state, seat, a.special, state.royal, spent=[])


def check_special(state: State, seat: int, special: Special, royal: int, spent: list[int]) -> None:
    allowed = {KING: (Build, Upgrade), QUEEN: (Visit,), JACK: (Buy,)}[royal]
    if not isinstance(special, allowed):
        raise fail(f"the {ROYAL_NAMES[royal]}'s action is {SPECIAL_NAMES[royal]}")
    if isinstance(special, Build):
        farm, estate, chateau = flow.sizes(state)
        need = {"farm": farm, "estate": estate, "chateau": chateau}[special.size]
        if len(special.cards) != need:
            article = "an" if special.size == "estate" else "a"
            raise fail(f"{article} {special.size} is 1 address card and {need} building cards")
        has_sources(state, seat, [*spent, special.address, *special.cards])
    elif isinstance(special, Upgrade):
        b = own_building(state, seat, special.building)
        size, add = len(b.cards), len(special.cards)
        farm, estate, chateau = flow.sizes(state)
        if size not in (farm, estate) or size + add not in (estate, chateau) or add <= 0:
            raise fail(
                f"upgrade a farm by {estate - farm} or {chateau - farm} cards, "
                f"or an estate by {chateau - estate}"
            )
        has_sources(state, seat, [*spent, *special.cards])
    elif isinstance(special, Visit):
        if special.owner == seat or not 0 <= special.owner < state.num_players:
            raise fail("visit another player's building")  # ARI-A20
        if not 0 <= special.building < len(state.buildings[special.owner]):
            raise fail(f"{state.names[special.owner]} has no such building")
    elif special.card not in state.discard[:FACE_UP]:
        raise fail("buy one of the face-up cards at the bottom of the discard pile")


def check_penalty(state: State, seat: int, a: Penalty) -> None:
    b = visited(state)
    if not (
        0 <= a.at < len(b.cards)
        and b.exposed[a.at]
        and b.cards[a.at] == a.card
        and a.at in b.mismatched(rank)
    ):
        raise fail("invoke the penalty on an exposed mismatched card")


def check_expose(state: State, seat: int, a: Expose) -> None:
    b = visited(state)
    if not (
        0 <= a.at < len(b.cards)
        and not b.exposed[a.at]
        and b.cards[a.at] == a.card
        and a.at in b.mismatched(rank)
    ):
        raise fail("expose a mismatched card that is not exposed yet")


def check_glory(state: State, seat: int, a: Glory) -> None:
    if not flow.can_glory(state, seat):
        raise fail(
            "glory needs a complete château and a second one, two complete estates "
            "or three complete farms"
        )


def no_check(state: State, seat: int, a: Action) -> None:
    return None


# One check per action type (an action's fields are typed by its check's parameter).
CHECKS: dict[type, Callable[[State, int, Any], None]] = {
    Discard: check_discard,
    Ball: check_hand_cards,
    Stall: check_hand_cards,
    Bid: check_bid,
    Pick: check_pick,
    Trade: check_trade,
    Store: check_store,
    Hide: check_hide,
    Sell: check_sell,
    Harvest: check_harvest,
    Downgrade: check_downgrade,
    Favor: check_favor,
    Royal: check_royal,
    Pass: no_check,
    Penalty: check_penalty,
    Force: no_check,
    Expose: check_expose,
    Glory: check_glory,
    Decline: no_check,
}


def visited(state: State) -> Building:
    owner, i, _ = state.visiting()
    return state.buildings[owner][i]


# -- performing -------------------------------------------------------------------------------


def perform(state: State, seat: int, action: Action, ev: list[Event]) -> None:
    PERFORM[type(action)](state, seat, action, ev)


def do_discard(state: State, seat: int, a: Discard, ev: list[Event]) -> None:
    for c in a.cards:
        flow.from_hand(state, seat, c, public=False)
    state.committed[seat] = Discards(tuple(a.cards))
    ev.append(Event("committed", EVERYONE, player=seat))
    if all(c is not None for c in state.committed):
        flow.finish_tax(state, ev)


def do_ball(state: State, seat: int, a: Ball, ev: list[Event]) -> None:
    for c in a.cards:
        flow.from_hand(state, seat, c, public=False)
    state.ball[seat] = list(a.cards)
    ev.append(Event("contributed", EVERYONE, player=seat, count=len(a.cards)))  # ARI-A12
    state.turn += 1
    flow.advance_ball(state, ev)


def do_bid(state: State, seat: int, a: Bid, ev: list[Event]) -> None:
    state.committed[seat] = SealedBid(a.amount)
    ev.append(Event("committed", EVERYONE, player=seat))
    if all(c is not None for c in state.committed):
        flow.finish_bids(state, ev)


def do_pick(state: State, seat: int, a: Pick, ev: list[Event]) -> None:
    state.picks.append(Picked(seat, a.at))
    ev.append(Event("picked", EVERYONE, player=seat, card=a.card, index=a.at))
    if len(state.picks) == len(state.pickers):
        flow.finish_picks(state, ev)


def do_stall(state: State, seat: int, a: Stall, ev: list[Event]) -> None:
    # Face down until the reveal; what others know of her hand changes only then.
    for c in a.cards:
        state.hands[seat].remove(c)
    state.committed[seat] = FaceDownStall(tuple(a.cards))
    count = len(a.cards) if state.options["show_stall_counts_before_reveal"] else None
    ev.append(Event("stall_formed", EVERYONE, player=seat, count=count))
    state.turn += 1
    flow.advance_stalls(state, ev)


def do_trade(state: State, seat: int, a: Trade, ev: list[Event]) -> None:
    mine = state.stalls[seat]
    mine.remove(a.give)
    mine.append(a.take)
    if a.owner < 0:
        state.market.remove(a.take)
        state.market.append(a.give)  # ARI-A03: enters at the end of the market order
    else:
        theirs = state.stalls[a.owner]
        theirs.remove(a.take)
        theirs.append(a.give)
    ev.append(Event("traded", EVERYONE, player=seat, give=a.give, take=a.take, owner=a.owner))
    flow.action_done(state, ev)


def take_source(state: State, seat: int, src: int, face_up: bool) -> int:
    """Remove a source card from the stall or hand; hand cards leave face up or down."""
    code = src & 63
    if src & STALL:
        state.stalls[seat].remove(code)
    else:
        flow.from_hand(state, seat, code, public=face_up)
    return code


def do_store(state: State, seat: int, a: Store, ev: list[Event]) -> None:
    b = state.buildings[seat][a.building]
    i = pick_index(b, a.out)
    exposed = b.exposed[i]
    incoming = take_source(state, seat, a.card, face_up=False)
    b.cards[i] = incoming
    b.exposed[i] = False  # ARI-46
    if a.card & STALL:
        state.stalls[seat].append(a.out)  # ARI-A04: out goes where in came from
    else:
        flow.to_hand(state, seat, a.out, public=exposed)
    ev.append(
        Event(
            "stored",
            EVERYONE,
            player=seat,
            building=a.building,
            from_stall=bool(a.card & STALL),
            card=incoming if a.card & STALL else None,
            out=a.out if (exposed or a.card & STALL) else None,
        )
    )
    if not (exposed or a.card & STALL):
        ev.append(
            Event(
                "stored",
                only(seat),
                player=seat,
                building=a.building,
                from_stall=False,
                card=incoming,
                out=a.out,
            )
        )
    flow.action_done(state, ev)


def pick_index(b: Building, card: int) -> int:
    """The position of ``card`` among building cards, preferring an exposed copy."""
    first = -1
    for i, c in enumerate(b.cards):
        if c == card:
            if b.exposed[i]:
                return i
            if first < 0:
                first = i
    return first


def do_hide(state: State, seat: int, a: Hide, ev: list[Event]) -> None:
    state.stalls[seat].remove(a.card)
    flow.to_hand(state, seat, a.card, public=True)
    ev.append(Event("hid", EVERYONE, player=seat, card=a.card))
    flow.action_done(state, ev)


def do_sell(state: State, seat: int, a: Sell, ev: list[Event]) -> None:
    stall = state.stalls[seat]
    stall.remove(a.first)
    stall.remove(a.second)
    state.doomed += [a.first, a.second]  # ARI-A22: discarded after her actions
    state.coins[seat] += 1
    ev.append(Event("sold", EVERYONE, player=seat, cards=[a.first, a.second]))
    flow.action_done(state, ev)


def do_harvest(state: State, seat: int, a: Harvest, ev: list[Event]) -> None:
    b = state.buildings[seat][a.building]
    c = b.production
    assert c is not None  # check_harvest saw it
    b.production = None
    flow.to_hand(state, seat, c, public=False)
    ev.append(Event("harvested", all_but(seat), player=seat, building=a.building))
    ev.append(Event("harvested", only(seat), player=seat, building=a.building, card=c))
    flow.action_done(state, ev)


def do_downgrade(state: State, seat: int, a: Downgrade, ev: list[Event]) -> None:
    b = state.buildings[seat][a.building]
    farm = state.options["farm_size"]
    if not a.cards or len(b.cards) - len(a.cards) < farm:  # ARI-28, ARI-A18
        dismantle(state, seat, a.building, ev, why="downgrade")
    else:
        for c in a.cards:
            i = pick_index(b, c)
            flow.to_hand(state, seat, c, public=b.exposed[i])
            del b.cards[i]
            del b.exposed[i]
        ev.append(
            Event("downgraded", EVERYONE, player=seat, building=a.building, count=len(a.cards))
        )
    flow.action_done(state, ev)


def dismantle(state: State, seat: int, i: int, ev: list[Event], why: str) -> None:
    """The whole building, production card included, goes to its owner's hand (ARI-45)."""
    b = state.buildings[seat].pop(i)
    flow.to_hand(state, seat, b.address, public=True)
    for c, shown in zip(b.cards, b.exposed, strict=True):
        flow.to_hand(state, seat, c, public=shown)
    if b.production is not None:
        flow.to_hand(state, seat, b.production, public=False)
    ev.append(Event("dismantled", EVERYONE, player=seat, building=i, address=b.address, why=why))


def do_favor(state: State, seat: int, a: Favor, ev: list[Event]) -> None:
    card = take_source(state, seat, a.card, face_up=True)
    if a.card & STALL:
        state.doomed.append(card)  # ARI-A02
    else:
        flow.discard(state, [card], ev, who=seat, why="favor")
    ev.append(Event("favor", EVERYONE, player=seat, card=card))
    special(state, seat, a.special, ev)


def do_royal(state: State, seat: int, a: Royal, ev: list[Event]) -> None:
    state.coins[seat] -= 1
    ev.append(Event("royal", EVERYONE, player=seat))
    special(state, seat, a.special, ev)


def special(state: State, seat: int, sp: Special, ev: list[Event]) -> None:
    if isinstance(sp, Build):
        build(state, seat, sp, ev)
    elif isinstance(sp, Upgrade):
        upgrade(state, seat, sp, ev)
    elif isinstance(sp, Visit):
        visit(state, seat, sp, ev)
        return  # a visit may wait for the visitor's follow-up choices
    else:
        buy(state, seat, sp, ev)
    flow.action_done(state, ev)


def build(state: State, seat: int, sp: Build, ev: list[Event]) -> None:
    """A new building of exactly its size, from hand and stall (ARI-33, ARI-A07)."""
    address = take_source(state, seat, sp.address, face_up=True)
    cards = [take_source(state, seat, s, face_up=False) for s in sp.cards]
    state.buildings[seat].append(Building(address, cards))
    ev.append(
        Event(
            "built",
            EVERYONE,
            player=seat,
            size=sp.size,
            address=address,
            stall_cards=[s & 63 for s in sp.cards if s & STALL],
        )
    )


def upgrade(state: State, seat: int, sp: Upgrade, ev: list[Event]) -> None:
    """Add building cards; a farm's production card is discarded unseen (ARI-34, ARI-A05)."""
    b = state.buildings[seat][sp.building]
    for s in sp.cards:
        b.cards.append(take_source(state, seat, s, face_up=False))
        b.exposed.append(False)
    ev.append(
        Event(
            "upgraded",
            EVERYONE,
            player=seat,
            building=sp.building,
            count=len(sp.cards),
            stall_cards=[s & 63 for s in sp.cards if s & STALL],
        )
    )
    if b.production is not None and state.options["production_on_upgrade"] == "discard":
        c, b.production = b.production, None
        flow.discard(state, [c], ev, public=False, why="production")


def buy(state: State, seat: int, sp: Buy, ev: list[Event]) -> None:
    """Take a face-up discard; the next face-down one turns up (ARI-55, ARI-A17)."""
    pile = state.discard
    pile.remove(sp.card)  # the first copy, which check() found among the face-up four
    flow.to_hand(state, seat, sp.card, public=True)
    turned = pile[FACE_UP - 1] if len(pile) >= FACE_UP else None
    ev.append(Event("bought_discard", EVERYONE, player=seat, card=sp.card, turned_up=turned))


def visit(state: State, seat: int, sp: Visit, ev: list[Event]) -> None:
    """Inspect, collect, then the penalty and exposure choices (ARI-40..44, ARI-A08)."""
    owner = sp.owner
    b = state.buildings[owner][sp.building]
    ev.append(Event("visit", EVERYONE, player=seat, owner=owner, building=sp.building))
    ev.append(
        Event(
            "inspected",
            only(seat),
            player=seat,
            owner=owner,
            building=sp.building,
            cards=b.cards[:],
        )
    )
    wrong = b.mismatched(rank)
    if not wrong:
        ev.append(Event("visit_clean", EVERYONE, player=seat, owner=owner, building=sp.building))
        flow.action_done(state, ev)
        return
    if state.coins[owner] > 0:
        state.coins[owner] -= 1
        state.coins[seat] += 1
        ev.append(Event("visit_paid", EVERYONE, player=owner, to=seat, coins=1))
    else:
        ev.append(Event("visit_unpaid", EVERYONE, player=owner, to=seat))
    state.visit = Visiting(owner, sp.building, -1)
    if any(b.exposed[i] for i in wrong):
        state.step = PENALTY
    else:
        to_expose(state, ev)


def to_expose(state: State, ev: list[Event]) -> None:
    """Offer the exposure if an unexposed mismatched card is left; else the action ends."""
    owner, i, _ = state.visiting()
    if i >= 0:
        b = state.buildings[owner][i]
        if any(not b.exposed[j] for j in b.mismatched(rank)):
            state.step = EXPOSE
            return
    flow.action_done(state, ev)


def do_penalty(state: State, seat: int, a: Penalty, ev: list[Event]) -> None:
    owner, i, _ = state.visiting()
    state.visit = Visiting(owner, i, a.at)
    ev.append(Event("penalty", EVERYONE, player=seat, owner=owner, building=i, card=a.card))
    if state.coins[owner] == 0:  # ARI-A08: an owner with no coins discards
        apply_penalty(state, True, ev)
    else:
        state.step = FORCE


def do_force(state: State, seat: int, a: Force, ev: list[Event]) -> None:
    apply_penalty(state, a.discard or state.coins[state.visiting().owner] == 0, ev)


def apply_penalty(state: State, discard: bool, ev: list[Event]) -> None:
    owner, i, j = state.visiting()
    visitor = state.active
    state.visit = Visiting(owner, i, -1)  # the penalty is settled
    if discard:
        b = state.buildings[owner][i]
        card = b.cards.pop(j)
        del b.exposed[j]
        flow.discard(state, [card], ev, who=owner, why="penalty")
        if len(b.cards) < state.options["farm_size"]:
            dismantle(state, owner, i, ev, why="penalty")  # ARI-45
            state.visit = Visiting(owner, -1, -1)  # nothing left to expose
    else:
        state.coins[owner] -= 1
        state.coins[visitor] += 1
        ev.append(Event("visit_paid", EVERYONE, player=owner, to=visitor, coins=1))
    to_expose(state, ev)


def do_expose(state: State, seat: int, a: Expose, ev: list[Event]) -> None:
    owner, i, _ = state.visiting()
    state.buildings[owner][i].exposed[a.at] = True
    ev.append(Event("exposed", EVERYONE, player=seat, owner=owner, building=i, card=a.card))
    flow.action_done(state, ev)


def do_decline(state: State, seat: int, a: Decline, ev: list[Event]) -> None:
    if state.step == PENALTY:
        to_expose(state, ev)
    elif state.step == EXPOSE:
        flow.action_done(state, ev)
    else:
        commit_glory(state, seat, False, ev)


def do_glory(state: State, seat: int, a: Glory, ev: list[Event]) -> None:
    commit_glory(state, seat, True, ev)


def commit_glory(state: State, seat: int, choice: bool, ev: list[Event]) -> None:
    state.committed[seat] = GloryVote(choice)
    ev.append(Event("committed", EVERYONE, player=seat))
    if all(c is not None for c in state.committed):
        flow.finish_glory(state, ev)


def do_pass(state: State, seat: int, a: Pass, ev: list[Event]) -> None:
    ev.append(Event("passed", EVERYONE, player=seat))
    flow.action_done(state, ev)


# One performer per action type.
PERFORM: dict[type, Callable[[State, int, Any, list[Event]], None]] = {
    Discard: do_discard,
    Ball: do_ball,
    Bid: do_bid,
    Pick: do_pick,
    Stall: do_stall,
    Trade: do_trade,
    Store: do_store,
    Hide: do_hide,
    Sell: do_sell,
    Harvest: do_harvest,
    Downgrade: do_downgrade,
    Favor: do_favor,
    Royal: do_royal,
    Pass: do_pass,
    Penalty: do_penalty,
    Force: do_force,
    Expose: do_expose,
    Glory: do_glory,
    Decline: do_decline,
}

__all__ = ["check", "pending", "perform", "src_text"]
