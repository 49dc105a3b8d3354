"""Seabirds' state: houses' holdings as lists of small ints, messages as tuples.

Houses are ints 0..5 (``HOUSES``); assets are ints 0..6: 0 is Money, ``1 + h``
is house ``h``'s Resource type (``ASSETS``). A house's holdings are a list of
seven counts. Time is seconds since the epoch (the action's time; in games
without a clock, a virtual minute per action), so records replay exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from bureau.engine import Event, Outcome
from bureau.engine.rng import copy_rng

from .transactions import ASSETS, UPGRADES, Transaction

MONEY = 0
NUM_ASSETS = len(ASSETS)
HARVESTING, BREEDING, USURY, SECRETS, SENSATION, SUPPRESSION = range(6)
LIFE, INFORMATION, LABOR = range(3)
GROUP = (LIFE, LIFE, INFORMATION, INFORMATION, LABOR, LABOR)  # SEA-05
GROUP_NAMES = ("Life", "Information", "Labor")
OPPOSES = {LIFE: INFORMATION, INFORMATION: LABOR, LABOR: LIFE}  # SEA-09 .. SEA-11
EXPANSION, CONTACTS, INFRASTRUCTURE, DISTRIBUTION, ADMINISTRATOR = range(5)

# Complication cards (SEA-20 .. SEA-23).
HAZARD, SURPLUS, WINDFALL, BUREAUCRACY = range(4)
CARDS = ("Hazard", "Surplus", "Windfall", "Bureaucracy")

# Phases of a round (SEA-25); the Resolution runs inside one step (SEA-A22).
DRAFT = "draft"  # houses are chosen (SEA-A23)
AIR = "air"
LAND = "land"
OVER = "over"


def own_asset(house: int) -> int:
    """The asset index of ``house``'s own Resource type."""
    return 1 + house


def opposed_assets(house: int) -> tuple[int, ...]:
    """The Resource types of the Group ``house`` considers opposed (SEA-A17)."""
    target = OPPOSES[GROUP[house]]
    return tuple(1 + h for h in range(6) if GROUP[h] == target)


def relation(a: int, b: int) -> str:
    """How house ``a`` considers house ``b``: allied, opposed or neutral (SEA-06 .. SEA-08)."""
    if GROUP[a] == GROUP[b]:
        return "allied"
    return "opposed" if OPPOSES[GROUP[a]] == GROUP[b] else "neutral"


class Message(NamedTuple):
    """A message as the Bureau keeps it. ``kind`` is public, private or hidden."""

    seq: int
    time: float
    author: int  # seat
    kind: str
    to: int  # private: the recipients as bits (1 << seat); hidden: the target Stop; public: -1
    text: str
    revealed: bool = False  # hidden messages: opened at a landing


class Proposal(NamedTuple):
    """A proposed change of the phase limits, waiting for everyone's agreement (SEA-A21)."""

    proposer: int  # seat
    air: int  # hours
    land: int  # hours


class Transfer(NamedTuple):
    """A resolved Transaction that gave to a House, for conditions over time (SEA-A13)."""

    seq: int  # the last message's sequence number when it resolved
    time: float
    giver: int  # house
    taker: int  # house
    amounts: tuple[int, ...]  # by asset


class LogEntry(NamedTuple):
    """A moderator's resolve or override (``bureau.games.seabirds.moderator``)."""

    kind: str  # resolve or override
    round: int
    phase: str
    what: str  # the override, in words; "" for a resolve
    reason: str  # "" for a resolve


class Pending(NamedTuple):
    """A Transaction waiting to resolve: sealed in a hidden message, or a standing
    conditional (SEA-A12, SEA-A14)."""

    seq: int  # the message's sequence number: submission order
    time: float  # submitted at
    seat: int
    house: int
    record: Transaction
    public: bool
    window: str  # same_batch, deadline or standing
    deadline: float | None
    part: int = 0  # the sentence's place in its message

    @property
    def order(self) -> tuple[int, int]:
        """Submission order: the message, then the sentence."""
        return (self.seq, self.part)


class State:
    """Everything about one game of Noble Houses of the Seabirds."""

    __slots__ = (
        "agreed",
        "chronicle",
        "clock",
        "deck",
        "discard",
        "distribution",
        "draft_order",
        "holdings",
        "house_of",
        "known_top",
        "limits",
        "log",
        "messages",
        "names",
        "next_seq",
        "now",
        "num_players",
        "options",
        "outcome",
        "phase",
        "phase_started",
        "proposal",
        "ready",
        "resolved",
        "rng",
        "rolls",
        "round",
        "round_paid",
        "sealed",
        "seed",
        "special_left",
        "special_round",
        "standing",
        "step_started",
        "stops",
        "upgrades",
    )

    def __init__(
        self, names: Sequence[str], seed: int, options: dict[str, Any], rng: random.Random
    ):
        n = len(names)
        self.names = tuple(names)
        self.num_players = n
        self.seed = seed
        self.options = options
        self.rng = rng
        self.stops = options["stops"]
        self.house_of = [-1] * n  # seat -> house
        self.rolls: list[int] = []  # the starting d6 per seat (SEA-12)
        self.draft_order: tuple[int, ...] = ()
        self.holdings = [[0] * NUM_ASSETS for _ in range(n)]  # per seat, per asset
        self.upgrades = [[0] * len(UPGRADES) for _ in range(n)]  # per seat, per upgrade
        self.distribution: list[list[int]] = [[] for _ in range(n)]  # standing orders, -1: none
        self.special_left = [0] * n  # Sensation and Suppression uses left (SEA-56)
        self.special_round = [0] * n  # the round of the last use (SEA-57)
        self.deck: list[int] = []  # complication cards, top last
        self.discard: list[int] = []  # revealed cards, public (SEA-24)
        self.known_top = False  # a Loyal Administrator put a known card on top (SEA-A19)
        self.round = 1
        self.phase = DRAFT
        self.phase_started = 0.0
        self.now = 0.0  # virtual seconds until the clock starts
        self.clock = False  # phases have deadlines once a time is known
        self.limits = (options["air_hours"], options["land_hours"])  # this round's, in hours
        self.proposal: Proposal | None = None
        self.agreed: tuple[int, ...] = ()  # seats that accepted the proposal
        self.ready: list[bool] = [False] * n
        self.messages: list[Message] = []
        self.next_seq = 1
        self.sealed: list[Pending] = []  # hidden Transactions not yet revealed
        self.standing: list[Pending] = []  # conditionals waiting for their condition
        self.resolved: list[Transfer] = []  # so far, for conditions over time
        self.round_paid: list[list[int]] = [[], []]  # Usury's, Secrets' payers this round
        self.outcome: Outcome | None = None
        self.step_started: float | None = None
        self.log: list[LogEntry] = []  # the moderator's resolves and overrides
        # Events since the Air Phase before the last Resolution: the forum posts' matter.
        self.chronicle: list[Event] = []

    def clone(self, rng: random.Random | None = None) -> State:
        """An independent copy, with ``rng`` as its generator if given (a re-deal brings
        its own), else a copy of this state's (``copy_rng``: this state is left as it was).

        Every slot is assigned here, one by one (a test checks): the lists are copied, the
        rest is immutable or replaced whole.
        """
        new = State.__new__(State)
        new.rng = copy_rng(self.rng) if rng is None else rng
        new.agreed = self.agreed
        new.chronicle = self.chronicle[:]
        new.clock = self.clock
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.distribution = [d[:] for d in self.distribution]
        new.draft_order = self.draft_order
        new.holdings = [h[:] for h in self.holdings]
        new.house_of = self.house_of[:]
        new.known_top = self.known_top
        new.limits = self.limits
        new.log = self.log[:]
        new.messages = self.messages[:]
        new.names = self.names
        new.next_seq = self.next_seq
        new.now = self.now
        new.num_players = self.num_players
        new.options = self.options
        new.outcome = self.outcome
        new.phase = self.phase
        new.phase_started = self.phase_started
        new.proposal = self.proposal
        new.ready = self.ready[:]
        new.resolved = self.resolved[:]
        new.rolls = self.rolls
        new.round = self.round
        new.round_paid = [p[:] for p in self.round_paid]
        new.sealed = self.sealed[:]
        new.seed = self.seed
        new.special_left = self.special_left[:]
        new.special_round = self.special_round[:]
        new.standing = self.standing[:]
        new.step_started = self.step_started
        new.stops = self.stops
        new.upgrades = [u[:] for u in self.upgrades]
        return new

    def coming_stop(self) -> int:
        """The lowest Stop whose Resolution has not begun (SEA-A08); past the last Stop
        once the final Resolution has run."""
        return self.round if self.phase in ("draft", "air") else self.round + 1

    def seat_of(self, house: int) -> int:
        """The seat playing ``house``, or -1 if nobody does."""
        return self.house_of.index(house) if house in self.house_of else -1

    def players(self) -> dict[str, int]:
        """Each player's name -> his House, for the Transactions that name a player for
        his House ("to Ben", SEA-A27); empty during the draft."""
        return {name: h for name, h in zip(self.names, self.house_of, strict=True) if h >= 0}
