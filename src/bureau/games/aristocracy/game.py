"""Aristocracy (Felix Leeb, 2018) on Bureau's rules contract."""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from collections.abc import Mapping
from importlib.resources import files
from typing import Any

from bureau.cards import CardError, card_text, parse_card
from bureau.engine import Event, Game, Option, OptionError
from bureau.engine.positions import POSITION

from . import flow, moves, rules
from .actions import Action, read
from .determinize import determinize
from .state import State
from .text import describe
from .views import view

SIZE_OPTIONS = ("farm_size", "estate_size", "chateau_size")

OPTIONS = (
    Option(
        "variant",
        "standard",
        "a named variant of variants.toml: standard, longer, shorter",
        choices=("standard", "longer", "shorter"),
    ),
    Option(
        "decks",
        2,
        "decks shuffled together (ARI-02; 1 in the shorter variant)",
        kind="int",
        choices=(1, 2),
        minimum=1,
        maximum=2,
    ),
    # Two decks hold 8 cards of a rank: a château of 7 building cards and its address at most.
    Option(
        "farm_size",
        3,
        "building cards in a farm (ARI-33, ARI-82)",
        kind="int",
        minimum=1,
        maximum=5,
    ),
    Option("estate_size", 4, "building cards in an estate", kind="int", minimum=2, maximum=6),
    Option("chateau_size", 5, "building cards in a château", kind="int", minimum=3, maximum=7),
    Option(
        "base_hand_size",
        7,
        "hand limit before châteaux, and the cards dealt (ARI-31, ARI-A24)",
        kind="int",
        minimum=1,
        maximum=11,  # ARI-A24's 2 x (farm + 1) - 1 for the largest farm, 5
    ),
    Option(
        "recompute_stall_order",
        True,
        "recompute stall weights before each turn (ARI-A01)",
        kind="bool",
    ),
    Option(
        "production_on_upgrade",
        "discard",
        "what happens to a farm's production card when it is upgraded (ARI-A05)",
        choices=("discard", "keep"),
    ),
    Option(
        "revisit_choice",
        "visitor",
        "who picks discard-or-pay on a re-visit (ARI-A08)",
        choices=("visitor", "owner"),
    ),
    Option(
        "ball_reveal_attribution", False, "show who gave which ball card (ARI-A12)", kind="bool"
    ),
    Option(
        "show_stall_counts_before_reveal",
        True,
        "show how many cards earlier players put in their stalls (ARI-A15)",
        kind="bool",
    ),
    Option(
        "max_years",
        None,
        "stop, capped, after this year's King round (ARI-A23)",
        kind="int?",
        minimum=1,
        maximum=100,
        bot_default=20,
    ),
    Option(
        "decision_seconds",
        None,
        "a clock on each decision, in seconds (off: none)",
        kind="int?",
        minimum=1,
        maximum=30 * 24 * 3600,  # 30 days
    ),
    Option(
        "herald",
        None,
        "fixture: the first Herald's seat (default: random)",
        kind="seat",
        minimum=0,
        maximum=4,
        fixture=True,
    ),
    Option(
        "deck",
        None,
        "fixture: the play deck from the top; seat 0 is dealt the first hand (7 cards), "
        "seat 1 the next, ...; the rest is the draw pile",
        kind="cards",
        fixture=True,
    ),
    POSITION,
)


def _load_variants() -> dict[str, dict]:
    """``variants.toml``, checked: every key an option, every value valid."""
    path = files(__package__) / "variants.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise OptionError(f"{path}: not valid TOML: {exc}") from None
    by_name = {o.name: o for o in OPTIONS}
    for variant, settings in data.items():
        if not isinstance(settings, dict):
            raise OptionError(f"{path}: [{variant}] must be a table of option settings")
        for key, value in settings.items():
            if key not in by_name or key in ("variant", "deck", "herald"):
                raise OptionError(f"{path}: [{variant}] {key}: not a rule option")
            try:
                by_name[key].convert(value)
            except OptionError as exc:
                raise OptionError(f"{path}: [{variant}] {key}: {exc}") from None
    return data


VARIANTS = _load_variants()


class Aristocracy(Game[State, Action]):
    """Aristocracy: stalls, buildings, the ball and the auction, for 2-5 players."""

    name = "aristocracy"
    positions = "bureau.games.aristocracy.positions"
    heuristic = "bureau.games.aristocracy.heuristic"
    stats = "bureau.games.aristocracy.stats"
    ismcts = "rollout=heuristic:guide=tree:iterations=200:plies=1:compare=hint:explore=0.1"
    title = "Aristocracy"
    version = "1"
    min_players = 2
    max_players = 5
    options = OPTIONS
    summary = "card game: stalls, buildings, ball, auction (Felix Leeb, 2018)"

    # -- setup -------------------------------------------------------------------------------------

    def resolve_options(
        self, given: Mapping[str, Any] | None, bots_only: bool = False
    ) -> dict[str, Any]:
        given = dict(given or {})
        variant = self.options[0].convert(given.get("variant", "standard"))
        resolved = super().resolve_options({**VARIANTS[variant], **given}, bots_only)
        farm, estate, chateau = (resolved[k] for k in ("farm_size", "estate_size", "chateau_size"))
        if not estate == farm + 1 == chateau - 1:  # every size between is a building type
            raise OptionError(
                f"building sizes must be consecutive, like farm 3, estate 4, château 5; "
                f"got {farm}, {estate}, {chateau}"
            )
        most = 4 * resolved["decks"]  # cards of one rank in the play deck
        short = chateau + 1 - most
        if short > 0 and farm > short and not any(k in given for k in SIZE_OPTIONS):
            # Fewer decks than the sizes need, sizes not set: the rules' "one deck and fewer
            # building cards" (ARI-82), the largest consecutive sizes the decks can complete,
            # and the hand they give (ARI-A24) unless it is set.
            farm, estate, chateau = farm - short, estate - short, chateau - short
            resolved.update(farm_size=farm, estate_size=estate, chateau_size=chateau)
            if "base_hand_size" not in given:
                resolved["base_hand_size"] = 2 * (farm + 1) - 1
        if chateau + 1 > most:  # no château could ever be complete, so no Glory (ARI-35)
            raise OptionError(
                f"a complete château is {chateau + 1} cards of one rank (an address card and "
                f"{chateau} building cards), but {resolved['decks']} deck(s) hold {most} of a "
                f"rank: use chateau_size {most - 1} or less, or more decks"
            )
        return resolved

    def setup(self, names: tuple[str, ...], seed: int, options: dict[str, Any]) -> State:
        n = len(names)
        if options["herald"] is not None and not 0 <= options["herald"] < n:
            raise OptionError(f"option herald: seat {options['herald']} is not 0-{n - 1}")
        deck = self._fixture_deck(options, n)
        deal, held = options["base_hand_size"], len(flow.play_deck(options["decks"]))
        if not deck and deal * n > held:
            raise OptionError(
                f"option base_hand_size: {n} hands of {deal} are {deal * n} cards, but "
                f"{options['decks']} deck(s) hold {held}: deal at most {held // n} to {n} players"
            )
        return flow.setup(names, seed, options, deck)

    def _fixture_deck(self, options: dict, n: int) -> list[int]:
        if not options["deck"]:
            return []
        try:
            deck = [parse_card(t) for t in options["deck"]]
        except CardError as exc:
            raise OptionError(f"option deck: {exc}") from None
        have = Counter(flow.play_deck(options["decks"]))
        for c, k in Counter(deck).items():
            if k > have[c]:
                raise OptionError(
                    f"option deck: {card_text(c)} appears {k} times; the play deck holds {have[c]}"
                )
        deal = options["base_hand_size"]
        if len(deck) < deal * n:
            raise OptionError(
                f"option deck: {len(deck)} cards cannot deal {deal} to each of {n} players"
            )
        return deck

    # -- the contract ------------------------------------------------------------------------------

    def pending(self, state: State) -> tuple[int, ...]:
        return rules.pending(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return moves.legal(state, seat)

    def sample_action(self, state: State, seat: int, rng: random.Random) -> Action:
        return moves.sample(state, seat, rng)

    def read(self, state: State, seat: int, text: str) -> Action:
        return moves.resolve(state, seat, read(text))

    def check(self, state: State, seat: int, action: Action) -> None:
        rules.check(state, seat, action)

    def perform(self, state: State, seat: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        rules.perform(state, seat, action, ev)
        return ev

    def decision_key(self, state: State) -> tuple:
        return (
            state.step,
            state.year,
            state.royal,
            state.turn,
            state.active,
            state.actions_left,
            len(state.picks),
        )

    def timeout_action(self, state: State, seat: int) -> Action:
        return moves.timeout(state, seat)

    def help_text(self, state: State, seat: int) -> str:
        return moves.help_text(state, seat)

    # -- what each player may know -----------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        return view(state, seat)

    # -- determinization ---------------------------------------------------------------------------

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Re-deal every card ``seat`` cannot see (``determinize.py`` says what is kept)."""
        return determinize(state, seat, rng)

    # -- text --------------------------------------------------------------------------------------

    def describe(self, state: State, event: Event) -> str:
        return describe(state, event)


GAME = Aristocracy()

__all__ = ["GAME", "Aristocracy"]
