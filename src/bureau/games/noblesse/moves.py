"""Legal actions for bots: a representative list built only from what the seat knows
(its units, courtiers, estates and the public board), and a cheap random choice."""

from __future__ import annotations

import random

from bureau.engine import IllegalAction

from . import board, rules
from .actions import (
    Arson,
    Assassin,
    Attack,
    Bribery,
    Build,
    CreateHeir,
    CreateNoble,
    Disband,
    Done,
    FieldSurgeon,
    Hostages,
    Incapacitate,
    Knife,
    Levy,
    Lobbyist,
    March,
    Marry,
    Messenger,
    Move,
    OpenCity,
    Order,
    Pay,
    Poison,
    Recall,
    Recruit,
    Rent,
    Setup,
    Spec,
    Spy,
    Staff,
    Steward,
    Successor,
    TaxCollector,
    UnitTo,
    Use,
)
from .state import RES_NAMES, SETUP, State

DESIGNS = ((2, 2, 1), (3, 1, 1), (1, 3, 1), (1, 1, 3), (2, 1, 2))
STARTERS = (
    Spec("Brigade", "courtier", "", (("C1", 5), ("F6", 2), ("R7", 2))),
    Spec("Regiment", "", "", (("O1", 1), ("C3", 3), ("F1", 2))),
    Spec("Regiment", "pc", "", (("C1", 3), ("F6", 2))),
    Spec("Garrison", "", "", (("O1", 1), ("C4", 5), ("R7", 3))),
)


def legal(state: State, seat: int) -> list[Order]:
    if state.outcome is not None or seat not in _pending(state):
        return []
    h = state.houses[seat]
    if state.phase == SETUP and not rules.has_setup(h):
        return _setups(state, seat)
    out: list[Order] = [Done()]
    for order in _candidates(state, seat):
        try:
            rules.check(state, seat, order)
        except (IllegalAction, ValueError):
            continue
        out.append(order)
    return out


def _pending(state: State):
    return [s for s in state.living() if not state.houses[s].ready]


def _setups(state: State, seat: int) -> list[Order]:
    h = state.houses[seat]
    fac = state.scenario.factions[h.faction]
    (r0, c0), (r1, c1) = fac.home
    out: list[Order] = []
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            label = state.label(r * state.scenario.cols + c)
            for design in DESIGNS[:2]:
                for skip in ("uniques", "8"):
                    for spec in STARTERS[:2]:
                        order = Setup(label, design, skip, spec)
                        try:
                            rules.check(state, seat, order)
                        except IllegalAction:
                            continue
                        out.append(order)
    return out


def _candidates(state: State, seat: int):
    """Orders worth trying, from the seat's own knowledge. A house with no home (only a
    hand-written position has one after set-up) has none: most orders start from it."""
    h = state.houses[seat]
    if h.home < 0:
        return
    yield from _unit_orders(state, seat)
    yield from _courtier_orders(state, seat)
    yield from _action_orders(state, seat)
    yield from _ability_orders(state, seat)
    if state.leaders[h.faction] == seat:
        yield from _leader_orders(state, seat)


def _mine(state: State, seat: int):
    return sorted((u for u in state.units.values() if u.owner == seat), key=lambda u: u.id)


def _spies(state: State, seat: int) -> list[int]:
    return [sq for kind, sq, _ in state.houses[seat].posts if kind == "spy"]


def _unit_orders(state: State, seat: int):
    h = state.houses[seat]
    home = state.label(h.home)
    for u in _mine(state, seat):
        if u.kind != "Garrison":
            for sq in board.neighbours(state, u.square):
                yield Move(u.id, (state.label(sq),))
                yield March(u.id, state.label(sq))
        if u.square != h.home:
            yield Attack(state.label(u.square))
        yield Disband(u.id)
    for spec in (*STARTERS, Spec("Brigade", "pc", "", (("C1", 5), ("F6", 2), ("R7", 2)))):
        yield Recruit(spec, home)


def _courtier_orders(state: State, seat: int):
    h = state.houses[seat]
    home = state.label(h.home)
    for u in _mine(state, seat):
        if u.square != h.home:
            label = state.label(u.square)
            yield Steward(label)
            yield TaxCollector(label, RES_NAMES[_best(state, u.square)])
    for r, amount in enumerate(board.income_of(state, h.home)):
        if amount:
            yield TaxCollector(home, RES_NAMES[r])
            yield Lobbyist(home, RES_NAMES[r])
    for sq in board.neighbours(state, h.home):
        yield Spy("", (state.label(sq),))
    for sq in _spies(state, seat):
        yield Recall("spy", state.label(sq), "")
        for nxt in board.neighbours(state, sq):
            yield Spy(state.label(sq), (state.label(nxt),))
    for kind, sq, detail in h.posts:
        if kind in ("tc", "lobbyist"):
            yield Recall(kind, state.label(sq), RES_NAMES[detail])
    for name in ("war council", "university", "spymaster", "arsenal", "star fortress"):
        yield Build(name, home)
        yield Staff(name, home)


def _best(state: State, square: int) -> int:
    income = board.income_of(state, square)
    return max(range(3), key=lambda r: income[r])


def _action_orders(state: State, seat: int):
    h = state.houses[seat]
    others = [state.names[s] for s in range(state.num_players) if s != seat]
    stewarded = [state.label(sq) for kind, sq, _ in h.posts if kind == "steward"]
    for label in stewarded:
        yield OpenCity(label)
        yield CreateNoble(label)
    yield Marry(others[seat % len(others)])
    yield CreateHeir()
    yield Hostages()
    yield FieldSurgeon()
    yield Assassin(others[(seat + 1) % len(others)])
    yield Messenger(others[(seat + 2) % len(others)])
    for sq in _spies(state, seat):
        label = state.label(sq)
        yield Bribery(label, RES_NAMES[_best(state, sq)])
        yield Arson(label, "war council")
        yield Poison(label)
        yield Knife(label, others[seat % len(others)])
        for u in state.units.values():
            if u.square == sq and u.owner != seat:
                yield Incapacitate(u.id)


def _ability_orders(state: State, seat: int):
    h = state.houses[seat]
    role = state.scenario.roles[h.role - 1]
    home = state.label(h.home)
    units = _mine(state, seat)
    for i, ability in enumerate(role.abilities, 1):
        if i == h.skipped:
            continue
        effect, name = ability.effect, ability.name
        if effect in ("open_city", "ambush_immunity"):
            yield Use(name, (home,))
        elif effect == "forced_march" and units:
            u = units[0]
            if u.kind != "Garrison":
                to = state.label(board.neighbours(state, u.square)[0])
                yield Use(name, (UnitTo(u.id, to),))
        elif effect == "field_surgeon":
            yield Use(name, ())
        elif effect == "recruit":
            kind = ability.param("unit")
            spec = next((s for s in STARTERS if s[0] == kind), None)
            if spec is not None:
                levy = Levy(spec, home)
                yield Use(name, (levy,) * ability.param("count"))


def _leader_orders(state: State, seat: int):
    h = state.houses[seat]
    team = [s for s, o in enumerate(state.houses) if o.faction == h.faction and o.alive]
    for s in team:
        if s != seat:
            yield Pay(state.names[s], (1, 0, 0))
            yield Successor(state.names[s])
    for officer, holder in sorted(state.officers.items()):
        if holder == seat:
            spec = Spec("Regiment", "officer", officer, (("C1", 3), ("F6", 2)))
            yield Recruit(spec, state.label(h.home))
    for merc in state.scenario.mercenaries:
        yield Rent(merc.name, state.label(h.home), state.names[seat])


def sample(state: State, seat: int, rng: random.Random) -> Order:
    """A random legal action, cheaply: a few orders a Day, then ``done``. Candidates are
    tried in random order and the first legal one is taken."""
    h = state.houses[seat]
    if state.phase == SETUP and not rules.has_setup(h):
        return rng.choice(_setups(state, seat))
    if len(h.orders) >= 4 or rng.random() < 0.2:
        return Done()
    candidates = list(_candidates(state, seat))
    rng.shuffle(candidates)
    for order in candidates:
        try:
            rules.check(state, seat, order)
        except (IllegalAction, ValueError):
            continue
        return order
    return Done()


def timeout(state: State, seat: int) -> Order:
    """``done``; before Night 1, for a player with no set-up, the Bureau's set-up
    (``rules.default_setups``), which the Night gives him."""
    if state.phase == SETUP:
        given = rules.default_setups(state).get(seat)
        if given is not None and given[1] is not None:
            return given[1]
    return Done()
