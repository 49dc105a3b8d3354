"""Final Decrees' actions and their canonical text (``docs/games/decrees.md``).

Each action is a small immutable tuple whose ``str`` is its one canonical
text. Departments are written by their codes (``REF EXE HR TRE SS ADM``),
decrees as ``D1`` .. ``D5`` (their order in the decrees file), arrows as
``EXE->HR`` (controller first), cards by their key (``pass-the-buck``).

>>> str(Spread(((3, 2, 4), (1, 1, 5))))
'spread 3 HR to SS, 1 EXE to ADM'
>>> str(Restructure(("move", (1, 2), (3, 2))))
'restructure move EXE->HR to TRE->HR'
>>> read("Forward d3 to tre")
('forward', 2, 3)

The deal actions (``offer``, ``accept``, ``decline``, ``withdraw``) come from
``bureau.engine.deals``; a Final Decrees deal holds ``Blame`` and ``CardItem``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, NamedTuple

from lark import Lark, Transformer

from bureau.engine import grammar
from bureau.engine.deals import Accept, Decline, Propose, Withdraw

from .control import Change, arrow_text
from .data import Card, Step
from .state import DEPT_CODES, Arrow, BlameMove, Placement, Removal

# Words that cannot be player names: they mean something in an action.
RESERVED = (
    {c.lower() for c in DEPT_CODES}
    | {f"d{i}" for i in range(1, 10)}
    | {
        "to",
        "from",
        "and",
        "nothing",
        "add",
        "remove",
        "move",
        "reverse",
    }
)


def decree_text(i: int) -> str:
    return f"D{i + 1}"


def placements_text(placements: Sequence[tuple[int, int]], names: Sequence[str]) -> str:
    return ", ".join(f"{names[s]} {DEPT_CODES[d]}" for s, d in placements)


# -- setting up -------------------------------------------------------------------------------


class Bid(NamedTuple):
    amount: int

    def __str__(self):
        return f"bid {self.amount}"


class Assign(NamedTuple):
    """The head of HR places the other players (DEC-28), in seat order."""

    placements: tuple[Placement, ...]
    names: tuple[str, ...]

    def __str__(self):
        return f"assign {placements_text(self.placements, self.names)}"


# -- the turn ---------------------------------------------------------------------------------


class Draw(NamedTuple):
    def __str__(self):
        return "draw"


class Play(NamedTuple):
    """Play a card of kind ``kind`` with one argument tuple per step of its effect
    (``None`` for a step played to no effect)."""

    kind: int
    args: tuple
    card: Card  # for the text: its key and steps
    names: tuple[str, ...]

    def __str__(self):
        parts = [render(self.names, s, a) for s, a in zip(self.card.effect, self.args, strict=True)]
        return " ".join(["play", self.card.key, "; ".join(x for x in parts if x)]).strip()


class Spread(NamedTuple):
    """Spread the blame: moves merged and in department order."""

    moves: tuple[BlameMove, ...]

    def __str__(self):
        parts = ", ".join(f"{n} {DEPT_CODES[a]} to {DEPT_CODES[b]}" for n, a, b in self.moves)
        return f"spread {parts}"


class Forward(NamedTuple):
    decree: int
    dept: int

    def __str__(self):
        return f"forward {decree_text(self.decree)} to {DEPT_CODES[self.dept]}"


class Move(NamedTuple):
    """Move a player's pawn to the Empty Department (DEC-44)."""

    seat: int
    name: str

    def __str__(self):
        return f"move {self.name}"


class Stamp(NamedTuple):
    decree: int

    def __str__(self):
        return f"stamp {decree_text(self.decree)}"


class Budget(NamedTuple):
    """Treasury: an action for two more (DEC-47)."""

    def __str__(self):
        return "budget"


class Investigate(NamedTuple):
    dept: int

    def __str__(self):
        return f"investigate {DEPT_CODES[self.dept]}"


class Manoeuvres(NamedTuple):
    def __str__(self):
        return "manoeuvres"


class Reassign(NamedTuple):
    """Human Resources: every player's department afterwards, in seat order (DEC-50)."""

    placements: tuple[Placement, ...]
    names: tuple[str, ...]

    def __str__(self):
        return f"reassign {placements_text(self.placements, self.names)}"


def change_text(change: Change) -> str:
    op, old, new = change
    if op == "move":
        assert new is not None, "a move names where the arrow goes"
        return f"move {arrow_text(old)} to {arrow_text(new)}"
    return f"{op} {arrow_text(old)}"


class Restructure(NamedTuple):
    """Executive Branch: one change of the control arrows (DEC-51)."""

    change: Change

    def __str__(self):
        return f"restructure {change_text(self.change)}"


class End(NamedTuple):
    def __str__(self):
        return "end"


# -- interruptions ----------------------------------------------------------------------------


class Remove(NamedTuple):
    """The extra blame removed after an enactment (DEC-61)."""

    removals: tuple[Removal, ...]
    names: tuple[str, ...]

    def __str__(self):
        if not self.removals:
            return "remove nothing"
        parts = [f"{n} {self.names[s] if s >= 0 else DEPT_CODES[d]}" for s, d, n in self.removals]
        return f"remove {', '.join(parts)}"


class Keep(NamedTuple):
    """Keep one of the cards Stagnation and Decline discarded (DEC-19), or none."""

    kind: int
    key: str

    def __str__(self):
        return f"keep {self.key if self.kind >= 0 else 'nothing'}"


DRAW, BUDGET, MANOEUVRES, END = Draw(), Budget(), Manoeuvres(), End()

# Every decision a player makes, one type each, with the deal actions (``bureau.engine.deals``).
Action = (
    Bid
    | Assign
    | Draw
    | Play
    | Spread
    | Forward
    | Move
    | Stamp
    | Budget
    | Investigate
    | Manoeuvres
    | Reassign
    | Restructure
    | End
    | Remove
    | Keep
    | Propose
    | Accept
    | Decline
    | Withdraw
)

# -- the arguments of a card's steps ------------------------------------------------------------


def slots(step: Step) -> tuple[str, ...]:
    """The kinds of argument a step takes, in the order they are written."""
    do = step.do
    if do == "move_dept_blame":
        return (
            ("amount",)
            + (("dept",) if step.source == "any" else ())
            + (("dept",) if step.to == "other" else ())
        )
    if do == "remove_dept_blame":
        return ("amount",) + (("dept",) if step.source == "any" else ())
    if do == "remove_personal_blame":
        return ("amount",)
    if do == "give_personal_blame":
        return ("amount", "seat")
    if do == "move_decree":
        return ("decree",) + (("dept",) if step.to == "other" else ())
    if do == "stamp":
        return ("decree",)
    if do == "restructure":
        return ("change",)
    if do == "investigate":
        return ("dept",)
    if do == "swap_heads":
        return ("seat", "seat")
    if do == "reassign":
        return ("placements",)
    if do == "move_head":
        return ("seat",)
    return ()


def usage(card: Card) -> str:
    """How to type a play of ``card``, as in ``play pass-the-buck N to DEPT``."""
    parts = [step_usage(s) for s in card.effect]
    return " ".join(["play", card.key, "; ".join(p for p in parts if p)]).strip()


def step_usage(step: Step) -> str:
    words = {
        "amount": f"N (0-{step.up_to})",
        "dept": "DEPT",
        "seat": "PLAYER",
        "decree": "D#",
        "change": _ops_usage(step.ops),
        "placements": "PLAYER DEPT, PLAYER DEPT, ...",
    }
    return step_text(step, tuple(words[k] for k in slots(step)))


def _ops_usage(ops) -> str:
    plain = "|".join(o for o in ops if o != "move")
    moved = "move A->B to C->D"
    if "move" not in ops:
        return f"{plain} A->B"
    return f"{plain} A->B (or {moved})" if plain else moved


def step_text(step: Step, args: Sequence[str]) -> str:
    """The text of a step's arguments (already rendered as words)."""
    do = step.do
    if do == "move_dept_blame":
        out, rest = [args[0]], list(args[1:])
        if step.source == "any":
            out.append(f"from {rest.pop(0)}")
        if step.to == "other":
            out.append(f"to {rest.pop(0)}")
        return " ".join(out)
    if do == "remove_dept_blame":
        return f"{args[0]} from {args[1]}" if len(args) > 1 else str(args[0])
    if do == "give_personal_blame":
        return f"{args[0]} to {args[1]}"
    if do == "move_decree":
        return f"{args[0]} to {args[1]}" if len(args) > 1 else str(args[0])
    if do == "swap_heads":
        return f"{args[0]} and {args[1]}"
    return " ".join(str(a) for a in args)


def render(names: Sequence[str], step: Step, args: tuple | None) -> str:
    """The canonical text of a step's argument tuple (empty when played to no effect)."""
    if args is None:
        return ""
    words = []
    for kind, value in zip(slots(step), _typed(step, args), strict=True):
        if kind == "dept":
            words.append(DEPT_CODES[value])
        elif kind == "seat":
            words.append(names[value])
        elif kind == "decree":
            words.append(decree_text(value))
        elif kind == "change":
            words.append(change_text(value))
        elif kind == "placements":
            words.append(placements_text(value, names))
        else:
            words.append(str(value))
    return step_text(step, tuple(words))


def _typed(step: Step, args: tuple) -> tuple:
    """The written arguments of ``args`` (dropping the implicit -1 departments)."""
    do = step.do
    if do == "move_dept_blame":
        n, src, dst = args
        return (
            (n,) + ((src,) if step.source == "any" else ()) + ((dst,) if step.to == "other" else ())
        )
    if do == "remove_dept_blame":
        n, dept = args
        return (n,) + ((dept,) if step.source == "any" else ())
    if do == "move_decree":
        i, dept = args
        return (i,) + ((dept,) if step.to == "other" else ())
    return tuple(args)


# -- what a deal can hold ---------------------------------------------------------------------


class Blame(NamedTuple):
    """Personal blame passed from the giver to the other party (DEC-62, DEC-A14)."""

    amount: int

    def __str__(self):
        return f"{self.amount} blame"


class CardItem(NamedTuple):
    kind: int
    key: str

    def __str__(self):
        return f"card {self.key}"


def item_key(item: Blame | CardItem) -> tuple:
    return (0, item.amount, "") if isinstance(item, Blame) else (1, 0, item.key)


# -- the grammar ------------------------------------------------------------------------------

GRAMMAR = r"""
start: action
?action: bid | assign | reassign | draw | play | spread | forward | move | stamp
       | restructure | budget | investigate | manoeuvres | end | remove | keep

bid: "bid"i INT
assign: "assign"i placement ("," placement)*
reassign: "reassign"i placement ("," placement)*
placement: NAME TO? DEPT
draw: "draw"i
play: "play"i NAME parg*
?parg: INT | DEPT | DECREE | arrow | NAME | OP | TO | FROM | AND | SEP
spread: "spread"i transfer (","? transfer)*
transfer: INT FROM? DEPT TO DEPT
forward: "forward"i DECREE TO? DEPT
move: "move"i NAME
stamp: "stamp"i DECREE
restructure: "restructure"i OP arrow (TO arrow)?
budget: "budget"i
investigate: "investigate"i DEPT
manoeuvres: MANOEUVRES
end: "end"i
remove: "remove"i (NOTHING | removal (","? removal)*)
removal: INT FROM? (DEPT | NAME)
keep: "keep"i (NOTHING | NAME)
arrow: DEPT ARROW DEPT

DEPT.3: /(REF|EXE|HR|TRE|SS|ADM)(?![A-Za-z0-9_]|-[A-Za-z0-9])/i
DECREE.3: /D[1-9](?![A-Za-z0-9_]|-[A-Za-z0-9])/i
OP.2: /(add|remove|move|reverse)(?![A-Za-z0-9_]|-[A-Za-z0-9])/i
TO.2: /to(?![A-Za-z0-9_]|-[A-Za-z0-9])/i
FROM.2: /from(?![A-Za-z0-9_]|-[A-Za-z0-9])/i
AND.2: /and(?![A-Za-z0-9_]|-[A-Za-z0-9])/i
NOTHING.2: /nothing(?![A-Za-z0-9_]|-[A-Za-z0-9])/i
MANOEUVRES: /manoeuvres|maneuvers|manoeuvre|maneuver/i
ARROW: /->|>|→/
SEP: /[;,]/
NAME: /[A-Za-z_][A-Za-z0-9_]*(-[A-Za-z0-9_]+)*/
INT: /[0-9]+/

%import common.WS
%ignore WS
"""

_PARSER = Lark(GRAMMAR, parser="lalr")
_FILLER = {"TO", "FROM", "AND", "SEP"}


def _dept(token: Any) -> int:
    return DEPT_CODES.index(str(token).upper())


class Raw(Transformer):
    """Turns the parse tree into plain tuples; names and cards are resolved later."""

    def start(self, items: list[Any]) -> tuple:
        return items[0]

    def bid(self, items: list[Any]) -> tuple:
        return ("bid", int(items[0]))

    def placement(self, items: list[Any]) -> tuple:
        return (str(items[0]), _dept(items[-1]))

    def assign(self, items: list[Any]) -> tuple:
        return ("assign", tuple(items))

    def reassign(self, items: list[Any]) -> tuple:
        return ("reassign", tuple(items))

    def draw(self, items: list[Any]) -> tuple:
        return ("draw",)

    def arrow(self, items: list[Any]) -> tuple:
        return Arrow(_dept(items[0]), _dept(items[2]))

    def play(self, items: list[Any]) -> tuple:
        args: list[tuple[str, Any]] = []
        for item in items[1:]:
            if isinstance(item, tuple):
                args.append(("arrow", item))
            elif item.type in _FILLER:
                continue
            elif item.type == "INT":
                args.append(("int", int(item)))
            elif item.type == "DEPT":
                args.append(("dept", _dept(item)))
            elif item.type == "DECREE":
                args.append(("decree", int(str(item)[1]) - 1))
            elif item.type == "OP":
                args.append(("op", str(item).lower()))
            else:
                args.append(("name", str(item)))
        return ("play", str(items[0]).lower(), tuple(args))

    def transfer(self, items: list[Any]) -> tuple:
        depts = [i for i in items if i.type == "DEPT"]
        return (int(items[0]), _dept(depts[0]), _dept(depts[1]))

    def spread(self, items: list[Any]) -> tuple:
        return ("spread", tuple(i for i in items if isinstance(i, tuple)))

    def forward(self, items: list[Any]) -> tuple:
        return ("forward", int(str(items[0])[1]) - 1, _dept(items[-1]))

    def move(self, items: list[Any]) -> tuple:
        return ("move", str(items[0]))

    def stamp(self, items: list[Any]) -> tuple:
        return ("stamp", int(str(items[0])[1]) - 1)

    def restructure(self, items: list[Any]) -> tuple:
        arrows = [i for i in items if isinstance(i, tuple)]
        return ("restructure", str(items[0]).lower(), *arrows)

    def budget(self, items: list[Any]) -> tuple:
        return ("budget",)

    def investigate(self, items: list[Any]) -> tuple:
        return ("investigate", _dept(items[0]))

    def manoeuvres(self, items: list[Any]) -> tuple:
        return ("manoeuvres",)

    def end(self, items: list[Any]) -> tuple:
        return ("end",)

    def removal(self, items: list[Any]) -> tuple:
        target = items[-1]
        if target.type == "DEPT":
            return (int(items[0]), "dept", _dept(target))
        return (int(items[0]), "name", str(target))

    def remove(self, items: list[Any]) -> tuple:
        return ("remove", tuple(i for i in items if isinstance(i, tuple)))

    def keep(self, items: list[Any]) -> tuple:
        word = str(items[0])
        return ("keep", None if items[0].type == "NOTHING" else word.lower())


_RAW = Raw()


@functools.lru_cache(maxsize=4096)
def read(text: str) -> tuple:
    """The raw parse of ``text`` (immutable, so remembered: the same texts come back all
    game long); raises ``ValueError`` saying where it stopped making sense."""
    return grammar.read(_PARSER, _RAW, text)
