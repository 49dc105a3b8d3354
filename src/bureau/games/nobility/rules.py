"""Validating and performing Nobility's decisions.

``check`` raises ``IllegalAction`` with a reason and never changes the state;
``perform`` assumes ``check`` passed. Both dispatch on the action's class.
A few actions are open to a player who is not pending: paying another player
(NOB-A08), the deal actions (NOB-64) and, in the Exhausted state, disbanding a
coalition (NOB-A10).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bureau.cards import card_text, suit
from bureau.engine import EVERYONE, Event, IllegalAction, plural
from bureau.engine import deals as deal_book
from bureau.engine.deals import Accept, Deal, Decline, Propose, Withdraw

from . import flow
from .actions import (
    Action,
    Add,
    Attack,
    Concede,
    Defend,
    Disband,
    Discard,
    Done,
    Draw,
    Drop,
    Income,
    Lose,
    MeldItem,
    Merge,
    NewMeld,
    NoCoalition,
    Pass,
    Pay,
    Retrieve,
    Take,
)
from .diplomacy import RULES
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
    OVER,
    RETRIEVE,
    START,
    State,
    is_noble,
    is_province,
)

DEAL_ACTIONS = (Propose, Accept, Decline, Withdraw)
OPTIONAL = (*DEAL_ACTIONS, Pay, Disband)  # open to players who are not pending


def pending(state: State) -> tuple[int, ...]:
    phase = state.phase
    if phase == OVER:
        return ()
    if state.offers:  # searches ask often; most states have no open offer
        waiting = deal_book.awaiting(state)
        if waiting:
            return waiting
    if state.surplus:
        return (state.surplus[0],)
    if phase == DEFEND:
        return (state.open_battle().defender,)
    if phase == LOSE:
        return (state.open_losses().chooser,)
    if phase == DROP:
        return (state.open_drops().dropper,)
    if phase == ELECTION:
        return (flow.window_player(state),)
    return (state.active,)


# -- checking ---------------------------------------------------------------------------------


def fail(message: str) -> IllegalAction:
    return IllegalAction(message)


def check(state: State, seat: int, action: Action) -> None:
    """Raise ``IllegalAction`` unless ``seat`` may take ``action`` now.

    Search bots call it for every child of every node they pass: the common case (a
    step action, no open offer) takes the shortest way through.
    """
    phase = state.phase
    if phase == OVER:
        raise fail("the game is over")
    if not 0 <= seat < state.num_players:
        raise fail("no such seat")
    kind = type(action)
    if kind not in STEP_KINDS and isinstance(action, OPTIONAL):
        if state.out[seat]:
            raise fail("you have conceded this rubber")
        if isinstance(action, DEAL_ACTIONS):
            deal_book.check(state, seat, action, RULES)
        else:
            CHECKS[kind](state, seat, action)
        return
    waiting = pending(state)
    if seat not in waiting:
        names = ", ".join(state.names[other] for other in waiting)
        raise fail(f"it is not your turn to decide; the game is waiting for {names}")
    if state.offers:
        offers = deal_book.offers_to(state, seat)
        if offers:
            who = state.names[offers[0].proposer]
            raise fail(f"answer {who}'s offer first: 'accept {who}' or 'decline {who}'")
    if state.surplus and state.surplus[0] == seat:
        if not isinstance(action, Discard) or action.to_nobles:
            raise fail(
                f"you hold {len(state.hands[seat])} cards: discard down to {HAND} first, "
                "with 'discard CARD'"
            )
        in_hand(state, seat, action.card)
        return
    allowed = FRESH_MELD_ACTIONS if phase == MELD and flow.fresh(state) else STEP_ACTIONS[phase]
    if not isinstance(action, allowed):
        raise fail(f"'{action}' is not allowed now")
    CHECKS[kind](state, seat, action)


STEP_ACTIONS = {
    START: (Draw, Retrieve, Take, Pass, Merge, Concede),
    MELD: (NewMeld, Add, Income, Attack, Done, Discard),
    RETRIEVE: (Retrieve, Done, Discard),
    FREE: (Take, Done, Discard),
    DISCARD: (Discard,),
    DEFEND: (Defend,),
    LOSE: (Lose,),
    DROP: (Drop,),
    ELECTION: (NoCoalition,),
    MERGE: (),
}
FRESH_ACTIONS = (Retrieve, Take, Pass, Merge, Concede)  # when the draw was skipped
FRESH_MELD_ACTIONS = STEP_ACTIONS[MELD] + FRESH_ACTIONS
# Every class a step allows: none of them is optional, so ``check`` skips that test.
STEP_KINDS = frozenset(k for kinds in STEP_ACTIONS.values() for k in kinds)


def in_hand(state: State, seat: int, c: int) -> None:
    if c not in state.hands[seat]:
        raise fail(f"you have no {card_text(c)} in your hand")


def cards_count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def distinct(cards: Sequence[int]) -> None:
    if len(set(cards)) != len(cards):
        raise fail("name each card once")


def meld_index(state: State, name: int) -> int:
    i = state.meld_with(name)
    if i < 0:
        raise fail(f"no meld holds {card_text(name)}")
    return i


def may_meld(state: State, cards: Iterable[int]) -> None:
    """Meld operations: not after a battle, except with a captured hand (NOB-A07)."""
    if state.attacks:
        if not state.attacks & flow.HAND_CAPTURED:
            raise fail("a battle turn allows no melding, except with a captured hand")
        if state.options["capture_meld"] == "captured_only" and not any(
            c in state.captured for c in cards
        ):
            raise fail("after capturing a hand, every meld operation must use a captured card")


def check_draw(state: State, seat: int, a: Draw) -> None:
    if a.source == "stock" and not state.stock:
        raise fail("the stock is empty")
    if a.source == "discard" and not state.sdiscard:
        raise fail("the stock discard pile is empty")


def check_new_meld(state: State, seat: int, a: NewMeld) -> None:
    distinct(a.cards)
    for c in a.cards:
        in_hand(state, seat, c)
        if not is_province(c):
            raise fail(f"{card_text(c)} is not a province card (2 to 10)")
    if len({suit(c) for c in a.cards}) != 1:
        raise fail("a meld is of one suit")
    if len(a.cards) < 3 or flow.run_of(a.cards) is None:
        raise fail("a meld is three or more cards in sequence (the 2 follows the 10)")
    may_meld(state, a.cards)


def check_add(state: State, seat: int, a: Add) -> None:
    in_hand(state, seat, a.card)
    m = state.melds[meld_index(state, a.meld)]
    c = a.card
    if c >= 52:
        if m.joker >= 0:
            raise fail("that meld already holds a joker")
    elif is_noble(c):
        if m.owner != seat:
            raise fail("defending nobles go on your own melds only")
        if suit(c) != m.suit:
            raise fail("a defending noble must be of the meld's suit")
    elif c not in (m.low_end(), m.high_end()):
        ends = [card_text(e) for e in (m.low_end(), m.high_end()) if e >= 0]
        raise fail(
            f"{card_text(c)} does not extend that meld"
            + (f" (it takes {' or '.join(sorted(set(ends)))})" if ends else ": it is complete")
        )
    may_meld(state, [c])


def check_income(state: State, seat: int, a: Income) -> None:
    in_hand(state, seat, a.card)
    if not is_noble(a.card):
        raise fail("only a noble (A, K, Q, J) is melded for income")
    may_meld(state, [a.card])


def check_attack(state: State, seat: int, a: Attack) -> None:
    if state.acted:
        raise fail("a turn is melding or a battle, not both")
    if state.attacks:
        if not flow.can_attack_again(state):
            raise fail("one attack a turn")
        kind = flow.MELD_ATTACKED if a.meld >= 0 else flow.HAND_ATTACKED
        if state.attacks & kind:
            raise fail("the second attack must be on the other kind of target (meld or hand)")
        if a.defender != state.foe:
            raise fail(f"the second attack must be on {state.names[state.foe]} again")
    if not a.nobles:
        raise fail("attack with at least one noble")
    distinct(a.nobles)
    for c in a.nobles:
        in_hand(state, seat, c)
        if not is_noble(c):
            raise fail(f"{card_text(c)} is not a noble")
    if a.meld >= 0:
        m = state.melds[meld_index(state, a.meld)]
        if m.owner == seat:
            raise fail("attack another player's meld")
    else:
        if a.defender == seat or state.out[a.defender]:
            raise fail("attack another player's hand")
        if not state.hands[a.defender]:
            raise fail(f"{state.names[a.defender]} holds no cards")


def check_defend(state: State, seat: int, a: Defend) -> None:
    distinct(a.nobles)
    for c in a.nobles:
        in_hand(state, seat, c)
        if not is_noble(c):
            raise fail(f"{card_text(c)} is not a noble")


def check_lose(state: State, seat: int, a: Lose) -> None:
    _chooser, count, candidates = state.open_losses()
    distinct(a.nobles)
    if len(a.nobles) != count or not set(a.nobles) <= set(candidates):
        raise fail(
            f"choose exactly {count} of {' '.join(card_text(c) for c in candidates)} to lose"
        )


def check_drop(state: State, seat: int, a: Drop) -> None:
    other, count, _, _ = state.open_drops()
    distinct(a.nobles)
    paying = flow.upkeep(state, other)
    if len(a.nobles) != count or not set(a.nobles) <= set(paying):
        raise fail(
            f"you can maintain only some nobles: drop exactly {count} of "
            f"{' '.join(card_text(c) for c in sorted(paying))}"
        )


def check_done(state: State, seat: int, a: Done) -> None:
    return None


def check_discard(state: State, seat: int, a: Discard) -> None:
    in_hand(state, seat, a.card)
    if state.phase == MELD and (state.acted or state.attacks):
        raise fail("say 'done' first: you replenish before you discard")
    if len(state.hands[seat]) <= HAND:
        raise fail(f"you hold {cards_count(len(state.hands[seat]))}: nothing to discard")
    if a.to_nobles:
        if not state.attacks:
            raise fail("only a battle turn may discard to the noble discard pile")
        if not is_noble(a.card):
            raise fail("only nobles go to the noble discard pile")


def check_retrieve(state: State, seat: int, a: Retrieve) -> None:
    if state.money[seat] < FEE:
        raise fail(f"a retrieval costs {FEE} and you hold {state.money[seat]}")
    if a.card not in state.ndiscard:
        raise fail(f"{card_text(a.card)} is not in the noble discard pile")
    if a.meld >= 0:
        m = state.melds[meld_index(state, a.meld)]
        if m.owner != seat or m.suit != suit(a.card):
            raise fail("a retrieved noble goes to your hand or to your own meld of its suit")


def check_take(state: State, seat: int, a: Take) -> None:
    if not any(a.card in m.nobles for m in state.melds_of(seat)):
        raise fail(f"{card_text(a.card)} is not a noble on one of your melds")
    cap = state.options["free_retrieval_max"]
    if cap is not None and state.freed >= cap:
        raise fail(f"at most {plural(cap, 'free retrieval')} a turn")


def check_pass(state: State, seat: int, a: Pass | Merge) -> None:
    if not state.exhausted:
        raise fail("you may pass only once the stock is exhausted")


def check_merge(state: State, seat: int, a: Merge) -> None:
    check_pass(state, seat, a)
    if not a.melds:
        raise fail("name the melds you merge")
    distinct(a.melds)
    for name in a.melds:
        if state.melds[meld_index(state, name)].owner != seat:
            raise fail(f"the meld {card_text(name)} is not yours")
    if a.to == seat or state.out[a.to]:
        raise fail("merge with another player still in the rubber")


def check_concede(state: State, seat: int, a: Concede) -> None:
    if not flow.fresh(state):
        raise fail("concede at the start of your turn")


def check_pay(state: State, seat: int, a: Pay) -> None:
    if a.to == seat or state.out[a.to]:
        raise fail("pay another player still in the rubber")
    held = state.money[seat]
    if not held:
        raise fail("you hold no currency to pay with")
    if not 1 <= a.amount <= held:
        raise fail(f"you hold {held} units of currency: pay from 1 to {held}")


def check_no_coalition(state: State, seat: int, a: NoCoalition) -> None:
    return None


def check_disband(state: State, seat: int, a: Disband) -> None:
    if not state.exhausted:
        raise fail("a coalition can be disbanded at will only once the stock is exhausted")
    if seat not in state.coalition:
        raise fail("you are in no coalition")


# One check per action type (an action's fields are typed by its check's parameter).
CHECKS: dict[type, Callable[[State, int, Any], None]] = {
    Draw: check_draw,
    NewMeld: check_new_meld,
    Add: check_add,
    Income: check_income,
    Attack: check_attack,
    Defend: check_defend,
    Lose: check_lose,
    Drop: check_drop,
    Done: check_done,
    Discard: check_discard,
    Retrieve: check_retrieve,
    Take: check_take,
    Pass: check_pass,
    Merge: check_merge,
    Concede: check_concede,
    Pay: check_pay,
    NoCoalition: check_no_coalition,
    Disband: check_disband,
}


# -- performing -------------------------------------------------------------------------------


def perform(state: State, seat: int, action: Action, ev: list[Event]) -> None:
    do = PERFORM.get(type(action))  # every action but the deal actions (checked already)
    if do is not None:
        do(state, seat, action, ev)
    else:
        if isinstance(action, Propose) and seat == state.active:
            state.offers_made += 1
        deal_book.perform(state, seat, action, RULES, ev)
    if state.options["win_check"] == "immediate":
        flow.check_immediate_win(state, ev)


def do_draw(state: State, seat: int, a: Draw, ev: list[Event]) -> None:
    flow.draw(state, a.source, ev)


def do_new_meld(state: State, seat: int, a: NewMeld, ev: list[Event]) -> None:
    flow.new_meld(state, seat, a.cards, ev)


def do_add(state: State, seat: int, a: Add, ev: list[Event]) -> None:
    flow.add_card(state, seat, a.card, state.meld_with(a.meld), ev)


def do_income(state: State, seat: int, a: Income, ev: list[Event]) -> None:
    flow.claim_income(state, seat, a.card, ev)


def do_attack(state: State, seat: int, a: Attack, ev: list[Event]) -> None:
    flow.attack(state, seat, a.meld, a.defender, a.nobles, ev)


def do_defend(state: State, seat: int, a: Defend, ev: list[Event]) -> None:
    flow.defend(state, seat, a.nobles, ev)


def do_lose(state: State, seat: int, a: Lose, ev: list[Event]) -> None:
    flow.finish_battle(state, a.nobles, ev)


def do_drop(state: State, seat: int, a: Drop, ev: list[Event]) -> None:
    flow.resume_income(state, a.nobles, ev)


def do_done(state: State, seat: int, a: Done, ev: list[Event]) -> None:
    if state.phase == MELD:
        flow.finish_meld_phase(state, ev)
    else:
        flow.to_discard(state, ev)


def do_discard(state: State, seat: int, a: Discard, ev: list[Event]) -> None:
    if seat not in state.surplus:
        state.phase = DISCARD
    flow.discard(state, seat, a.card, a.to_nobles, ev)


def do_retrieve(state: State, seat: int, a: Retrieve, ev: list[Event]) -> None:
    target = state.meld_with(a.meld) if a.meld >= 0 else -1
    flow.retrieve(state, seat, a.card, target, ev)


def do_take(state: State, seat: int, a: Take, ev: list[Event]) -> None:
    flow.take_back(state, seat, a.card, ev)


def do_pass(state: State, seat: int, a: Pass, ev: list[Event]) -> None:
    ev.append(Event("passed", EVERYONE, player=seat))
    flow.to_discard(state, ev)


def do_merge(state: State, seat: int, a: Merge, ev: list[Event]) -> None:
    """Pass and move melds to another player, who must accept (NOB-66, NOB-A19)."""
    ev.append(Event("passed", EVERYONE, player=seat))
    if not state.options["merge_requires_acceptance"]:
        flow.give_melds(state, seat, a.to, a.melds, ev, why="merge")
        flow.to_discard(state, ev)
        return
    mine = deal_book.open_offer(state, seat)
    if mine is not None:
        deal_book.close(state, mine, "withdrawn", RULES, ev)
    items = tuple(MeldItem(m) for m in a.melds)
    deal = Deal(state.next_deal, seat, (a.to,), (), ((seat, items),), (), "merge")
    state.phase = MERGE
    deal_book.open_deal(state, deal, ev)


def do_concede(state: State, seat: int, a: Concede, ev: list[Event]) -> None:
    flow.concede(state, seat, ev)


def do_pay(state: State, seat: int, a: Pay, ev: list[Event]) -> None:
    flow.pay(state, seat, a.to, a.amount, ev)


def do_no_coalition(state: State, seat: int, a: NoCoalition, ev: list[Event]) -> None:
    ev.append(Event("no_coalition", EVERYONE, player=seat))
    flow.advance_window(state, ev)


def do_disband(state: State, seat: int, a: Disband, ev: list[Event]) -> None:
    flow.end_coalition(state, ev, "disbanded")


# One performer per action type but the deal actions.
PERFORM: dict[type, Callable[[State, int, Any, list[Event]], None]] = {
    Draw: do_draw,
    NewMeld: do_new_meld,
    Add: do_add,
    Income: do_income,
    Attack: do_attack,
    Defend: do_defend,
    Lose: do_lose,
    Drop: do_drop,
    Done: do_done,
    Discard: do_discard,
    Retrieve: do_retrieve,
    Take: do_take,
    Pass: do_pass,
    Merge: do_merge,
    Concede: do_concede,
    Pay: do_pay,
    NoCoalition: do_no_coalition,
    Disband: do_disband,
}

__all__ = ["check", "pending", "perform"]
