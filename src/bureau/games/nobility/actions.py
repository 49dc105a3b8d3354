"""Nobility's actions and their canonical text (``docs/games/nobility.md``).

Each action is a small immutable tuple whose ``str`` is its one canonical
text. Cards are written as typed (``7H``, ``10S``, ``RJ``). A meld is named
by its first card in sequence order (``9H`` for 9♥ 10♥ 2♥); any of its
province cards names it when typed. Sets of cards (attacking, defending, lost
or dropped nobles) are written in card order: suits ♠♥♦♣, then rank.

>>> str(NewMeld((34, 35, 27)))
'meld 9D 10D 2D'
>>> str(Attack(34, 1, "Ben", (12, 25)))
'attack 9D with KS KH'
>>> str(Attack(-1, 1, "Ben", (12,)))
'attack Ben hand with KS'

The deal actions (``offer``, ``accept``, ``decline``, ``withdraw``) come from
``bureau.engine.deals``; the things a Nobility deal can hold are ``Money``,
``MeldItem``, ``CardItem`` and the term ``COALITION``.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from lark import Lark, Transformer

from bureau.cards import card_text, parse_card
from bureau.engine import grammar
from bureau.engine.deals import Accept, Decline, Propose, Withdraw


def _cards(cards) -> str:
    return " ".join(card_text(c) for c in cards)


# -- the turn ---------------------------------------------------------------------------------


class Draw(NamedTuple):
    source: str  # stock or discard

    def __str__(self):
        return f"draw {self.source}"


class NewMeld(NamedTuple):
    cards: tuple[int, ...]  # in sequence order, from the meld's first card

    def __str__(self):
        return f"meld {_cards(self.cards)}"


class Add(NamedTuple):
    """A province card laid off, a defending noble, or a joker, added to a meld."""

    card: int
    meld: int  # the meld's name card

    def __str__(self):
        return f"add {card_text(self.card)} to {card_text(self.meld)}"


class Income(NamedTuple):
    """A noble melded into the noble discard pile: an income event (NOB-30)."""

    card: int

    def __str__(self):
        return f"income {card_text(self.card)}"


class Attack(NamedTuple):
    meld: int  # the target meld's name card, or -1 for a hand
    defender: int  # the seat attacked
    defender_name: str
    nobles: tuple[int, ...]  # committed attackers, in card order

    def __str__(self):
        target = card_text(self.meld) if self.meld >= 0 else f"{self.defender_name} hand"
        return f"attack {target} with {_cards(self.nobles)}"


class Defend(NamedTuple):
    nobles: tuple[int, ...]

    def __str__(self):
        return f"defend {_cards(self.nobles) or 'none'}"


class Lose(NamedTuple):
    nobles: tuple[int, ...]

    def __str__(self):
        return f"lose {_cards(self.nobles)}"


class Drop(NamedTuple):
    nobles: tuple[int, ...]

    def __str__(self):
        return f"drop {_cards(self.nobles)}"


class Done(NamedTuple):
    def __str__(self):
        return "done"


class Discard(NamedTuple):
    card: int
    to_nobles: bool = False  # a battle turn's surplus noble to the noble discard pile

    def __str__(self):
        return f"discard {card_text(self.card)}" + (" to nobles" if self.to_nobles else "")


class Retrieve(NamedTuple):
    """Paid retrieval of a noble from the noble discard pile (NOB-58)."""

    card: int
    meld: int = -1  # a meld's name card, or -1 for the hand

    def __str__(self):
        to = f" to {card_text(self.meld)}" if self.meld >= 0 else ""
        return f"retrieve {card_text(self.card)}{to}"


class Take(NamedTuple):
    """Free retrieval of a noble from one's own meld to the hand (NOB-63)."""

    card: int

    def __str__(self):
        return f"take {card_text(self.card)}"


class Pass(NamedTuple):
    def __str__(self):
        return "pass"


class Merge(NamedTuple):
    melds: tuple[int, ...]  # name cards, in card order
    to: int
    to_name: str

    def __str__(self):
        return f"merge {_cards(self.melds)} to {self.to_name}"


class Concede(NamedTuple):
    def __str__(self):
        return "concede"


class Pay(NamedTuple):
    to: int
    to_name: str
    amount: int

    def __str__(self):
        return f"pay {self.to_name} {self.amount}"


class NoCoalition(NamedTuple):
    def __str__(self):
        return "no coalition"


class Disband(NamedTuple):
    def __str__(self):
        return "disband"


# Every Nobility decision, one type each; the deal actions (``bureau.engine.deals``) come besides.
GameAction = (
    Draw
    | NewMeld
    | Add
    | Income
    | Attack
    | Defend
    | Lose
    | Drop
    | Done
    | Discard
    | Retrieve
    | Take
    | Pass
    | Merge
    | Concede
    | Pay
    | NoCoalition
    | Disband
)
Action = GameAction | Propose | Accept | Decline | Withdraw
DONE, PASS, CONCEDE, NO_COALITION, DISBAND = Done(), Pass(), Concede(), NoCoalition(), Disband()

# -- what a deal can hold ---------------------------------------------------------------------


class Money(NamedTuple):
    amount: int

    def __str__(self):
        return str(self.amount)


class MeldItem(NamedTuple):
    meld: int  # the meld's name card

    def __str__(self):
        return f"meld {card_text(self.meld)}"


class CardItem(NamedTuple):
    card: int

    def __str__(self):
        return f"card {card_text(self.card)}"


class Coalition(NamedTuple):
    def __str__(self):
        return "coalition"


COALITION = Coalition()
Item = Money | MeldItem | CardItem  # what one side of a deal gives


def item_key(item: Item | Coalition) -> tuple[int, int]:
    """Canonical order within a deal: amount, then melds, then cards."""
    if isinstance(item, Money):
        return (0, item.amount)
    if isinstance(item, MeldItem):
        return (1, item.meld)
    if isinstance(item, CardItem):
        return (2, item.card)
    return (3, 0)


# -- the grammar ------------------------------------------------------------------------------

GRAMMAR = r"""
start: action
?action: draw | meld | add | income | attack | defend | lose | drop | done | discard
       | retrieve | take | pass_ | merge | concede | pay | nocoalition | disband

draw: "draw"i SOURCE
meld: "meld"i card card card+
add: "add"i card TO card
income: "income"i card
attack: "attack"i card "with"i card+           -> attack_meld
      | "attack"i who "hand"i "with"i card+    -> attack_hand
defend: "defend"i (card+ | NONE)
lose: "lose"i card+
drop: "drop"i card+
done: "done"i
discard: "discard"i card (TO NOBLES)?
retrieve: "retrieve"i card (TO card)?
take: "take"i card
pass_: "pass"i
merge: "merge"i card+ TO who
concede: "concede"i
pay: "pay"i who INT
nocoalition: "no"i "coalition"i
disband: "disband"i

who: NAME | CARD
card: CARD

CARD.2: /(10|[2-9AJQKT])[SHDC\u2660\u2665\u2666\u2663](?![A-Za-z0-9_])|[RB]J(?![A-Za-z0-9_])/i
SOURCE: /stock|discard/i
NONE: /none/i
TO.2: /to(?![A-Za-z0-9_])/i
NOBLES: /nobles/i
NAME: /[A-Za-z_][A-Za-z0-9_-]*/
INT: /[0-9]+/

%import common.WS
%ignore WS
"""

_PARSER = Lark(GRAMMAR, parser="lalr")

# What each order takes: the answer to an order with a part too few or too many.
TAKES = {
    "draw": "a draw takes where from: 'draw stock' or 'draw discard'",
    "meld": "a meld takes three cards or more: 'meld CARDS'",
    "add": "an add takes a card and the meld it joins: 'add CARD to MELD'",
    "income": "an income event takes one noble: 'income NOBLE'",
    "attack": (
        "an attack takes its target and your nobles: 'attack MELD with NOBLES' or"
        " 'attack PLAYER hand with NOBLES'"
    ),
    "defend": "a defence takes your defending nobles, or none: 'defend NOBLES' or 'defend none'",
    "lose": "a battle loss takes the nobles you lose: 'lose NOBLES'",
    "drop": "maintenance takes the nobles you cannot pay for: 'drop NOBLES'",
    "done": "'done' takes nothing more",
    "discard": "a discard takes one card: 'discard CARD' or 'discard NOBLE to nobles'",
    "retrieve": "a retrieve takes one noble: 'retrieve NOBLE' or 'retrieve NOBLE to MELD'",
    "take": "a take takes one noble of your melds: 'take NOBLE'",
    "pass": "'pass' takes nothing more",
    "merge": "a merge takes your melds and a player: 'merge MELDS to PLAYER'",
    "concede": "'concede' takes nothing more",
    "pay": "a payment takes a player and a whole number: 'pay PLAYER N'",
    "disband": "'disband' takes nothing more",
}


class Raw(Transformer):
    """Turns the parse tree into plain tuples; names and melds are resolved later."""

    def card(self, items):
        return parse_card(str(items[0]))

    def who(self, items):
        return str(items[0])

    def _cards(self, items):
        return tuple(i for i in items if isinstance(i, int))

    def start(self, items):
        return items[0]

    def draw(self, items):
        return ("draw", str(items[0]).lower())

    def meld(self, items):
        return ("meld", self._cards(items))

    def add(self, items):
        return ("add", items[0], items[2])

    def income(self, items):
        return ("income", items[0])

    def attack_meld(self, items):
        return ("attack_meld", items[0], self._cards(items[1:]))

    def attack_hand(self, items):
        return ("attack_hand", items[0], self._cards(items[1:]))

    def defend(self, items):
        return ("defend", self._cards(items))

    def lose(self, items):
        return ("lose", self._cards(items))

    def drop(self, items):
        return ("drop", self._cards(items))

    def done(self, items):
        return ("done",)

    def discard(self, items):
        return ("discard", items[0], len(items) > 1)

    def retrieve(self, items):
        cards = self._cards(items)
        return ("retrieve", cards[0], cards[1] if len(cards) > 1 else -1)

    def take(self, items):
        return ("take", items[0])

    def pass_(self, items):
        return ("pass",)

    def merge(self, items):
        return ("merge", self._cards(items[:-2]), items[-1])

    def concede(self, items):
        return ("concede",)

    def pay(self, items):
        return ("pay", items[0], int(items[1]))

    def nocoalition(self, items):
        return ("nocoalition",)

    def disband(self, items):
        return ("disband",)


_RAW = Raw()


@functools.lru_cache(maxsize=4096)
def read(text: str) -> tuple:
    """The raw parse of ``text`` (immutable, so remembered: the same texts come back all
    game long); raises ``ValueError`` saying where it stopped making sense."""
    return grammar.read(_PARSER, _RAW, text, TAKES)
