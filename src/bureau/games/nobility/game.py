"""Nobility (Matthew Shields, 2005) on Bureau's rules contract."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bureau.cards import CardError, card_text, parse_card
from bureau.engine import Event, Game, Option, OptionError
from bureau.engine import deals as deal_book
from bureau.engine.positions import POSITION

from . import flow, moves, rules
from .actions import Action, read
from .determinize import determinize
from .diplomacy import RULES
from .income import GROUPINGS
from .state import State
from .text import describe
from .views import view

OPTIONS = (
    Option(
        "income_table",
        "minors_shared",
        "which suits share a column of the garbled income table (NOB-A01)",
        choices=GROUPINGS,
    ),
    Option(
        "income_scope",
        "all_melds",
        "which melds pay in an income event (NOB-A02)",
        choices=("all_melds", "noble_suit_only"),
    ),
    Option(
        "maintenance_when_zero_income",
        True,
        "maintenance is due even when a player received nothing (NOB-A03)",
        kind="bool",
    ),
    Option(
        "hand_defense",
        "defender_chooses",
        "who picks the nobles defending an attacked hand (NOB-A05)",
        choices=("defender_chooses", "all_nobles_auto"),
    ),
    Option(
        "attacks_per_turn",
        "one",
        "one attack a turn, or one on a meld and one on the hand of the same player (NOB-A06)",
        choices=("one", "meld_and_hand"),
    ),
    Option(
        "capture_meld",
        "captured_only",
        "after capturing a hand, melding must use captured cards (NOB-A07)",
        choices=("captured_only", "any"),
    ),
    Option(
        "starting_currency_per_player",
        0,
        "currency each player starts with, out of the 180 (NOB-A08)",
        kind="int",
        minimum=0,
        maximum=60,
    ),
    Option(
        "majority_mode",
        "election_snapshot",
        "majority fixed at each election, or counted at every income event (NOB-A09)",
        choices=("election_snapshot", "continuous"),
    ),
    Option(
        "coalition_doubles_without_majority",
        False,
        "a coalition's melds pay double even below 19 provinces (NOB-A09)",
        kind="bool",
    ),
    Option(
        "exhaustion_min_cards",
        1,
        "a stock discard pile smaller than this at a reshuffle exhausts the stock (NOB-A10)",
        kind="int",
        minimum=1,
        maximum=54,  # the whole deck
    ),
    Option(
        "win_check",
        "start_of_own_turn",
        "when all 36 provinces win the rubber (NOB-A11)",
        choices=("start_of_own_turn", "immediate"),
    ),
    Option(
        "stalemate_rule", True, "an idle round in the Exhausted state ends the rubber", kind="bool"
    ),
    Option(
        "max_elections",
        8,
        "the rubber ends when this election is counted (off: no cap) (NOB-A11)",
        kind="int?",
        minimum=1,
        maximum=100,
    ),
    Option(
        "free_retrieval_max",
        None,
        "nobles a free retrieval may take back in a turn (off: unlimited) (NOB-A15)",
        kind="int?",
        minimum=1,
        maximum=16,  # every noble
    ),
    Option(
        "merge_requires_acceptance",
        True,
        "the player merged with must accept the melds (NOB-A19)",
        kind="bool",
    ),
    Option(
        "rubbers_to_win",
        2,
        "rubbers that win the match (NOB-A18)",
        kind="int",
        minimum=1,
        maximum=10,
    ),
    Option(
        "max_rubbers",
        4,
        "the match ends after this many rubbers (NOB-68, NOB-A18: best of four); "
        "1 plays one rubber (the default of bot-only games)",
        kind="int",
        minimum=1,
        maximum=20,
        bot_default=1,
    ),
    Option(
        "max_turns",
        None,
        "stop, capped, after this many turns in one rubber",
        kind="int?",
        minimum=1,
        maximum=10000,
        bot_default=600,
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
        "dealer",
        None,
        "fixture: the first dealer's seat (default: random)",
        kind="seat",
        minimum=0,
        maximum=2,
        fixture=True,
    ),
    Option(
        "deck",
        None,
        "fixture: the deck from the top; seat 0 is dealt the first 3 cards, seat 1 the next"
        " 3, seat 2 the next 3, the 10th starts the stock discard pile and the rest is the"
        " stock, top first; a shorter list is completed with the missing cards in card order",
        kind="cards",
        fixture=True,
    ),
    POSITION,
)


def fixture_deck(texts: list[str]) -> list[int]:
    """The ``deck`` option as card codes, completed to the 54 cards in card order."""
    try:
        cards = [parse_card(t) for t in texts]
    except CardError as exc:
        raise OptionError(f"option deck: {exc}") from None
    repeated = sorted({card_text(c) for c, k in Counter(cards).items() if k > 1})
    if repeated:
        raise OptionError(f"option deck: {', '.join(repeated)} appear more than once")
    given = set(cards)
    return cards + [c for c in flow.full_deck() if c not in given]


class Nobility(Game[State, Action]):
    name = "nobility"
    positions = "bureau.games.nobility.positions"
    heuristic = "bureau.games.nobility.heuristic"
    stats = "bureau.games.nobility.stats"
    ismcts = "rollout=heuristic:guide=tree:prior=300"
    title = "Nobility"
    version = "1"
    min_players = 3
    max_players = 3
    options = OPTIONS
    summary = (
        "Three players meld province cards, defend them with nobles, battle, claim income"
        " and hold elections, with binding deals."
    )

    # -- setting up --------------------------------------------------------------------------

    def setup(self, names: tuple[str, ...], seed: int, options: dict[str, Any]) -> State:
        dealer = options["dealer"]
        if dealer is not None and not 0 <= dealer < len(names):
            raise OptionError(f"option dealer: seat {dealer} does not exist (0-{len(names) - 1})")
        deck = fixture_deck(options["deck"]) if options["deck"] else None
        return flow.setup(names, seed, options, deck)

    # -- the contract ------------------------------------------------------------------------

    def pending(self, state: State) -> tuple[int, ...]:
        return rules.pending(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return moves.legal(state, seat)

    def sample_action(self, state: State, seat: int, rng: random.Random) -> Action:
        return moves.sample(state, seat, rng)

    def read(self, state: State, seat: int, text: str) -> Action:
        if deal_book.is_deal_text(text):
            return deal_book.parse(state, seat, text, RULES)
        return moves.resolve(state, seat, read(text))

    def check(self, state: State, seat: int, action: Action) -> None:
        rules.check(state, seat, action)

    def perform(self, state: State, seat: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        rules.perform(state, seat, action, ev)
        return ev

    def decision_key(self, state: State) -> tuple:
        return (
            state.phase,
            state.turns,
            state.offers,
            state.surplus,
            state.window,
            len(state.hands[state.active]),
        )

    def timeout_action(self, state: State, seat: int) -> Action:
        return moves.timeout(state, seat)

    def help_text(self, state: State, seat: int) -> str:
        return moves.help_text(state, seat)

    # -- what each player may know -----------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        return view(state, seat)

    # -- determinization ---------------------------------------------------------------------

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Re-deal every card ``seat`` cannot see (``determinize.py`` says what is kept)."""
        return determinize(state, seat, rng)

    # -- text --------------------------------------------------------------------------------

    def describe(self, state: State, event: Event) -> str:
        return describe(state, event)


GAME = Nobility()

__all__ = ["GAME", "Nobility"]
