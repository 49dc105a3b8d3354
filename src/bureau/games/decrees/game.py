"""Final Decrees (Carl de Visser) on Bureau's rules contract."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from bureau.engine import Event, Game, Option, OptionError
from bureau.engine import deals as deal_book
from bureau.engine.positions import POSITION

from . import flow, moves, rules
from .actions import RESERVED, Action, read
from .data import Card, Decree, for_table, load_deck, load_decrees
from .determinize import determinize
from .diplomacy import RULES
from .state import DEPT_CODES, EXE, HAND_PILE, TOP_PILE, State
from .text import describe
from .views import view

OPTIONS = (
    Option(
        "deck",
        "house_v1",
        "the deck: house_v1, or the path of a deck TOML file (DEC-A01)",
        builtins=("house_v1",),
    ),
    Option(
        "decrees",
        "house_v1",
        "the decrees: house_v1, or the path of a decrees TOML file (DEC-A02)",
        builtins=("house_v1",),
    ),
    Option(
        "spread_to_self",
        True,
        "spreading may also put blame on your own department (DEC-A03)",
        kind="bool",
    ),
    Option(
        "max_controllers",
        1,
        "controllers a department may have (DEC-A04)",
        kind="int",
        minimum=1,
        maximum=5,  # every other department
    ),
    Option(
        "sd_discard_count",
        5,
        "cards Stagnation and Decline discards (DEC-A06)",
        kind="int",
        minimum=0,
        maximum=60,
    ),
    Option(
        "sd_choose_one_variant",
        False,
        "the drawer of Stagnation and Decline keeps one of the discarded cards (DEC-19)",
        kind="bool",
    ),
    Option(
        "final_audit",
        False,
        "departmental blame goes to the heads before the final count (DEC-A07)",
        kind="bool",
    ),
    Option(
        "tiebreak",
        "shared",
        "tied players share the win, or the least blame on their department wins (DEC-A08)",
        choices=("shared", "least_dept_blame"),
    ),
    Option(
        "max_rebids",
        3,
        "rebids for Human Resources before it goes by lot (DEC-A09)",
        kind="int",
        minimum=0,
        maximum=20,
    ),
    Option(
        "chooser_timeout_action",
        "none",
        "what a chooser who misses the deadline removes: nothing, or her own blame (DEC-A22)",
        choices=("none", "own"),
    ),
    Option("allow_blame_trades", True, "players may trade personal blame (DEC-A14)", kind="bool"),
    Option(
        "max_turns",
        None,
        "stop, capped, after this many turns (off: none; the deck ends every game)",
        kind="int?",
        minimum=1,
        maximum=1000,
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
        "deck_order",
        None,
        "fixture: the cards in play by key, one dealt to each seat in seat order, then the"
        " deck from the top; only these cards are in the game",
        kind="words",
        fixture=True,
    ),
    Option(
        "heads",
        None,
        "fixture: each seat's department (REF EXE HR TRE SS ADM), skipping the bid and the"
        " assignment; personal blame starts at 0",
        kind="words",
        fixture=True,
    ),
    POSITION,
)


@lru_cache(maxsize=4)
def _house(which: str) -> tuple:
    return load_deck("house_v1") if which == "deck" else load_decrees("house_v1")


def deck_of(spec: str) -> tuple[Card, ...]:
    return _house("deck") if spec == "house_v1" else load_deck(spec)


def decrees_of(spec: str) -> tuple[Decree, ...]:
    return _house("decrees") if spec == "house_v1" else load_decrees(spec)


class FinalDecrees(Game[State, Action]):
    name = "decrees"
    heuristic = "bureau.games.decrees.heuristic"
    positions = "bureau.games.decrees.positions"
    stats = "bureau.games.decrees.stats"
    ismcts = "rollout=heuristic:guide=tree:iterations=60:plies=1:compare=hint:explore=0.1"
    title = "Final Decrees"
    version = "1"
    min_players = 4
    max_players = 5
    options = OPTIONS
    reveals = frozenset({"drew", "bids"})  # a card drawn, sealed bids opened
    summary = (
        "Four or five executives of a collapsing empire shuffle blame between departments,"
        " forward and stamp decrees, and trade blame; the least personal blame wins."
    )

    # -- setting up --------------------------------------------------------------------------

    def player_names(self, players: int | Sequence[str]) -> tuple[str, ...]:
        names = super().player_names(players)
        for name in names:
            if name.lower() in RESERVED:
                raise OptionError(
                    f"player name {name!r} is a word of the game's actions (a department,"
                    " a decree or a keyword); choose another"
                )
        return names

    def setup(self, names: tuple[str, ...], seed: int, options: dict[str, Any]) -> State:
        cards = deck_of(options["deck"])
        decrees = for_table(decrees_of(options["decrees"]), len(names))
        n = len(names)
        heads = _heads(options["heads"], n) if options["heads"] else None
        order = _order(options["deck_order"], cards, n) if options["deck_order"] else None
        if order is None:
            plain = sum(c.copies for c in cards) - 1
            need = n + HAND_PILE + TOP_PILE
            if plain < need:
                raise OptionError(
                    f"option deck: {plain} cards besides Stagnation and Decline, but the"
                    f" set-up deals one a player and piles of {HAND_PILE} and {TOP_PILE}:"
                    f" at least {need} are needed"
                )
        return flow.setup(names, seed, options, cards, decrees, heads, order)

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
            state.rebids,
            state.actions_left,
            state.offers,
            state.choose,
        )

    def timeout_action(self, state: State, seat: int) -> Action:
        return moves.timeout(state, seat)

    def help_text(self, state: State, seat: int) -> str:
        return moves.help_text(state, seat)

    # -- what each player may know (DEC-A24) -------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        return view(state, seat)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return determinize(state, seat, rng)

    # -- text --------------------------------------------------------------------------------

    def describe(self, state: State, event: Event) -> str:
        return describe(state, event)


def _heads(codes: list[str], n: int) -> list[int]:
    if len(codes) != n:
        raise OptionError(f"option heads: name one department for each of the {n} seats")
    depts = []
    for code in codes:
        if code.upper() not in DEPT_CODES:
            raise OptionError(f"option heads: {code!r} is not one of {', '.join(DEPT_CODES)}")
        depts.append(DEPT_CODES.index(code.upper()))
    if len(set(depts)) != n:
        raise OptionError("option heads: each seat heads a different department")
    if n == 4 and DEPT_CODES.index("REF") in depts:
        raise OptionError("option heads: there is no Department of Reform at four players")
    if EXE not in depts:
        raise OptionError("option heads: someone must head EXE, who plays first")
    return depts


def _order(keys: list[str], cards, n: int) -> list[int]:
    by_key = {c.key: k for k, c in enumerate(cards)}
    out = []
    for key in keys:
        if key.lower() not in by_key:
            raise OptionError(f"option deck_order: no card is called {key!r}")
        out.append(by_key[key.lower()])
    for kind, count in Counter(out).items():
        if count > cards[kind].copies:
            raise OptionError(
                f"option deck_order: {cards[kind].key} appears {count} times; the deck has"
                f" {cards[kind].copies}"
            )
    sd = next(k for k, c in enumerate(cards) if c.is_decline)
    if len(out) <= n or sd in out[:n]:
        raise OptionError(
            f"option deck_order: list a card for each of the {n} seats (not Stagnation and"
            " Decline) and at least one for the deck"
        )
    return out


GAME = FinalDecrees()

__all__ = ["GAME", "FinalDecrees"]
