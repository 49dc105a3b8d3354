"""Final Decrees' state: small ints and lists, cheap to clone.

Departments are ints (``REF`` 0 .. ``ADM`` 5); seats are ints; a card in a
hand, the deck or the discard pile is the index of its kind in the deck data
(``State.cards``). Piles are lists whose *top is the last element*. Control
arrows are ``Arrow(controller, controlled)`` pairs, oldest first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from bureau.engine import Outcome
from bureau.engine.deals import Deal
from bureau.engine.rng import copy_rng

if TYPE_CHECKING:  # data reads the department codes from here
    from .data import Card, Decree

REF, EXE, HR, TRE, SS, ADM = range(6)
DEPARTMENTS = (REF, EXE, HR, TRE, SS, ADM)
DEPT_CODES = ("REF", "EXE", "HR", "TRE", "SS", "ADM")
DEPT_TITLES = (
    "Department of Reform",
    "Executive Branch",
    "Human Resources",
    "Treasury",
    "Secret Service",
    "The Admiralty",
)


class Arrow(NamedTuple):
    """A control arrow (DEC-06): its controller controls the department it points at."""

    controller: int  # department
    controlled: int


# DEC-20: Reform controls the Executive Branch, which controls Human Resources and the
# Admiralty; the Admiralty controls the Secret Service; Treasury is independent.
START_ARROWS = (Arrow(REF, EXE), Arrow(EXE, HR), Arrow(EXE, ADM), Arrow(ADM, SS))

# Phases.
BID = "bid"  # the secret Human Resources bid (DEC-21)
ASSIGN = "assign"  # the head of HR assigns the other players (DEC-28)
TURN = "turn"  # a player's actions (DEC-37)
CHOOSE = "choose"  # the head at the top of the chain removes extra blame (DEC-58)
SALVAGE = "salvage"  # the drawer keeps one of the five discarded cards (DEC-19)
OVER = "over"

BASE_ACTIONS = 3  # DEC-37
HAND_PILE, TOP_PILE = 20, 5  # DEC-29: the pile of 20 at the bottom, the pile of 5 on top


class Placement(NamedTuple):
    """A player's department after an assignment (DEC-28) or a reassignment (DEC-50)."""

    seat: int
    dept: int


class BlameMove(NamedTuple):
    """Departmental blame moved from one pool to another (a spread)."""

    amount: int
    src: int  # department
    dst: int


class Removal(NamedTuple):
    """Extra blame removed after an enactment (DEC-61), from one player's or department's
    pool."""

    seat: int  # -1 for a department's pool
    dept: int  # -1 for a player's pool
    amount: int


class SdRange(NamedTuple):
    """Where Stagnation and Decline may lie, counted from the bottom of the deck (DEC-29)."""

    lo: int  # the lowest position it may hold
    hi: int  # one past the highest


class Choosing(NamedTuple):
    """After an enactment, the head at the top of the chain removes extra blame (DEC-58)."""

    chooser: int
    amount: int  # the blame to remove (DEC-60)


class State:
    """Everything about one game of Final Decrees."""

    __slots__ = (
        "actions_left",
        "active",
        "arrows",
        "bidders",
        "bids",
        "blame",
        "budget_used",
        "cards",
        "choose",
        "deck",
        "decree_at",
        "decree_done",
        "decrees",
        "dept_blame",
        "dept_of",
        "depts",
        "discard",
        "draws_owed",
        "drew",
        "enacted",
        "hands",
        "head",
        "leave",
        "manoeuvres_used",
        "names",
        "next_deal",
        "num_players",
        "offers",
        "offers_made",
        "options",
        "outcome",
        "phase",
        "rebids",
        "rng",
        "salvage",
        "sd",
        "sd_range",
        "seed",
        "step_started",
        "turns",
    )

    def __init__(
        self,
        names: Sequence[str],
        seed: int,
        options: dict[str, Any],
        rng: random.Random,
        cards: tuple[Card, ...],
        decrees: tuple[Decree, ...],
    ):
        n = len(names)
        self.names = tuple(names)
        self.num_players = n
        self.seed = seed
        self.options = options
        self.rng = rng
        self.cards = cards  # tuple of Card kinds (bureau.games.decrees.data), shared
        self.decrees = decrees  # tuple of Decree definitions, steps fitted to the table
        self.sd = next(k for k, c in enumerate(cards) if c.is_decline)
        # DEC-01: without Reform at four players.
        self.depts = DEPARTMENTS if n == 5 else DEPARTMENTS[1:]
        self.head = [-1] * 6  # department -> seat, -1: empty
        self.dept_of = [-1] * n  # seat -> department
        self.dept_blame = [0] * 6
        self.blame = [0] * n  # personal blame, public (DEC-10)
        self.arrows: tuple[Arrow, ...] = tuple(a for a in START_ARROWS if a[0] in self.depts)
        self.decree_at = [EXE] * len(decrees)  # DEC-30; -1 once enacted (DEC-A16)
        self.decree_done = [0] * len(decrees)  # steps stamped
        self.enacted = 0
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        # Where Stagnation and Decline may lie while the deck is as built (DEC-29); None
        # once it was reshuffled.
        self.sd_range: SdRange | None = None
        self.phase = BID
        self.bids = [0] * n  # 0: not yet bid this round
        self.bidders: tuple[int, ...] = tuple(range(n))
        self.rebids = 0
        # The turn in progress.
        self.active = 0
        self.turns = 0
        self.actions_left = 0
        self.drew = False  # the Draw action, once a turn (DEC-39)
        self.budget_used = False  # Treasury, once a turn (DEC-47, DEC-A15)
        self.manoeuvres_used = False  # Admiralty, once a turn (DEC-49, DEC-A15)
        self.leave = -1  # the department a Leave of Absence protects this turn
        self.draws_owed = 0  # draws a card still owes after a salvage choice
        # Interruptions.
        self.choose: Choosing | None = None
        self.salvage: list[int] | None = None  # the five discarded cards to keep one of
        # Deals (bureau.engine.deals).
        self.offers: tuple[Deal, ...] = ()
        self.next_deal = 1
        self.offers_made = 0
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
        new.actions_left = self.actions_left
        new.active = self.active
        new.arrows = self.arrows
        new.bidders = self.bidders
        new.bids = self.bids[:]
        new.blame = self.blame[:]
        new.budget_used = self.budget_used
        new.cards = self.cards
        new.choose = self.choose
        new.deck = self.deck[:]
        new.decree_at = self.decree_at[:]
        new.decree_done = self.decree_done[:]
        new.decrees = self.decrees
        new.dept_blame = self.dept_blame[:]
        new.dept_of = self.dept_of[:]
        new.depts = self.depts
        new.discard = self.discard[:]
        new.draws_owed = self.draws_owed
        new.drew = self.drew
        new.enacted = self.enacted
        new.hands = [h[:] for h in self.hands]
        new.head = self.head[:]
        new.leave = self.leave
        new.manoeuvres_used = self.manoeuvres_used
        new.names = self.names
        new.next_deal = self.next_deal
        new.num_players = self.num_players
        new.offers = self.offers
        new.offers_made = self.offers_made
        new.options = self.options
        new.outcome = self.outcome
        new.phase = self.phase
        new.rebids = self.rebids
        new.salvage = None if self.salvage is None else self.salvage[:]
        new.sd = self.sd
        new.sd_range = self.sd_range
        new.seed = self.seed
        new.step_started = self.step_started
        new.turns = self.turns
        return new

    # -- small queries ------------------------------------------------------------------

    def choosing(self) -> Choosing:
        """The extra blame being removed (phase ``CHOOSE``)."""
        assert self.choose is not None, "no extra blame is being removed"
        return self.choose

    def salvaging(self) -> list[int]:
        """The cards Stagnation and Decline discarded, to keep one of (phase ``SALVAGE``)."""
        assert self.salvage is not None, "no discarded cards to keep one of"
        return self.salvage

    def empty_department(self) -> int:
        """The department with no head (there is exactly one once heads are assigned)."""
        for d in self.depts:
            if self.head[d] < 0:
                return d
        return -1

    def place(self, seat: int, dept: int) -> None:
        """Make ``seat`` the head of ``dept`` (which must be empty)."""
        old = self.dept_of[seat]
        if old >= 0:
            self.head[old] = -1
        self.head[dept] = seat
        self.dept_of[seat] = dept

    def next_step(self, i: int) -> int:
        """The department of decree ``i``'s next unstamped step (-1 when enacted)."""
        steps = self.decrees[i].steps
        done = self.decree_done[i]
        return steps[done] if done < len(steps) else -1

    def decrees_at(self, dept: int) -> list[int]:
        return [i for i, d in enumerate(self.decree_at) if d == dept]
