"""The control structure: arrows from controller to controlled (DEC-06, DEC-A04, DEC-A05).

Arrows are ``state.Arrow(controller, controlled)``, oldest first. "Below" a
department means every department reachable by following arrows, at any
depth. A restructure may add, remove, move (one end) or reverse one arrow; it
is refused if the result would loop, give a department more controllers than
``max_controllers``, point an arrow at its own tail, or involve a department
not in play.

>>> from bureau.games.decrees.state import START_ARROWS, REF, EXE, HR, ADM, SS, TRE
>>> sorted(below(START_ARROWS, EXE)) == sorted([HR, ADM, SS])
True
>>> top_of(START_ARROWS, SS) == REF
True
>>> problem(START_ARROWS, ("add", (SS, REF), None), range(6), 1)
'SS->REF would make control loop: REF->EXE->ADM->SS->REF'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from .state import DEPT_CODES, Arrow


class Change(NamedTuple):
    """A restructure (DEC-51): add, remove, move (one end) or reverse one arrow."""

    op: str  # add, remove, move or reverse
    arrow: Arrow
    new: Arrow | None  # where a moved arrow goes; None for the other ops


def arrow_text(a: Arrow) -> str:
    return f"{DEPT_CODES[a[0]]}->{DEPT_CODES[a[1]]}"


def below(arrows: Sequence[Arrow], dept: int) -> set[int]:
    """Every department ``dept`` controls, directly or through others."""
    out: set[int] = set()
    todo = [dept]
    while todo:
        d = todo.pop()
        for a, b in arrows:
            if a == d and b not in out:
                out.add(b)
                todo.append(b)
    return out


def controllers(arrows: Sequence[Arrow], dept: int) -> list[int]:
    """The departments controlling ``dept`` directly, oldest arrow first."""
    return [a for a, b in arrows if b == dept]


def top_of(arrows: Sequence[Arrow], dept: int) -> int:
    """The uncontrolled department at the top of ``dept``'s chain of control (DEC-59).

    Where a department has several controllers, the oldest arrow is followed (DEC-A04).
    """
    seen = {dept}
    while True:
        up = controllers(arrows, dept)
        if not up or up[0] in seen:
            return dept
        dept = up[0]
        seen.add(dept)


def path(arrows: Sequence[Arrow], start: int, goal: int) -> list[int] | None:
    """A chain of control from ``start`` down to ``goal``, if there is one."""
    parent = {start: start}
    todo = [start]
    while todo:
        d = todo.pop(0)
        if d == goal:
            chain = [d]
            while chain[-1] != start:
                chain.append(parent[chain[-1]])
            return chain[::-1]
        for a, b in arrows:
            if a == d and b not in parent:
                parent[b] = d
                todo.append(b)
    return None


def changed(arrows: Sequence[Arrow], change: Change) -> tuple[Arrow, ...]:
    """The arrows after ``change``; moved and reversed arrows count as new, so they go
    last."""
    op, old, new = change
    if op == "add":
        return (*arrows, old)
    rest = tuple(a for a in arrows if a != old)
    if op == "remove":
        return rest
    if op == "reverse":
        return (*rest, Arrow(old[1], old[0]))
    assert new is not None, "a move names where the arrow goes"
    return (*rest, new)


def problem(
    arrows: Sequence[Arrow], change: Change, depts: Iterable[int], max_controllers: int
) -> str | None:
    """Why ``change`` is not a legal restructure now, or None (DEC-51, DEC-A04)."""
    op, old, new = change
    present = set(depts)
    for a in (old, new):
        if a is None:
            continue
        if not all(0 <= d < len(DEPT_CODES) for d in a):
            return f"no such department in {a}"
        if a[0] not in present or a[1] not in present:
            missing = DEPT_CODES[a[0]] if a[0] not in present else DEPT_CODES[a[1]]
            return f"{missing} is not in play in this game"
        if a[0] == a[1]:
            return f"an arrow cannot point from {DEPT_CODES[a[0]]} to itself"
    if op == "add":
        if old in arrows:
            return f"{arrow_text(old)} is already there"
        added = old
    else:
        if old not in arrows:
            listed = ", ".join(arrow_text(a) for a in arrows) or "none"
            return f"there is no arrow {arrow_text(old)}; the arrows are {listed}"
        if op == "remove":
            return None
        if op == "reverse":
            added = Arrow(old[1], old[0])
        else:
            assert new is not None, "a move names where the arrow goes"
            if new == old:
                return "a moved arrow must change one of its ends"
            if new[0] != old[0] and new[1] != old[1]:
                return "move one end of an arrow: keep its controller or its controlled department"
            added = new
    rest = tuple(a for a in arrows if a != old)
    if added in rest:
        return f"{arrow_text(added)} is already there"
    held = len(controllers(rest, added[1]))
    if held >= max_controllers:
        boss = ", ".join(DEPT_CODES[c] for c in controllers(rest, added[1]))
        return (
            f"{DEPT_CODES[added[1]]} is already controlled by {boss}; a department has at most"
            f" {max_controllers} controller{'s' if max_controllers > 1 else ''}"
        )
    loop = path(rest, added[1], added[0])
    if loop is not None:
        chain = "->".join(DEPT_CODES[d] for d in (*loop, added[1]))
        return f"{arrow_text(added)} would make control loop: {chain}"
    return None


@lru_cache(maxsize=4096)
def legal_changes(
    arrows: tuple[Arrow, ...],
    depts: tuple[int, ...],
    max_controllers: int,
    ops: tuple[str, ...] = ("add", "remove", "move", "reverse"),
) -> tuple[Change, ...]:
    """Every legal restructure now; arguments are tuples."""
    out = []
    pairs = [Arrow(a, b) for a in depts for b in depts if a != b]
    if "add" in ops:
        out += [Change("add", p, None) for p in pairs]
    if "remove" in ops:
        out += [Change("remove", a, None) for a in arrows]
    if "reverse" in ops:
        out += [Change("reverse", a, None) for a in arrows]
    if "move" in ops:
        for a in arrows:
            out += [
                Change("move", a, p) for p in pairs if p != a and (p[0] == a[0] or p[1] == a[1])
            ]
    return tuple(c for c in out if problem(arrows, c, depts, max_controllers) is None)
