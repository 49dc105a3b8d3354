"""Noblesse (Tapper's forum war game, 2015) on Bureau's rules contract.

The game starts with setup submissions, then a Night (NSE-118); each Day the
living players write orders (changeable until they say ``done`` or the
deadline passes) and the Night resolves when every one is done, at the
deadline, or when the moderator says ``resolve`` (``flow.py``). This module is the
adapter: the options, and one-line methods that call the game's modules.
"""

from __future__ import annotations

import random
from typing import Any

from bureau.engine import MODERATOR, Event, Game, Option
from bureau.engine.positions import POSITION

from . import exports, flow, moderator, moves, rules
from .actions import Order, read
from .determinize import determinize
from .state import State
from .text import describe
from .views import view

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
        return flow.setup(names, seed, options)

    # -- the contract -------------------------------------------------------------------------

    def pending(self, state: State) -> tuple[int, ...]:
        return flow.pending(state)

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
        return flow.apply(state, seat, action, at)

    def begin(self, state: State, at: float) -> None:
        flow.begin(state, at)

    def decision_key(self, state: State) -> tuple:
        return (state.phase, state.night)

    def deadline(self, state: State) -> float | None:
        return flow.deadline(state)

    def timeout_action(self, state: State, seat: int) -> Order:
        return moves.timeout(state, seat)

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


GAME = Noblesse()
