"""Noblesse's state: squares, seats and factions as small ints; units and houses slotted.

Squares are row-major ints (A1 = 0, A2 = 1, ...; ``Scenario.estates`` order).
Resources are ints ``INF, MP, MONEY`` = 0, 1, 2 in every triple. A seat's
``House`` holds what the player owns; an estate's posts live in ``State``
maps keyed by square. Nothing here knows the rules; ``night`` and ``orders``
change it.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from bureau.engine.game import Outcome
from bureau.engine.rng import copy_rng

from .clauses import Treaty
from .combat import Battle
from .scenario import Scenario

INF, MP, MONEY = range(3)
RES_NAMES = ("Inf", "MP", "$")
NEUTRAL = -1  # the owner of neutral units (NSE-A43)

# Phases.
SETUP = "setup"  # pre-game submissions (NSE-07 .. NSE-09)
DAY = "day"  # orders are written (NSE-118)
OVER = "over"

HOSTILE, NEUTRAL_STATUS, ALLIED = "hostile", "neutral", "allied"

# Buildings (NSE-26 .. NSE-30): cost (Inf, MP, $), overseers, courtiers to activate.
BUILDINGS = {
    "war council": ((1, 3, 0), 2, 1),
    "university": ((3, 3, 3), 2, 2),
    "spymaster": ((3, 0, 1), 1, 1),
    "arsenal": ((1, 0, 3), 2, 1),
    "star fortress": ((3, 3, 3), 2, 1),
}


class Proposal(NamedTuple):
    """A treaty proposed and not yet signed (NSE-99): faction ``by`` offers it to ``to``
    on ``night``; ``treaty`` is its text read (``clauses.Treaty``), ``text`` canonical."""

    id: int
    by: int
    to: int
    treaty: Treaty
    text: str
    night: int


class Marriage(NamedTuple):
    """A Political Marriage proposed by seat ``by`` to seat ``to`` (NSE-44, NSE-A32), with
    the ability that proposed it ("" for the standard action); ``status`` is offered,
    accepted, refused or married."""

    by: int
    to: int
    ability: str
    status: str


class HostageOffer(NamedTuple):
    """An Exchange of Hostages proposed by ``by`` to his spouse ``to`` (NSE-47, NSE-A32);
    ``status`` is offered, accepted or refused."""

    by: int
    to: int
    status: str


class BreachReport(NamedTuple):
    """A breach report accepted during the Day (NSE-A23): its penalties take effect at
    step 1 of the next Night."""

    treaty: int  # its id
    offender: int  # the offending faction
    night: int  # the report's cycle


class Fought(NamedTuple):
    """A battle of the last Night, for the reports: where (a square's label), the seats
    whose units fought, and the battle itself."""

    label: str
    seats: tuple[int, ...]
    battle: Battle


class SignedTreaty:
    """A signed treaty between factions ``f1`` (its proposer) and ``f2``: pending until
    step 1 of Night ``start`` (NSE-A24), then ``active`` until ``ended``.

    The bookkeeping fields are ``None`` until first set, and a position saves only those
    set, in the order set (``fields``): ``decided`` (moderator decisions taken once),
    ``applied`` (penalties applied: (offender, night)), ``end_at`` (a penalty's end),
    ``dues`` (installments: (debtor, creditor, amounts, first, last)), ``debts``
    ((debtor, creditor) -> owed), ``end`` and ``why`` (when and why it ended).
    """

    __slots__ = (
        "active",
        "applied",
        "debts",
        "decided",
        "dues",
        "end",
        "end_at",
        "ended",
        "f1",
        "f2",
        "id",
        "order",
        "reported",
        "signed",
        "start",
        "text",
        "treaty",
        "why",
    )  # fmt: skip
    REQUIRED = ("id", "f1", "f2", "text", "signed", "start", "active", "ended", "reported")
    OPTIONAL = ("decided", "applied", "end_at", "dues", "debts", "end", "why")

    def __init__(
        self, id: int, f1: int, f2: int, treaty: Treaty, text: str, signed: int, start: int,
        active: bool = False, ended: bool = False, reported: list | None = None,
    ) -> None:  # fmt: skip
        # the fields a position saves, in the order they were first set
        self.order: tuple[str, ...] = self.REQUIRED
        self.id = id
        self.f1 = f1
        self.f2 = f2
        self.treaty = treaty
        self.text = text
        self.signed = signed
        self.start = start
        self.active = active
        self.ended = ended
        self.reported: list[tuple[int, int, int]] = [] if reported is None else reported
        self.decided: tuple | None = None
        self.applied: list[tuple[int, int]] | None = None
        self.end_at: int | None = None
        self.dues: list[tuple] | None = None
        self.debts: dict[tuple[int, int], tuple[int, ...]] | None = None
        self.end: int | None = None
        self.why: str | None = None

    def __setattr__(self, name: str, value: Any) -> None:
        if value is not None and name in self.OPTIONAL and getattr(self, name, None) is None:
            # (a copy or unpickling sets ``order`` itself, perhaps after this field)
            object.__setattr__(self, "order", (*getattr(self, "order", ()), name))
        object.__setattr__(self, name, value)

    def __eq__(self, other: object) -> bool:
        """Equal as the dicts they replace were: every field, in whatever order set."""
        if type(other) is not SignedTreaty:
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in self.__slots__ if k != "order")

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dicts it replaces

    def fields(self) -> list[tuple[str, Any]]:
        """(name, value) of every field set, in the order first set (the parsed
        ``treaty`` left out): what a position saves."""
        return [(name, getattr(self, name)) for name in self.order]

    def copy(self) -> SignedTreaty:
        new = SignedTreaty.__new__(SignedTreaty)
        for name in self.__slots__:
            object.__setattr__(new, name, getattr(self, name))
        return new


class Unit:
    """A unit on the board. ``owner`` is a seat or ``NEUTRAL``; ``companies`` catalogue
    ids (the Officer company included when it has one); ``commander`` a character class:
    ``""`` (its Officer company leads), ``"basic"`` (a tier-1 Officer with ATK 1 after
    Incapacitate or a lost Noble), ``"courtier"``, ``"pc"``, ``"heir"``, ``"noble"`` or
    ``"officer"`` (a Unique Officer, named in ``leader``)."""

    __slots__ = (
        "commander",
        "companies",
        "fresh",
        "id",
        "kind",
        "leader",
        "merc",
        "origin",
        "owner",
        "rent_free",
        "square",
    )

    def __init__(self, uid, owner, kind, companies, commander, square, leader=""):
        self.id = uid
        self.owner = owner
        self.kind = kind
        self.companies = companies
        self.commander = commander
        self.leader = leader  # Unique Officer name, or the Noble's square label
        self.square = square
        self.origin = square  # where it was recruited (Garrisons, Nobles: NSE-A16)
        self.fresh = True  # may make the first move of 2 (NSE-67)
        self.merc = ""  # mercenary name (NSE-A34)
        self.rent_free = 0  # Nights without rent left (Condottiere Contract)

    def copy(self) -> Unit:
        new = Unit.__new__(Unit)
        for name in Unit.__slots__:
            setattr(new, name, getattr(self, name))
        return new

    @property
    def label(self) -> str:
        return f"U{self.id}"


class Control(NamedTuple):
    """Who holds an estate (NSE-14 .. NSE-16): a faction, and the seat of the player who
    controls it (-1: the faction's estate, no player's)."""

    faction: int
    seat: int


class Post(NamedTuple):
    """A courtier placed away from court: ``kind`` ``steward``, ``tc``, ``lobbyist``,
    ``spy`` or ``staff`` on ``square``; ``detail`` is a TC's or Lobbyist's resource index,
    a building's name for staff, else ``""``."""

    kind: str
    square: int
    detail: Any = ""


class Building:
    """A building on an estate (NSE-A26): its owner's seat, whether it is finished (step 7
    of the Night it was ordered) and how many courtiers staff it."""

    __slots__ = ("finished", "owner", "staff")

    def __init__(self, owner: int, finished: bool = False, staff: int = 0):
        self.owner = owner
        self.finished = finished
        self.staff = staff

    def copy(self) -> Building:
        return Building(self.owner, self.finished, self.staff)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Building):
            return NotImplemented
        return (self.owner, self.finished, self.staff) == (other.owner, other.finished, other.staff)

    __hash__ = None  # type: ignore[assignment]  # mutable: never a key

    def __repr__(self) -> str:
        return f"Building({self.owner}, {self.finished}, {self.staff})"


class House:
    """One seat's player: role, holdings, family and courtiers.

    ``court`` counts courtiers at the Home Estate, free for orders; ``posts`` lists the
    placed ones (``Post``).
    ``heir`` is ``""`` (none), ``"home"``, ``"field"`` (commanding) or ``"hostage"``."""

    __slots__ = (
        "alive",
        "contacted",
        "court",
        "design",
        "extra_estate",
        "faction",
        "heir",
        "heir_used",
        "heir_wounds",
        "home",
        "hostage_of",
        "messengers",
        "orders",
        "pc_field",
        "posts",
        "ready",
        "res",
        "role",
        "skipped",
        "spouse",
        "vote",
        "wounds",
    )

    def __init__(self, role: int, faction: int, courtiers: int, res: tuple[int, int, int]):
        self.role = role  # role number (scenario)
        self.faction = faction  # faction index
        self.home = -1  # square, chosen at setup
        self.design: tuple[int, ...] = (0, 0, 0)  # Home Estate income (NSE-12)
        self.skipped = 0  # the unchosen option 1..4 (NSE-08); 4 = the unique companies
        self.res = list(res)
        self.court = courtiers
        self.posts: list[Post] = []
        self.wounds = 0
        self.alive = True
        self.pc_field = False  # the PC commands a unit
        self.heir = ""
        self.heir_wounds = 0
        self.heir_used = False  # Create Heir is once per game (NSE-45)
        self.spouse = -1
        self.hostage_of = -1  # the seat holding this player's Heir as hostage
        self.ready = False
        self.orders: list = []  # this Day's orders, in the order given (NSE-A33)
        self.messengers: tuple[int, ...] = ()  # seats that may write to us this Day
        self.extra_estate = -1  # the Heir's player-controlled estate (NSE-A30)
        self.vote = -1  # the lynch vote this Day (NSE-A06)
        self.contacted = -1  # the FL who opened a channel to this player (NSE-A22)

    def copy(self) -> House:
        new = House.__new__(House)
        for name in House.__slots__:
            setattr(new, name, getattr(self, name))
        new.res = self.res[:]
        new.posts = self.posts[:]
        new.orders = self.orders[:]
        return new


class State:
    """The whole game. ``ctrl`` maps a controlled square to ``(faction, seat)`` (seat -1:
    faction-controlled, NSE-17); ``stewards``/``tcs``/``lobbyists`` map squares to seats
    (``tcs`` and ``lobbyists`` by ``(square, resource)``); ``buildings`` maps
    ``(square, name)`` to a ``Building``; ``nobles`` maps a square to the
    faction whose Noble token is bound there (NSE-A39)."""

    __slots__ = (
        "ambush_immune",
        "arsoned",
        "battles",
        "breaches",
        "bribed",
        "buildings",
        "clock",
        "ctrl",
        "designs",
        "facts",
        "hostage_offers",
        "houses",
        "index",
        "leaders",
        "lobbyists",
        "log",
        "marriage_offers",
        "mercs",
        "names",
        "next_treaty",
        "next_unit",
        "night",
        "noble_field",
        "nobles",
        "num_players",
        "officers",
        "open_cities",
        "options",
        "outcome",
        "owed",
        "phase",
        "post",
        "proposals",
        "reports",
        "rng",
        "scenario",
        "status",
        "step_started",
        "stewards",
        "successors",
        "tcs",
        "treaties",
        "units",
    )

    def __init__(self, names, options, scenario: Scenario, seed: int):
        self.names = tuple(names)
        self.options = options
        self.scenario = scenario
        self.designs = scenario.designs()  # company id -> design
        self.index = {e.square: e.row * scenario.cols + e.col for e in scenario.estates}
        self.rng = random.Random(seed)
        self.num_players = len(names)
        self.phase = SETUP
        self.night = 0  # Nights resolved so far; Night n is cycle n (NSE-A24)
        self.houses: list[House] = []
        self.leaders: list[int] = []  # faction -> FL seat (-1: none left)
        self.successors: list[int] = []  # faction -> designated successor (NSE-112)
        self.officers: dict[str, int] = {}  # Unique Officer -> holding seat, or -1 if fielded/lost
        self.units: dict[int, Unit] = {}
        self.next_unit = 1
        self.ctrl: dict[int, Control] = {}
        self.stewards: dict[int, int] = {}
        self.tcs: dict[tuple[int, int], int] = {}
        self.lobbyists: dict[tuple[int, int], int] = {}
        self.buildings: dict[tuple[int, str], Building] = {}
        self.nobles: dict[int, int] = {}
        self.noble_field: dict[int, int] = {}  # noble square -> unit id it commands
        self.status: dict[tuple[int, int], str] = {}  # (f1, f2) with f1 < f2; absent: hostile
        self.treaties: list[SignedTreaty] = []  # signed treaties (active, pending or void)
        self.proposals: list[Proposal] = []  # proposed, not yet signed
        self.next_treaty = 1
        self.breaches: list[BreachReport] = []
        self.marriage_offers: list[Marriage] = []
        self.hostage_offers: list[HostageOffer] = []
        self.mercs: dict[str, int] = {}  # mercenary name -> unit id while rented
        self.open_cities: dict[int, int] = {}  # square -> faction, this Night (NSE-A37)
        self.bribed: dict[int, tuple[int, ...]] = {}  # square -> resources, this Night
        self.arsoned: set[tuple[int, str]] = set()  # (square, building), this Night
        self.ambush_immune: dict[int, int] = {}  # Star Walls: square -> seat
        self.owed: dict[int, list[int]] = {}  # seat -> resources still owed (penalties)
        self.reports: list[list[str]] = []  # seat -> the last Night's private report lines
        self.post: list[str] = []  # the last Night's public post lines
        self.battles: list[Fought] = []  # the last Night's battles
        # What happened, for checking breach reports (NSE-A23): (night, kind, faction, ...)
        self.facts: list[tuple] = []
        self.log: list[tuple] = []  # moderator decisions and overrides (NSE moderator)
        self.outcome: Outcome | None = None
        self.step_started: float | None = None
        self.clock: float | None = None  # the Day deadline

    def clone(self, rng: random.Random | None = None) -> State:
        """An independent copy, with ``rng`` as its generator if given, else a copy of this
        state's (``copy_rng``: this state is left as it was).

        Every slot is assigned here, one by one (a test checks): houses, units and the
        containers are copied, the rest is immutable or replaced whole.
        """
        new = State.__new__(State)
        new.rng = copy_rng(self.rng) if rng is None else rng
        new.clock = self.clock
        new.designs = self.designs
        new.index = self.index
        new.names = self.names
        new.next_treaty = self.next_treaty
        new.next_unit = self.next_unit
        new.night = self.night
        new.num_players = self.num_players
        new.options = self.options
        new.outcome = self.outcome
        new.phase = self.phase
        new.scenario = self.scenario
        new.step_started = self.step_started
        new.ctrl = dict(self.ctrl)
        new.stewards = dict(self.stewards)
        new.tcs = dict(self.tcs)
        new.lobbyists = dict(self.lobbyists)
        new.nobles = dict(self.nobles)
        new.noble_field = dict(self.noble_field)
        new.status = dict(self.status)
        new.mercs = dict(self.mercs)
        new.open_cities = dict(self.open_cities)
        new.bribed = dict(self.bribed)
        new.ambush_immune = dict(self.ambush_immune)
        new.houses = [h.copy() for h in self.houses]
        new.leaders = self.leaders[:]
        new.successors = self.successors[:]
        new.officers = dict(self.officers)
        new.units = {k: u.copy() for k, u in self.units.items()}
        new.buildings = {k: v.copy() for k, v in self.buildings.items()}
        new.treaties = [t.copy() for t in self.treaties]
        new.proposals = self.proposals[:]
        new.breaches = self.breaches[:]
        new.marriage_offers = self.marriage_offers[:]
        new.hostage_offers = self.hostage_offers[:]
        new.arsoned = set(self.arsoned)
        new.owed = {k: v[:] for k, v in self.owed.items()}
        new.reports = [r[:] for r in self.reports]
        new.post = self.post[:]
        new.battles = self.battles[:]
        new.facts = self.facts[:]
        new.log = self.log[:]
        return new

    def setting(self, name: str):
        """An option, or the scenario's default where the option is left unset (§4.7)."""
        value = self.options.get(name)
        if value is not None:
            return value
        d = self.scenario.defaults
        return {"max_rounds": d.max_rounds, "day_hours": d.day_deadline_hours}[name]

    # -- small queries used everywhere ------------------------------------------------

    def label(self, square: int) -> str:
        """The board label of square index ``square``; -1 (no square, such as the home of
        a player not set up) has none, and is refused rather than read as the last."""
        if square < 0:
            raise ValueError(f"square {square} is not on the board")
        return self.scenario.estates[square].square

    def square(self, label: str) -> int:
        """The square index of ``label`` (``ValueError`` naming the board otherwise)."""
        found = self.index.get(label.upper())
        if found is None:
            last = self.scenario.estates[-1].square
            raise ValueError(f"{label.upper()} is not a square of the board (A1 to {last})")
        return found

    def faction_of(self, seat: int) -> int:
        return NEUTRAL if seat == NEUTRAL else self.houses[seat].faction

    def relation(self, f1: int, f2: int) -> str:
        """Diplomatic status between two factions (NSE-87: hostile by default)."""
        if f1 == f2:
            return ALLIED
        if f1 == NEUTRAL or f2 == NEUTRAL:
            return HOSTILE
        return self.status.get((min(f1, f2), max(f1, f2)), HOSTILE)

    def ally_of(self, faction: int) -> int:
        for (a, b), st in self.status.items():
            if st == ALLIED and faction in (a, b):
                return b if a == faction else a
        return -1

    def living(self) -> list[int]:
        return [s for s, h in enumerate(self.houses) if h.alive]

    def nobles_of(self, faction: int) -> int:
        """A faction's Nobles (NSE-A03): its Noble tokens plus hostage Heirs its players
        hold (NSE-48)."""
        count = sum(1 for f in self.nobles.values() if f == faction)
        for h in self.houses:
            if h.alive and h.heir == "hostage" and self.faction_of(h.hostage_of) == faction:
                count += 1
        return count

    def faction_order(self) -> list[int]:
        """NSE-120: descending Nobles, ties by prestige."""
        facs = self.scenario.factions
        return sorted(range(len(facs)), key=lambda f: (-self.nobles_of(f), facs[f].prestige))

    def seat_order(self) -> list[int]:
        """Living seats in resolution order: faction order, then role number (NSE-A33)."""
        order = []
        for f in self.faction_order():
            order += sorted(
                (s for s in self.living() if self.houses[s].faction == f),
                key=lambda s: self.houses[s].role,
            )
        return order

    def units_at(self, square: int) -> list[Unit]:
        return [u for u in self.units.values() if u.square == square]
