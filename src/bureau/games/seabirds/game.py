"""Noble Houses of the Seabirds (John Evans, 2009) on Bureau's rules contract.

A forum game: a moderator (``MODERATOR``) may end the phase under way and override a
House's ledger with a reason (``moderator``); ``exports`` writes the forum posts.
"""

from __future__ import annotations

import random
from typing import Any

from bureau.engine import MODERATOR, Event, Game, IllegalAction, Option, OptionError
from bureau.engine.positions import POSITION

from . import clock, exports, flow, moderator, moves, rules
from .actions import Action, read
from .determinize import determinize
from .moderator import Command
from .rules import MAX_HOURS
from .state import CARDS, State
from .text import describe
from .transactions import HOUSES
from .views import view

OPTIONS = (
    Option(
        "stops",
        6,
        "Stops (Rounds) in the game; 4 or more recommended (SEA-02, SEA-03)",
        kind="int",
        minimum=1,
        maximum=40,
    ),
    Option(
        "air_hours",
        48,
        "the Air Phase's default time limit in hours (SEA-A21)",
        kind="int",
        minimum=1,
        maximum=MAX_HOURS,
    ),
    Option(
        "land_hours",
        24,
        "the Land Phase's default time limit in hours (SEA-A21)",
        kind="int",
        minimum=1,
        maximum=MAX_HOURS,
    ),
    Option(
        "house_assignment",
        "draft",
        "Houses are drafted in random order, or dealt (SEA-A23)",
        choices=("draft", "random"),
    ),
    Option(
        "deck_rounding",
        "ceil",
        "the complication deck's rounding (SEA-A04)",
        choices=("ceil", "strict_next"),
    ),
    Option(
        "discount_applies_to_infrastructure",
        False,
        "Harvesting's and Breeding's discount also applies to Infrastructure (SEA-A09)",
        kind="bool",
    ),
    Option(
        "final_land_phase",
        False,
        "a timed Land Phase follows the final Stop's Resolution (SEA-A03)",
        kind="bool",
    ),
    Option(
        "hazard_blocks_upgrade_income",
        True,
        "no Upgrade income in a Round whose landing a Hazard skips (SEA-A06)",
        kind="bool",
    ),
    Option(
        "income_ability_mode",
        "per_round",
        "how often Usury and Secrets are paid (SEA-A10)",
        choices=("per_round", "per_other_house", "per_transaction"),
    ),
    Option(
        "batch_mode",
        "net",
        "a batch settles net, or in submission order (SEA-A12)",
        choices=("net", "sequential"),
    ),
    Option(
        "land_phase_blocks_special_take",
        False,
        "no special take in the Land Phase, where violence is prohibited (SEA-A18)",
        kind="bool",
    ),
    Option(
        "tiebreak",
        "holdings_money",
        "equal Victory Points: more holdings, then more Money, win; or shared (SEA-A01)",
        choices=("holdings_money", "shared"),
    ),
    Option(
        "allow_round_vote",
        True,
        "players may agree other time limits for a Round (SEA-A21)",
        kind="bool",
    ),
    Option(
        "start_time",
        None,
        "when the game's clock starts, in seconds since the epoch (off: at the first action"
        " that carries a time; games without timed actions end phases by readiness only)",
        kind="int?",
        minimum=0,
        maximum=32503680000,  # 3000-01-01 00:00 UTC
    ),
    Option(
        "houses", None, "fixture: each seat's House, skipping the draft", kind="words", fixture=True
    ),
    Option("rolls", None, "fixture: each seat's starting d6", kind="words", fixture=True),
    Option(
        "complications",
        None,
        "fixture: the complication deck from the top (Hazard Surplus Windfall Bureaucracy)",
        kind="words",
        fixture=True,
    ),
    POSITION,
)


class Seabirds(Game[State, Action | Command]):
    name = "seabirds"
    heuristic = "bureau.games.seabirds.heuristic"
    stats = "bureau.games.seabirds.stats"
    positions = "bureau.games.seabirds.positions"
    ismcts = "rollout=heuristic:guide=tree:prior=30:iterations=100:depth=60"
    title = "Noble Houses of the Seabirds"
    version = "1"
    min_players = 3
    max_players = 6
    options = OPTIONS
    open_ended = True  # messages are free text
    moderated = True  # a forum moderator resolves and overrides (``moderator``)
    reveals = frozenset({"resolution"})  # the complication card and the sealed messages
    # Events that tell the players an override does not touch what its ``override`` event
    # told the others (without the reason): the moderator's console, which has shown her the
    # override itself, does not echo them a second time.
    restating = frozenset({"corrected", "note"})
    summary = (
        "Three to six Houses fly from Stop to Stop, posting messages, trading and upgrading"
        " through the Bureau's Transactions; hidden messages open at the landing."
    )

    def setup(self, names: tuple[str, ...], seed: int, options: dict[str, Any]) -> State:
        n = len(names)
        houses = _indices(options["houses"], HOUSES, n, "houses") if options["houses"] else None
        if houses is not None and len(set(houses)) != n:
            raise OptionError("option houses: each player has a different House (SEA-04)")
        rolls = None
        if options["rolls"]:
            rolls = [int(r) for r in options["rolls"] if r.isdigit() and 1 <= int(r) <= 6]
            if len(rolls) != n:
                raise OptionError(f"option rolls: one d6 result (1-6) for each of the {n} seats")
        cards = None
        if options["complications"]:
            top_first = _indices(options["complications"], CARDS, None, "complications")
            cards = list(top_first)
            if len(cards) < options["stops"]:
                raise OptionError("option complications: at least one card per Stop")
        return flow.setup(names, seed, options, houses, rolls, cards)

    # -- the contract ------------------------------------------------------------------------

    def pending(self, state: State) -> tuple[int, ...]:
        return rules.pending(state)

    def legal_actions(self, state: State, seat: int) -> list[Action | Command]:
        if seat == MODERATOR:  # never pending; her commands are typed
            return []
        return moves.legal(state, seat)

    def sample_action(self, state: State, seat: int, rng: random.Random) -> Action:
        return moves.sample(state, seat, rng)

    def read(self, state: State, seat: int, text: str) -> Action | Command:
        if seat == MODERATOR:
            return moderator.read(state, text)
        words = text.split()
        if words and words[0].lower() in ("resolve", "override"):
            raise IllegalAction("only the moderator may resolve or override")
        return moves.resolve(state, seat, read(text))

    def check(self, state: State, seat: int, action: Action | Command) -> None:
        clock.check(state, seat, action)

    def apply(
        self, state: State, seat: int, action: Action | Command, at: float | None = None
    ) -> list[Event]:
        return clock.apply(state, seat, action, at)

    def begin(self, state: State, at: float) -> None:
        if not state.clock:
            flow.start_clock(state, at)

    def deadline(self, state: State) -> float | None:
        """The end of the Air or Land Phase (SEA-28, SEA-37), once the clock runs."""
        return flow.phase_deadline(state)

    def timeout_action(self, state: State, seat: int) -> Action:
        return moves.timeout(state, seat)

    def help_text(self, state: State, seat: int) -> str:
        return moves.help_text(state, seat)

    def channels(self, state: State, seat: int) -> frozenset[int]:
        return frozenset(range(state.num_players)) - {seat}

    # -- what each player may know -----------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        return view(state, seat)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return determinize(state, seat, rng)

    def forum_post(self, state: State, seat: int | None = None, fmt: str = "bbcode") -> str:
        """The public post (``seat`` None) or ``seat``'s private report (``exports``)."""
        if seat is None:
            return exports.public_post(state, fmt)
        if not 0 <= seat < state.num_players:
            raise ValueError(f"no seat {seat}; the players are {', '.join(state.names)}")
        return exports.private_report(state, seat, fmt)

    def describe(self, state: State, event: Event) -> str:
        return describe(state, event)


def _indices(words, names, count, option) -> list[int]:
    lowered = [n.lower() for n in names]
    out = []
    for w in words:
        if w.lower() not in lowered:
            raise OptionError(f"option {option}: {w!r} is not one of {', '.join(names)}")
        out.append(lowered.index(w.lower()))
    if count is not None and len(out) != count:
        raise OptionError(f"option {option}: name one for each of the {count} seats")
    return out


GAME = Seabirds()

__all__ = ["GAME", "Seabirds"]
