"""Noblesse's orders and their canonical text (``docs/games/noblesse.md``).

Every action is a small immutable tuple of its own type whose ``str`` is its one
canonical text. Squares are written as on the board (``B3``), units as ``U7``,
resources as ``Inf``, ``MP``, ``$``, players by name, companies by id
(``C4``; a role's unique design ``X1``), counts as ``x5``.

>>> str(Move(7, ("B3", "C3")))
'move U7 to B3 C3'
>>> str(Recruit(Spec("Regiment", "courtier", "", (("C1", 3), ("F6", 2))), "A1"))
'recruit Regiment led by courtier with C1 x3, F6 x2 at A1'

An order equals only an order of its own kind (``Done() != Hostages()``), though
both are empty tuples.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any, NamedTuple, TypeAlias, TypeVar

from lark import Lark, Transformer

from bureau.engine import grammar

from .scenario import Scenario
from .state import RES_NAMES

LEADERS = ("pc", "heir", "courtier", "noble")


def fold(text: str) -> str:
    """Text without accents, for matching names typed on any keyboard."""
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )


class Spec(NamedTuple):
    """A unit design: its kind, its leader and the companies with their counts.

    ``leader`` is ``""`` (an Officer company among the companies), ``pc``, ``heir``,
    ``courtier``, ``noble`` or ``officer`` (a Unique Officer, named by ``officer``).
    """

    kind: str
    leader: str
    officer: str
    companies: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        lead = f" led by {self.officer if self.leader == 'officer' else self.leader}"
        return f"{self.kind}{lead if self.leader else ''} with " + ", ".join(
            f"{c} x{n}" if n > 1 else c for c, n in self.companies
        )


def spec_text(spec: tuple) -> str:
    """The text of a unit design (a ``Spec`` or a tuple laid out as one)."""
    return str(Spec(*spec))


def amounts_text(amounts: tuple[int, ...]) -> str:
    return " ".join(f"{n} {RES_NAMES[r]}" for r, n in enumerate(amounts) if n) or "nothing"


_T = TypeVar("_T")
ORDER_TYPES: list[type] = []


def _same(self: tuple, other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)  # type: ignore[arg-type]


def _differ(self: tuple, other: object) -> bool:
    return not _same(self, other)


def _hash(self: tuple) -> int:
    return hash((type(self).__name__, tuple(self)))


def order(cls: type[_T]) -> type[_T]:
    """Register an order type; its orders equal only orders of the same type."""
    setattr(cls, "__eq__", _same)  # noqa: B010 (a NamedTuple's class body cannot inherit it)
    setattr(cls, "__ne__", _differ)  # noqa: B010
    setattr(cls, "__hash__", _hash)  # noqa: B010
    ORDER_TYPES.append(cls)
    return cls


# -- set-up ------------------------------------------------------------------------------------


@order
class Setup(NamedTuple):
    """NSE-07 .. NSE-09, NSE-12: the home square, the income split, the option left
    out (``2``, ``5``, ``8`` or ``uniques``) and the starting unit."""

    home: str
    design: tuple[int, ...]
    skip: str
    spec: Spec

    def __str__(self) -> str:
        return (
            f"setup {self.home} income {'-'.join(map(str, self.design))} skip {self.skip}"
            f" unit {spec_text(self.spec)}"
        )


# -- Night orders: units -------------------------------------------------------------------------


@order
class Move(NamedTuple):
    unit: int
    path: tuple[str, ...]

    def __str__(self) -> str:
        return f"move U{self.unit} to {' '.join(self.path)}"


@order
class Disband(NamedTuple):
    unit: int

    def __str__(self) -> str:
        return f"disband U{self.unit}"


@order
class March(NamedTuple):
    """Forced March (NSE-50): a standard action that moves a unit one more estate."""

    unit: int
    square: str

    def __str__(self) -> str:
        return f"march U{self.unit} to {self.square}"


@order
class Recruit(NamedTuple):
    spec: Spec
    square: str

    def __str__(self) -> str:
        return f"recruit {spec_text(self.spec)} at {self.square}"


@order
class Rent(NamedTuple):
    """NSE-116: the Faction Leader rents mercenaries for one of his players."""

    merc: str
    square: str
    name: str  # the player who gets them

    def __str__(self) -> str:
        return f"rent {self.merc} at {self.square} for {self.name}"


@order
class Attack(NamedTuple):
    """NSE-90: ask for battle or conquest on an estate."""

    square: str

    def __str__(self) -> str:
        return f"attack {self.square}"


# -- Night orders: courtiers ---------------------------------------------------------------------


@order
class Steward(NamedTuple):
    square: str

    def __str__(self) -> str:
        return f"steward {self.square}"


@order
class TaxCollector(NamedTuple):
    """``tc SQUARE RES``."""

    square: str
    res: str

    def __str__(self) -> str:
        return f"tc {self.square} {self.res}"


@order
class Lobbyist(NamedTuple):
    square: str
    res: str

    def __str__(self) -> str:
        return f"lobbyist {self.square} {self.res}"


@order
class Spy(NamedTuple):
    """A new Spy from court (``origin`` empty) or one on ``origin`` moving."""

    origin: str
    path: tuple[str, ...]

    def __str__(self) -> str:
        return f"spy {self.origin + ' ' if self.origin else ''}to {' '.join(self.path)}"


@order
class Recall(NamedTuple):
    """A Tax Collector, Lobbyist or Spy comes home: ``kind`` ``tc``, ``lobbyist`` or
    ``spy``, and for a TC or Lobbyist the resource (``detail``)."""

    kind: str
    square: str
    detail: str

    def __str__(self) -> str:
        return " ".join(["recall", *(a for a in self if a)])


@order
class Unstaff(NamedTuple):
    """``recall staff BUILDING at SQUARE``: a courtier leaves a building."""

    building: str
    square: str

    def __str__(self) -> str:
        return f"recall staff {self.building} at {self.square}"


@order
class Build(NamedTuple):
    building: str
    square: str

    def __str__(self) -> str:
        return f"build {self.building} at {self.square}"


@order
class Staff(NamedTuple):
    building: str
    square: str

    def __str__(self) -> str:
        return f"staff {self.building} at {self.square}"


@order
class Messenger(NamedTuple):
    name: str

    def __str__(self) -> str:
        return f"messenger {self.name}"


# -- Night orders: the standard actions (NSE-42 .. NSE-57) ----------------------------------------


@order
class OpenCity(NamedTuple):
    square: str

    def __str__(self) -> str:
        return f"open city {self.square}"


@order
class CreateNoble(NamedTuple):
    square: str

    def __str__(self) -> str:
        return f"create noble {self.square}"


@order
class Marry(NamedTuple):
    name: str

    def __str__(self) -> str:
        return f"marry {self.name}"


@order
class CreateHeir(NamedTuple):
    def __str__(self) -> str:
        return "create heir"


@order
class Hostages(NamedTuple):
    def __str__(self) -> str:
        return "exchange hostages"


@order
class FieldSurgeon(NamedTuple):
    def __str__(self) -> str:
        return "field surgeon"


@order
class Arson(NamedTuple):
    square: str
    building: str

    def __str__(self) -> str:
        return f"arson {self.square} {self.building}"


@order
class Bribery(NamedTuple):
    square: str
    res: str

    def __str__(self) -> str:
        return f"bribery {self.square} {self.res}"


@order
class Poison(NamedTuple):
    square: str

    def __str__(self) -> str:
        return f"poison {self.square}"


@order
class Assassin(NamedTuple):
    """``assassin NAME``; ``assassin NAME heir`` is read so that the rule refuses it
    (NSE-A42)."""

    name: str
    heir: bool = False

    def __str__(self) -> str:
        return f"assassin {self.name}{' heir' if self.heir else ''}"


@order
class Incapacitate(NamedTuple):
    unit: int

    def __str__(self) -> str:
        return f"incapacitate U{self.unit}"


@order
class Knife(NamedTuple):
    """Knife in the Back; ``heir`` as for ``Assassin``."""

    square: str
    name: str
    heir: bool = False

    def __str__(self) -> str:
        return f"knife {self.square} {self.name}{' heir' if self.heir else ''}"


# -- Night orders: abilities, payments, choices ----------------------------------------------------


class UnitTo(NamedTuple):
    """An ability's ``U7 to B3``."""

    unit: int
    square: str

    def __str__(self) -> str:
        return f"U{self.unit} to {self.square}"


class At(NamedTuple):
    """An ability's ``at B3``."""

    square: str

    def __str__(self) -> str:
        return f"at {self.square}"


class For(NamedTuple):
    """An ability's ``for Eve``."""

    name: str

    def __str__(self) -> str:
        return f"for {self.name}"


class Levy(NamedTuple):
    """A recruiting ability's unit: ``Regiment with ... at B3``."""

    spec: Spec
    square: str

    def __str__(self) -> str:
        return f"{spec_text(self.spec)} at {self.square}"


def _term_text(term: Any) -> str:
    return f"U{term}" if isinstance(term, int) else str(term)


@order
class Use(NamedTuple):
    """A role ability (§4.3) with its terms as written: squares, unit ids, resources,
    buildings, player names, mercenaries, the word ``heir``, ``UnitTo``, ``At``,
    ``For``; or ``Levy`` units only (``use ABILITY recruit ... and ...``)."""

    ability: str
    terms: tuple = ()

    def __str__(self) -> str:
        if self.terms and isinstance(self.terms[0], Levy):
            return f"use {self.ability} recruit {' and '.join(map(str, self.terms))}"
        words: list[str] = []
        for term in self.terms:
            text = _term_text(term)
            words.append(f", {text}" if words and isinstance(term, UnitTo) else text)
        return " ".join(["use", self.ability, *words]).replace(" , ", ", ")


@order
class Pay(NamedTuple):
    """NSE-115, NSE-117: the FL pays a player of his (by name) or a faction (by key)."""

    to: str
    amounts: tuple[int, ...]

    def __str__(self) -> str:
        return f"pay {self.to} {amounts_text(self.amounts)}"


@order
class Choose(NamedTuple):
    """A faction core's choice of resource."""

    res: str

    def __str__(self) -> str:
        return f"choose {self.res}"


# -- the Day's immediate orders ------------------------------------------------------------------


@order
class Done(NamedTuple):
    def __str__(self) -> str:
        return "done"


@order
class Cancel(NamedTuple):
    number: int  # 1-based, in the list of orders

    def __str__(self) -> str:
        return f"cancel {self.number}"


@order
class Successor(NamedTuple):
    name: str

    def __str__(self) -> str:
        return f"successor {self.name}"


@order
class GiveOfficer(NamedTuple):
    officer: str
    name: str

    def __str__(self) -> str:
        return f"give officer {self.officer} to {self.name}"


@order
class Answer(NamedTuple):
    """``accept marriage``, ``refuse hostages`` ... (NSE-A32)."""

    accept: bool
    offer: str  # "marriage" or "hostages"

    def __str__(self) -> str:
        return f"{'accept' if self.accept else 'refuse'} {self.offer}"


@order
class Vote(NamedTuple):
    name: str

    def __str__(self) -> str:
        return f"vote {self.name}"


@order
class Contact(NamedTuple):
    name: str

    def __str__(self) -> str:
        return f"contact {self.name}"


@order
class Propose(NamedTuple):
    """``propose treaty to FACTION`` and the treaty text on the next lines."""

    to: str
    text: str

    def __str__(self) -> str:
        return f"propose treaty to {self.to}\n{self.text}"


@order
class Sign(NamedTuple):
    treaty: int

    def __str__(self) -> str:
        return f"sign treaty {self.treaty}"


@order
class Reject(NamedTuple):
    treaty: int

    def __str__(self) -> str:
        return f"reject treaty {self.treaty}"


@order
class Breach(NamedTuple):
    treaty: int
    promise: int

    def __str__(self) -> str:
        return f"report breach of treaty {self.treaty} promise {self.promise}"


# -- the moderator's -----------------------------------------------------------------------------


@order
class Resolve(NamedTuple):
    def __str__(self) -> str:
        return "resolve"


@order
class Override(NamedTuple):
    what: str
    reason: str

    def __str__(self) -> str:
        return f"override {self.what} because {self.reason}"


# Any order (``Game[State, Order]``'s action type).
Order: TypeAlias = (
    Setup | Move | Disband | March | Recruit | Rent | Attack | Steward | TaxCollector
    | Lobbyist | Spy | Recall | Unstaff | Build | Staff | Messenger | OpenCity | CreateNoble
    | Marry | CreateHeir | Hostages | FieldSurgeon | Arson | Bribery | Poison | Assassin
    | Incapacitate | Knife | Use | Pay | Choose | Done | Cancel | Successor | GiveOfficer
    | Answer | Vote | Contact | Propose | Sign | Reject | Breach | Resolve | Override
)  # fmt: skip
# Orders resolved at Night (the Day's list); the others act at once during the Day.
NIGHT_ORDERS: frozenset[type] = frozenset(
    {
        Move, Disband, March, Recruit, Rent, Steward, TaxCollector, Lobbyist, Spy, Recall,
        Unstaff, Build, Staff, Messenger, OpenCity, CreateNoble, Marry, CreateHeir, Hostages,
        FieldSurgeon, Arson, Bribery, Poison, Assassin, Incapacitate, Knife, Use, Pay, Choose,
        Attack,
    }
)  # fmt: skip
# Standard actions (NSE-42 .. NSE-57): each needs an Envoy (NSE-A07); their names as the
# record and treaties write them, and their costs (Inf, MP, $).
ACTION_NAMES: dict[type, str] = {
    OpenCity: "open city",
    CreateNoble: "create noble",
    Marry: "marry",
    CreateHeir: "create heir",
    Hostages: "hostages",
    March: "march",
    FieldSurgeon: "field surgeon",
    Arson: "arson",
    Bribery: "bribery",
    Poison: "poison",
    Assassin: "assassin",
    Incapacitate: "incapacitate",
    Knife: "knife",
}
ACTIONS: dict[type, tuple[int, ...]] = {
    OpenCity: (2, 0, 0),
    CreateNoble: (0, 0, 0),  # X Inf, computed at resolution (NSE-43)
    Marry: (3, 0, 0),
    CreateHeir: (3, 1, 1),
    Hostages: (3, 0, 0),
    March: (0, 2, 0),
    FieldSurgeon: (0, 3, 0),
    Arson: (0, 0, 2),
    Bribery: (0, 0, 3),
    Poison: (0, 0, 5),
    Assassin: (0, 0, 8),
    Incapacitate: (0, 0, 8),
    Knife: (0, 0, 8),
}


# -- reading ---------------------------------------------------------------------------------

_GRAMMAR = r"""
?start: setup | move | disband | march | recruit | rent | post | spy | recall | build | staff
      | messenger | open_city | create_noble | marry | create_heir | hostages | surgeon
      | arson | bribery | poison | assassin | incapacitate | knife | use | pay | done
      | cancel | successor | give_officer | answer | sign | reject | breach | vote
      | resolve | choose | attack | contact

setup: "setup"i SQUARE "income"i DESIGN "skip"i SKIP "unit"i spec
spec: KIND leader? "with"i comp+
leader: "led"i "by"i (LEADER | "officer"i? OFFICER)
comp: CID COUNT?
move: "move"i UNIT "to"i SQUARE+
disband: "disband"i UNIT
march: "march"i UNIT "to"i SQUARE
recruit: "recruit"i spec "at"i SQUARE
rent: "rent"i MERC "at"i SQUARE "for"i NAME
post: POST SQUARE RES?
spy: "spy"i "to"i SQUARE+ -> spy_new
   | "spy"i SQUARE "to"i SQUARE+ -> spy_move
recall: "recall"i RECALL SQUARE RES? | "recall"i STAFF BUILDING "at"i SQUARE
build: "build"i BUILDING "at"i SQUARE
staff: STAFF BUILDING "at"i SQUARE
messenger: "messenger"i NAME
open_city: "open"i "city"i SQUARE
create_noble: "create"i "noble"i SQUARE
marry: "marry"i NAME
create_heir: "create"i "heir"i
hostages: "exchange"i? "hostages"i
surgeon: "field"i "surgeon"i
arson: "arson"i SQUARE BUILDING
bribery: "bribery"i SQUARE RES
poison: "poison"i SQUARE
assassin: "assassin"i NAME HEIR?
incapacitate: "incapacitate"i UNIT
knife: "knife"i SQUARE NAME HEIR?
use: "use"i ABILITY arg*
   | "use"i ABILITY "recruit"i levy ("and"i levy)* -> use_recruit
levy: spec "at"i SQUARE
?arg: SQUARE | UNIT | RES | BUILDING | NAME | MERC
    | UNIT "to"i SQUARE -> unit_to | "heir"i -> heir_word | "at"i SQUARE -> at
    | "for"i NAME -> for_ | "and"i -> and_
pay: "pay"i (FACTION | NAME) (INT RES)+
done: "done"i
cancel: "cancel"i INT
successor: "successor"i NAME
give_officer: "give"i "officer"i OFFICER "to"i NAME
answer: ANSWER (MARRIAGE | HOSTAGES)
sign: "sign"i "treaty"i INT
reject: "reject"i "treaty"i INT
breach: "report"i "breach"i "of"i "treaty"i INT "promise"i INT
vote: "vote"i NAME
resolve: "resolve"i
choose: "choose"i RES
attack: "attack"i SQUARE
contact: "contact"i NAME

SQUARE.2: /[A-Za-z][0-9]{1,2}(?![A-Za-z0-9])/
UNIT.3: /U[0-9]+(?![A-Za-z0-9])/i
DESIGN: /[0-5]-[0-5]-[0-5]/
SKIP: /2|5|8|uniques/i
KIND: /regiment|brigade|division|garrison/i
LEADER.2: /pc|heir|courtier|noble/i
COUNT.3: /x[0-9]+/
CID: /[A-Za-z][A-Za-z0-9]*/
POST.2: /steward|tc|lobbyist/i
RECALL.2: /tc|lobbyist|spy/i
STAFF.2: /staff/i
BUILDING.2: /war council|university|spymaster|arsenal|star fortress/i
RES.2: /inf|mp|\$/i
HEIR.2: /heir(?![A-Za-z0-9_-])/i
ANSWER.2: /accept|refuse/i
MARRIAGE.2: /marriage/i
HOSTAGES.2: /hostages/i
NAME: /(?!(to|at|for|and|with|recruit|heir)(?![A-Za-z0-9_-]))[A-Za-z_][A-Za-z0-9_-]*/i
INT: /[0-9]+/
ABILITY.2: {abilities}
MERC.2: {mercs}
OFFICER.2: {officers}
FACTION.3: {factions}
%ignore /[\s,;.]+/
"""


def _alternatives(names) -> str:
    words = sorted({fold(n).lower() for n in names}, key=len, reverse=True)
    if not words:
        return "/(?!)/"
    return "/" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words) + "/i"


@functools.lru_cache(maxsize=8)
def parser_for(scenario: Scenario) -> Lark:
    """The order grammar of ``scenario`` (its ability, mercenary and officer names)."""
    names = {
        "{abilities}": _alternatives(a.name for r in scenario.roles for a in r.abilities),
        "{mercs}": _alternatives(m.name for m in scenario.mercenaries),
        "{officers}": _alternatives(o.name for f in scenario.factions for o in f.officers),
        "{factions}": _alternatives(f.key for f in scenario.factions),
    }
    text = _GRAMMAR
    for key, pattern in names.items():
        text = text.replace(key, pattern)
    return Lark(text, parser="earley", lexer="dynamic", ambiguity="resolve")


class _Leader(NamedTuple):
    leader: str
    officer: str


def _res(token) -> str:
    return {"inf": "Inf", "mp": "MP", "$": "$"}[str(token).lower()]


class _Reader(Transformer):
    def __init__(self, scenario: Scenario, names: tuple[str, ...]):
        super().__init__()
        self.names = names
        self.canon: dict[tuple[str, str], str] = {}
        for r in scenario.roles:
            for a in r.abilities:
                self.canon[("ability", fold(a.name).lower())] = a.name
        for m in scenario.mercenaries:
            self.canon[("merc", fold(m.name).lower())] = m.name
        for f in scenario.factions:
            for o in f.officers:
                self.canon[("officer", fold(o.name).lower())] = o.name

    def _named(self, kind: str, token) -> str:
        return self.canon[(kind, " ".join(str(token).lower().split()))]

    def _player(self, token) -> str:
        lowered = [n.lower() for n in self.names]
        if str(token).lower() not in lowered:
            raise ValueError(f"no player {token}; the players are {', '.join(self.names)}")
        return self.names[lowered.index(str(token).lower())]

    # tokens
    def SQUARE(self, t):
        return str(t).upper()

    def UNIT(self, t):
        return int(str(t)[1:])

    def RES(self, t):
        return _res(t)

    def BUILDING(self, t):
        return " ".join(str(t).lower().split())

    def NAME(self, t):
        return self._player(t)

    def MERC(self, t):
        return self._named("merc", t)

    def FACTION(self, t):
        return str(t).lower()

    def OFFICER(self, t):
        return self._named("officer", t)

    def ABILITY(self, t):
        return self._named("ability", t)

    def INT(self, t):
        return int(t)

    # rules
    def spec(self, items):
        kind = str(items[0]).capitalize()
        leader, name = "", ""
        rest = items[1:]
        if rest and isinstance(rest[0], _Leader):
            leader, name = rest[0]
            rest = rest[1:]
        return Spec(kind, leader, name, tuple(rest))

    def leader(self, items):
        word = items[0]
        if getattr(word, "type", "") == "LEADER":
            return _Leader(str(word).lower(), "")
        return _Leader("officer", str(word))

    def comp(self, items):
        return (str(items[0]).upper(), int(str(items[1])[1:]) if len(items) > 1 else 1)

    def setup(self, i):
        skip = str(i[2]).lower()
        design = tuple(int(x) for x in str(i[1]).split("-"))
        return Setup(i[0], design, skip, i[3])

    def move(self, i):
        return Move(i[0], tuple(i[1:]))

    def disband(self, i):
        return Disband(i[0])

    def march(self, i):
        return March(i[0], i[1])

    def recruit(self, i):
        return Recruit(i[0], i[1])

    def rent(self, i):
        return Rent(i[0], i[1], i[2])

    def post(self, i):
        kind = str(i[0]).lower()
        if kind == "steward":
            if len(i) > 2:
                raise ValueError("write 'steward SQUARE': a Steward takes the whole estate")
            return Steward(i[1])
        if len(i) < 3:
            raise ValueError(f"write '{kind} SQUARE RESOURCE' (Inf, MP or $)")
        return (TaxCollector if kind == "tc" else Lobbyist)(i[1], i[2])

    def spy_new(self, i):
        return Spy("", tuple(i))

    def spy_move(self, i):
        return Spy(i[0], tuple(i[1:]))

    def recall(self, i):
        kind = str(i[0]).lower()
        if kind == "staff":
            return Unstaff(i[1], i[2])
        return Recall(kind, i[1], i[2] if len(i) > 2 else "")

    def build(self, i):
        return Build(i[0], i[1])

    def staff(self, i):
        return Staff(i[1], i[2])

    def messenger(self, i):
        return Messenger(i[0])

    def open_city(self, i):
        return OpenCity(i[0])

    def create_noble(self, i):
        return CreateNoble(i[0])

    def marry(self, i):
        return Marry(i[0])

    def create_heir(self, i):
        return CreateHeir()

    def hostages(self, i):
        return Hostages()

    def surgeon(self, i):
        return FieldSurgeon()

    def arson(self, i):
        return Arson(i[0], i[1])

    def bribery(self, i):
        return Bribery(i[0], i[1])

    def poison(self, i):
        return Poison(i[0])

    def assassin(self, i):
        # "assassin Eve heir" is read so that the rule refuses it (NSE-A42)
        return Assassin(i[0], len(i) > 1)

    def incapacitate(self, i):
        return Incapacitate(i[0])

    def knife(self, i):
        return Knife(i[0], i[1], len(i) > 2)

    def use(self, i):
        return Use(i[0], tuple(a for a in i[1:] if a != "and"))

    def levy(self, i):
        return Levy(i[0], i[1])

    def use_recruit(self, i):
        return Use(i[0], tuple(i[1:]))

    def unit_to(self, i):
        return UnitTo(i[0], i[1])

    def at(self, i):
        return At(i[0])

    def for_(self, i):
        return For(i[0])

    def heir_word(self, i):
        return "heir"

    def and_(self, i):
        return "and"

    def pay(self, i):
        amounts = [0, 0, 0]
        for n, r in zip(i[1::2], i[2::2], strict=True):
            amounts[RES_NAMES.index(r)] += n
        return Pay(i[0], tuple(amounts))

    def done(self, i):
        return Done()

    def cancel(self, i):
        return Cancel(i[0])

    def successor(self, i):
        return Successor(i[0])

    def give_officer(self, i):
        return GiveOfficer(i[0], i[1])

    def answer(self, i):
        return Answer(str(i[0]).lower() == "accept", str(i[1]).lower())

    def sign(self, i):
        return Sign(i[0])

    def reject(self, i):
        return Reject(i[0])

    def breach(self, i):
        return Breach(i[0], i[1])

    def vote(self, i):
        return Vote(i[0])

    def resolve(self, i):
        return Resolve()

    def contact(self, i):
        return Contact(i[0])

    def attack(self, i):
        return Attack(i[0])

    def choose(self, i):
        return Choose(i[0])


def read(scenario: Scenario, names: tuple[str, ...], text: str) -> Order:
    """The order ``text`` means (not yet checked against the game).

    Treaty proposals (``propose treaty to FACTION`` then the treaty text on the next
    lines) and overrides (``override WHAT because REASON``) are read here, the rest by the
    scenario's grammar.
    """
    text = text.strip()
    head, _, body = text.partition("\n")
    words = head.split()
    if len(words) >= 3 and [w.lower() for w in words[:3]] == ["propose", "treaty", "to"]:
        if len(words) < 4 or not body.strip():
            raise ValueError(
                "write 'propose treaty to FACTION' and the treaty text on the next lines"
            )
        return Propose(" ".join(words[3:]), body.strip())
    if words and words[0].lower() == "override":
        what, sep, why = " ".join(text.split()[1:]).partition(" because ")
        if not sep or not why.strip() or not what.strip():
            raise ValueError("write 'override WHAT because REASON': every override needs a reason")
        return Override(what.strip(), why.strip())
    return grammar.read(parser_for(scenario), _Reader(scenario, names), fold(text))
