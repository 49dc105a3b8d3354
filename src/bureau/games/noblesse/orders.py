"""Noblesse's orders and their canonical text (``docs/games/noblesse.md``).

Every action is an ``Order(verb, args)`` whose ``str`` is its one canonical
text. Squares are written as on the board (``B3``), units as ``U7``,
resources as ``Inf``, ``MP``, ``$``, players by name, companies by id
(``C4``; a role's unique design ``X1``), counts as ``x5``.

>>> o = Order("move", (7, ("B3", "C3")))
>>> str(o)
'move U7 to B3 C3'
>>> str(Order("recruit", (("Regiment", "courtier", "", (("C1", 3), ("F6", 2))), "A1")))
'recruit Regiment led by courtier with C1 x3, F6 x2 at A1'

A unit design (``spec``) is ``(kind, leader, officer name, companies)``; ``leader`` is
``""`` (an Officer company among the companies), ``pc``, ``heir``, ``courtier``, ``noble``
or ``officer`` (a Unique Officer, named).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import NamedTuple

from lark import Lark, Transformer

from bureau.engine import grammar

from .scenario import Scenario
from .state import RES_NAMES

LEADERS = ("pc", "heir", "courtier", "noble")
# Orders resolved at Night (the Day's list); the others act at once during the Day.
NIGHT_VERBS = frozenset(
    {
        "move",
        "disband",
        "march",
        "recruit",
        "rent",
        "steward",
        "tc",
        "lobbyist",
        "spy",
        "recall",
        "build",
        "staff",
        "messenger",
        "open city",
        "create noble",
        "marry",
        "create heir",
        "hostages",
        "field surgeon",
        "arson",
        "bribery",
        "poison",
        "assassin",
        "incapacitate",
        "knife",
        "use",
        "pay",
        "choose",
        "attack",
    }
)
# Standard actions (NSE-42 .. NSE-57): each needs an Envoy (NSE-A07).
ACTIONS = {
    "open city": (2, 0, 0),
    "create noble": (0, 0, 0),  # X Inf, computed at resolution (NSE-43)
    "marry": (3, 0, 0),
    "create heir": (3, 1, 1),
    "hostages": (3, 0, 0),
    "march": (0, 2, 0),
    "field surgeon": (0, 3, 0),
    "arson": (0, 0, 2),
    "bribery": (0, 0, 3),
    "poison": (0, 0, 5),
    "assassin": (0, 0, 8),
    "incapacitate": (0, 0, 8),
    "knife": (0, 0, 8),
}


def fold(text: str) -> str:
    """Text without accents, for matching names typed on any keyboard."""
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )


def spec_text(spec) -> str:
    kind, leader, name, comps = spec
    lead = f" led by {name if leader == 'officer' else leader}" if leader else ""
    return f"{kind}{lead} with " + ", ".join(f"{c} x{n}" if n > 1 else c for c, n in comps)


def amounts_text(amounts) -> str:
    return " ".join(f"{n} {RES_NAMES[r]}" for r, n in enumerate(amounts) if n) or "nothing"


def _arg_text(arg) -> str:
    if isinstance(arg, int):
        return f"U{arg}"
    if isinstance(arg, tuple):
        return " ".join(_arg_text(a) for a in arg)
    return str(arg)


class Order(NamedTuple):
    """One action. ``args`` holds only text, ints (unit ids) and tuples."""

    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        return _RENDER.get(self.verb, _plain)(self)


def _use_text(o: Order) -> str:
    args = o.args[1]
    if args and isinstance(args[0], tuple) and args[0][0] == "recruit":
        levies = " and ".join(f"{spec_text(a[1])} at {a[3]}" for a in args)
        return f"use {o.args[0]} recruit {levies}"
    words = []
    for a in args:
        text = _arg_text(a)
        words.append(f", {text}" if words and isinstance(a, tuple) and a[1] == "to" else text)
    return " ".join(["use", o.args[0], *words]).replace(" , ", ", ")


def _plain(o: Order) -> str:
    return " ".join([o.verb, *(_arg_text(a) for a in o.args)])


_RENDER = {
    "setup": lambda o: (
        f"setup {o.args[0]} income {'-'.join(map(str, o.args[1]))} skip {o.args[2]}"
        f" unit {spec_text(o.args[3])}"
    ),
    "move": lambda o: f"move U{o.args[0]} to {' '.join(o.args[1])}",
    "march": lambda o: f"march U{o.args[0]} to {o.args[1]}",
    "recruit": lambda o: f"recruit {spec_text(o.args[0])} at {o.args[1]}",
    "rent": lambda o: f"rent {o.args[0]} at {o.args[1]} for {o.args[2]}",
    "spy": lambda o: f"spy {o.args[0] + ' ' if o.args[0] else ''}to {' '.join(o.args[1])}",
    "recall": lambda o: (
        f"recall staff {o.args[1]} at {o.args[2]}"
        if o.args[0] == "staff"
        else " ".join(["recall", *(a for a in o.args if a)])
    ),
    "build": lambda o: f"build {o.args[0]} at {o.args[1]}",
    "staff": lambda o: f"staff {o.args[0]} at {o.args[1]}",
    "pay": lambda o: f"pay {o.args[0]} {amounts_text(o.args[1])}",
    "use": _use_text,
    "hostages": lambda o: "exchange hostages",
    "cancel": lambda o: f"cancel {o.args[0]}",
    "give officer": lambda o: f"give officer {o.args[0]} to {o.args[1]}",
    "sign": lambda o: f"sign treaty {o.args[0]}",
    "reject": lambda o: f"reject treaty {o.args[0]}",
    "breach": lambda o: f"report breach of treaty {o.args[0]} promise {o.args[1]}",
    "propose": lambda o: f"propose treaty to {o.args[0]}\n{o.args[1]}",
    "override": lambda o: f"override {o.args[0]} because {o.args[1]}",
    "choose": lambda o: f"choose {o.args[0]}",
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


def _res(token) -> str:
    return {"inf": "Inf", "mp": "MP", "$": "$"}[str(token).lower()]


class _Reader(Transformer):
    def __init__(self, scenario: Scenario, names: tuple[str, ...]):
        super().__init__()
        self.names = names
        self.canon = {}
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
        if rest and isinstance(rest[0], tuple) and rest[0][0] == "leader":
            _, leader, name = rest[0]
            rest = rest[1:]
        return (kind, leader, name, tuple(rest))

    def leader(self, items):
        word = items[0]
        if getattr(word, "type", "") == "LEADER":
            return ("leader", str(word).lower(), "")
        return ("leader", "officer", str(word))

    def comp(self, items):
        return (str(items[0]).upper(), int(str(items[1])[1:]) if len(items) > 1 else 1)

    def setup(self, i):
        skip = str(i[2]).lower()
        design = tuple(int(x) for x in str(i[1]).split("-"))
        return Order("setup", (i[0], design, skip, i[3]))

    def move(self, i):
        return Order("move", (i[0], tuple(i[1:])))

    def disband(self, i):
        return Order("disband", (i[0],))

    def march(self, i):
        return Order("march", (i[0], i[1]))

    def recruit(self, i):
        return Order("recruit", (i[0], i[1]))

    def rent(self, i):
        return Order("rent", (i[0], i[1], i[2]))

    def post(self, i):
        kind = str(i[0]).lower()
        return Order(kind, tuple(i[1:]))

    def spy_new(self, i):
        return Order("spy", ("", tuple(i)))

    def spy_move(self, i):
        return Order("spy", (i[0], tuple(i[1:])))

    def recall(self, i):
        kind = str(i[0]).lower()
        if kind == "staff":
            return Order("recall", ("staff", i[1], i[2]))
        return Order("recall", (kind, i[1], i[2] if len(i) > 2 else ""))

    def build(self, i):
        return Order("build", (i[0], i[1]))

    def staff(self, i):
        return Order("staff", (i[1], i[2]))

    def messenger(self, i):
        return Order("messenger", (i[0],))

    def open_city(self, i):
        return Order("open city", (i[0],))

    def create_noble(self, i):
        return Order("create noble", (i[0],))

    def marry(self, i):
        return Order("marry", (i[0],))

    def create_heir(self, i):
        return Order("create heir")

    def hostages(self, i):
        return Order("hostages")

    def surgeon(self, i):
        return Order("field surgeon")

    def arson(self, i):
        return Order("arson", (i[0], i[1]))

    def bribery(self, i):
        return Order("bribery", (i[0], i[1]))

    def poison(self, i):
        return Order("poison", (i[0],))

    def assassin(self, i):
        # "assassin Eve heir" is read so that the rule refuses it (NSE-A42)
        return Order("assassin", (i[0], "heir") if len(i) > 1 else (i[0],))

    def incapacitate(self, i):
        return Order("incapacitate", (i[0],))

    def knife(self, i):
        return Order("knife", (i[0], i[1], "heir") if len(i) > 2 else (i[0], i[1]))

    def use(self, i):
        return Order("use", (i[0], tuple(a for a in i[1:] if a != "and")))

    def levy(self, i):
        return ("recruit", i[0], "at", i[1])

    def use_recruit(self, i):
        return Order("use", (i[0], tuple(i[1:])))

    def unit_to(self, i):
        return (i[0], "to", i[1])

    def at(self, i):
        return ("at", i[0])

    def for_(self, i):
        return ("for", i[0])

    def heir_word(self, i):
        return "heir"

    def and_(self, i):
        return "and"

    def pay(self, i):
        amounts = [0, 0, 0]
        for n, r in zip(i[1::2], i[2::2], strict=True):
            amounts[RES_NAMES.index(r)] += n
        return Order("pay", (i[0], tuple(amounts)))

    def done(self, i):
        return Order("done")

    def cancel(self, i):
        return Order("cancel", (i[0],))

    def successor(self, i):
        return Order("successor", (i[0],))

    def give_officer(self, i):
        return Order("give officer", (i[0], i[1]))

    def answer(self, i):
        return Order(f"{str(i[0]).lower()} {str(i[1]).lower()}")

    def sign(self, i):
        return Order("sign", (i[0],))

    def reject(self, i):
        return Order("reject", (i[0],))

    def breach(self, i):
        return Order("breach", (i[0], i[1]))

    def vote(self, i):
        return Order("vote", (i[0],))

    def resolve(self, i):
        return Order("resolve")

    def contact(self, i):
        return Order("contact", (i[0],))

    def attack(self, i):
        return Order("attack", (i[0],))

    def choose(self, i):
        return Order("choose", (i[0],))


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
        return Order("propose", (" ".join(words[3:]), body.strip()))
    if words and words[0].lower() == "override":
        what, sep, why = " ".join(text.split()[1:]).partition(" because ")
        if not sep or not why.strip() or not what.strip():
            raise ValueError("write 'override WHAT because REASON': every override needs a reason")
        return Order("override", (what.strip(), why.strip()))
    return grammar.read(parser_for(scenario), _Reader(scenario, names), fold(text))
