"""Aristocracy's state: plain lists of small ints, cheap to clone.

Cards are ``bureau.cards`` codes. Piles are lists: the draw pile's top is its
last element; the discard pile's *bottom* (oldest card) is element 0, and its
four oldest cards are the face-up ones (ARI-76, ARI-A17).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple, TypeVar

from bureau.engine import Outcome
from bureau.engine.rng import copy_rng

# Royals of a year, in order (ARI-09).
KING, QUEEN, JACK = 0, 1, 2
ROYAL_NAMES = ("King", "Queen", "Jack")

# Steps that wait for a decision.
TAX = "tax"  # over-limit players discard, simultaneously and secretly
BALL = "ball"  # contributions, in herald order, face down
BID = "bid"  # sealed bids, simultaneous
PICK = "pick"  # auction winners pick market cards, in herald order, openly
STALL = "stall"  # stalls formed in herald order, face down
ACT = "act"  # the active player takes her actions
PENALTY = "penalty"  # a visitor may invoke the re-visit penalty
FORCE = "force"  # the penalty's chooser picks discard or pay
EXPOSE = "expose"  # a visitor may expose a mismatched card
GLORY = "glory"  # every player, secretly: end the game or not
OVER = "over"

FACE_UP = 4  # face-up cards at the bottom of the discard pile


class Picked(NamedTuple):
    """A market card an auction winner picked (ARI-A17's picks, revealed together)."""

    seat: int
    at: int  # its position in the market


class Visiting(NamedTuple):
    """The building a visit found mismatched, while its penalty and exposure are open."""

    owner: int
    building: int  # its index among the owner's buildings; -1 once it was dismantled
    card: int  # the index of the card the penalty invoked; -1 when none is (or settled)


class Discards(NamedTuple):
    """A Tax discard (ARI-32), face down; empty for a player within her hand limit."""

    cards: tuple[int, ...]


class SealedBid(NamedTuple):
    """A sealed bid (ARI-49), in coins."""

    coins: int


class FaceDownStall(NamedTuple):
    """A stall formed face down (ARI-15); empty for an empty hand."""

    cards: tuple[int, ...]


class GloryVote(NamedTuple):
    """A secret answer at Glory (ARI-A09): end the game or not."""

    end: bool


# A secret choice made, by step: Discards at TAX, SealedBid at BID, FaceDownStall at
# STALL, GloryVote at GLORY; None while the player has not chosen (or is not asked).
Committed = Discards | SealedBid | FaceDownStall | GloryVote
NO_DISCARDS = Discards(())  # within the hand limit
NO_BID = SealedBid(0)  # without coins (ARI-49)
EMPTY_STALL = FaceDownStall(())  # from an empty hand
C = TypeVar("C", Discards, SealedBid, FaceDownStall, GloryVote)  # one step's choices


class Building:
    """An address card and its building cards (face down unless exposed)."""

    __slots__ = ("address", "cards", "exposed", "production")

    def __init__(
        self,
        address: int,
        cards: list[int],
        exposed: list[bool] | None = None,
        production: int | None = None,
    ):
        self.address = address
        self.cards = cards
        self.exposed = exposed if exposed is not None else [False] * len(cards)
        self.production: int | None = production

    def clone(self) -> Building:
        new = Building.__new__(Building)
        new.address = self.address
        new.cards = self.cards[:]
        new.exposed = self.exposed[:]
        new.production = self.production
        return new

    def mismatched(self, rank_of: Callable[[int], int]) -> list[int]:
        """Indices of building cards whose rank differs from the address card's."""
        want = rank_of(self.address)
        return [i for i, c in enumerate(self.cards) if rank_of(c) != want]


class State:
    """Everything about one game of Aristocracy."""

    __slots__ = (
        "acted",
        "actions_left",
        "active",
        "ball",
        "bids",
        "buildings",
        "coins",
        "committed",
        "deck",
        "discard",
        "doomed",
        "ended_by",
        "first_king",
        "hands",
        "herald",
        "known",
        "market",
        "names",
        "num_players",
        "options",
        "outcome",
        "pickers",
        "picks",
        "reveal_weights",
        "rng",
        "royal",
        "seed",
        "stall_size",
        "stalls",
        "step",
        "step_started",
        "turn",
        "visit",
        "year",
    )

    def __init__(self, names: tuple[str, ...], seed: int, options: dict, rng: random.Random):
        n = len(names)
        self.names = names
        self.num_players = n
        self.seed = seed
        self.options = options
        self.rng = rng
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.market: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        # Cards everybody knows to be in each hand (a sub-multiset of it).
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.stalls: list[list[int]] = [[] for _ in range(n)]
        self.coins: list[int] = [0] * n
        self.buildings: list[list[Building]] = [[] for _ in range(n)]
        self.herald = 0
        self.year = 1
        self.royal = KING
        self.first_king = True
        self.step = STALL
        # Secret choices made but not yet revealed (immutable: clones share them).
        self.committed: list[Committed | None] = [None] * n
        self.ball: list[list[int]] = [[] for _ in range(n)]
        self.bids: list[int] = [0] * n
        self.pickers: list[int] = []  # seats still to pick, in order
        self.picks: list[Picked] = []  # picked so far
        self.turn = 0  # index into herald order for sequential steps
        self.stall_size: list[int] = [0] * n
        self.reveal_weights: list[int] = [0] * n
        self.acted: list[bool] = [False] * n
        self.active = -1
        self.actions_left = 0
        self.doomed: list[int] = []  # stall cards an action discards, at the end of the turn
        self.visit: Visiting | None = None
        self.ended_by = -1
        self.outcome: Outcome | None = None
        self.step_started: float | None = None

    def clone(self, rng: random.Random | None = None) -> State:
        """An independent copy, with ``rng`` as its generator if given (a re-deal brings
        its own), else a copy of this state's (``copy_rng``: this state is left as it was).

        Every slot is assigned here, one by one (a test checks): the lists are copied, the
        rest is immutable or replaced whole.
        """
        new = State.__new__(State)
        new.rng = copy_rng(self.rng) if rng is None else rng
        new.names = self.names
        new.num_players = self.num_players
        new.seed = self.seed
        new.options = self.options
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.market = self.market[:]
        new.hands = [h[:] for h in self.hands]
        new.known = [k[:] for k in self.known]
        new.stalls = [s[:] for s in self.stalls]
        new.coins = self.coins[:]
        new.buildings = [[b.clone() for b in bs] for bs in self.buildings]
        new.herald = self.herald
        new.year = self.year
        new.royal = self.royal
        new.first_king = self.first_king
        new.step = self.step
        new.committed = self.committed[:]
        new.ball = [b[:] for b in self.ball]
        new.bids = self.bids[:]
        new.pickers = self.pickers[:]
        new.picks = self.picks[:]
        new.turn = self.turn
        new.stall_size = self.stall_size[:]
        new.reveal_weights = self.reveal_weights[:]
        new.acted = self.acted[:]
        new.active = self.active
        new.actions_left = self.actions_left
        new.doomed = self.doomed[:]
        new.visit = self.visit
        new.ended_by = self.ended_by
        new.outcome = self.outcome
        new.step_started = self.step_started
        return new

    def chosen(self, seat: int, kind: type[C]) -> C:
        """``seat``'s secret choice, made, at a step whose choices are ``kind`` (the step
        says which, see ``Committed``)."""
        choice = self.committed[seat]
        assert isinstance(choice, kind), f"{self.names[seat]} chose {choice!r}, not a {kind}"
        return choice

    def visiting(self) -> Visiting:
        """The visit open while its penalty and exposure are (PENALTY, FORCE, EXPOSE)."""
        assert self.visit is not None, "no visit is open"
        return self.visit

    def herald_order(self) -> list[int]:
        """Seats from the Herald clockwise (ARI-08)."""
        n = self.num_players
        return [(self.herald + i) % n for i in range(n)]
