"""Seabirds' actions and their canonical text (``docs/games/seabirds.md``).

Everything a player does is a message or a small command. A message that
begins ``ATTN Bureau: Transaction.`` is read by ``transactions.read``.

>>> read("hide for stop 3: ATTN Bureau: Transaction. I give 1 Money to Usury.")
('hide', 3, 'ATTN Bureau: Transaction. I give 1 Money to Usury.')
>>> str(Tell((1,), ("Ben",), "Shall we trade?"))
'tell Ben: Shall we trade?'
"""

from __future__ import annotations

from typing import Any, NamedTuple

from lark import Lark, Transformer

from bureau.engine import grammar

from .state import CARDS
from .transactions import ASSETS, HOUSES


class Pick(NamedTuple):
    house: int

    def __str__(self):
        return f"house {HOUSES[self.house]}"


class Post(NamedTuple):
    """A public message (SEA-16); a Transaction in it resolves at once (SEA-42)."""

    text: str

    def __str__(self):
        return f"post: {self.text}"


class Tell(NamedTuple):
    """A private message to chosen players (SEA-16), in seat order."""

    seats: tuple[int, ...]
    names: tuple[str, ...]
    text: str

    def __str__(self):
        return f"tell {', '.join(self.names)}: {self.text}"


class Hide(NamedTuple):
    """A hidden message to the Bureau, sealed until the landing at ``stop`` (SEA-31);
    ``None``: the coming Stop when it is sent (SEA-A08)."""

    stop: int | None
    text: str

    def __str__(self):
        where = "" if self.stop is None else f" for stop {self.stop}"
        return f"hide{where}: {self.text}"


class Ready(NamedTuple):
    def __str__(self):
        return "ready"


class Limits(NamedTuple):
    """Propose this Round's time limits in hours (SEA-26, SEA-A21)."""

    air: int
    land: int

    def __str__(self):
        return f"propose limits {self.air} {self.land}"


class Agree(NamedTuple):
    def __str__(self):
        return "agree limits"


class Administer(NamedTuple):
    """Loyal Administrator: 1 Money, a discarded card back on top of the deck (SEA-79)."""

    card: int

    def __str__(self):
        return f"administrator {CARDS[self.card]}"


class Orders(NamedTuple):
    """Standing orders of one's Distribution Contracts, an asset or -1 each (SEA-A20)."""

    assets: tuple[int, ...]

    def __str__(self):
        words = [ASSETS[a] if a >= 0 else "none" for a in self.assets]
        return f"distribution {', '.join(words)}"


READY, AGREE = Ready(), Agree()

# Every decision a player makes, one type each (the moderator's are ``moderator.Command``).
Action = Pick | Post | Tell | Hide | Ready | Limits | Agree | Administer | Orders

GRAMMAR = r"""
start: action
?action: pick | post | tell | hide | ready | limits | agree | administer | orders
pick: "house"i WORD
post: "post"i TEXT
tell: "tell"i WORD ("," WORD)* ":" TEXT
hide: "hide"i ("for"i "stop"i INT)? ":" TEXT
ready: "ready"i
limits: "propose"i "limits"i INT INT
agree: ("agree"i | "accept"i) "limits"i
administer: "administrator"i WORD
orders: "distribution"i WORDS
WORD: /[A-Za-z][A-Za-z0-9_-]*/
WORDS: /[A-Za-z][A-Za-z ,-]*/
INT: /[0-9]+/
TEXT: /\S(.|\n)*/
%import common.WS
%ignore WS
"""

_PARSER = Lark(GRAMMAR, parser="lalr")


class Raw(Transformer):
    def start(self, items: list[Any]) -> tuple:
        return items[0]

    def pick(self, items: list[Any]) -> tuple:
        return ("pick", str(items[0]))

    def post(self, items: list[Any]) -> tuple:
        text = str(items[-1]).strip()
        return ("post", text[1:].strip() if text.startswith(":") else text)

    def tell(self, items: list[Any]) -> tuple:
        return ("tell", tuple(str(w) for w in items[:-1]), str(items[-1]).strip())

    def hide(self, items: list[Any]) -> tuple:
        stop = int(items[0]) if len(items) == 2 else None
        return ("hide", stop, str(items[-1]).strip())

    def ready(self, items: list[Any]) -> tuple:
        return ("ready",)

    def limits(self, items: list[Any]) -> tuple:
        return ("limits", int(items[0]), int(items[1]))

    def agree(self, items: list[Any]) -> tuple:
        return ("agree",)

    def administer(self, items: list[Any]) -> tuple:
        return ("administer", str(items[0]))

    def orders(self, items: list[Any]) -> tuple:
        return ("orders", tuple(w.strip() for w in str(items[0]).split(",") if w.strip()))


_RAW = Raw()


def read(text: str) -> tuple:
    """The raw parse of an action text; raises ``ValueError`` saying where it failed."""
    return grammar.read(_PARSER, _RAW, text)
