"""Legal actions for bots: a representative list built only from what the seat knows
(its units, courtiers, estates and the public board), and a cheap random choice."""

from __future__ import annotations

import random

from bureau.engine import IllegalAction

from . import board, rules
from .orders import Order
from .state import DAY, RES_NAMES, SETUP

DESIGNS = ((2, 2, 1), (3, 1, 1), (1, 3, 1), (1, 1, 3), (2, 1, 2))
STARTERS = (
    ("Brigade", "courtier", "", (("C1", 5), ("F6", 2), ("R7", 2))),
    ("Regiment", "", "", (("O1", 1), ("C3", 3), ("F1", 2))),
    ("Regiment", "pc", "", (("C1", 3), ("F6", 2))),
    ("Garrison", "", "", (("O1", 1), ("C4", 5), ("R7", 3))),
)


def legal(state, seat: int) -> list[Order]:
    if state.outcome is not None or seat not in _pending(state):
        return []
    h = state.houses[seat]
    if state.phase == SETUP and not any(o.verb == "setup" for o in h.orders):
        return _setups(state, seat)
    out = [Order("done")]
    for order in _candidates(state, seat):
        try:
            rules.check(state, seat, order)
        except (IllegalAction, ValueError):
            continue
        out.append(order)
    return out


def _pending(state):
    return [s for s in state.living() if not state.houses[s].ready]


def _setups(state, seat: int) -> list[Order]:
    h = state.houses[seat]
    fac = state.scenario.factions[h.faction]
    (r0, c0), (r1, c1) = fac.home
    out = []
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            label = state.label(r * state.scenario.cols + c)
            for design in DESIGNS[:2]:
                for skip in ("uniques", "8"):
                    for spec in STARTERS[:2]:
                        order = Order("setup", (label, design, skip, spec))
                        try:
                            rules.check(state, seat, order)
                        except IllegalAction:
                            continue
                        out.append(order)
    return out


def _candidates(state, seat: int):
    """Orders worth trying, from the seat's own knowledge."""
    h = state.houses[seat]
    home = state.label(h.home)
    mine = sorted((u for u in state.units.values() if u.owner == seat), key=lambda u: u.id)
    for u in mine:
        if u.kind != "Garrison":
            for sq in board.neighbours(state, u.square):
                yield Order("move", (u.id, (state.label(sq),)))
        if u.square != h.home and u.square not in state.stewards:
            yield Order("steward", (state.label(u.square),))
    for r, amount in enumerate(board.income_of(state, h.home)):
        if amount:
            yield Order("tc", (home, RES_NAMES[r]))
            yield Order("lobbyist", (home, RES_NAMES[r]))
    for sq in board.neighbours(state, h.home):
        yield Order("spy", ("", (state.label(sq),)))
    yield Order("recruit", (("Regiment", "", "", (("O1", 1), ("C1", 3), ("F6", 2))), home))
    yield Order("build", ("war council", home))
    yield Order("staff", ("war council", home))
    yield Order("field surgeon")
    role = state.scenario.roles[h.role - 1]
    for i, ability in enumerate(role.abilities, 1):
        if i != h.skipped and ability.effect == "open_city":
            yield Order("use", (ability.name, (home,)))


def sample(state, seat: int, rng: random.Random) -> Order:
    """A random legal action: after a few orders a bot is mostly done."""
    options = legal(state, seat)
    h = state.houses[seat]
    if len(options) > 1 and (len(h.orders) < 4 and rng.random() < 0.8):
        return rng.choice(options[1:])
    return (
        options[0]
        if state.phase in (DAY, SETUP) and options[0].verb == "done"
        else (rng.choice(options))
    )
