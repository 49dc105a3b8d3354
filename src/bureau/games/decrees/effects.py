"""The game's mechanisms, shared by the actions and by the card vocabulary.

A card's effect is a list of ``Step``s (``data.EFFECTS``). For each step this
module knows the arguments a player supplies (``slots``), every legal choice of
them now (``choices``), how to check and perform them, and their text. A step
whose target does not exist now (no decree to stamp) is played to no effect:
a card "may be played even if its effect can only partly apply" (DEC-A01).

Arguments are stored as typed: ``-1`` stands for "your department" or "the
Empty Department" where the card names no department, so the text stays short.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import permutations
from typing import Any

from bureau.engine import EVERYONE, Event, IllegalAction

from . import control, flow
from .actions import decree_text, slots, usage
from .control import Change
from .data import Card, Step
from .state import DEPT_CODES, Placement, State

# -- reading a step's arguments -------------------------------------------------------------


def _stored(step: Step, typed: list) -> tuple:
    """The argument tuple of written arguments (the inverse of ``_typed``)."""
    do = step.do
    if do == "move_dept_blame":
        n, rest = typed[0], list(typed[1:])
        src = rest.pop(0) if step.source == "any" else -1
        dst = rest.pop(0) if step.to == "other" else -1
        return (n, src, dst)
    if do == "remove_dept_blame":
        return (typed[0], typed[1] if step.source == "any" else -1)
    if do == "move_decree":
        return (typed[0], typed[1] if step.to == "other" else -1)
    if do == "swap_heads":
        return tuple(sorted(typed))
    return tuple(typed)


# -- reading typed arguments -----------------------------------------------------------------


def read_args(
    state: State, seat: int, card: Card, tokens: Iterable[tuple[str, Any]]
) -> tuple[tuple | None, ...]:
    """The argument tuples of a play of ``card`` from its typed tokens.

    Amounts may all be left out: each is then the most the step can use now.
    """
    tokens = list(tokens)
    defaults = not any(kind == "int" for kind, _ in tokens)
    out: list[tuple | None] = []
    for step in card.effect:
        if not choices(state, seat, step):
            if tokens and slots(step) and tokens[0][0] != "int":
                written = [_take(state, kind, tokens, card) for kind in slots(step)]
                check_step(state, seat, step, _stored(step, written))  # raises the reason
            out.append(None)
            continue
        typed: list = []
        for kind in slots(step):
            if kind == "amount" and defaults:
                typed.append(None)
            else:
                typed.append(_take(state, kind, tokens, card))
        if None in typed:
            typed[typed.index(None)] = most(
                state, seat, step, _stored(step, [0 if t is None else t for t in typed])
            )
        out.append(_stored(step, typed))
    if tokens:
        raise IllegalAction(f"too much after the card's arguments; write '{usage(card)}'")
    return tuple(out)


def _take(state: State, kind: str, tokens: list, card: Card):
    expected = {"amount": "int", "dept": "dept", "seat": "name", "decree": "decree"}
    what = {
        "amount": "a number",
        "dept": "a department",
        "seat": "a player",
        "decree": "a decree (D1 ..)",
        "change": "a restructure",
        "placements": "players and departments",
    }[kind]
    if kind == "change":
        if len(tokens) < 2 or tokens[0][0] != "op" or tokens[1][0] != "arrow":
            raise IllegalAction(f"expected {what}; write '{usage(card)}'")
        op, old = tokens.pop(0)[1], tokens.pop(0)[1]
        new = None
        if op == "move":
            if not tokens or tokens[0][0] != "arrow":
                raise IllegalAction("write 'move A->B to C->D', changing one end of the arrow")
            new = tokens.pop(0)[1]
        return Change(op, old, new)
    if kind == "placements":
        pairs = []
        while len(tokens) >= 2 and tokens[0][0] == "name" and tokens[1][0] == "dept":
            pairs.append(Placement(seat_named(state, tokens.pop(0)[1]), tokens.pop(0)[1]))
        if not pairs:
            raise IllegalAction(f"expected {what}; write '{usage(card)}'")
        return full_placements(state, pairs)
    if not tokens or tokens[0][0] != expected[kind]:
        raise IllegalAction(f"expected {what}; write '{usage(card)}'")
    value = tokens.pop(0)[1]
    return seat_named(state, value) if kind == "seat" else value


def seat_named(state: State, name: str) -> int:
    lowered = [n.lower() for n in state.names]
    if name.lower() not in lowered:
        raise IllegalAction(f"no player named {name!r}; the players are {', '.join(state.names)}")
    return lowered.index(name.lower())


def full_placements(state: State, pairs: Iterable[tuple[int, int]]) -> tuple[Placement, ...]:
    """Every player's department after a reassignment naming ``pairs``; unnamed players
    stay where they are."""
    where = list(state.dept_of)
    named = set()
    for seat, dept in pairs:
        if seat in named:
            raise IllegalAction(f"{state.names[seat]} is named twice")
        named.add(seat)
        where[seat] = dept
    return tuple(map(Placement, range(len(where)), where))


def most(state: State, seat: int, step: Step, args: tuple) -> int:
    """The largest amount ``step`` can use now with these other arguments."""
    do = step.do
    if do == "move_dept_blame":
        src = your(state, seat) if args[1] < 0 else args[1]
        return min(step.up_to, state.dept_blame[src])
    if do == "remove_dept_blame":
        dept = your(state, seat) if args[1] < 0 else args[1]
        return min(step.up_to, state.dept_blame[dept])
    return min(step.up_to, state.blame[seat])


def your(state: State, seat: int) -> int:
    return state.dept_of[seat]


# -- legal choices ---------------------------------------------------------------------------


def choices(state: State, seat: int, step: Step) -> list[tuple]:
    """Every legal argument tuple of ``step`` for ``seat`` now."""
    do = step.do
    mine = your(state, seat)
    depts = state.depts
    if do == "move_dept_blame":
        srcs = [mine] if step.source == "yours" else list(depts)
        out: list[tuple] = []
        for src in srcs:
            if step.to == "empty":
                dsts = [state.empty_department()]
            else:
                dsts = [d for d in depts if d != src]
            for dst in dsts:
                if dst == src:
                    continue
                for n in range(min(step.up_to, state.dept_blame[src]) + 1):
                    out.append(
                        (n, src if step.source == "any" else -1, dst if step.to == "other" else -1)
                    )
        return out
    if do == "remove_dept_blame":
        targets = [(-1, mine)] if step.source == "yours" else [(d, d) for d in depts]
        return [
            (n, stored)
            for stored, d in targets
            for n in range(min(step.up_to, state.dept_blame[d]) + 1)
        ]
    if do == "remove_personal_blame":
        return [(n,) for n in range(min(step.up_to, state.blame[seat]) + 1)]
    if do == "give_personal_blame":
        top = min(step.up_to, state.blame[seat])
        return [
            (n, other)
            for other in range(state.num_players)
            if other != seat
            for n in range(top + 1)
        ]
    if do == "move_decree":
        out = []
        empty = state.empty_department()
        for i, at in enumerate(state.decree_at):
            if at < 0 or (step.source == "yours" and at != mine):
                continue
            if step.to == "empty":
                if at != empty:
                    out.append((i, -1))
            else:
                out += [(i, d) for d in depts if d != at]
        return out
    if do == "stamp":
        return [(i,) for i in state.decrees_at(mine) if stamp_problem(state, seat, i, step) is None]
    if do == "restructure":
        return [
            (c,)
            for c in control.legal_changes(
                state.arrows, depts, state.options["max_controllers"], step.ops
            )
        ]
    if do == "investigate":
        return [(d,) for d in investigable(state, seat)]
    if do == "swap_heads":
        n = state.num_players
        return [(a, b) for a in range(n) for b in range(a + 1, n)]
    if do == "reassign":
        return [(pl,) for pl in all_placements(state)]
    if do == "move_head":
        return [(other,) for other in range(state.num_players)]
    return [()]


def all_placements(state: State) -> tuple[tuple[Placement, ...], ...]:
    """Every assignment of the players to departments in play, one head each."""
    return _placements(state.depts, state.num_players)


@lru_cache(maxsize=8)
def _placements(depts: tuple[int, ...], n: int) -> tuple[tuple[Placement, ...], ...]:
    return tuple(tuple(map(Placement, range(n), perm)) for perm in permutations(depts, n))


def investigable(state: State, seat: int) -> list[int]:
    """DEC-A11: headed departments other than yours."""
    mine = your(state, seat)
    return [d for d in state.depts if d != mine and state.head[d] >= 0]


# -- checking --------------------------------------------------------------------------------


def check_step(state: State, seat: int, step: Step, args: tuple) -> None:
    """Raise ``IllegalAction`` unless ``args`` are legal for ``step`` now."""
    if args is None:
        if choices(state, seat, step):
            raise IllegalAction("this card has a target now: say what it applies to")
        return
    do = step.do
    mine = your(state, seat)
    names = state.names
    if do in (
        "move_dept_blame",
        "remove_dept_blame",
        "remove_personal_blame",
        "give_personal_blame",
    ):
        n = args[0]
        if n > step.up_to:
            raise IllegalAction(f"the card moves at most {step.up_to} blame")
    if do == "move_dept_blame":
        _, src, dst = args
        src = mine if src < 0 else src
        dst = state.empty_department() if dst < 0 else dst
        present(state, src)
        present(state, dst)
        if src == dst:
            raise IllegalAction("move the blame to a different department")
        enough(state.dept_blame[src], args[0], DEPT_CODES[src])
    elif do == "remove_dept_blame":
        dept = mine if args[1] < 0 else args[1]
        present(state, dept)
        enough(state.dept_blame[dept], args[0], DEPT_CODES[dept])
    elif do in ("remove_personal_blame", "give_personal_blame"):
        enough(state.blame[seat], args[0], "your personal pool")
        if do == "give_personal_blame" and args[1] == seat:
            raise IllegalAction("give the blame to another player")
    elif do == "move_decree":
        i, dst = args
        at = decree_at(state, i)
        if step.source == "yours" and at != mine:
            raise IllegalAction(f"{decree_text(i)} is not on your department")
        dst = state.empty_department() if dst < 0 else dst
        present(state, dst)
        if dst == at:
            raise IllegalAction(f"{decree_text(i)} is already on {DEPT_CODES[dst]}")
    elif do == "stamp":
        reason = stamp_problem(state, seat, args[0], step)
        if reason:
            raise IllegalAction(reason)
    elif do == "restructure":
        change = args[0]
        if change[0] not in step.ops:
            raise IllegalAction(f"this card may only {', '.join(step.ops)} an arrow")
        reason = control.problem(
            state.arrows, change, state.depts, state.options["max_controllers"]
        )
        if reason:
            raise IllegalAction(reason)
    elif do == "investigate":
        if args[0] not in investigable(state, seat):
            raise IllegalAction(
                f"investigate a headed department other than yours:"
                f" {', '.join(DEPT_CODES[d] for d in investigable(state, seat))}"
            )
    elif do == "swap_heads":
        if args[0] == args[1]:
            raise IllegalAction(f"name two different players, not {names[args[0]]} twice")
    elif do == "reassign":
        reason = placements_problem(state, args[0])
        if reason:
            raise IllegalAction(reason)


def present(state: State, dept: int) -> None:
    if dept not in state.depts:
        what = DEPT_CODES[dept] if 0 <= dept < len(DEPT_CODES) else f"department {dept}"
        raise IllegalAction(f"{what} is not in play in this game")


def enough(held: int, wanted: int, where: str) -> None:
    if wanted > held:
        raise IllegalAction(f"{where} holds only {held} blame, not {wanted}")


def decree_at(state: State, i: int) -> int:
    if i >= len(state.decrees):
        raise IllegalAction(
            f"there is no decree {decree_text(i)}; they are D1-D{len(state.decrees)}"
        )
    at = state.decree_at[i]
    if at < 0:
        raise IllegalAction(f"{decree_text(i)} has been enacted")
    return at


def stamp_problem(state: State, seat: int, i: int, step: Step | None = None) -> str | None:
    """Why ``seat`` may not stamp decree ``i`` now (DEC-54, DEC-55), or None.

    ``step`` is a card's stamp step, which may relax the department rule.
    """
    try:
        at = decree_at(state, i)
    except IllegalAction as exc:
        return str(exc)
    mine = your(state, seat)
    if at != mine:
        return (
            f"{decree_text(i)} is on {DEPT_CODES[at]}, not on your department ({DEPT_CODES[mine]})"
        )
    nxt = state.next_step(i)
    final = state.decree_done[i] == len(state.decrees[i].steps) - 1
    if step is not None and not step.final and final:
        return f"this card cannot stamp the final step of {decree_text(i)}"
    if (step is None or not step.any_step) and nxt != mine:
        return f"the next step of {decree_text(i)} is for {DEPT_CODES[nxt]}, not {DEPT_CODES[mine]}"
    return None


def placements_problem(state: State, placements: Sequence[tuple[int, int]]) -> str | None:
    """DEC-A19: every player heads exactly one department in play, one head each."""
    if sorted(s for s, _ in placements) != list(range(state.num_players)):
        return "place every player exactly once"
    depts = [d for _, d in placements]
    for d in depts:
        if d not in state.depts:
            return f"{DEPT_CODES[d]} is not in play in this game"
    if len(set(depts)) != len(depts):
        twice = next(d for d in depts if depts.count(d) > 1)
        return f"{DEPT_CODES[twice]} would have two heads; a department has one head"
    return None


# -- performing ------------------------------------------------------------------------------


def perform_step(state: State, seat: int, step: Step, args: tuple | None, ev: list) -> None:
    if args is None:
        ev.append(Event("no_effect", EVERYONE, player=seat, do=step.do))
        return
    do = step.do
    mine = your(state, seat)
    if do == "extra_actions":
        state.actions_left += step.n
        ev.append(Event("extra_actions", EVERYONE, player=seat, amount=step.n))
    elif do == "draw":
        flow.draw(state, seat, step.n, ev, "card")
    elif do == "move_dept_blame":
        n, src, dst = args
        src = mine if src < 0 else src
        dst = state.empty_department() if dst < 0 else dst
        move_blame(state, seat, ((n, src, dst),), ev)
    elif do == "remove_dept_blame":
        n, dept = args
        dept = mine if dept < 0 else dept
        state.dept_blame[dept] -= n
        ev.append(Event("dept_blame_removed", EVERYONE, player=seat, dept=dept, amount=n))
    elif do == "remove_personal_blame":
        flow.lose(state, seat, args[0], ev, "card")
    elif do == "give_personal_blame":
        n, target = args
        state.blame[seat] -= n
        state.blame[target] += n
        ev.append(Event("blame_given", EVERYONE, player=seat, to=target, amount=n))
    elif do == "move_decree":
        i, dst = args
        dst = state.empty_department() if dst < 0 else dst
        flow.move_decree(state, seat, i, dst, step.reward, ev, "card")
    elif do == "stamp":
        flow.stamp(state, seat, args[0], ev, "card")
    elif do == "restructure":
        restructure(state, seat, args[0], ev)
    elif do == "investigate":
        flow.to_head(state, args[0], ev, "investigation")
    elif do == "audit_all":
        for d in state.depts:
            if state.head[d] >= 0 and state.dept_blame[d]:
                flow.to_head(state, d, ev, "inquiry")
    elif do == "swap_heads":
        a, b = args
        da, db = state.dept_of[a], state.dept_of[b]
        reassign(state, seat, ((a, db), (b, da)), ev)
    elif do == "reassign":
        reassign(state, seat, args[0], ev)
    elif do == "move_head":
        move_to_empty(state, seat, args[0], ev)
    elif do == "skip_decree_blame":
        state.leave = mine
        ev.append(Event("leave_taken", EVERYONE, player=seat, dept=mine))


def move_blame(state: State, seat: int, moves: Iterable[tuple[int, int, int]], ev: list) -> None:
    """Departmental blame moves (``BlameMove``s or their plain tuples), all checked."""
    for n, src, dst in moves:
        state.dept_blame[src] -= n
        state.dept_blame[dst] += n
    ev.append(Event("blame_moved", EVERYONE, player=seat, moves=[list(m) for m in moves]))


def restructure(state: State, seat: int, change: Change, ev: list) -> None:
    state.arrows = control.changed(state.arrows, change)
    op, old, new = change
    ev.append(
        Event(
            "restructured",
            EVERYONE,
            player=seat,
            op=op,
            arrow=list(old),
            to=list(new) if new else None,
        )
    )


def reassign(state: State, seat: int, placements: Iterable[tuple[int, int]], ev: list) -> None:
    """Players take their new departments (a valid assignment: DEC-A19)."""
    moved = [(s, d) for s, d in placements if state.dept_of[s] != d]
    for s, _ in moved:
        state.head[state.dept_of[s]] = -1
    for s, d in moved:
        state.head[d] = s
        state.dept_of[s] = d
    ev.append(Event("reassigned", EVERYONE, player=seat, placements=[list(m) for m in moved]))


def move_to_empty(state: State, seat: int, other: int, ev: list) -> None:
    dept = state.empty_department()
    state.place(other, dept)
    ev.append(Event("head", EVERYONE, player=other, dept=dept, by=seat))
