"""Shared set-ups for the Noblesse rule tests.

``table()`` is an 8-player game with fixed roles: seat i plays role ``ROLES[i]``
(Ann 1 Cardinal-Camerlengo FL Pape, Ben 2 Papal Marshal, Cat 4 Le Roi des Fleurs FL,
Dan 5 Maréchal des Lys, Eve 7 Twice Crowned King FL, Fay 8 Constable, Gus 10 Speaker FL,
Hal 11 Captain-General). ``started()`` has every seat submit ``HOMES``/``SETUP`` and
resolves Night 1.
"""

from __future__ import annotations

from functools import partial

from bureau.games.noblesse.actions import read
from bureau.games.noblesse.game import Noblesse
from bureau.games.noblesse.state import Control, Unit

from .. import common

GAME = Noblesse()
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
ROLES = ("1", "2", "4", "5", "7", "8", "10", "11")
HOMES = ("A1", "C3", "A10", "C8", "J1", "H3", "J10", "H8")
STARTER = "Regiment with O1, C1 x3, F6 x2"  # 11 tiers: 2 + 2 = 4 MP


def table(**options):
    """A new game in its setup phase."""
    return GAME.new(list(NAMES), seed=1, options={"roles": list(ROLES), **options})


act = partial(common.play, GAME)
moderate = partial(common.moderate, GAME)
refused = partial(common.refused, GAME)  # fragments the message holds; match=: a regex


def setup_text(seat: int, design: str = "2-2-1", skip: str = "uniques", unit: str = STARTER):
    return f"setup {HOMES[seat]} income {design} skip {skip} unit {unit}"


def started(extra: dict | None = None, **options):
    """Every seat set up (its ``extra[seat]`` orders too), Night 1 resolved."""
    st = table(**options)
    for seat in range(len(NAMES)):
        act(st, seat, setup_text(seat))
        for text in (extra or {}).get(seat, ()):
            act(st, seat, text)
    resolve(st)
    return st


def sneak(state, seat: int, text: str):
    """Put ``text`` on ``seat``'s list as read, past the Day's checks: what the Night does
    with an order the Day refuses (foresight.py), should one reach it."""
    order = GAME.read(state, seat, text)
    state.houses[seat].orders.append(order)
    return order


def resolve(state):
    """Everyone still pending says done; the Night resolves. Returns its events."""
    events = []
    for seat in list(GAME.pending(state)):
        events += act(state, seat, "done")
    return events


def unit_of(state, seat: int):
    """The seat's units, lowest id first."""
    return sorted((u for u in state.units.values() if u.owner == seat), key=lambda u: u.id)


def place_unit(state, seat: int, label: str, spec: str = STARTER):
    """Put a fresh unit of ``seat`` on ``label`` directly (a position set up exactly)."""

    order = read(state.scenario, state.names, f"recruit {spec} at {label}")
    kind, leader, name, comps = order.spec
    companies = tuple(cid for cid, n in comps for _ in range(n))
    unit = Unit(state.next_unit, seat, kind, companies, leader, state.square(label), name)
    unit.fresh = False
    state.units[unit.id] = unit
    state.next_unit += 1
    return unit


def sq(st, label: str) -> int:
    """The square of ``label``."""
    return st.square(label)


def report(st, seat: int) -> str:
    """``seat``'s private report, as one text."""
    return "\n".join(st.reports[seat])


def hold(st, faction: int, labels, seat: int = -1) -> None:
    """``faction`` (through ``seat``) controls the estates ``labels``, set directly."""
    for label in labels:
        st.ctrl[st.square(label)] = Control(faction, seat)
