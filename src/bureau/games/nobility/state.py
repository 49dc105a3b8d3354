"""Nobility's state: plain lists of small ints and slotted melds, cheap to clone.

Cards are ``bureau.cards`` codes (ints 0..53, jokers 52 and 53). Piles are
lists whose *top is the last element*: the stock, the stock discard pile
(face up) and the noble discard pile. A meld is a cyclic run of one suit's
province cards (2..10, the 2 following the 10), stored as its suit, the
cyclic index of its first card (0 for a 2 .. 8 for a 10) and its length.
"""

from __future__ import annotations

import random
from typing import NamedTuple, TypedDict

from bureau.cards import KING, rank, suit
from bureau.engine import Outcome
from bureau.engine.deals import Deal
from bureau.engine.rng import copy_rng

# Phases of a turn, and the decisions that interrupt one.
START = "start"  # the draw-and-meld phase is unused: draw, retrieve, pass, merge, concede
MELD = "meld"  # after the draw: meld operations or a battle, then done
RETRIEVE = "retrieve"  # after a paid retrieval: more paid retrievals, then done
FREE = "free"  # after a free retrieval: more free retrievals, then done
DISCARD = "discard"  # discard down to three cards
DEFEND = "defend"  # the attacked player chooses the nobles that defend her hand
LOSE = "lose"  # a battle side chooses which of its nobles are lost
DROP = "drop"  # a player chooses which nobles she cannot maintain
ELECTION = "election"  # the coalition window of an election
MERGE = "merge"  # a passing player waits for her merge to be answered
OVER = "over"

NUM_PLAYERS = 3
SEAT_NAMES = ("North", "East", "South")  # clockwise, for the docs; seats are 0, 1, 2
HAND = 3  # hand size between turns (NOB-19)
FULL = 4  # hand size after the draw and the replenish (NOB-12, NOB-18)
PROVINCES = 36  # NOB-04
MAJORITY = 19  # NOB-48
CURRENCY = 180  # NOB-03
FEE = 15  # maintenance and retrieval, per noble (NOB-24, NOB-58)
RING = 9  # province cards per suit: cyclic indices 0..8 stand for ranks 2..10

# What a match counts for the designers' statistics (``State.tally``, ``count``).
TALLY = (
    "battles",
    "battles_won",
    "hand_battles",
    "hands_captured",
    "melds_captured",
    "provinces_captured",
    "income_events",
    "nobles_retrieved",
    "nobles_taken_back",
    "nobles_unpaid",
    "coalitions",
    "deals",
    "elections",
)
_TALLY_INDEX = {name: k for k, name in enumerate(TALLY)}


_PROVINCE = tuple(c < 52 and 2 <= c % 13 + 1 <= 10 for c in range(54))
_NOBLE = tuple(c < 52 and (c % 13 == 0 or c % 13 >= 10) for c in range(54))
_KING = tuple(c < 52 and rank(c) == KING for c in range(54))


def is_province(c: int) -> bool:
    """A 2..10 of any suit."""
    return _PROVINCE[c]


def is_noble(c: int) -> bool:
    """An ace, jack, queen or king."""
    return _NOBLE[c]


def is_king(c: int) -> bool:
    return _KING[c]


def index_of(c: int) -> int:
    """Cyclic index of a province card: 2 -> 0 .. 10 -> 8."""
    return c % 13 - 1


def province(s: int, i: int) -> int:
    """The province card of suit ``s`` at cyclic index ``i`` (taken modulo 9)."""
    return s * 13 + i % RING + 1


class Battle(NamedTuple):
    """A battle under way (NOB-37, NOB-A04, NOB-A05)."""

    attacker: int
    target: int  # the attacked meld's index, -1 for a hand
    defender: int
    attackers: tuple[int, ...]  # the attacking nobles
    defenders: tuple[int, ...]  # the defending nobles; () while a hand's owner chooses them


class Losses(NamedTuple):
    """A battle side choosing which of its nobles it loses (NOB-A04)."""

    chooser: int
    number: int  # of nobles to lose (``count`` would hide tuple.count)
    candidates: tuple[int, ...]


class Drops(NamedTuple):
    """Income paused while a player chooses the nobles she cannot maintain (NOB-A16)."""

    dropper: int
    number: int  # of nobles to drop
    rest: tuple[int, ...]  # the players still to be paid this round, in order
    noble_suit: int  # the suit the round's nobles pay for


class RubberResult(TypedDict):
    """How a rubber ended (NOB-A11, NOB-A18), kept as the dict its event, the view, the
    outcome's details and a position's ``rubbers`` carry."""

    rubber: int  # its number, from 1
    winner: int | None  # None: shared first place, or none
    first: list[int]  # the seats in first place
    ranking: list[int]  # per seat, 1 the best
    reason: str
    provinces: list[int]  # per seat
    money: list[int]  # per seat
    out: list[int]  # the seats that conceded


class Window(NamedTuple):
    """The coalition window of an election."""

    order: tuple[int, ...]  # the players, clockwise from the active one
    position: int  # the index in ``order`` of the player to answer


class Meld:
    """A province meld: a cyclic run of one suit, its owner, defending nobles, joker."""

    __slots__ = ("joker", "length", "nobles", "owner", "start", "suit")

    def __init__(
        self,
        owner: int,
        s: int,
        start: int,
        length: int,
        nobles: list[int] | None = None,
        joker: int = -1,
    ):
        self.owner = owner
        self.suit = s
        self.start = start % RING
        self.length = length
        self.nobles: list[int] = nobles if nobles is not None else []
        self.joker = joker  # -1: none

    def clone(self) -> Meld:
        return Meld(self.owner, self.suit, self.start, self.length, self.nobles[:], self.joker)

    @property
    def name(self) -> int:
        """The card that names the meld: its first card in sequence order."""
        return province(self.suit, self.start)

    def cards(self) -> list[int]:
        """Its province cards in sequence order."""
        return [province(self.suit, self.start + k) for k in range(self.length)]

    def holds(self, c: int) -> bool:
        if c >= 52 or suit(c) != self.suit or not is_province(c):
            return False
        return (index_of(c) - self.start) % RING < self.length

    def low_end(self) -> int:
        """The card that would extend it before its first card (-1 when complete)."""
        return -1 if self.length >= RING else province(self.suit, self.start - 1)

    def high_end(self) -> int:
        """The card that would extend it after its last card (-1 when complete)."""
        return -1 if self.length >= RING else province(self.suit, self.start + self.length)

    def __repr__(self) -> str:
        return (
            f"Meld(owner={self.owner}, suit={self.suit}, start={self.start}, "
            f"length={self.length}, nobles={self.nobles}, joker={self.joker})"
        )


class State:
    """Everything about one match of Nobility (one or more rubbers)."""

    __slots__ = (
        "acted",
        "active",
        "activity",
        "attacks",
        "bank",
        "battle",
        "captured",
        "coalition",
        "dealer",
        "drew",
        "elections",
        "exhausted",
        "foe",
        "freed",
        "hands",
        "idle",
        "income",
        "known",
        "lose",
        "majority",
        "melds",
        "money",
        "names",
        "ndiscard",
        "next_deal",
        "noble_order",
        "num_players",
        "offers",
        "offers_made",
        "options",
        "out",
        "outcome",
        "phase",
        "resume",
        "rng",
        "rubber",
        "rubber_results",
        "rubber_turns",
        "sdiscard",
        "seed",
        "step_started",
        "stock",
        "surplus",
        "table",
        "tally",
        "turn_exhausted",
        "turns",
        "window",
        "wins",
    )

    def __init__(self, names: tuple[str, ...], seed: int, options: dict, rng: random.Random):
        n = len(names)
        self.names = names
        self.num_players = n
        self.seed = seed
        self.options = options
        self.rng = rng
        self.table: tuple[tuple[int, ...], ...] = ()  # income per [length][suit] (income.toml)
        self.stock: list[int] = []
        self.sdiscard: list[int] = []  # the stock discard pile, face up
        self.ndiscard: list[int] = []  # the noble discard pile, face up
        self.hands: list[list[int]] = [[] for _ in range(n)]
        # Cards everybody knows to be in each hand (a sub-multiset of it).
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.melds: list[Meld] = []
        self.noble_order: list[int] = []  # defending nobles, oldest placement first
        self.money: list[int] = [0] * n
        self.bank = CURRENCY
        self.coalition: tuple[int, ...] = ()
        self.majority: tuple[int, ...] = ()  # the election snapshot (NOB-A09)
        self.elections = 0
        self.exhausted = False
        self.out: list[bool] = [False] * n  # conceded this rubber
        self.dealer = 0
        self.active = 0
        self.phase = START
        # The turn in progress.
        self.drew = False
        self.acted = 0  # meld operations this turn
        self.attacks = 0  # bits: 1 a meld attacked, 2 a hand attacked, 4 a hand captured
        self.foe = -1  # the player attacked this turn
        self.captured: list[int] = []  # captured cards still in the active hand
        self.freed = 0  # nobles taken back by free retrieval this turn
        self.activity = False  # a meld operation, battle or retrieval (NOB-A11)
        self.turn_exhausted = False  # the turn began in the Exhausted state
        self.offers_made = 0  # offers made during this turn
        # Interrupted steps.
        self.battle: Battle | None = None
        self.lose: Losses | None = None
        self.income: Drops | None = None
        self.window: Window | None = None
        self.resume = ""  # what an election interrupted: draw or replenish
        self.surplus: tuple[int, ...] = ()  # players who must shed cards given by a deal
        # Deals (bureau.engine.deals).
        self.offers: tuple[Deal, ...] = ()
        self.next_deal = 1
        # Counting.
        self.idle = 0  # consecutive idle Exhausted turns
        self.turns = 0  # turns finished in the match
        self.rubber_turns = 0  # turns finished in this rubber
        self.rubber = 1
        self.wins: list[int] = [0] * n
        self.rubber_results: list[RubberResult] = []
        self.tally: tuple[int, ...] = (0,) * len(TALLY)  # a tuple: clones share it
        self.outcome: Outcome | None = None
        self.step_started: float | None = None

    def clone(self, rng: random.Random | None = None) -> State:
        """An independent copy, with ``rng`` as its generator if given (a re-deal brings
        its own), else a copy of this state's (``copy_rng``: this state is left as it was).

        Search bots clone once an iteration: the slots are assigned one by one (a loop
        of ``setattr`` costs three times as much). Every slot must be here (a test
        checks): the lists are copied, the rest is immutable or replaced whole.
        """
        new = State.__new__(State)
        new.rng = copy_rng(self.rng) if rng is None else rng
        new.names = self.names
        new.num_players = self.num_players
        new.seed = self.seed
        new.options = self.options
        new.table = self.table
        new.stock = self.stock[:]
        new.sdiscard = self.sdiscard[:]
        new.ndiscard = self.ndiscard[:]
        new.hands = list(map(list.copy, self.hands))
        new.known = list(map(list.copy, self.known))
        new.melds = list(map(Meld.clone, self.melds))
        new.noble_order = self.noble_order[:]
        new.money = self.money[:]
        new.bank = self.bank
        new.coalition = self.coalition
        new.majority = self.majority
        new.elections = self.elections
        new.exhausted = self.exhausted
        new.out = self.out[:]
        new.dealer = self.dealer
        new.active = self.active
        new.phase = self.phase
        new.drew = self.drew
        new.acted = self.acted
        new.attacks = self.attacks
        new.foe = self.foe
        new.captured = self.captured[:]
        new.freed = self.freed
        new.activity = self.activity
        new.turn_exhausted = self.turn_exhausted
        new.offers_made = self.offers_made
        new.battle = self.battle
        new.lose = self.lose
        new.income = self.income
        new.window = self.window
        new.resume = self.resume
        new.surplus = self.surplus
        new.offers = self.offers
        new.next_deal = self.next_deal
        new.idle = self.idle
        new.turns = self.turns
        new.rubber_turns = self.rubber_turns
        new.rubber = self.rubber
        new.wins = self.wins[:]
        new.rubber_results = self.rubber_results[:]
        new.tally = self.tally
        new.outcome = self.outcome
        new.step_started = self.step_started
        return new

    # -- small queries ------------------------------------------------------------------

    def count(self, what: str, by: int = 1) -> None:
        """Add ``by`` to the match's tally of ``what`` (a name in ``TALLY``)."""
        k = _TALLY_INDEX[what]
        t = self.tally
        self.tally = (*t[:k], t[k] + by, *t[k + 1 :])

    def live(self) -> list[int]:
        """Seats still in the rubber, in seat order."""
        return [seat for seat in range(self.num_players) if not self.out[seat]]

    def left_of(self, seat: int) -> int:
        """The next seat clockwise still in the rubber."""
        n = self.num_players
        for k in range(1, n + 1):
            other = (seat + k) % n
            if not self.out[other]:
                return other
        return seat

    def clockwise(self, seat: int) -> list[int]:
        """Live seats clockwise starting with ``seat``."""
        n = self.num_players
        return [(seat + k) % n for k in range(n) if not self.out[(seat + k) % n]]

    def provinces(self, seat: int) -> int:
        """Province cards in ``seat``'s melds."""
        return sum(m.length for m in self.melds if m.owner == seat)

    # The interrupted step under way, in the phase that waits on it (asserted: a phase's
    # own functions read it).

    def open_battle(self) -> Battle:
        """The battle under way (DEFEND, LOSE)."""
        assert self.battle is not None, "no battle is under way"
        return self.battle

    def open_losses(self) -> Losses:
        """The losses a battle side is choosing (LOSE)."""
        assert self.lose is not None, "no side is choosing its losses"
        return self.lose

    def open_drops(self) -> Drops:
        """The nobles a player is choosing to drop, income paused (DROP)."""
        assert self.income is not None, "no income is paused"
        return self.income

    def open_window(self) -> Window:
        """The coalition window of the election under way (ELECTION)."""
        assert self.window is not None, "no coalition window is open"
        return self.window

    def melds_of(self, seat: int) -> list[Meld]:
        return [m for m in self.melds if m.owner == seat]

    def meld_with(self, c: int) -> int:
        """Index of the meld holding province card ``c``, or -1."""
        for i, m in enumerate(self.melds):
            if m.holds(c):
                return i
        return -1
