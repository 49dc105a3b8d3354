"""Noblesse (Tapper's forum war game, 2015) on Bureau's rules contract.

The game starts with setup submissions, then a Night (NSE-118); each Day the
living players write orders (changeable until they say ``done`` or the
deadline passes) and the Night resolves when every one is done, at the
deadline, or when the moderator says ``resolve``.
"""

from __future__ import annotations

import random
from typing import Any

from bureau.engine import EVERYONE, MODERATOR, Event, Game, Option, OptionError
from bureau.engine.game import Outcome, rank_by
from bureau.engine.positions import POSITION

from . import exports, moderator, moves, night, rules, victory
from .actions import Done, Order, Resolve, Setup, read
from .determinize import determinize
from .scenario import load_scenario
from .state import NEUTRAL, OVER, SETUP, House, State, Unit
from .text import describe
from .views import view

HOUR = 3600.0
OPTIONS = (
    Option(
        "scenario", "house_default_v1", "house_default_v1 or a scenario TOML file (NSE-A01)",
        builtins=("house_default_v1",),
    ),
    Option(
        "roles",
        None,
        "role numbers by seat, e.g. 1,2,4,5,7,8,10,11 (default: dealt at random)",
        kind="words",
        fixture=True,
    ),
    Option(
        "max_nights",
        None,
        "stop after this many Nights (a cap: capped games have no winner)",
        kind="int?",
        minimum=1,
        maximum=100,
        bot_default=12,
    ),
    Option(
        "day_hours", None, "the Day's deadline in hours (default: the scenario's, 48)",
        kind="int?", minimum=1, maximum=30 * 24,  # 30 days
    ),
    Option("lynch", False, "the lynch module (NSE-A06)", kind="bool"),
    Option("lynch_min_votes", 3, "votes a lynch needs (NSE-A06)", kind="int", minimum=1,
           maximum=12),  # a vote for every seat of the largest game
    Option("open_comms", False, "anyone may message anyone privately (NSE-A22)", kind="bool"),
    Option(
        "verify_breach_reports", True, "check breach reports against the record (NSE-A23)",
        kind="bool",
    ),
    Option(
        "spy_detail", "type_and_owner", "what Spies report (NSE-A21)",
        choices=("type_and_owner", "full"),
    ),
    Option(
        "simultaneous_victory", "shared", "simultaneous victories (NSE-A04)",
        choices=("shared", "priority"),
    ),
    Option(
        "max_rounds", None, "a battle's round cap (NSE-A14; default: the scenario's, 30)",
        kind="int?", minimum=1, maximum=100,
    ),
    Option(
        "toughness_per", "damage_type_packet",
        "Toughness comes off each damage type's packet, or once off a round's total (NSE-A13)",
        choices=("damage_type_packet", "round_total"),
    ),
    Option("max_coloured_per_unit", 2, "coloured companies per unit (NSE-A38)", kind="int",
           minimum=0, maximum=14),  # every company of a Division, the largest unit
    Option("max_coloured_per_player", 4, "coloured companies per player (NSE-A38)", kind="int",
           minimum=0, maximum=100),
    POSITION,
)  # fmt: skip


class Noblesse(Game[State, Order]):
    name = "noblesse"
    positions = "bureau.games.noblesse.positions"
    heuristic = "bureau.games.noblesse.heuristic"
    stats = "bureau.games.noblesse.stats"
    ismcts = "styles=on:compare=hint:margin=1:iterations=16:depth=120"
    title = "Noblesse"
    min_players = 8
    max_players = 12
    options = OPTIONS
    summary = "A forum war game of factions, estates, treaties and battles, 8-12 players."
    reveals = frozenset({"night"})
    open_ended = True
    moderated = True

    # -- setting up ---------------------------------------------------------------------------

    def setup(self, names: tuple[str, ...], seed: int, options: dict[str, Any]) -> State:
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

    # -- the contract -------------------------------------------------------------------------

    def pending(self, state: State) -> tuple[int, ...]:
        if state.outcome is not None:
            return ()
        return tuple(s for s in state.living() if not state.houses[s].ready)

    def legal_actions(self, state: State, seat: int) -> list[Order]:
        return moves.legal(state, seat)

    def sample_action(self, state: State, seat: int, rng: random.Random) -> Order:
        return moves.sample(state, seat, rng)

    def read(self, state: State, seat: int, text: str) -> Order:
        return read(state.scenario, state.names, text)

    def check(self, state: State, seat: int, action: Order) -> None:
        if seat == MODERATOR:
            moderator.check(state, action)
        else:
            rules.check(state, seat, action)

    def perform(self, state: State, seat: int, action: Order) -> list[Event]:
        ev: list[Event] = []
        rules.perform(state, seat, action, ev)
        return ev

    def apply(self, state: State, seat: int, action: Order, at: float | None = None) -> list[Event]:
        if seat == MODERATOR:
            moderator.check(state, action)
            events: list[Event] = []
            moderator.perform(state, action, events)
            if type(action) is Resolve:
                events += self._night(state, at)
            return events
        if at is not None and state.clock is not None and at >= state.clock:
            return self._overdue(state, seat, action, at)
        rules.check(state, seat, action)
        events = self.perform(state, seat, action)
        if state.outcome is None and not self.pending(state):
            events += self._night(state, at)
        elif at is not None and state.clock is None:
            state.clock = at + state.setting("day_hours") * HOUR
        return events

    def _overdue(self, state: State, seat: int, action: Order, at: float) -> list[Event]:
        """Past the deadline the Night resolves first; the action then counts for the
        next Day, if it is still legal. The set-up the Bureau plays for a player who sent
        none (``timeout_action``) is the one the Night gives him, and nothing more."""
        trial = state.clone()
        given = rules.default_setups(trial) if trial.phase == SETUP else {}
        timed_out = type(action) is Setup and str(given.get(seat, (0, None))[1]) == str(action)
        events = self._night(trial, at)
        if trial.outcome is None and not timed_out:
            rules.check(trial, seat, action)
        for name in State.__slots__:
            setattr(state, name, getattr(trial, name))
        if state.outcome is None and not timed_out:
            rules.perform(state, seat, action, events)
        return events

    def _night(self, state: State, at: float | None) -> list[Event]:
        events = night.resolve(state)
        self._finish(state, events)
        state.clock = None
        if at is not None and state.outcome is None:
            state.clock = at + state.setting("day_hours") * HOUR
        return events

    def _finish(self, state: State, events: list[Event]) -> None:
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
                float(sum(1 for f, _ in state.ctrl.values() if f == h.faction))
                for h in state.houses
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

    def begin(self, state: State, at: float) -> None:
        """The setup submissions' deadline starts (a Day's length, §4.7)."""
        if state.clock is None and state.outcome is None:
            state.clock = at + state.setting("day_hours") * HOUR

    def decision_key(self, state: State) -> tuple:
        return (state.phase, state.night)

    def deadline(self, state: State) -> float | None:
        return None if state.outcome is not None else state.clock

    def timeout_action(self, state: State, seat: int) -> Order:
        """``done``; before Night 1, for a player with no set-up, the Bureau's set-up
        (``rules.default_setups``), which the Night gives him."""
        if state.phase == SETUP:
            given = rules.default_setups(state).get(seat)
            if given is not None and given[1] is not None:
                return given[1]
        return Done()

    def help_text(self, state: State, seat: int) -> str:
        return rules.help_text(state, seat)

    def channels(self, state: State, seat: int) -> frozenset[int]:
        return rules.channels(state, seat)

    # -- what players see ---------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        return view(state, seat)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A world ``seat`` cannot tell from ``state``: the identities of the seats he
        does not know shuffled (whole houses), others' resources drawn afresh, units out
        of his sight placed at random on their faction's estates with fresh make-ups, and
        others' sealed orders dropped (``determinize.py`` says exactly what is kept)."""
        return determinize(state, seat, rng)

    def forum_post(self, state: State, seat: int | None = None, fmt: str = "bbcode") -> str:
        if seat is None:
            return exports.public_post(state, fmt)
        return exports.private_report(state, seat, fmt)

    def describe(self, state: State, event: Event) -> str:
        """One line for ``event``: players by name, and in diplomacy factions by name
        (Faction Leaders negotiate as their faction, never by seat: NSE-117)."""
        return describe(state, event)


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


GAME = Noblesse()
