"""Noblesse's course (the other games' ``flow``): the houses dealt at set-up, the Day's
actions in time, the Night falling (``night.resolve``: its ten steps) and the end.

Each Day the living players write orders, changeable until they say ``done`` or the
deadline passes; the Night resolves when every one is done, at the deadline, or when
the moderator says ``resolve`` (NSE-118). An action dated after the deadline comes after
that Night.
"""

from __future__ import annotations

import random
from typing import Any

from bureau.engine import EVERYONE, MODERATOR, Event, OptionError
from bureau.engine.game import Outcome, rank_by

from . import moderator, night, rules, victory
from .actions import Order, Resolve, Setup
from .scenario import load_scenario
from .state import NEUTRAL, OVER, SETUP, House, State, Unit

HOUR = 3600.0


def setup(names: tuple[str, ...], seed: int, options: dict[str, Any]) -> State:
    """A new game: the roles dealt (or fixed by the ``roles`` option), each house with the
    scenario's courtiers and resources, the Faction Leaders and their officers, and the
    neutral garrisons on their squares."""
    scenario = load_scenario(options["scenario"])
    n = len(names)
    allowed = scenario.roles_for(n)
    if options.get("roles"):
        roles = _fixed_roles(options["roles"], allowed, n)
    else:
        roles = list(allowed)
        random.Random(seed).shuffle(roles)
    st = State(names, options, scenario, seed)
    keys = [f.key for f in scenario.factions]
    for role in roles:
        r = scenario.roles[role - 1]
        st.houses.append(
            House(role, keys.index(r.faction), scenario.defaults.courtiers,
                  scenario.defaults.starting_resources)
        )  # fmt: skip
    for f, fac in enumerate(scenario.factions):
        leader = [s for s, h in enumerate(st.houses) if h.faction == f and _is_fl(st, s)]
        st.leaders.append(leader[0] if leader else -1)
        st.successors.append(-1)
        for o in fac.officers:
            st.officers[o.name] = st.leaders[f]
    st.reports = [[] for _ in names]
    for neutral in scenario.neutrals:
        companies = tuple(cid for cid, k in neutral.companies for _ in range(k))
        for label in neutral.squares:
            unit = Unit(st.next_unit, NEUTRAL, neutral.unit, companies, "", st.square(label))
            unit.fresh = False
            st.units[unit.id] = unit
            st.next_unit += 1
    return st


def pending(state: State) -> tuple[int, ...]:
    if state.outcome is not None:
        return ()
    return tuple(s for s in state.living() if not state.houses[s].ready)


def apply(state: State, seat: int, action: Order, at: float | None = None) -> list[Event]:
    """Check and perform ``action``; the Night falls once every living player is done
    (or at the moderator's ``resolve``), and the first dated action starts the Day's
    clock."""
    events: list[Event] = []
    if seat == MODERATOR:
        moderator.check(state, action)
        moderator.perform(state, action, events)
        if type(action) is Resolve:
            events += night_falls(state, at)
        return events
    if at is not None and state.clock is not None and at >= state.clock:
        return overdue(state, seat, action, at)
    rules.check(state, seat, action)
    rules.perform(state, seat, action, events)
    if state.outcome is None and not pending(state):
        events += night_falls(state, at)
    elif at is not None and state.clock is None:
        state.clock = at + state.setting("day_hours") * HOUR
    return events


def overdue(state: State, seat: int, action: Order, at: float) -> list[Event]:
    """Past the deadline the Night resolves first; the action then counts for the
    next Day, if it is still legal. The set-up the Bureau plays for a player who sent
    none (``timeout_action``) is the one the Night gives him, and nothing more."""
    trial = state.clone()
    given = rules.default_setups(trial) if trial.phase == SETUP else {}
    timed_out = type(action) is Setup and str(given.get(seat, (0, None))[1]) == str(action)
    events = night_falls(trial, at)
    if trial.outcome is None and not timed_out:
        rules.check(trial, seat, action)
    for name in State.__slots__:
        setattr(state, name, getattr(trial, name))
    if state.outcome is None and not timed_out:
        rules.perform(state, seat, action, events)
    return events


def night_falls(state: State, at: float | None) -> list[Event]:
    """The Night's ten steps, the end checked, and the next Day's clock."""
    events = night.resolve(state)
    finish(state, events)
    state.clock = None
    if at is not None and state.outcome is None:
        state.clock = at + state.setting("day_hours") * HOUR
    return events


def finish(state: State, events: list[Event]) -> None:
    """The victory check after step 10 (NSE-A04), or the cap."""
    won = victory.winners(state)
    cap = state.options.get("max_nights")
    if won:
        seats = [s for s, h in enumerate(state.houses) if h.faction in won]
        facs = state.scenario.factions
        how = "; ".join(f"{facs[f].short}: {', '.join(w)}" for f, w in sorted(won.items()))
        scores = tuple(1.0 if s in seats else 0.0 for s in range(state.num_players))
        state.outcome = Outcome(
            scores, rank_by([(x,) for x in scores]), tuple(seats), reason=how,
            details={"summary": victory.summary(state, won)},
        )  # fmt: skip
    elif not state.living() or (cap is not None and state.night >= cap):
        scores = tuple(
            float(sum(1 for f, _ in state.ctrl.values() if f == h.faction)) for h in state.houses
        )
        state.outcome = Outcome(
            scores, rank_by([(x,) for x in scores]), (), capped=True,
            reason=f"stopped after Night {state.night}",
            details={"summary": victory.stopped(state)},
        )  # fmt: skip
    if state.outcome is not None:
        state.phase = OVER
        text = f"The game is over: {state.outcome.details['summary']}"
        state.post.append(text)
        events.append(Event("over", EVERYONE, text=text))


def begin(state: State, at: float) -> None:
    """The setup submissions' deadline starts (a Day's length, §4.7)."""
    if state.clock is None and state.outcome is None:
        state.clock = at + state.setting("day_hours") * HOUR


def deadline(state: State) -> float | None:
    return None if state.outcome is not None else state.clock


def _is_fl(state: State, seat: int) -> bool:
    return state.scenario.roles[state.houses[seat].role - 1].leader


def _fixed_roles(words, allowed, n: int) -> list[int]:
    try:
        roles = [int(w) for w in words]
    except ValueError:
        raise OptionError(f"roles: write role numbers, not {' '.join(words)}") from None
    if len(roles) != n or sorted(roles) != sorted(allowed):
        raise OptionError(
            f"roles: give each of the {n} seats one of the roles in play:"
            f" {', '.join(map(str, sorted(allowed)))}"
        )
    return roles
