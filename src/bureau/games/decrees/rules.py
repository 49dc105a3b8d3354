"""Validating and performing Final Decrees' decisions.

``check`` raises ``IllegalAction`` with a reason and never changes the state;
``perform`` assumes ``check`` passed. Both dispatch on the action's class.
The deal actions are open to any player at any time (DEC-A14).
"""

from __future__ import annotations

from collections import Counter

from bureau.engine import EVERYONE, Event, IllegalAction
from bureau.engine import deals as deal_book
from bureau.engine.deals import Accept, Decline, Propose, Withdraw

from . import control, effects, flow
from .actions import (
    Action,
    Assign,
    Bid,
    Budget,
    Draw,
    End,
    Forward,
    Investigate,
    Keep,
    Manoeuvres,
    Move,
    Play,
    Reassign,
    Remove,
    Restructure,
    Spread,
    Stamp,
    decree_text,
    usage,
)
from .diplomacy import RULES
from .state import (
    ADM,
    ASSIGN,
    BID,
    CHOOSE,
    DEPT_CODES,
    EXE,
    HR,
    OVER,
    REF,
    SALVAGE,
    SS,
    TRE,
    State,
)

DEAL_ACTIONS = (Propose, Accept, Decline, Withdraw)
SPECIALS = {Budget: TRE, Investigate: SS, Manoeuvres: ADM, Reassign: HR, Restructure: EXE}
MAX_BID = 6


def pending(state: State) -> tuple[int, ...]:
    phase = state.phase
    if phase == OVER:
        return ()
    waiting = deal_book.awaiting(state)
    if waiting:
        return waiting
    if phase == BID:
        return tuple(seat for seat in state.bidders if not state.bids[seat])
    if phase == ASSIGN:
        return (state.head[HR],)
    if phase == CHOOSE:
        return (state.choosing().chooser,)
    return (state.active,)


# -- checking ---------------------------------------------------------------------------------


def check(state: State, seat: int, action: Action) -> None:
    if state.phase == OVER:
        raise IllegalAction("the game is over")
    if isinstance(action, DEAL_ACTIONS):
        deal_book.check(state, seat, action, RULES)
        return
    waiting = pending(state)
    if seat not in waiting:
        raise IllegalAction("it is not your decision")
    phase = state.phase
    if phase == BID:
        _check_bid(state, seat, action)
    elif phase == ASSIGN:
        _check_assign(state, seat, action)
    elif phase == CHOOSE:
        _check_remove(state, action)
    elif phase == SALVAGE:
        if not isinstance(action, Keep):
            raise IllegalAction("keep one of the discarded cards first")
        if action.kind >= 0 and action.kind not in state.salvaging():
            raise IllegalAction(f"{action.key} is not among the discarded cards")
    else:
        _check_turn(state, seat, action)


def _check_bid(state: State, seat: int, action) -> None:
    if not isinstance(action, Bid):
        raise IllegalAction("bid for Human Resources first")
    if not 1 <= action.amount <= MAX_BID:
        raise IllegalAction(f"bid 1 to {MAX_BID} blame, not {action.amount}")  # DEC-21


def _check_assign(state: State, seat: int, action) -> None:
    if not isinstance(action, Assign):
        raise IllegalAction("assign the other players to departments first")
    others = [other for other in range(state.num_players) if other != seat]
    seats = [s for s, _ in action.placements]
    if sorted(seats) != others:
        raise IllegalAction(
            f"assign each of {', '.join(state.names[other] for other in others)} exactly once"
        )
    open_depts = [d for d in state.depts if d not in (HR, REF)]
    depts = [d for _, d in action.placements]
    for d in depts:
        if d not in open_depts:
            allowed = ", ".join(DEPT_CODES[o] for o in open_depts)
            raise IllegalAction(f"{DEPT_CODES[d]} is not open now; assign to {allowed}")
    if len(set(depts)) != len(depts):
        raise IllegalAction("a department has one head: assign each department once")
    if EXE not in depts:
        raise IllegalAction("the Executive Branch must have a head: it plays first (DEC-A10)")


def _check_remove(state: State, action) -> None:
    if not isinstance(action, Remove):
        raise IllegalAction(
            "remove the extra blame first ('remove 5 Ann, 5 EXE' or 'remove nothing')"
        )
    _, amount = state.choosing()
    total = sum(n for _, _, n in action.removals)
    if total > amount:
        raise IllegalAction(f"remove at most {amount} blame in all, not {total}")
    for seat, dept, n in action.removals:
        if not (-1 <= seat < state.num_players and -1 <= dept < len(DEPT_CODES)):
            raise IllegalAction("name players and departments of this game")
        if n < 1:
            raise IllegalAction("remove at least 1 blame from each pool you name")
        if seat >= 0:
            effects.enough(state.blame[seat], n, f"{state.names[seat]}'s personal pool")
        else:
            effects.present(state, dept)
            effects.enough(state.dept_blame[dept], n, DEPT_CODES[dept])


def _check_turn(state: State, seat: int, action) -> None:
    mine = state.dept_of[seat]
    kind = type(action)
    if kind in SPECIALS and SPECIALS[kind] != mine:
        raise IllegalAction(
            f"only the head of {DEPT_CODES[SPECIALS[kind]]} may {str(action).split()[0]};"
            f" you head {DEPT_CODES[mine]}"
        )
    if isinstance(action, End):
        return
    if isinstance(action, Draw):
        if state.drew:
            raise IllegalAction("you have used your Draw action this turn (once a turn)")
    elif isinstance(action, Play):
        _check_play(state, seat, action)
    elif isinstance(action, Spread):
        _check_spread(state, seat, action)
    elif isinstance(action, Forward):
        at = effects.decree_at(state, action.decree)
        if at != mine:
            raise IllegalAction(
                f"{decree_text(action.decree)} is on {DEPT_CODES[at]}; forward decrees on your"
                f" department ({DEPT_CODES[mine]})"
            )
        effects.present(state, action.dept)
        if action.dept == mine:
            raise IllegalAction("forward the decree to another department")
    elif isinstance(action, Stamp):
        reason = effects.stamp_problem(state, seat, action.decree)
        if reason:
            raise IllegalAction(reason)
    elif isinstance(action, Budget):
        if state.budget_used:
            raise IllegalAction("Treasury's extra actions are once a turn")
    elif isinstance(action, Manoeuvres):
        if state.manoeuvres_used:
            raise IllegalAction("manoeuvres are once a turn")
    elif isinstance(action, Investigate):
        effects.check_step(state, seat, _STEP_INVESTIGATE, (action.dept,))
    elif isinstance(action, Reassign):
        reason = effects.placements_problem(state, action.placements)
        if reason:
            raise IllegalAction(reason)
    elif isinstance(action, Restructure):
        reason = control.problem(
            state.arrows, action.change, state.depts, state.options["max_controllers"]
        )
        if reason:
            raise IllegalAction(reason)
    elif isinstance(action, Move):
        if not 0 <= action.seat < state.num_players:
            raise IllegalAction(f"there is no seat {action.seat}")
    else:
        raise IllegalAction(f"'{action}' is not an action of a turn")


def _check_play(state: State, seat: int, action: Play) -> None:
    if not 0 <= action.kind < len(state.cards):
        raise IllegalAction("no such card")
    card = state.cards[action.kind]
    if action.kind not in state.hands[seat]:
        raise IllegalAction(f"you hold no {card.name}")
    if action.kind == state.sd:
        raise IllegalAction("Stagnation and Decline is played when it is drawn")
    if len(action.args) != len(card.effect):
        raise IllegalAction(f"write '{usage(card)}'")
    if len(card.effect) == 1:
        effects.check_step(state, seat, card.effect[0], action.args[0])
        return
    trial = state.clone()  # later steps see what earlier ones did
    for step, args in zip(card.effect, action.args, strict=True):
        effects.check_step(trial, seat, step, args)
        effects.perform_step(trial, seat, step, args, [])


def spread_scope(state: State, seat: int) -> tuple[set[int], set[int]]:
    """Where ``seat`` may take blame from and put it (DEC-41, DEC-A03)."""
    mine = state.dept_of[seat]
    under = control.below(state.arrows, mine)
    sources = under | {mine}
    return sources, (sources if state.options["spread_to_self"] else under)


def _check_spread(state: State, seat: int, action: Spread) -> None:
    mine = state.dept_of[seat]
    sources, dests = spread_scope(state, seat)
    if len(sources) == 1:
        raise IllegalAction(
            f"{DEPT_CODES[mine]} controls no department; a department with none below it cannot"
            " spread the blame"
        )
    taken: Counter = Counter()
    for n, src, dst in action.moves:
        if n < 1:
            raise IllegalAction("move at least 1 blame in each part")
        if src not in sources:
            raise IllegalAction(
                f"you may take blame only from {_codes(sources)}, not {DEPT_CODES[src]}"
            )
        if dst not in dests:
            raise IllegalAction(f"you may put blame only on {_codes(dests)}, not {DEPT_CODES[dst]}")
        if src == dst:
            raise IllegalAction("move blame between two different departments")
        taken[src] += n
    for src, n in taken.items():
        effects.enough(state.dept_blame[src], n, DEPT_CODES[src])


def _codes(depts) -> str:
    return ", ".join(DEPT_CODES[d] for d in sorted(depts))


# -- performing -------------------------------------------------------------------------------


def perform(state: State, seat: int, action: Action, ev: list) -> None:
    if isinstance(action, DEAL_ACTIONS):
        if isinstance(action, Propose):
            state.offers_made += 1
        deal_book.perform(state, seat, action, RULES, ev)
        return
    if isinstance(action, Bid):
        flow.bid(state, seat, action.amount, ev)
    elif isinstance(action, Assign):
        flow.assign(state, action.placements, ev)
    elif isinstance(action, Remove):
        flow.remove_extra(state, seat, action.removals, ev)
    elif isinstance(action, Keep):
        flow.keep(state, seat, action.kind, ev)
    elif isinstance(action, End):
        flow.end_turn(state, ev)
    else:
        state.actions_left -= 1
        _turn_action(state, seat, action, ev)
        flow.after_action(state, ev)


def _turn_action(state: State, seat: int, action, ev: list) -> None:
    mine = state.dept_of[seat]
    if isinstance(action, Draw):
        state.drew = True
        flow.draw(state, seat, 1, ev, "draw")
    elif isinstance(action, Play):
        card = state.cards[action.kind]
        state.hands[seat].remove(action.kind)
        ev.append(Event("played", EVERYONE, player=seat, card=action.kind, text=str(action)))
        for step, args in zip(card.effect, action.args, strict=True):
            if state.phase == OVER:
                break
            effects.perform_step(state, seat, step, args, ev)
        state.discard.append(action.kind)  # DEC-A01: once resolved, face up to the discard
    elif isinstance(action, Spread):
        effects.move_blame(state, seat, action.moves, ev)
    elif isinstance(action, Forward):
        flow.move_decree(state, seat, action.decree, action.dept, True, ev, "forward")
    elif isinstance(action, Move):
        effects.move_to_empty(state, seat, action.seat, ev)
    elif isinstance(action, Stamp):
        flow.stamp(state, seat, action.decree, ev)
    elif isinstance(action, Budget):
        state.budget_used = True
        state.actions_left += 2
        ev.append(Event("extra_actions", EVERYONE, player=seat, amount=2, dept=mine))
    elif isinstance(action, Investigate):
        flow.to_head(state, action.dept, ev, "investigation")
    elif isinstance(action, Manoeuvres):
        state.manoeuvres_used = True
        personal = min(2, state.blame[seat])  # DEC-49, DEC-A12
        dept = min(4, state.dept_blame[ADM])
        state.blame[seat] -= personal
        state.dept_blame[ADM] -= dept
        ev.append(Event("manoeuvres", EVERYONE, player=seat, personal=personal, dept=dept))
    elif isinstance(action, Reassign):
        effects.reassign(state, seat, action.placements, ev)
    elif isinstance(action, Restructure):
        effects.restructure(state, seat, action.change, ev)


_STEP_INVESTIGATE = effects.Step("investigate")
